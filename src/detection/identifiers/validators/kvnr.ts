/**
 * Whether `value` is a valid German health insurance number (Krankenversichertennummer, unchangeable part,
 * § 290 SGB V): a capital letter and nine digits, the last being the check digit. The letter becomes its two-digit
 * alphabet position (A=01 … Z=26); these two and the next eight digits are weighted 1,2,1,2,…, each product's
 * digits are added, and the sum mod 10 is the check digit.
 */
export function isValidKvnr(value: string): boolean {
  const v = value.replace(/\s/gu, '');
  if (!/^[A-Z]\d{9}$/.test(v)) return false;
  const letter = String(v.charCodeAt(0) - 64).padStart(2, '0');
  const digits = letter + v.slice(1, 9);
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const p = (digits.charCodeAt(i) - 48) * (i % 2 === 0 ? 1 : 2);
    sum += p > 9 ? p - 9 : p;
  }
  return sum % 10 === Number(v.charAt(9));
}
