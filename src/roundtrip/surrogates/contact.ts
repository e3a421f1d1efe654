import type { Draw } from './draw.js';
import { below, caseLike, key, randomDigit, randomLetter, SAFE, scramble } from './draw.js';
import { drawFamily, drawGiven, genderOf, isGivenName } from './names.js';

/*
 * MAIL and TEL: never real contact data. An address gets a local part built from a surrogate name in the
 * original's shape (`a.schmidt` → `j.becker`, digits and separators kept) at an RFC 2606 domain (`example.com`,
 * or `.org`/`.net` after the original's ending), unless its domain is a big free-mail provider, which names no one
 * and is kept. A phone number keeps its country code, a leading trunk 0 and its grouping; every other digit is new.
 */

/** The surrogate of an e-mail address, null when it is none. */
export function mailSurrogate(d: Draw, original: string): string | null {
  const m = /^([^@\s]+)@([^@\s]+\.[^@\s]+)$/u.exec(original.trim());
  if (m === null) return null;
  const [, local, domain] = m as unknown as [string, string, string];
  // Runs of letters (names), of digits, and of anything else (separators, kept).
  const segments = local.match(/\p{L}+|\d+|[^\p{L}\d]+/gu) ?? [];
  const alpha = segments.flatMap((s, i) => (/^\p{L}+$/u.test(s) ? [i] : []));
  const avoid = new Set(segments.map((s) => s.toLowerCase()));
  const givenAt =
    alpha.length >= 2 ? alpha[0] : alpha.length === 1 && isGivenName(d.lists, cap(segments[alpha[0]!]!)) ? alpha[0] : undefined;
  const gender = givenAt === undefined ? (d.random() < 0.5 ? 'female' : 'male') : genderOf(d.lists, cap(segments[givenAt]!));
  const out: string[] = [];
  for (const [i, s] of segments.entries()) {
    if (!/[\p{L}\d]/u.test(s)) out.push([...s].map((c) => (SAFE.test(c) ? c : '-')).join(''));
    else if (alpha.includes(i) && s.length === 1) out.push(caseLike(s, randomLetter(d.random, s)));
    else if (alpha.includes(i)) {
      const drawn = i === givenAt ? drawGiven(d, gender, avoid) : drawFamily(d, avoid);
      if (drawn === undefined) return null;
      avoid.add(drawn.toLowerCase());
      out.push(caseLike(s, drawn));
    } else out.push(scramble(d.random, s));
  }
  const free = d.lists.freeMail.includes(key(domain));
  const ending = /\.(org|net)$/iu.exec(domain)?.[1]?.toLowerCase() ?? 'com';
  return `${out.join('')}@${free ? domain.toLowerCase() : `example.${ending}`}`;
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();

/** Country calling codes of one and two digits (ITU E.164); all others have three. */
const SHORT_CODES = new Set([
  '1',
  '7',
  '20',
  '27',
  '30',
  '31',
  '32',
  '33',
  '34',
  '36',
  '39',
  '40',
  '41',
  '43',
  '44',
  '45',
  '46',
  '47',
  '48',
  '49',
  '51',
  '52',
  '53',
  '54',
  '55',
  '56',
  '57',
  '58',
  '60',
  '61',
  '62',
  '63',
  '64',
  '65',
  '66',
  '81',
  '82',
  '84',
  '86',
  '90',
  '91',
  '92',
  '93',
  '94',
  '95',
  '98',
]);

/** How many leading digits of `digits` (after `+` or `00`) are the country code. */
function countryCodeLength(digits: string): number {
  if (SHORT_CODES.has(digits.slice(0, 1))) return 1;
  if (SHORT_CODES.has(digits.slice(0, 2))) return 2;
  return 3;
}

/** The surrogate of a phone number, null when it has too few digits to be one. */
export function phoneSurrogate(d: Draw, original: string): string | null {
  const digits = original.replace(/\D/gu, '');
  if (digits.length < 4) return null;
  const trimmed = original.trimStart();
  // Digits kept: the country code (after `+` or `00`), then a trunk 0 right after it or at the start.
  let kept = 0;
  if (trimmed.startsWith('+')) kept = countryCodeLength(digits);
  else if (digits.startsWith('00')) kept = 2 + countryCodeLength(digits.slice(2));
  if (digits[kept] === '0') kept++;
  let seen = 0;
  let out = '';
  for (const c of original) {
    if (/\d/u.test(c)) {
      out += seen < kept ? c : randomDigit(d.random, seen === kept ? 1 : 0);
      seen++;
    } else out += /\s/u.test(c) ? ' ' : SAFE.test(c) ? c : '-';
  }
  // A last digit that makes the number differ when chance drew the original's.
  if (out === original) out = out.replace(/\d(?=\D*$)/u, (c) => String((Number(c) + 1 + below(d.random, 8)) % 10));
  return out;
}
