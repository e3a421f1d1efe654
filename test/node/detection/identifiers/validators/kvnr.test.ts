import { describe, expect, it } from 'vitest';
import { isValidKvnr } from '../../../../../src/detection/identifiers/validators/kvnr.js';

describe('isValidKvnr', () => {
  it.each([
    ['A123456780', true],
    ['X000000000', true],
    ['X000000012', true],
    ['A123456781', false],
    ['X000000001', false],
    ['X000000010', false],
    ['0000000000', false],
    ['a123456780', false],
    ['A12345678', false],
    ['AB23456780', false],
  ])('%s → %s', (kvnr, expected) => {
    expect(isValidKvnr(kvnr)).toBe(expected);
  });
});
