import { digitReadings } from './ocr-digits.js';

/**
 * IBAN lengths per country (SWIFT IBAN registry). A country missing here is checked by the general rules only.
 */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24,
  AE: 23,
  AL: 28,
  AT: 20,
  AZ: 28,
  BA: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BR: 29,
  BY: 28,
  CH: 21,
  CR: 22,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  DO: 28,
  EE: 20,
  EG: 29,
  ES: 24,
  FI: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  GT: 28,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IQ: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  KZ: 20,
  LB: 28,
  LC: 32,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MR: 27,
  MT: 31,
  MU: 30,
  NL: 18,
  NO: 15,
  PK: 24,
  PL: 28,
  PS: 29,
  PT: 25,
  QA: 29,
  RO: 24,
  RS: 22,
  SA: 24,
  SC: 31,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  ST: 25,
  SV: 28,
  TL: 23,
  TN: 24,
  TR: 26,
  UA: 29,
  VA: 22,
  VG: 24,
  XK: 20,
};

/** The IBAN without spaces, upper-cased. */
export function compactIban(value: string): string {
  return value.replace(/\s/gu, '').toUpperCase();
}

/** ISO 13616 remainder: the first four characters moved to the end, letters as 10–35, the number mod 97. */
export function ibanRemainder(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let rem = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    // Digits add one decimal place, letters (A=10 … Z=35) two; the running remainder keeps numbers small.
    if (code >= 48 && code <= 57) rem = (rem * 10 + (code - 48)) % 97;
    else rem = (rem * 100 + (code - 55)) % 97;
  }
  return rem;
}

/**
 * Whether `value` is a valid IBAN: two letters, two check digits, 11–30 alphanumerics, the country's registered
 * length where known, and the mod-97 remainder 1. Spaces between groups are allowed.
 */
export function isValidIban(value: string): boolean {
  const iban = compactIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const expected = IBAN_LENGTHS[iban.slice(0, 2)];
  if (expected !== undefined && iban.length !== expected) return false;
  return ibanRemainder(iban) === 1;
}

/** Whether the IBAN's country is one with a registered length (a stronger signal than the checksum alone). */
export function isKnownIbanCountry(value: string): boolean {
  return IBAN_LENGTHS[compactIban(value).slice(0, 2)] !== undefined;
}

/**
 * Countries whose IBAN holds digits only after the country code: there every confusable character may be a misread
 * digit (`ocr-digits.ts`); elsewhere only the check digits.
 */
const NUMERIC_BBAN = new Set([
  'DE',
  'AT',
  'BE',
  'CH',
  'DK',
  'FI',
  'NO',
  'SE',
  'PL',
  'PT',
  'ES',
  'SI',
  'SK',
  'CZ',
  'HU',
  'EE',
  'LT',
  'HR',
  'RS',
]);

/**
 * The IBAN `value` stands for where OCR misread digits of it (`DES9 3704 0044 0532 0130 00`: `DE89 …`): a reading
 * with the confusable characters as digits that is a valid IBAN, else null. Null too for a value valid as read.
 */
export function misreadIban(value: string): string | null {
  const raw = value.replace(/\s/gu, '');
  if (raw.length < 15 || !/^[A-Za-z]{2}/u.test(raw) || isValidIban(value)) return null;
  const country = raw.slice(0, 2).toUpperCase();
  const positions = [2, 3, ...(NUMERIC_BBAN.has(country) ? Array.from({ length: raw.length - 4 }, (_, i) => i + 4) : [])];
  for (const reading of digitReadings(country + raw.slice(2), positions)) if (isValidIban(reading)) return reading;
  return null;
}
