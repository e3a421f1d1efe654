import { isValidMod11_10 } from './iso7064.js';

/**
 * Whether `value` is a German VAT ID (USt-IdNr.) with a correct check digit: `DE` and nine digits, the last being
 * the ISO 7064 MOD 11,10 check digit of the first eight. Spaces between groups are allowed.
 */
export function isValidDeVatId(value: string): boolean {
  const v = value.replace(/\s/gu, '').toUpperCase();
  const m = /^DE([1-9]\d{8})$/.exec(v);
  return m !== null && isValidMod11_10(m[1]!);
}
