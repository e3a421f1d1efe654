import { describe, expect, it } from 'vitest';
import type { Edit } from '../../../src/replacement/apply.js';
import { knownStrings, propagateEdits } from '../../../src/documents/propagate.js';

const known: Edit = { start: 0, end: 6, label: 'PER', score: 1, original: 'Müller', replacement: 'PER-1', pseudonym: null, crId: 1 };

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
});
