import { alternation, FUNCTION_WORDS_LOWER, phrases, US_STATE_NAMES, US_STATES, words } from '../words/lexicon.js';
import { isCommonWord } from '../words/common-words.js';
import { patternRecognizer, type PatternRule } from '../rules/pattern-recognizer.js';
import { SP, WORD_END as E } from '../rules/fragments.js';
import { TOWN_PATTERN } from './postcode-city.js';

/*
 * LOC: the name in a place field of a form (`Geburtsort: Elbląg`, `Place of birth: Thessaloniki`), and the name after
 * a German word for a municipality or district (`im Landkreis Starnberg`, `die Gemeinde Löhne`, a US state's code
 * in a state field: `State: AZ`,
 * `Kreis Herford`). The word itself says that a place follows, so the span is the name alone; where `Stadt X` means
 * the authority, the ORG rule (context-orgs.ts) takes the whole phrase and outscores this one. Counties are named
 * with their head word (`Cook County`, `County Cork`). `Markt` is left out:
 * it is a market too (`auf dem Markt Gemüse kaufen`), and as part of a town's name (`Markt Schwaben`) the town rules
 * read it.
 */

const HEADS = phrases(`Stadt Gemeinde Landkreis Kreis Kreisstadt Landeshauptstadt Hansestadt Marktgemeinde Stadtgemeinde
  Samtgemeinde Verbandsgemeinde Ortsgemeinde Ortsteil Stadtteil Regierungsbezirk Bezirk Kanton`);
/** Below the model and the authority rule (0.8): a longer span they read around the name wins the merge. */
const SCORE = 0.7;
/** Form fields whose value is a town (a colon after the field name). */
const FIELDS = phrases(`Geburtsort Geburtsstadt Wohnort Herkunftsort Ort Ortsteil Stadtteil Wohnsitz Place_of_birth
  Birthplace Birth_place Town_of_birth City_of_birth City Town Place_of_residence Hometown State County Province Region
  Bundesland Kanton`);

/** One word of a county's or township's name: Cook, Oakland, Tomaszów, St. */
const COUNTY_WORD = `(?:St\\.|(?!County)\\p{Lu}[\\p{L}\\p{M}'’-]{1,25})`;
/** Words after `County` that make an authority or a building of it, not a county (`County Court`, `County Hall`). */
const COUNTY_NOT_NAMES: ReadonlySet<string> = new Set(
  words('Court Courts Council Commission Commissioners Hall Clerk Sheriff Attorney Board Office Jail Line Road Hospital School'),
);

/** A county: its name, no function word first (`The County`), and no authority or building after it. */
function county(value: string, m: RegExpExecArray, text: string): boolean {
  const first = value.split(/[ \u00a0]/u)[0] ?? '';
  const after = /^[ \t]+(\p{Lu}\p{Ll}+)/u.exec(text.slice(m.index + m[0].length, m.index + m[0].length + 30))?.[1] ?? '';
  const named = value.startsWith('County') ? (value.split(/[ \u00a0]/u)[1] ?? '') : '';
  // A common word opening a sentence is no name (`Every County has one`); inside one it is (`the Cook County court`).
  const sentenceStart = /(?:^|[.!?:]\s+|\n\s*)$/u.test(text.slice(Math.max(0, m.index - 4), m.index));
  if (FUNCTION_WORDS_LOWER.has(first.toLowerCase()) || (sentenceStart && isCommonWord(first, 'en'))) return false;
  return !COUNTY_NOT_NAMES.has(after) && !COUNTY_NOT_NAMES.has(named);
}

const MUNICIPALITY_RULES: readonly PatternRule[] = [
  {
    // One regex for both cues: each copy of the town pattern costs V8 regex code (docs/measurements.md).
    label: 'LOC',
    regex: new RegExp(
      `(?<![\\p{L}\\p{N}\\p{M}-])(?:${HEADS}${SP}|(?<field>${FIELDS})[ \\t]*:[ \\t]{0,20})(?<town>${TOWN_PATTERN}|(?<=:[ \\t]{0,20})${alternation(US_STATES)})${E}`,
      'dgu',
    ),
    group: 'town',
    score: SCORE,
    validate: (_v, m) => (m.groups?.['field'] !== undefined ? 0.75 : SCORE),
  },
  {
    // Counties, with their township and state as they are named together: `Cook County`, `Highland Township, Oakland
    // County, Michigan`, `County Cork`.
    label: 'LOC',
    regex: new RegExp(
      `(?<![\\p{L}\\p{N}\\p{M}-])(?:(?:(?:${COUNTY_WORD}${SP}){1,3}Township${SP}?,${SP})?(?:${COUNTY_WORD}${SP}){1,3}County(?:${SP}?,${SP}${US_STATE_NAMES})?|County${SP}${COUNTY_WORD})${E}`,
      'gu',
    ),
    score: 0.75,
    validate: county,
  },
];

/** Places in place fields and after a municipality or district word (LOC). */
export const municipalityRecognizer = patternRecognizer('municipality', MUNICIPALITY_RULES);
