import { patternRecognizer, type PatternRule } from '../rules/pattern-recognizer.js';

/*
 * MAIL: e-mail addresses, including internationalized ones (RFC 6531 local parts, IDN domains such as
 * `müller@bücher.de` or `jörg@例え.jp`), plus-addressing and subdomains.
 *
 * The regex is deliberately loose but bounded, and the validator applies the exact limits (64/253 characters,
 * hyphen placement). Every repetition is bounded and dot-separated atoms cannot overlap, so the regex runs in
 * linear time on any input.
 */

// Letters, digits and marks of any script, and the usual atext punctuation of real addresses.
const LOCAL_ATOM = String.raw`[\p{L}\p{N}\p{M}_%+\-]{1,64}`;
// A domain label; hyphen rules are checked by the validator.
const LABEL = String.raw`[\p{L}\p{N}\p{M}][\p{L}\p{N}\p{M}\-]{0,62}`;
// A TLD is letters (any script) or a punycode label; a digit-only or one-letter TLD does not exist.
const TLD = String.raw`(?:[Xx][Nn]--[A-Za-z0-9\-]{1,59}|\p{L}[\p{L}\p{M}]{1,62})`;

const MAIL_SOURCE =
  // Not inside a longer local part, dotted chain or another address (`a@b@c`, `x.y@z` seen from `y`).
  String.raw`(?<![\p{L}\p{N}\p{M}_%+.@\-])` +
  `(?:${LOCAL_ATOM}\\.){0,8}${LOCAL_ATOM}@(?:${LABEL}\\.){1,8}${TLD}` +
  // Trailing punctuation stays outside; the address must not run on into a word.
  String.raw`(?![\p{L}\p{N}\p{M}_@\-])`;

// File names such as `logo@2x.png` have the shape of an address.
const FILE_EXTENSIONS: ReadonlySet<string> = new Set([
  'png',
  'jpg',
  'jpeg',
  'gif',
  'svg',
  'webp',
  'bmp',
  'ico',
  'tif',
  'tiff',
  'heic',
  'pdf',
  'js',
  'css',
  'ts',
  'json',
]);

function isPlausibleAddress(value: string): boolean {
  const at = value.lastIndexOf('@');
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > 64 || domain.length > 253) return false;
  const labels = domain.split('.');
  if (labels.some((l) => l.startsWith('-') || l.endsWith('-'))) return false;
  return !FILE_EXTENSIONS.has(labels[labels.length - 1]!.toLowerCase());
}

export const MAIL_RULES: readonly PatternRule[] = [
  { label: 'MAIL', regex: new RegExp(MAIL_SOURCE, 'gu'), score: 0.95, validate: (v) => isPlausibleAddress(v) },
];

/** E-mail addresses (MAIL), IDN and plus-addressing included. */
export const mailRecognizer = patternRecognizer('mail', MAIL_RULES);
