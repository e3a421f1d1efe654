import type { SurrogateLists } from '../../detection/lexicons/surrogate-lists.js';

/** What every generator draws with: the caller's context and the lists. */
export interface Draw {
  random: () => number;
  locale: 'de' | 'en';
  /** Lower-cased surrogates and surrogate words already handed out. */
  taken: ReadonlySet<string>;
  lists: SurrogateLists;
}

/**
 * Every character a surrogate may hold: ASCII letters and digits, the space, and punctuation that neither JSON
 * (`"`, `\`, control characters) nor HTML (`&`, `<`, `>`, quotes) ever escapes, so that an escaped answer never hides
 * a surrogate from restore. The brief's `- . @ + / ,` plus `( ) _ : #`, which phone numbers, handles, IPv6 addresses
 * and ticket numbers carry.
 */
export const SAFE = /^[A-Za-z0-9 .,@+/()_:#-]*$/u;

/** A random integer in [0, n). */
export const below = (random: () => number, n: number): number => Math.min(n - 1, Math.floor(random() * n));

/** A random entry of `list`, undefined when it is empty. */
export const pick = <T>(random: () => number, list: readonly T[]): T | undefined =>
  list.length === 0 ? undefined : list[below(random, list.length)];

/** A random entry of `list` whose lower case is neither taken nor in `avoid`. */
export function pickFree(d: Draw, list: readonly string[], avoid: ReadonlySet<string>): string | undefined {
  return pick(
    d.random,
    list.filter((w) => !d.taken.has(w.toLowerCase()) && !avoid.has(w.toLowerCase())),
  );
}

export const randomDigit = (random: () => number, from = 0): string => String(from + below(random, 10 - from));
const LETTERS = 'ABCDEFGHIJKLMNOPRSTUVWZ';
/** A random upper-case letter (no Q, X, Y: they read as made up) other than `not`. */
export function randomLetter(random: () => number, not = ''): string {
  const pool = [...LETTERS].filter((c) => c !== not.toUpperCase());
  return pool[below(random, pool.length)]!;
}

const FOLD: Readonly<Record<string, string>> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ß: 'ss', ẞ: 'SS' };

/** `text` folded to ASCII: German umlauts and ß spelled out (`Universitaet`), other marks dropped (`Jose`). */
export const toAscii = (text: string): string =>
  text
    .replace(/[äöüÄÖÜßẞ]/gu, (c) => FOLD[c]!)
    .normalize('NFD')
    .replace(/\p{M}/gu, '');

/** Lower case, folded to ASCII: how list entries and originals are compared. */
export const key = (text: string): string => toAscii(text).toLowerCase();

/** `word` written in the case of `model`: all capitals, all lower case, or as the list has it. */
export function caseLike(model: string, word: string): string {
  const letters = model.replace(/\P{L}/gu, '');
  if (letters.length > 1 && letters === letters.toUpperCase()) return word.toUpperCase();
  if (letters.length > 0 && letters === letters.toLowerCase()) return word.toLowerCase();
  return word;
}

/** A word of a span: its core and the punctuation after it that stays (`Schmidt,` → `Schmidt` + `,`). */
export interface Word {
  core: string;
  tail: string;
}

/**
 * The whitespace-separated words of `text` and the gaps between them (each gap's characters become plain spaces:
 * a no-break space is not ASCII). `join` puts new words back into the same gaps, so the word count never changes.
 */
export function splitWords(text: string): { words: Word[]; join: (cores: readonly string[]) => string } {
  const parts = text.split(/(\s+)/u);
  const words: Word[] = [];
  const slots: number[] = [];
  parts.forEach((p, i) => {
    if (i % 2 === 1 || p === '') return;
    const m = /^(.*?)([,;:]*)$/su.exec(p)!;
    words.push({ core: m[1]!, tail: m[2]! });
    slots.push(i);
  });
  const join = (cores: readonly string[]) => {
    const out = parts.map((p, i) => (i % 2 === 1 ? ' '.repeat(p.length) : p));
    slots.forEach((slot, w) => (out[slot] = cores[w]! + words[w]!.tail));
    return out.join('');
  };
  return { words, join };
}

/**
 * Each digit of `text` a random digit and each letter a random letter of the same case; everything else kept when
 * safe, else `-`. `keep(i)` keeps the character at `i` (a country prefix).
 */
export function scramble(random: () => number, text: string, keep: (i: number) => boolean = () => false): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (keep(i)) out += toAscii(c);
    else if (/\d/u.test(c)) out += randomDigit(random);
    else if (/\p{Lu}/u.test(c)) out += randomLetter(random, c);
    else if (/\p{L}/u.test(c)) out += randomLetter(random, c).toLowerCase();
    else out += SAFE.test(c) ? c : /\s/u.test(c) ? ' ' : '-';
  }
  return out;
}

/** Tries `make` until it yields an acceptable surrogate (or gives up: null). */
export function attempt(make: () => string | null, ok: (s: string) => boolean, tries = 40): string | null {
  for (let i = 0; i < tries; i++) {
    const s = make();
    if (s !== null && ok(s)) return s;
  }
  return null;
}
