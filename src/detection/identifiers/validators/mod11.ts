/*
 * Registers whose last digit is a weighted sum of the others modulo 11. Each takes the digits alone (separators
 * removed first) and checks length and check digit.
 */

function weightedSum(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += (digits.charCodeAt(i) - 48) * weights[i]!;
  return sum;
}

/** `11 - sum mod 11` as the check digit, 11 read as 0; a remainder that gives 10 is never issued. */
function elevenMinus(digits: string, weights: readonly number[]): boolean {
  const check = (11 - (weightedSum(digits, weights) % 11)) % 11;
  return check !== 10 && check === digits.charCodeAt(weights.length) - 48;
}

/** UK NHS number: ten digits, weights 10 … 2 (`943 476 5919`). */
export function isValidNhsNumber(digits: string): boolean {
  return /^\d{10}$/u.test(digits) && elevenMinus(digits, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
}

/** Norwegian organisation number: nine digits, weights 3 2 7 6 5 4 3 2 (`923 609 016`). */
export function isValidNoOrgNumber(digits: string): boolean {
  return /^[89]\d{8}$/u.test(digits) && elevenMinus(digits, [3, 2, 7, 6, 5, 4, 3, 2]);
}

/** Danish CVR number: eight digits whose sum weighted 2 7 6 5 4 3 2 1 is divisible by 11 (`24 25 67 90`). */
export function isValidCvr(digits: string): boolean {
  return /^[1-9]\d{7}$/u.test(digits) && weightedSum(digits, [2, 7, 6, 5, 4, 3, 2, 1]) % 11 === 0;
}

/** Greek tax number (AFM): nine digits, the first eight weighted 2⁸ … 2¹, the sum mod 11 mod 10 is the ninth. */
export function isValidAfm(digits: string): boolean {
  if (!/^\d{9}$/u.test(digits) || /^0{9}$/u.test(digits)) return false;
  return (weightedSum(digits, [256, 128, 64, 32, 16, 8, 4, 2]) % 11) % 10 === digits.charCodeAt(8) - 48;
}
