/** The characters of German ID-card and passport serial numbers since November 2010: no vowels, no B, D, Q, S. */
const SERIAL_CHARS = /^[CFGHJKLMNPRTVWXYZ][CFGHJKLMNPRTVWXYZ0-9]{8}$/;

const WEIGHTS = [7, 3, 1] as const;

/** ICAO 9303 check digit: digits count as themselves, letters A–Z as 10–35; weights 7, 3, 1 repeating; sum mod 10. */
export function icaoCheckDigit(value: string): number {
  let sum = 0;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    const n = code >= 48 && code <= 57 ? code - 48 : code - 55;
    sum += n * WEIGHTS[i % 3]!;
  }
  return sum % 10;
}

/** Whether `value` has the shape of a German ID-card or passport serial number (`L01X00T47`), without check digit. */
export function isDeDocumentSerial(value: string): boolean {
  return SERIAL_CHARS.test(value) && /\d/u.test(value);
}

/**
 * Whether `value` is a German ID-card or passport serial number followed by its ICAO check digit, as the
 * machine-readable zone writes it (`L01X00T471`).
 */
export function isValidDeDocumentNumber(value: string): boolean {
  return value.length === 10 && isDeDocumentSerial(value.slice(0, 9)) && icaoCheckDigit(value.slice(0, 9)) === Number(value.charAt(9));
}
