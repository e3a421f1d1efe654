import { IBAN_LENGTHS, ibanRemainder } from '../../detection/identifiers/validators/iban.js';
import type { Draw } from './draw.js';
import { below, pick, randomDigit, randomLetter, scramble } from './draw.js';

/*
 * OTH. An IBAN keeps its country, length and grouping, with a random BBAN and valid ISO 13616 check digits (a model
 * asked to check it finds it valid); an IPv4 address stays one; an age (1–3 digits, at most 120) moves by up to 3
 * years; anything else keeps its shape: each digit a random digit, each letter a random letter of its case,
 * separators kept, and a leading two-capital prefix before digits (`DE123456789`, a country) kept.
 */

/** The surrogate of an identifier, null when it has nothing to change. */
export function identifierSurrogate(d: Draw, original: string): string | null {
  const text = original.trim();
  const compact = text.replace(/\s/gu, '').toUpperCase();
  if (/^[A-Z]{2}\d{2}[A-Z0-9]+$/u.test(compact) && IBAN_LENGTHS[compact.slice(0, 2)] === compact.length) return iban(d, original, compact);
  if (/^\d{1,3}(?:\.\d{1,3}){3}$/u.test(text)) return ipv4(d, original);
  if (/^\d{1,3}$/u.test(text) && Number(text) <= 120) return age(d, original, Number(text));
  if (!/[\p{L}\d]/u.test(text)) return null;
  const prefix = /^[A-Z]{2}(?=[\s-]?\d)/u.test(original) ? 2 : 0;
  return scramble(d.random, original, (i) => i < prefix);
}

/** The same country and layout, a random BBAN of the same letters-or-digits pattern, valid check digits. */
function iban(d: Draw, original: string, compact: string): string {
  const bban = [...compact.slice(4)].map((c) => (/\d/u.test(c) ? randomDigit(d.random) : randomLetter(d.random))).join('');
  const country = compact.slice(0, 2);
  const check = String(98 - ibanRemainder(`${country}00${bban}`)).padStart(2, '0');
  const chars = [...`${country}${check}${bban}`];
  // Back into the original's layout: its spaces where they were, its case.
  let k = 0;
  const lower = original === original.toLowerCase();
  return [...original].map((c) => (/\s/u.test(c) ? ' ' : lower ? chars[k++]!.toLowerCase() : chars[k++]!)).join('');
}

/** Each octet a random value of the same number of digits, at most 255. */
function ipv4(d: Draw, original: string): string {
  return original.replace(/\d{1,3}/gu, (o) => {
    const [lo, hi] = o.length === 1 ? [0, 9] : o.length === 2 ? [10, 99] : [100, 255];
    return String(lo + below(d.random, hi - lo + 1));
  });
}

/** An age within 3 years of the original, never below 1, never the original. */
function age(d: Draw, original: string, n: number): string | null {
  const options = [-3, -2, -1, 1, 2, 3].map((k) => n + k).filter((a) => a >= 1 && !d.taken.has(String(a)));
  const a = pick(d.random, options);
  return a === undefined ? null : original.replace(/\d+/u, String(a));
}
