import type { Draw, Word } from './draw.js';
import { caseLike, key, randomLetter, splitWords, toAscii } from './draw.js';
import type { Gender } from './names.js';
import { drawFamily, drawGiven, genderOf, isGivenName } from './names.js';

/*
 * PER. Word for word: a title or particle stays (`Dr.`, `von`), an initial stays an initial (`M.` → `K.`), a
 * hyphenated name stays hyphenated (`Hans-Peter` → `Karl-Heinz`), given names become given names of the same
 * gender (the title's, else the first given name's), family names family names; `Schmidt, Anna` is read family
 * first. A one-word name is a family name unless it is a known first name.
 */

const INITIAL = /^\p{Lu}\.(?:-\p{Lu}\.)*$/u;

export type Role = 'keep' | 'initial' | 'given' | 'family';

/** The role of each word of a person's name. */
function roles(d: Draw, words: readonly Word[]): Role[] {
  const { titles, particles } = d.lists;
  const isTitle = (w: string) => [...titles.female, ...titles.male, ...titles.neutral].some((t) => key(t) === key(w));
  const out: Role[] = words.map((w) =>
    isTitle(w.core) || particles.includes(w.core) || !/\p{L}/u.test(w.core) ? 'keep' : INITIAL.test(w.core) ? 'initial' : 'given',
  );
  const names = out.flatMap((r, i) => (r === 'given' ? [i] : []));
  const comma = words.findIndex((w, i) => w.tail.includes(',') && i < words.length - 1);
  if (comma >= 0) {
    for (const i of names) if (i <= comma) out[i] = 'family';
  } else if (names.length === 1) {
    if (!isGivenName(d.lists, words[names[0]!]!.core)) out[names[0]!] = 'family';
  } else if (names.length > 1) {
    out[names[names.length - 1]!] = 'family';
  }
  // An initial before the last name is a given name's; one alone after a family name too: both stay initials.
  return out;
}

/** The gender a title gives (`Frau`, `Mr`), else that of the first given name, else null. */
function personGender(d: Draw, words: readonly Word[], r: readonly Role[]): Gender | null {
  for (const w of words) {
    if (d.lists.titles.female.some((t) => key(t) === key(w.core))) return 'female';
    if (d.lists.titles.male.some((t) => key(t) === key(w.core))) return 'male';
  }
  const first = words.find((_, i) => r[i] === 'given');
  return first === undefined ? null : genderOf(d.lists, first.core);
}

/**
 * New name words for `words` by their roles; `avoid` collects every word drawn (and holds the originals'), so no
 * word repeats inside one surrogate. Null when a list runs out.
 */
export function personWords(d: Draw, words: readonly Word[], r: readonly Role[], gender: Gender, avoid: Set<string>): string[] | null {
  const out: string[] = [];
  for (const [i, w] of words.entries()) {
    const role = r[i]!;
    if (role === 'keep') out.push(toAscii(w.core));
    else if (role === 'initial') out.push(w.core.replace(/\p{Lu}/gu, (c) => randomLetter(d.random, c)));
    else {
      const parts: string[] = [];
      for (const part of w.core.split('-')) {
        const drawn = role === 'given' ? drawGiven(d, gender, avoid) : drawFamily(d, avoid);
        if (drawn === undefined) return null;
        avoid.add(drawn.toLowerCase());
        parts.push(caseLike(part, drawn));
      }
      out.push(parts.join('-'));
    }
  }
  return out;
}

/** The surrogate of a person's name, null when none can be made. */
export function personSurrogate(d: Draw, original: string): string | null {
  const { words, join } = splitWords(original);
  const r = roles(d, words);
  if (!r.some((x) => x === 'given' || x === 'family' || x === 'initial')) return null;
  const gender = personGender(d, words, r) ?? (d.random() < 0.5 ? 'female' : 'male');
  const avoid = new Set(words.flatMap((w) => w.core.split('-').map((p) => p.toLowerCase())));
  const drawn = personWords(d, words, r, gender, avoid);
  return drawn === null ? null : join(drawn);
}
