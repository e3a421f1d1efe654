import { describe, expect, it } from 'vitest';
import { isValidSteuerId } from '../../../../../src/detection/identifiers/validators/de-tax-id.js';
import { mod11_10CheckDigit } from '../../../../../src/detection/identifiers/validators/iso7064.js';

/** A full ID from its first ten digits: appends the check digit. */
const withCheck = (body: string): string => body + String(mod11_10CheckDigit(body));

describe('isValidSteuerId', () => {
  it.each([
    ['86095742719', 'digit 7 twice'],
    ['36574261809', 'digit 6 twice'],
    ['86 095 742 719', 'grouped with spaces'],
    [withCheck('1121345678'), 'digit 1 three times, not in a row'],
    [withCheck('1123456789'), 'digit 1 twice, adjacent'],
  ])('accepts %s (%s)', (id) => {
    expect(isValidSteuerId(id)).toBe(true);
  });

  it.each([
    ['86095742718', 'wrong check digit'],
    ['06095742719', 'leading zero'],
    [withCheck('1234567890'), 'no repeated digit'],
    [withCheck('1122345678'), 'two digits repeated'],
    [withCheck('1112345678'), 'one digit three times in a row'],
    [withCheck('1111234567'), 'one digit four times'],
    ['8609574271', 'ten digits'],
    ['860957427190', 'twelve digits'],
    ['8609574271a', 'letter'],
  ])('rejects %s (%s)', (id) => {
    expect(isValidSteuerId(id)).toBe(false);
  });
});
