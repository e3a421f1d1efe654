import { describe, expect, it } from 'vitest';
import { isValidAfm, isValidCvr, isValidNhsNumber, isValidNoOrgNumber } from '../../../../../src/detection/identifiers/validators/mod11.js';

describe('mod-11 registers', () => {
  it.each([
    [isValidNhsNumber, '9434765919', true],
    [isValidNhsNumber, '9434765918', false],
    [isValidNhsNumber, '943476591', false],
    [isValidNoOrgNumber, '923609016', true],
    [isValidNoOrgNumber, '923609017', false],
    [isValidNoOrgNumber, '123609016', false],
    [isValidCvr, '24256790', true],
    [isValidCvr, '24256791', false],
    [isValidCvr, '04256790', false],
    [isValidAfm, '090000045', true],
    [isValidAfm, '090000046', false],
    [isValidAfm, '000000000', false],
  ])('%o(%s) → %s', (check, digits, expected) => {
    expect(check(digits)).toBe(expected);
  });
});
