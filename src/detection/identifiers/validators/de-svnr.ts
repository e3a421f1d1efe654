const WEIGHTS = [2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1] as const;

/** Sum of the decimal digits of a small non-negative number. */
function crossSum(n: number): number {
  let s = 0;
  for (let x = n; x > 0; x = Math.floor(x / 10)) s += x % 10;
  return s;
}

/**
 * Whether `value` is a valid German pension insurance number (Rentenversicherungs-/Sozialversicherungsnummer,
 * § 2 VKVV): area number (2 digits), birth date DDMMYY, the initial of the birth name, serial number (2 digits)
 * and check digit, e.g. `65 170839 J 003`. The letter becomes its two-digit alphabet position; the twelve digits
 * are weighted 2,1,2,5,7,1,2,1,2,1,2,1, the products' digit sums are added, and the sum mod 10 is the check digit.
 * The month must be 01–12; the day is not checked beyond two digits (the VKVV allows shifted days).
 */
export function isValidSvnr(value: string): boolean {
  const v = value.replace(/\s/gu, '').toUpperCase();
  const m = /^(\d{2})(\d{2})(\d{2})(\d{2})([A-Z])(\d{2})(\d)$/.exec(v);
  if (!m) return false;
  const month = Number(m[3]);
  if (month < 1 || month > 12) return false;
  const digits = m[1]! + m[2]! + m[3]! + m[4]! + String(m[5]!.charCodeAt(0) - 64).padStart(2, '0') + m[6]!;
  let sum = 0;
  for (let i = 0; i < WEIGHTS.length; i++) sum += crossSum((digits.charCodeAt(i) - 48) * WEIGHTS[i]!);
  return sum % 10 === Number(m[7]);
}
