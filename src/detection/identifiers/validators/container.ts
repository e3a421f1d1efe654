/*
 * Freight container numbers (ISO 6346): owner code (three letters), category (U, J or Z), six digits and a check
 * digit, `CSQU 305438 3`. Letters count from A = 10 upwards, skipping the multiples of 11; the check digit is the sum
 * of the values weighted 2⁰ … 2⁹, mod 11, mod 10.
 */

/** Letter values A 10, B 12 … K 21, L 23 … U 32, V 34 … Z 38: counting up from 10, skipping multiples of 11. */
const LETTER_VALUES: readonly number[] = (() => {
  const values: number[] = [];
  for (let v = 10; values.length < 26; v++) if (v % 11 !== 0) values.push(v);
  return values;
})();

/** Whether `value` (spaces allowed) is an ISO 6346 container number with a valid check digit. */
export function isValidContainerNumber(value: string): boolean {
  const s = value.replace(/[\s\u00a0]/gu, '');
  if (!/^[A-Z]{3}[UJZ]\d{7}$/u.test(s)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const c = s.charCodeAt(i);
    sum += (i < 4 ? LETTER_VALUES[c - 65]! : c - 48) * 2 ** i;
  }
  return (sum % 11) % 10 === s.charCodeAt(10) - 48;
}
