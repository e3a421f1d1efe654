import { describe, expect, it } from 'vitest';
import type { Edit } from '../../../src/replacement/apply.js';
import { knownStrings, propagateEdits } from '../../../src/documents/propagate.js';

const known: Edit = {
  start: 0,
  end: 6,
  label: 'PER',
  score: 1,
  original: 'Müller',
  replacement: 'PER-1',
  pseudonym: null,
  crId: 1,
  source: 'ner',
};

describe('propagateEdits', () => {
  it('redacts further occurrences as whole words, in capitals too, with a genitive s, never inside another word', () => {
    const text = 'MÜLLER wrote; Müllers dog met Muellerin and Müllerhaus, then müller again.';
    const found = propagateEdits(text, [], knownStrings([known])).map((e) => e.original);
    // "müller" lowered the name's capital: a different word (see text/word-search.ts).
    expect(found).toEqual(['MÜLLER', 'Müllers']);
  });

  it('an occurrence that covers a shorter edit replaces it, so no part of a hyphenated name stays', () => {
    const text = 'We met Mr Zquar-\nnik again.';
    const part: Edit = { ...known, start: 10, end: 15, original: 'Zquar', replacement: 'PER-2' };
    const whole: Edit = { ...known, original: 'Zquarnik' };
    const out = propagateEdits(text, [part], knownStrings([whole]));
    expect(out.map((e) => [e.original, e.replacement])).toEqual([['Zquar-\nnik', 'PER-1']]);
  });

  it('propagating the same strings again finds nothing new: the edits it made are kept as they are', () => {
    const text = 'Müller and MÜLLER met Schmidt.';
    const other: Edit = { ...known, start: 22, end: 29, original: 'Schmidt', replacement: 'PER-2', crId: 2 };
    const strings = knownStrings([known]);
    const once = propagateEdits(text, [other], strings);
    const twice = propagateEdits(text, once, strings);
    expect(once.map((e) => e.original)).toEqual(['Müller', 'MÜLLER', 'Schmidt']);
    expect(twice).toHaveLength(once.length);
    for (const e of twice) expect(once).toContain(e);
  });

  it("an occurrence detected with another label or replacement still takes the first detection's", () => {
    const text = 'Müller signed.';
    const own: Edit = { ...known, label: 'ORG', replacement: 'ORG-1' };
    const out = propagateEdits(text, [own], knownStrings([known]));
    expect(out.map((e) => [e.label, e.replacement])).toEqual([['PER', 'PER-1']]);
  });
});
