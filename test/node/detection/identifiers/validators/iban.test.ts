import { describe, expect, it } from 'vitest';
import { compactIban, ibanRemainder, isKnownIbanCountry, isValidIban } from '../../../../../src/detection/identifiers/validators/iban.js';

describe('isValidIban', () => {
  it.each([
    'DE89 3704 0044 0532 0130 00',
    'DE89370400440532013000',
    'GB29 NWBK 6016 1331 9268 19',
    'FR14 2004 1010 0505 0001 3M02 606',
    'AT61 1904 3002 3457 3201',
    'CH93 0076 2011 6238 5295 7',
    'NL91 ABNA 0417 1643 00',
    'BE68 5390 0754 7034',
    'ES91 2100 0418 4502 0005 1332',
    'de89 3704 0044 0532 0130 00',
  ])('accepts %s', (iban) => {
    expect(isValidIban(iban)).toBe(true);
  });

  it.each([
    ['DE89 3704 0044 0532 0130 01', 'wrong check digits'],
    ['DE88 3704 0044 0532 0130 00', 'wrong check digits'],
    ['DE89 3704 0044 0532 0130 0', 'too short for DE'],
    ['DE89 3704 0044 0532 0130 000', 'too long for DE'],
    ['D989 3704 0044 0532 0130 00', 'country not letters'],
    ['DE8 93704 0044', 'too short overall'],
    ['', 'empty'],
  ])('rejects %s (%s)', (iban) => {
    expect(isValidIban(iban)).toBe(false);
  });

  it('computes the ISO 13616 remainder', () => {
    expect(ibanRemainder(compactIban('DE89 3704 0044 0532 0130 00'))).toBe(1);
    expect(ibanRemainder(compactIban('DE00 3704 0044 0532 0130 00'))).not.toBe(1);
  });

  it.each([
    ['DE89…', 'DE89 3704', true],
    ['unregistered country', 'QQ12 3456', false],
  ])('knows registered countries: %s', (_name, iban, known) => {
    expect(isKnownIbanCountry(iban)).toBe(known);
  });
});
