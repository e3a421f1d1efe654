import { alternation, phrases, US_STATES } from '../gazetteer/lexicon.js';
import { patternRecognizer, type PatternRule } from './pattern-recognizer.js';
import { SP, WORD_END as E } from './fragments.js';
import { TOWN_PATTERN } from './postcode-city.js';

/*
 * LOC: the name in a place field of a form (`Geburtsort: Elbląg`, `Place of birth: Thessaloniki`), and the name after
 * a German word for a municipality or district (`im Landkreis Starnberg`, `die Gemeinde Löhne`, a US state's code
 * in a state field: `State: AZ`,
 * `Kreis Herford`). The word itself says that a place follows, so the span is the name alone; where `Stadt X` means
 * the authority, the ORG rule (context-orgs.ts) takes the whole phrase and outscores this one. `Markt` is left out:
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
];

/** Places in place fields and after a municipality or district word (LOC). */
export const municipalityRecognizer = patternRecognizer('municipality', MUNICIPALITY_RULES);
