import { describe, expect, it } from 'vitest';
import { cardScheme, isPlausibleCardNumber, luhnValid } from '../../../../../src/detection/identifiers/validators/luhn.js';

describe('luhnValid', () => {
  it.each([
    ['79927398713', true],
    ['79927398710', false],
    ['4111111111111111', true],
    ['4111111111111112', false],
    ['0000000000000000', true],
    ['1', false],
    ['4111 1111 1111 1111', false],
    ['', false],
  ])('%s → %s', (digits, expected) => {
    expect(luhnValid(digits)).toBe(expected);
  });
});

describe('cardScheme / isPlausibleCardNumber', () => {
  it.each([
    ['4111111111111111', 'visa'],
    ['4222222222222', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2221000000000009', 'mastercard'],
    ['378282246310005', 'amex'],
    ['30569309025904', 'diners'],
    ['3530111333300000', 'jcb'],
    ['6011111111111117', 'discover'],
  ])('%s is %s and plausible', (digits, scheme) => {
    expect(cardScheme(digits)).toBe(scheme);
    expect(isPlausibleCardNumber(digits)).toBe(true);
  });

  it.each([
    ['1234567812345670', 'no issuer range'],
    ['37828224631000', 'amex with 14 digits'],
    ['4111111111111112', 'Luhn fails'],
  ])('%s is not plausible (%s)', (digits) => {
    expect(isPlausibleCardNumber(digits)).toBe(false);
  });
});
