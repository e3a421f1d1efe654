import { describe, expect, it } from 'vitest';
import { streetRecognizer } from '../../../../src/detection/addresses/street.js';
import type { TextLabelName } from '../../../../src/spec/types.js';
import type { Span } from '../../../../src/text/span.js';

// The Hungarian rules run inside the street recognizer.
const ctx = { labels: new Set<TextLabelName>(['STR']), language: 'auto' as const };
const spans = (text: string): Span[] => (streetRecognizer.detect(text, ctx) as Span[]).filter((s) => s.score >= 0.5);
const found = (text: string): string[] => spans(text).map((s) => text.slice(s.start, s.end));

describe('streetRecognizer: Hungarian streets (name, street word, number)', () => {
  it.each([
    ['Andrássy út 12, 1061 Budapest', ['Andrássy út 12']],
    ['Cím: Váci utca 15, Budapest', ['Váci utca 15']],
    ['Váci u. 15., 1052 Budapest', ['Váci u. 15']],
    ['Kossuth Lajos tér 1, 1055 Budapest', ['Kossuth Lajos tér 1']],
    ['Szent István körút 9, Budapest', ['Szent István körút 9']],
    ['Szent István krt. 9, Budapest', ['Szent István krt. 9']],
    ['Bartók Béla út 43-47', ['Bartók Béla út 43-47']],
    ['Dózsa György út 1/A, 3. em.', ['Dózsa György út 1/A, 3. em.']],
    ['Lakcím: Rákóczi út 5. II. em. 3.', ['Rákóczi út 5. II. em. 3']],
    ['Bajcsy-Zsilinszky út 12', ['Bajcsy-Zsilinszky út 12']],
    ['Kiss Péter\nFő utca 2\n8000 Székesfehérvár', ['Fő utca 2']],
    ['Duna-parti sétány 4 és Margit körút 8', ['Duna-parti sétány 4', 'Margit körút 8']],
  ])('finds the street in %j', (text, expected) => {
    expect(found(text)).toEqual(expected);
  });

  // The street words are ordinary nouns: a sentence's first word, a lower-case word or a measure after the number.
  const openers = ['Az', 'A', 'Egy', 'Ez', 'az', 'a'];
  const words = ['út', 'utca', 'tér', 'körút'];
  const tails = ['km hosszú.', 'méter széles.', 'perc alatt.', 'órakor kezdődik.', 'évig tartott.', '%-kal nőtt.'];
  const negatives = openers.flatMap((o) => words.flatMap((w) => tails.map((t, i) => `${o} ${w} ${i + 3} ${t}`)));
  const measures = ['Petőfi', 'Kossuth', 'Rákóczi'].flatMap((n) =>
    words.flatMap((w) => tails.slice(0, 5).map((t, i) => `Találkozó a ${n} ${w} ${i + 10} ${t}`)),
  );
  // German "u." is "und": a name, "u." and a number in running text.
  const german = ['Meier', 'Eltern', 'Watt', 'Müller'].flatMap((n) =>
    ['Kinder', 'Geschwister', 'weitere', 'minüt.'].map((t, i) => `beg. mit 50 ${n} u. ${i + 1} ${t} im Haus`),
  );
  it.each([...negatives, ...measures, ...german, 'beg. mit 50 Watt u. 1minüt. Steigerung'])('finds nothing in %j', (text) => {
    expect(found(text)).toEqual([]);
  });

  it('returns on a 50,000-character adversarial string', () => {
    for (const unit of ['Ab Cd ', 'Ab út 1', 'Ab út 1. II. em. ']) {
      const text = unit.repeat(Math.ceil(50_000 / unit.length)).slice(0, 50_000);
      expect(Array.isArray(streetRecognizer.detect(text, ctx))).toBe(true);
    }
  });
});
