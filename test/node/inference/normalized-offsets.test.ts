import { describe, expect, it } from 'vitest';
import { locateParts, normalizedOffsets } from '../../../src/inference/normalized-offsets.js';

const ranges = (c: { from: Int32Array; to: Int32Array }) => Array.from(c.from, (f, i) => [f, c.to[i]]);

describe('normalizedOffsets', () => {
  it('maps an unchanged chunk to itself, both halves of a surrogate pair to the pair', () => {
    const c = normalizedOffsets('a😀b', (s) => s);
    expect(c.normalized).toBe('a😀b');
    expect(ranges(c)).toEqual([
      [0, 1],
      [1, 3],
      [1, 3],
      [3, 4],
    ]);
  });

  it('maps each normalised character to the unit (code point and marks) it came from', () => {
    const c = normalizedOffsets('Mu\u0308x', (s) => s.normalize('NFC'));
    expect(c.normalized).toBe('Müx');
    expect(ranges(c)).toEqual([
      [0, 1],
      [1, 3],
      [3, 4],
    ]);
  });

  it('maps a unit that grows to every character it became', () => {
    const c = normalizedOffsets('aßb', (s) => s.toUpperCase());
    expect(c.normalized).toBe('ASSB');
    expect(ranges(c)).toEqual([
      [0, 1],
      [1, 2],
      [1, 2],
      [2, 3],
    ]);
  });

  it('maps every character to the whole chunk where per-unit normalisation differs from the whole', () => {
    const c = normalizedOffsets('ab', (s) => (s.length > 1 ? s.toUpperCase() : s));
    expect(c.normalized).toBe('AB');
    expect(ranges(c)).toEqual([
      [0, 2],
      [0, 2],
    ]);
  });
});

describe('locateParts', () => {
  it('finds parts left to right', () => {
    expect(locateParts('abab', ['ab', 'ab'], 0, 4)).toEqual([
      [0, 2],
      [2, 4],
    ]);
  });

  it('gives an unfound or empty part the gap between its found neighbours', () => {
    expect(locateParts('abcdef', ['ab', '??', 'ef'], 0, 6)).toEqual([
      [0, 2],
      [2, 4],
      [4, 6],
    ]);
    expect(locateParts('abcdef', ['', 'cd'], 0, 6)).toEqual([
      [0, 2],
      [2, 4],
    ]);
  });

  it('stays within [from, to): parts reaching past it are unfound and share the range', () => {
    expect(locateParts('ab ab', ['ab', 'b'], 3, 4)).toEqual([
      [3, 4],
      [3, 4],
    ]);
  });
});
