/** Whether a string of decimal digits passes the Luhn (mod 10) check; separators must be removed first. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** Issuer ranges (IIN prefixes) and the lengths each scheme issues. */
const CARD_SCHEMES: ReadonlyArray<{ name: string; prefix: RegExp; lengths: readonly number[] }> = [
  { name: 'visa', prefix: /^4/, lengths: [13, 16, 19] },
  { name: 'mastercard', prefix: /^(?:5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/, lengths: [16] },
  { name: 'amex', prefix: /^3[47]/, lengths: [15] },
  { name: 'diners', prefix: /^(?:30[0-5]|3095|36|3[89])/, lengths: [14, 15, 16, 17, 18, 19] },
  { name: 'jcb', prefix: /^35(?:2[89]|[3-8]\d)/, lengths: [16, 17, 18, 19] },
  { name: 'discover', prefix: /^(?:6011|64[4-9]|65)/, lengths: [16, 17, 18, 19] },
  { name: 'unionpay', prefix: /^62/, lengths: [16, 17, 18, 19] },
  { name: 'maestro', prefix: /^(?:5[06-8]|6\d)/, lengths: [13, 14, 15, 16, 17, 18, 19] },
];

/** The card scheme whose issuer range and length fit `digits`, or `undefined`. */
export function cardScheme(digits: string): string | undefined {
  return CARD_SCHEMES.find((s) => s.prefix.test(digits) && s.lengths.includes(digits.length))?.name;
}

/** Whether `digits` looks like a payment card number: a known scheme's range and length, and the Luhn check. */
export function isPlausibleCardNumber(digits: string): boolean {
  return cardScheme(digits) !== undefined && luhnValid(digits);
}
