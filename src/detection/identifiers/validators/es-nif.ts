/*
 * Spanish tax numbers. DNI (citizens, `12345678Z`) and NIE (foreigners, `X1234567L`) end in the letter of the
 * number mod 23; a CIF/NIF of a company (`A58818501`) opens with its kind of entity and ends in a control character
 * computed like Luhn over the seven digits.
 */

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const CIF_LETTERS = 'JABCDEFGHI';

/** DNI or NIE, separators removed (`12345678Z`, `X1234567L`, `Y-1234567-X` as `Y1234567X`). */
export function isValidDniNie(value: string): boolean {
  const m = /^([XYZ]?)(\d{7,8})([A-Z])$/u.exec(value);
  if (!m) return false;
  const [, prefix, digits, letter] = m as unknown as [string, string, string, string];
  if ((prefix === '') !== (digits.length === 8)) return false;
  // An NIE's X, Y, Z stand for 0, 1, 2 before its seven digits.
  const number = Number((prefix === '' ? '' : String('XYZ'.indexOf(prefix))) + digits);
  return DNI_LETTERS.charAt(number % 23) === letter;
}

/** CIF of a company, separators removed (`A58818501`, `P2800000J`). */
export function isValidCif(value: string): boolean {
  const m = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/u.exec(value);
  if (!m) return false;
  const [, kind, digits, control] = m as unknown as [string, string, string, string];
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    const d = digits.charCodeAt(i) - 48;
    if (i % 2 === 1) sum += d;
    else sum += d * 2 > 9 ? d * 2 - 9 : d * 2;
  }
  const c = (10 - (sum % 10)) % 10;
  // Public bodies and foreign entities write the control as a letter, companies of capital as a digit.
  if ('PQRSNW'.includes(kind)) return control === CIF_LETTERS.charAt(c);
  if ('ABEH'.includes(kind)) return control === String(c);
  return control === String(c) || control === CIF_LETTERS.charAt(c);
}
