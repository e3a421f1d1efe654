import { describe, expect, it } from 'vitest';
import { containsWord, needleOf, normalizeForSearch, originalRange, searchTextOf, wordMatches } from '../../../src/text/word-search.js';
import { seeded } from '../../../tools/seeded-random.js';

/** The original substrings where `needle` is found in `text` as a word. */
function found(text: string, needle: string): string[] {
  const h = searchTextOf(text);
  return [...wordMatches(h, needleOf(needle)!)].map((m) => {
    const r = originalRange(h, m.start, m.end);
    return text.slice(r.start, r.end);
  });
}

describe('word search (the one matcher of redaction and verification)', () => {
  it('normalises case, white space, hyphenation and ligatures', () => {
    expect(normalizeForSearch('Hans-\nPeter  MÜLLER')).toBe(normalizeForSearch('hanspeter müller'));
    expect(normalizeForSearch('ﬁgure')).toBe('figure');
  });

  it('finds whole words, with a genitive s, in capitals too and across ligatures, never inside another word', () => {
    expect(found('MÜLLER wrote; Müllers dog met Muellerin and Müllerhaus.', 'Müller')).toEqual(['MÜLLER', 'Müllers']);
    expect(found('in this ﬁgure, and Figure 2', 'figure')).toEqual(['ﬁgure', 'Figure']);
  });

  it("keeps the needle's capitals: a lowered capital is another word", () => {
    expect(found('Loop edges: the loop is hot; LOOP', 'Loop')).toEqual(['Loop', 'LOOP']);
    expect(found('then müller again', 'Müller')).toEqual([]);
    expect(found('mail sabine.hoffmann@example.de or SABINE.HOFFMANN@EXAMPLE.DE', 'sabine.hoffmann@example.de')).toHaveLength(2);
  });

  it('reads through a hyphenation at a line end, a zero-width join and letter spacing', () => {
    expect(found('virtual ma-\nchines must', 'machines')).toEqual(['ma-\nchines']);
    expect(found('using Sun-\nSpider, the suite', 'SunSpider')).toEqual(['Sun-\nSpider']);
    expect(found('a name split Mül\u200bler by a font change', 'Müller')).toEqual(['Mül\u200bler']);
    expect(found('heading M Ü L L E R here', 'Müller')).toEqual(['M Ü L L E R']);
  });

  it('UTF-16 text read as bytes: its NULs part no words, white space and punctuation do', () => {
    const utf16 = (t: string) => [...t].map((c) => `${c}\u0000`).join('');
    expect(found(utf16('it was designed for it'), 'Signe')).toEqual([]);
    expect(found(utf16('Dear Signe, thanks'), 'Signe')).toHaveLength(1);
    expect(found(utf16('(Signe)'), 'Signe')).toHaveLength(1);
  });

  it('a separator of the needle matches any separator; a plain space inside an unspaced needle separates words', () => {
    expect(found('to side-exit to the interpreter', 'side exit')).toEqual(['side-exit']);
    expect(found('a side\nexit', 'side-exit')).toEqual(['side\nexit']);
    expect(found('which might give us a small increase', 'USA')).toEqual([]);
    expect(found('made in the USA.', 'USA')).toEqual(['USA']);
    expect(containsWord(searchTextOf('Hans Mül ler'), needleOf('Müller')!)).toBe(false);
  });

  it('maps matches back onto the original text through combining marks and dropped characters', () => {
    const text = 'Herr Mu\u0308ller und  Frau Müller';
    expect(found(text, 'Müller')).toEqual(['Mu\u0308ller', 'Müller']);
  });

  it('too short needles are not searched', () => {
    expect(needleOf('ab')).toBeNull();
    expect(needleOf(' a-b ')).toBeNull();
  });
});

/** The plain reading of `searchTextOf`: every grapheme cluster normalised on its own (the fast path must agree). */
function referenceSearchText(s: string) {
  const parts: string[] = [];
  const origin: number[] = [];
  const originEnd: number[] = [];
  const capital: number[] = [];
  const gaps: number[] = [];
  const joins: number[] = [];
  let kept = 0;
  let from = 0;
  const keep = (start: number, end: number) => {
    for (const m of s.slice(start, end).matchAll(/\P{M}\p{M}*|\p{M}+/gu)) {
      const nfkc = m[0].normalize('NFKC');
      const n = nfkc.toLowerCase();
      parts.push(n);
      for (let k = 0; k < n.length; k++) {
        origin.push(start + m.index);
        originEnd.push(start + m.index + m[0].length);
        capital.push(nfkc !== n ? 1 : 0);
      }
      kept += n.length;
    }
  };
  for (const m of s.matchAll(/[\s\u0000\u00ad\u200b-\u200d\u2060\ufeff\-\u2010-\u2015\u2212]+/g)) {
    keep(from, m.index);
    gaps.push(kept);
    joins.push(/^\s+$/.test(m[0]) ? 0 : /^\u0000+$/.test(m[0]) ? 2 : 1);
    from = m.index + m[0].length;
  }
  keep(from, s.length);
  return { text: parts.join(''), gaps, joins, origin, originEnd, capital };
}

describe('searchTextOf agrees with the cluster-by-cluster reading', () => {
  const pieces = [
    'a',
    'Z',
    'q',
    '7',
    '.',
    '@',
    ' ',
    '\n',
    '-',
    '\u00ad',
    '\u200b',
    'ü',
    'Ü',
    'ß',
    'ẞ',
    'ﬁ',
    'ﬃ',
    '²',
    'é',
    'u\u0308',
    'A\u0301',
    '\u0301',
    'İ',
    'Σ',
    'ς',
    'Ǆ',
    'ｍ',
    '𝐀',
    'a\u{1d165}',
    '\u{1f600}',
    'ـ',
    'ﷺ',
    '\u2212',
    '\t',
    'Müller',
    'GmbH',
  ];
  it('on 2,000 seeded strings of ASCII, umlauts, ligatures, combining and astral marks, wide forms and separators', () => {
    const random = seeded(17);
    for (let n = 0; n < 2000; n++) {
      let s = '';
      const length = Math.floor(random() * 24);
      for (let k = 0; k < length; k++) s += pieces[Math.floor(random() * pieces.length)]!;
      const fast = searchTextOf(s);
      const slow = referenceSearchText(s);
      expect(
        {
          text: fast.text,
          gaps: [...fast.gaps],
          joins: [...fast.joins],
          origin: [...fast.origin],
          originEnd: [...fast.originEnd],
          capital: [...fast.capital],
        },
        JSON.stringify(s),
      ).toEqual(slow);
    }
  });
});
