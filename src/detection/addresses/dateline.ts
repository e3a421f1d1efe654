import { alternation, NOT_NOUN_SUFFIX, notWord, US_STATES, words } from '../words/lexicon.js';
import { dateRules } from '../dates/date.js';
import { matchRule, patternRecognizer, type PatternRule } from '../rules/pattern-recognizer.js';
import { SP } from '../rules/fragments.js';
import { TOWN_PATTERN } from './postcode-city.js';

/*
 * LOC: the place of a dateline, the line of a letter that says where and when it was written (`Köln, 18. April 2024`,
 * `Hamburg, den 14.04.2024`, `London, 4 March 2024`). The shape is the evidence, not a list of towns: a town-like
 * name opens its line (or a column of it), a comma and a complete date follow, and nothing else stands on that line
 * (or in that column). The date is
 * checked by the DATE rules themselves and stays theirs; the span is the town alone.
 */

/** Words that open such a line but name no place: when, what and who of a record (`Eingang, 12.03.2021`). */
const NOT_A_PLACE = notWord(
  words(`Eingang Ausgang Aufnahme Entlassung Erstellt Gedruckt Geändert Aktualisiert Unterschrift Ort Zeit Uhrzeit
  Beginn Start Ende Abgabe Versand Druck Zugang Abgang Geburt Tod Gesendet Empfangen Posted Updated Created Signed
  Printed Received Sent Dated Issued Today Heute`),
);
/**
 * The place: a town name, with a US state as one span (`Boston, MA`), at the start of a line after any indent, or at
 * the start of a column after a wide gap (`Rechnung Nr. 2024-0317      Würzburg, 19.03.2024`).
 */
const DATELINE = `(?:^[ \\t\\u00A0]{0,80}|(?<=[ \\u00A0]{3}|\\t))${NOT_A_PLACE}${NOT_NOUN_SUFFIX}(?<town>${TOWN_PATTERN}(?:,${SP}${alternation(US_STATES)})?)${SP}?,${SP}{1,3}(?:(?:den|am|the)${SP}{1,3})?`;
/** After the date only a full stop and spaces may end the line, or a column gap its column. */
const LINE_END = /^(?:[ \t\u00A0.]*(?:[\r\n\u2028\u2029]|$)|\.?(?:[ \u00A0]{3,}|\t))/u;

/** Accepts the place when a complete date starts right after it and ends its line. */
function datelineScore(_value: string, m: RegExpExecArray, text: string): number | false {
  const at = m.index + m[0].length;
  const tail = text.slice(at, at + 40);
  let end = -1;
  for (const rule of dateRules) {
    for (const s of matchRule(rule, tail, 'dateline')) if (s.start === 0 && s.score >= 0.85) end = Math.max(end, s.end);
  }
  return end > 0 && LINE_END.test(text.slice(at + end, at + end + 20)) && 0.85;
}

const DATELINE_RULES: readonly PatternRule[] = [
  { label: 'LOC', regex: new RegExp(DATELINE, 'dgmu'), group: 'town', score: 0.85, validate: datelineScore },
];

/** The place of a dateline (LOC). */
export const datelineRecognizer = patternRecognizer('dateline', DATELINE_RULES);
