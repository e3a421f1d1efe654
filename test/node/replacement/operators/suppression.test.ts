import { describe, expect, it } from 'vitest';
import { suppress } from '../../../../src/replacement/operators/suppression.js';
import { MAX_SUPPRESSION_LENGTH } from '../../../../src/spec/types.js';

describe('SUPPRESSION', () => {
  it.each([
    ['Hans Müller', 3, '***'],
    ['x', 3, '***'],
    ['a much longer match than the mask', 1, '*'],
    ['Müller', 10, '**********'],
    ['Müller', 0, ''],
    ['Müller', -4, ''],
    ['Müller', 2.9, '**'],
    ['', 2, '**'],
    ['😀𠮷', 2, '**'],
  ])('%j with length %d → %j', (match, suppressionLength, expected) => {
    expect(suppress(match, { type: 'SUPPRESSION', suppressionLength })).toBe(expected);
  });

  it('does not depend on the match (the original length never leaks)', () => {
    const cfg = { type: 'SUPPRESSION', suppressionLength: 5 } as const;
    expect(suppress('A', cfg)).toBe(suppress('ABCDEFGHIJ', cfg));
  });

  it('clamps huge int32 lengths instead of throwing', () => {
    expect(suppress('x', { type: 'SUPPRESSION', suppressionLength: 2 ** 31 - 1 })).toHaveLength(MAX_SUPPRESSION_LENGTH);
    expect(suppress('x', { type: 'SUPPRESSION', suppressionLength: Number.NaN })).toBe('');
  });
});
