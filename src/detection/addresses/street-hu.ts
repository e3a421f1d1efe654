import { alternation, FUNCTION_WORDS, notWord, phrases, UNIT_WORDS, words } from '../words/lexicon.js';
import type { PatternRule } from '../rules/pattern-recognizer.js';
import { SP, WORD_START as B } from '../rules/fragments.js';

/*
 * Hungarian street lines (issue 37, step 5): the name first, then the street word in lower case, then the house
 * number: `Andrássy út 12`, `Váci utca 15`, `Kossuth Lajos tér 1`, `Szent István krt. 9`, `Bartók Béla út 43-47`,
 * `Dózsa György út 1/A`, with a floor and door after it (`Rákóczi út 5. II. em. 3`). The street word alone is an
 * ordinary noun (`az út 12 km hosszú`, "the road is 12 km long"): a capitalised name right before it and a house
 * number right after it are both required. Every repetition is bounded.
 */

/** Street words written after the name (utca, út, tér, körút and their abbreviations; sétány, köz, rakpart, fasor). */
const HU_TYPE = `(?:${phrases('utca u. út útja tér tere körút krt. körtér sétány köz rakpart fasor')})`;
/** Words that open a sentence or a noun phrase, not a street name (A, Az, Egy, Ez, Itt …). */
const HU_STOP = notWord([...FUNCTION_WORDS, ...words('A Az Egy Ez Azt Ezt Itt Ott Minden Nincs Van Lesz Volt Mert Hogy')]);
/** One word of the name: Andrássy, Kossuth, Bajcsy-Zsilinszky, Duna-parti, Szent, István. */
const HU_WORD = `\\p{Lu}\\p{Ll}{1,20}(?:-\\p{L}\\p{Ll}{1,20})?`;
/** House number: 12, 43-47, 1/A, 12/b; not a decimal or part of a longer digit run. */
const HU_NUM =
  `[1-9]\\d{0,3}(?:${SP}?[-–/]${SP}?(?:[1-9]\\d{0,3}|[A-Za-z](?![\\p{L}\\p{N}])))?(?:[a-z](?![\\p{L}\\p{N}]))?` +
  '(?![\\p{L}\\p{N}]|[.,]\\d)';
/** Floor and door: "5. II. em. 3", "5., fszt. 2", "5. 3. emelet 12. ajtó" (emelet = floor, ajtó = door). */
const HU_FLOOR =
  `(?:\\.?,?${SP}(?:(?:[IVX]{1,4}|[1-9]\\d?)\\.${SP}?em(?:elet|\\.)|fszt\\.?|földszint)` +
  `(?:${SP}?[1-9]\\d{0,2}(?:\\.${SP}?ajtó|${SP}ajtó)?)?(?![\\p{L}\\p{N}]))?`;

/** Counts and measures after the number: "Petőfi tér 12 órakor", "Fő utca 3 km". */
const HU_UNIT_AFTER = new RegExp(
  `^\\.?${SP}?(?:${alternation([...UNIT_WORDS, ...words('óra órakor órát perc percet nap napig hét hónap év évig évet fő forint Ft km méter méterre százalék')])}` +
    '(?![\\p{L}\\p{N}])|%|€|\\$)',
  'u',
);

/** What ends a street line: a comma, a line break, the text's end, a postcode. */
const LINE_END_AFTER = /^\.?(?:[,;]|[ \t]*\r?\n|\s*$|[ \t]\d{4}[ \t])/u;

/**
 * No count or measure after the number. German "u." is "und" (`Meier u. 2 Kinder`, `50 Watt u. 1 min`): with the
 * abbreviation the line must end after the number or carry a floor.
 */
function huStreet(value: string, m: RegExpExecArray, text: string): boolean {
  const end = m.index + m[0].length;
  const after = text.slice(end, end + 16);
  if (HU_UNIT_AFTER.test(after)) return false;
  return !/[ \u00a0\u202f]u\.[ \u00a0\u202f]/u.test(value) || / em|fszt|földszint/u.test(value) || LINE_END_AFTER.test(after);
}

/** Hungarian street rules; the street recognizer runs them beside the others. */
export const HU_STREET_RULES: readonly PatternRule[] = [
  {
    // Andrássy út 12, Váci utca 15, Kossuth Lajos tér 1, Szent István krt. 9, Rákóczi út 5. II. em. 3.
    label: 'STR',
    regex: new RegExp(`${B}${HU_STOP}${HU_WORD}(?:${SP}${HU_WORD}){0,2}${SP}${HU_TYPE}${SP}${HU_NUM}${HU_FLOOR}`, 'gu'),
    score: 0.85,
    validate: huStreet,
  },
];
