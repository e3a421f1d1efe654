/*
 * Italian codice fiscale of a person (`RSSMRA85T10A562S`): surname and name letters, birth year, month letter, day
 * (+40 for women), place code, then a check letter. Digits may be replaced by letters when two people would get the
 * same code (omocodia: L M N P Q R S T U V for 0–9). The check letter is the sum of the odd positions' values from a
 * fixed table and the even positions' plain values, mod 26.
 */

const ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
const SHAPE = /^[A-Z]{6}[0-9LMNP-V]{2}[ABCDEHLMPRST][0-9LMNP-V]{2}[A-Z][0-9LMNP-V]{3}[A-Z]$/u;

/** Position of a character in 0–9 or A–Z (both count from 0). */
function ordinal(ch: string): number {
  const c = ch.charCodeAt(0);
  return c <= 57 ? c - 48 : c - 65;
}

/** Whether `value` (upper case, no spaces) is a codice fiscale with a correct check letter. */
export function isValidCodiceFiscale(value: string): boolean {
  if (!SHAPE.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const n = ordinal(value.charAt(i));
    // Positions count from 1: the first, third, … use the table.
    sum += i % 2 === 0 ? ODD[n]! : n;
  }
  return String.fromCharCode(65 + (sum % 26)) === value.charAt(15);
}
