import { describe, expect, it } from 'vitest';
import { listOf } from '../../../../tools/train-ner/build-gazetteer.js';
import { isHeldOut } from '../../../../tools/train-ner/synth/core.js';

describe('gazetteer lists', () => {
  it('keeps single pre-tokens in NFC, sorted and unique, without the held-out tenth', () => {
    const names = ['Wuppertal', 'Ko\u0308ln', 'Bad Homburg', "O'Brien", 'A', 'Müller-Lüdenscheid', 'X2', 'Wuppertal'];
    expect(listOf(names)).toEqual(['Köln', 'Wuppertal']);
    // The synthetic held-out documents draw only held-out names: no list may know them.
    const many = Array.from(
      { length: 200 },
      (_, i) => `Name${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`,
    );
    const kept = listOf(many);
    expect(kept.length).toBeGreaterThan(150);
    expect(kept.some(isHeldOut)).toBe(false);
    expect(many.filter(isHeldOut).length).toBeGreaterThan(0);
  });
});
