import { internalError } from '../../errors/problem.js';

/*
 * The round trip's surrogate lists (`lexicons/surrogates.json`): the hand-curated names, streets, towns and words
 * from which realistic fake values are drawn (src/roundtrip/surrogates/). Every entry is plain ASCII, so that no
 * surrogate made of them hides behind a JSON or HTML escape in a model's answer.
 */

/** One locale's lists. */
export interface SurrogateLocaleLists {
  givenFemale: readonly string[];
  givenMale: readonly string[];
  family: readonly string[];
  /** Family names are also built as head + tail (`Linde` + `mann`), so that a long conversation does not run out. */
  familyHeads: readonly string[];
  familyTails: readonly string[];
  /** Street names: a base and a suffix (de `Linden` + `weg`; en `Oak` + `Road`). */
  streetBases: readonly string[];
  streetSuffixes: readonly string[];
  /** Small towns whose names are the same in German and English, of one to four words. */
  towns: readonly string[];
}

/** `lexicons/surrogates.json`. */
export interface SurrogateLists {
  de: SurrogateLocaleLists;
  en: SurrogateLocaleLists;
  /** Countries written the same in German and English (`Peru`, `Malta`). */
  countries: readonly string[];
  /** Country names of either language, lower-cased and folded to ASCII (`oesterreich`): an original that is a country. */
  knownCountries: readonly string[];
  /** Generic words of an organisation's name that stay (`GmbH`, `Amtsgericht`, `Ltd`). */
  orgWords: readonly string[];
  /** Name particles that stay (`von`, `van`, `der`). */
  particles: readonly string[];
  /** Words before a name that stay; female and male ones tell the name's gender. */
  titles: { female: readonly string[]; male: readonly string[]; neutral: readonly string[] };
  /** Given names of the originals whose gender the surrogate lists do not settle. */
  genderHints: { female: readonly string[]; male: readonly string[] };
  /** Free-mail domains an e-mail surrogate may keep (they name no one). */
  freeMail: readonly string[];
}

const LOCALE_KEYS = ['givenFemale', 'givenMale', 'family', 'familyHeads', 'familyTails', 'streetBases', 'streetSuffixes', 'towns'] as const;

const isWordList = (v: unknown): v is string[] =>
  Array.isArray(v) && v.length > 0 && v.every((w) => typeof w === 'string' && w.length > 0 && /^[\x20-\x7e]+$/u.test(w));

/** Parses and checks `lexicons/surrogates.json` (every list present, non-empty, printable ASCII); throws a 500 otherwise. */
export function parseSurrogateLists(text: string): SurrogateLists {
  const fail = (what: string) => internalError(`lexicons/surrogates.json: ${what} is missing or not a list of ASCII strings.`);
  const data = JSON.parse(text) as Record<string, unknown>;
  for (const locale of ['de', 'en'] as const) {
    const lists = data[locale] as Record<string, unknown> | undefined;
    for (const key of LOCALE_KEYS) if (!isWordList(lists?.[key])) throw fail(`${locale}.${key}`);
  }
  for (const key of ['countries', 'knownCountries', 'orgWords', 'particles', 'freeMail'] as const) {
    if (!isWordList(data[key])) throw fail(key);
  }
  const titles = data['titles'] as Record<string, unknown> | undefined;
  for (const key of ['female', 'male', 'neutral']) if (!isWordList(titles?.[key])) throw fail(`titles.${key}`);
  const hints = data['genderHints'] as Record<string, unknown> | undefined;
  for (const key of ['female', 'male']) if (!isWordList(hints?.[key])) throw fail(`genderHints.${key}`);
  return data as unknown as SurrogateLists;
}
