import type { Draw } from './draw.js';
import { below, caseLike, key, pick, pickFree, randomDigit, scramble, splitWords } from './draw.js';
import { drawFamily, drawGiven } from './names.js';

/*
 * LOC and STR. Digits keep their shape (a postcode its digit count and format: `10115` → `49808`, `AB1 2CD` →
 * `KL4 7MR`; a house number its width); names become small towns (or, for a country, a country) whose names are
 * the same in German and English, with as many words as the original; big cities would be named in an answer for
 * their own sake, and `Koeln`/`Cologne` would not be found again.
 */

const hasDigit = (w: string) => /\d/u.test(w);

/** A postcode or house number in the same shape: a `D-` prefix kept, the first digit of a number never 0 unless it was. */
function reshapeNumber(d: Draw, word: string): string {
  const prefix = /^[A-Z]{1,2}-(?=\d)/u.exec(word)?.[0].length ?? 0;
  const out = scramble(d.random, word, (i) => i < prefix);
  const first = word.search(/\d/u);
  return first >= 0 && word[first] !== '0' ? out.slice(0, first) + randomDigit(d.random, 1) + out.slice(first + 1) : out;
}

/** Whether `text` names a country (in either language, as the lists fold it). */
const isCountry = (d: Draw, text: string) =>
  d.lists.knownCountries.includes(key(text)) || d.lists.countries.some((c) => key(c) === key(text));

const wordCount = (s: string) => s.split(' ').length;

/** The surrogate of a place (LOC), null when none can be made. */
export function placeSurrogate(d: Draw, original: string): string | null {
  const { words, join } = splitWords(original);
  const out = words.map((w) => w.core);
  const drawn = new Set<string>();
  let changed = false;
  // Runs of name words between numbers and commas: each one place (`Frankfurt am Main`, `Deutschland`).
  let i = 0;
  while (i < words.length) {
    const w = words[i]!;
    if (hasDigit(w.core)) {
      out[i] = reshapeNumber(d, w.core);
      changed = true;
      i++;
      continue;
    }
    // A state's code after a town (`Springfield, IL`) stays: it names millions.
    if (/^[A-Z]{2}$/u.test(w.core) && words.length > 1) {
      i++;
      continue;
    }
    let end = i + 1;
    while (end < words.length && !words[end - 1]!.tail.includes(',') && !hasDigit(words[end]!.core)) end++;
    const run = words.slice(i, end);
    const n = run.length;
    const text = run.map((x) => x.core).join(' ');
    // The locale's towns first, the other locale's once they run out.
    const pools = isCountry(d, text) ? [d.lists.countries] : [d.lists[d.locale].towns, d.lists[d.locale === 'de' ? 'en' : 'de'].towns];
    const avoid = new Set([key(text), ...drawn]);
    let name: string | undefined;
    for (const pool of pools)
      name ??= pickFree(
        d,
        pool.filter((p) => wordCount(p) === n),
        avoid,
      );
    if (name === undefined) return null;
    drawn.add(name.toLowerCase());
    name.split(' ').forEach((part, j) => (out[i + j] = caseLike(run[j]!.core, part)));
    changed = true;
    i = end;
  }
  return changed ? join(out) : null;
}

const DE_TWO = ['weg', 'ring', 'platz', 'pfad', 'steig', 'hang', 'hof', 'bach', 'berg', 'feld', 'anger', 'graben'];
const DE_THREE = ['strasse', 'allee', 'gasse', 'wiese', 'heide', 'aue'];
const EN_ONE = ['field', 'wood', 'gate', 'way'];

/** New name words of a street with `n` name words, or null (the last word's `str.` abbreviation kept). */
function streetWords(d: Draw, n: number, hyphens: number, abbreviated: boolean, avoid: Set<string>): string[] | null {
  const { streetBases, streetSuffixes } = d.lists[d.locale];
  const base = () => {
    const b = pickFree(d, streetBases, avoid);
    if (b !== undefined) avoid.add(b.toLowerCase());
    return b;
  };
  const b = base();
  if (b === undefined) return null;
  if (d.locale === 'de') {
    if (n === 1 && hyphens > 0) {
      // `Karl-Marx-Strasse` → `Emil-Brandt-Allee`: names, then the street word.
      const names: string[] = [];
      for (let k = 0; k < hyphens; k++) {
        const name = k === hyphens - 1 ? drawFamily(d, avoid) : drawGiven(d, 'male', avoid);
        if (name === undefined) return null;
        avoid.add(name.toLowerCase());
        names.push(name);
      }
      const suffix = abbreviated ? 'Str.' : pick(d.random, ['Strasse', 'Weg', 'Allee', 'Ring', 'Platz'])!;
      return [[...names, suffix].join('-')];
    }
    if (n === 1) return [b + (abbreviated ? 'str.' : pick(d.random, streetSuffixes)!)];
    if (n === 2) return ['Am', b + pick(d.random, DE_TWO)!];
    if (n === 3) return ['An', 'der', b + pick(d.random, DE_THREE)!];
    return null;
  }
  if (n === 1) return [b + pick(d.random, EN_ONE)!];
  if (n > 4) return null;
  const out = [b];
  for (let k = 2; k < n; k++) {
    const more = base();
    if (more === undefined) return null;
    out.push(more);
  }
  out.push(pick(d.random, streetSuffixes)!);
  return out;
}

/** The surrogate of a street and house number (STR), null when none can be made. */
export function streetSurrogate(d: Draw, original: string): string | null {
  const { words, join } = splitWords(original);
  const nameAt = words.flatMap((w, i) => (hasDigit(w.core) || !/\p{L}/u.test(w.core) ? [] : [i]));
  const out = words.map((w) => (hasDigit(w.core) ? houseNumber(d, w.core) : w.core));
  if (nameAt.length > 0) {
    const last = words[nameAt[nameAt.length - 1]!]!.core;
    const hyphens = nameAt.length === 1 ? (last.match(/-/gu)?.length ?? 0) : 0;
    const avoid = new Set(words.map((w) => key(w.core)));
    const names = streetWords(d, nameAt.length, hyphens, /str\.$/iu.test(last), avoid);
    if (names === null) return null;
    nameAt.forEach((at, k) => (out[at] = caseLike(words[at]!.core, names[k]!)));
  }
  return join(out);
}

/** A house number of the same shape (`12a` → `47c`, `3-5` → `8-9`). */
function houseNumber(d: Draw, word: string): string {
  return word.replace(/\d+|[a-z](?=$|\W)/gu, (m) =>
    /\d/u.test(m) ? randomDigit(d.random, 1) + [...m.slice(1)].map(() => randomDigit(d.random)).join('') : 'abcdefgh'[below(d.random, 8)]!,
  );
}
