import { describe, expect, it } from 'vitest';
import { containsWord, needleOf, normalizeForSearch, originalRange, searchTextOf, wordMatches } from '../../../src/text/word-search.js';

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
