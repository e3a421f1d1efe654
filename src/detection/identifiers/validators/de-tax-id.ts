import { isValidMod11_10 } from './iso7064.js';

/** Digits of a value with the usual grouping characters (spaces, NBSP, `/`, `.`, `-`) removed. */
function compact(value: string): string {
  return value.replace(/[\s./-]/gu, '');
}

/**
 * Whether `value` is a valid German tax identification number (steuerliche Identifikationsnummer, § 139b AO):
 * 11 digits, no leading 0; within the first ten digits exactly one digit occurs twice or three times (three times
 * only since 2016, and then not all three in a row) and every other digit at most once; the 11th digit is the
 * ISO 7064 MOD 11,10 check digit. Spaces between groups are allowed (`12 345 678 901`).
 */
export function isValidSteuerId(value: string): boolean {
  const d = compact(value);
  if (!/^[1-9]\d{10}$/.test(d)) return false;
  const body = d.slice(0, 10);
  const counts = new Map<string, number>();
  for (const ch of body) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  const repeated = [...counts.entries()].filter(([, n]) => n > 1);
  if (repeated.length !== 1) return false;
  const [digit, n] = repeated[0]!;
  if (n > 3) return false;
  if (n === 3 && body.includes(digit.repeat(3))) return false;
  return isValidMod11_10(d);
}
