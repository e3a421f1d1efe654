import { describe, expect, it } from 'vitest';
import { isValidSvnr } from '../../../../../src/detection/identifiers/validators/de-svnr.js';

describe('isValidSvnr', () => {
  it.each([
    ['65 170839 J 003', true],
    ['65170839J003', true],
    ['65170839j003', true],
    ['65 170839 J 004', false],
    ['65 170839 K 003', false],
    ['65 171339 J 003', false],
    ['65 170839 J 03', false],
    ['6517083JJ003', false],
  ])('%s → %s', (svnr, expected) => {
    expect(isValidSvnr(svnr)).toBe(expected);
  });
});
