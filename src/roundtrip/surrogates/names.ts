import { commonWordsDe, commonWordsEn, firstNames } from '../../detection/lexicons/store.js';
import type { SurrogateLists } from '../../detection/lexicons/surrogate-lists.js';
import type { Draw } from './draw.js';
import { key, pickFree } from './draw.js';

/*
 * Given and family names: the pools the person, e-mail and organisation surrogates draw from. The locale's lists
 * first, the other locale's once they are used up (a German text may meet an `Emily` sooner than `PER-7`).
 */

export type Gender = 'female' | 'male';

const familyPools = new WeakMap<SurrogateLists, Record<'de' | 'en', readonly string[]>>();

/** The locale's family names: the curated ones, then head + tail (`Linde` + `mann` = `Lindemann`) that are no common word. */
function familyPool(lists: SurrogateLists, locale: 'de' | 'en'): readonly string[] {
  let pools = familyPools.get(lists);
  if (pools === undefined) {
    const build = (l: 'de' | 'en') => {
      const given = new Set([...lists[l].givenFemale, ...lists[l].givenMale].map(key));
      // A built name that is a word (`Sandmann`) would be read as that word in an answer.
      const built = lists[l].familyHeads
        .flatMap((h) => lists[l].familyTails.map((t) => h + t))
        .filter((w) => !commonWordsDe().has(w.toLowerCase()) && !commonWordsEn().has(w.toLowerCase()));
      return [...new Set([...lists[l].family, ...built])].filter((w) => !given.has(key(w)));
    };
    pools = { de: build('de'), en: build('en') };
    familyPools.set(lists, pools);
  }
  return pools[locale];
}

const other = (locale: 'de' | 'en') => (locale === 'de' ? 'en' : 'de');

/** A family name not taken nor in `avoid` (lower-cased). */
export const drawFamily = (d: Draw, avoid: ReadonlySet<string>): string | undefined =>
  pickFree(d, familyPool(d.lists, d.locale), avoid) ?? pickFree(d, familyPool(d.lists, other(d.locale)), avoid);

/** A given name of `gender` not taken nor in `avoid`. */
export function drawGiven(d: Draw, gender: Gender, avoid: ReadonlySet<string>): string | undefined {
  const list = (l: 'de' | 'en') => (gender === 'female' ? d.lists[l].givenFemale : d.lists[l].givenMale);
  return pickFree(d, list(d.locale), avoid) ?? pickFree(d, list(other(d.locale)), avoid);
}

/**
 * The gender of a given name (its first part when hyphenated): the gender-tagged lists, then the usual endings
 * (`-a`, `-e`, `-i`, `-y`, `-ine` read female; `Uwe` and `Ole` are listed as male).
 */
export function genderOf(lists: SurrogateLists, given: string): Gender {
  const k = key(given.split('-')[0]!);
  const has = (l: readonly string[]) => l.some((w) => key(w) === k);
  if (has(lists.genderHints.male) || has(lists.de.givenMale) || has(lists.en.givenMale)) return 'male';
  if (has(lists.genderHints.female) || has(lists.de.givenFemale) || has(lists.en.givenFemale)) return 'female';
  return /(?:a|e|i|y|ine|in)$/u.test(k) ? 'female' : 'male';
}

/** Whether a single word is a given name (else a one-word name is read as a family name). */
export function isGivenName(lists: SurrogateLists, word: string): boolean {
  const first = word.split('-')[0]!;
  const k = key(first);
  const listed = [
    lists.de.givenFemale,
    lists.de.givenMale,
    lists.en.givenFemale,
    lists.en.givenMale,
    lists.genderHints.female,
    lists.genderHints.male,
  ];
  return firstNames().has(first) || listed.some((l) => l.some((w) => key(w) === k));
}
