import { describe, expect, it } from 'vitest';
import { isValidMod11_10, mod11_10CheckDigit } from '../../../../../src/detection/identifiers/validators/iso7064.js';

describe('ISO 7064 MOD 11,10', () => {
  it.each([
    ['8609574271', 9],
    ['3657426180', 9],
    ['12345678', 8],
  ])('check digit of %s is %i', (digits, check) => {
    expect(mod11_10CheckDigit(digits)).toBe(check);
  });

  it('rejects non-digits', () => {
    expect(mod11_10CheckDigit('12a4')).toBeUndefined();
    expect(isValidMod11_10('1')).toBe(false);
  });

  it.each([
    ['86095742719', true],
    ['86095742718', false],
    ['123456788', true],
    ['123456789', false],
  ])('isValidMod11_10(%s) is %s', (digits, expected) => {
    expect(isValidMod11_10(digits)).toBe(expected);
  });
});
