/**
 * ISO/IEC 7064 MOD 11,10: the hybrid check digit system of the German tax ID (Steuer-IdNr) and the German VAT ID.
 */

/** Check digit (0–9) for a string of decimal digits, or `undefined` when the input holds anything else. */
export function mod11_10CheckDigit(digits: string): number | undefined {
  if (!/^\d+$/.test(digits)) return undefined;
  let product = 10;
  for (const ch of digits) {
    let sum = (Number(ch) + product) % 10;
    if (sum === 0) sum = 10;
    product = (sum * 2) % 11;
  }
  const check = 11 - product;
  return check === 10 ? 0 : check;
}

/** Whether the last digit of `digits` is the MOD 11,10 check digit of the others. */
export function isValidMod11_10(digits: string): boolean {
  if (digits.length < 2) return false;
  const check = mod11_10CheckDigit(digits.slice(0, -1));
  return check !== undefined && check === Number(digits.slice(-1));
}
