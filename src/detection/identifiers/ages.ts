import type { PatternRule } from '../rules/pattern-recognizer.js';
import { SP } from '../rules/fragments.js';
import { GAP } from './boundaries.js';

/*
 * Ages (OTH): the number only (`[[OTH|72]] Jahre`, `a [[OTH|75]]-year-old`, `(71 y)`), not a duration or anniversary.
 */

const LEFT_AGE = String.raw`(?<![\p{L}\p{N}\p{M}_.,\/\-])`;
const AGE_DE_STRONG =
  `${LEFT_AGE}\\d{1,3}(?=${SP}?-?${SP}?[jJ](?:ä|ae|a)hrig(?:e[nmrs]?)?(?![\\p{L}])|${SP}?-?[jJ](?:ä|ae)hr\\.|-[jJ]\\.(?!\\p{L})` +
  `|${SP}?(?:Jahre|J\\.)${SP}alt(?![\\p{L}])|\\.${SP}?(?:Lj\\.?|LJ|Lebensjahr)(?![\\p{L}]))`;
const AGE_EN_STRONG = `${LEFT_AGE}\\d{1,3}(?=${SP}?-?${SP}?(?:years?|yrs?\\.?)${SP}?-?${SP}?old(?![\\p{L}])|${SP}?(?:y\\/o|yo)(?![\\p{L}\\p{N}]))`;
// In a record's header the age follows the birth date in brackets: `DOB: 09/30/1952 (71 y)`, `(72 J.)`.
const AGE_BRACKETED = `(?<=\\()\\d{1,3}(?=${SP}?(?:y|yrs?|J|Jahre)\\.?\\))`;
const AGE_DE_WEAK = `${LEFT_AGE}\\d{1,3}(?=${SP}(?:Jahre|J\\.)(?![\\p{L}])(?!${SP}alt(?![\\p{L}])))`;
// A birthday: `he turns 80 on 28 Sept`, `Oma wird 90!` (not `wird 5 Seiten lang`: a time, a bracket or the end follows).
const AGE_TURNS = `(?<=(?<![\\p{L}])(?:turn(?:s|ed|ing)?|wird|wurde)${SP})\\d{1,3}(?=${SP}?(?:[!.,;)]|$)|${SP}(?:on|in|this|next|today|tomorrow|soon|and|am|im|diese[ns]?|nächste[ns]?|heute|morgen|bald|und)(?![\\p{L}]))`;
const AGE_MIT = `(?<=(?<![\\p{L}])[Mm]it${SP})\\d{1,3}(?=${SP}Jahren(?![\\p{L}]))`;
const AGE_LABELLED =
  `(?<![\\p{L}\\p{N}])(?:[Aa]ged|[Aa]ge|AGE|Alter|ALTER|[Ii]m Alter von|[Aa]t the age of|[Ll]ebensalter)${GAP}{0,2}:?${GAP}{0,2}` +
  `(?<n>\\d{1,3})(?![\\p{L}\\p{N}\\p{M}_]|[.,]\\p{N})`;

// What follows `10-jährige …` / `5 Jahre …` when it is an anniversary or a duration, not a person's age. Nouns may
// carry a short inflection (`Jubiläums`); function words must end there (`her` is not `Herr`).
const NOT_AN_AGE_AFTER = new RegExp(
  '^[\\s-]{0,3}(?:(?:jubiläum|dienstjubiläum|firmenjubiläum|bestehen|erfahrung|berufserfahrung|betriebszugehörigkeit|' +
    'zugehörigkeit|ausbildung|studium|laufzeit|garantie|gewährleistung|vertrag|mitgliedschaft|tätigkeit|frist|' +
    'zinsbindung|ehe|partnerschaft|haft|haftstrafe|freiheitsstrafe|gefängnis|geschichte|tradition|pause|abwesenheit|' +
    'zusammenarbeit|entwicklung|forschung|amtszeit|dienstzeit|beziehung|planung|programm|projekt|anniversary|warranty|' +
    'experience)\\p{L}{0,3}|(?:lang|her|später|zuvor|danach|vorher|nach|hintereinander|in\\s+folge|ago|later|long))(?![\\p{L}])',
  'iu',
);
// Words before `N Jahre` that make it a duration (`seit 20 Jahren`, `vor 10 Jahren`, `für 3 Jahre`).
const DURATION_BEFORE =
  /(?<![\p{L}])(?:seit|vor|nach|für|über|in|ca\.|circa|etwa|rund|fast|knapp|mehr als|weniger als|letzten|nächsten|innerhalb|binnen|alle|bis|von|zu|um|auf|jeweils|insgesamt|dauer|laufzeit|frist|garantie|haft|je|pro|ab|mindestens|höchstens|maximal|minimal|bereits|schon|noch|weitere)\s{1,3}$/iu;

function afterMatch(text: string, m: RegExpExecArray): string {
  // Skip the age word itself (`-jährige`, ` Jahre`) and look at what follows.
  const rest = text.slice(m.index + m[0].length, m.index + m[0].length + 60);
  return rest.replace(/^[\s-]{0,3}(?:j(?:ä|ae|a)hrig\p{L}{0,3}|jahre\p{L}{0,2}|jähr\.|j\.|\.\s?(?:lj\.?|lebensjahr))/iu, '');
}

function ageScore(strong: number) {
  return (value: string, m: RegExpExecArray, text: string): number | false => {
    const n = Number(value);
    if (n > 130) return false;
    if (NOT_AN_AGE_AFTER.test(afterMatch(text, m))) return false;
    return strong;
  };
}

function weakAgeScore(value: string, m: RegExpExecArray, text: string): number | false {
  const n = Number(value);
  if (n > 130) return false;
  if (DURATION_BEFORE.test(text.slice(Math.max(0, m.index - 20), m.index))) return false;
  if (NOT_AN_AGE_AFTER.test(afterMatch(text, m))) return false;
  return /J\./u.test(text.slice(m.index + m[0].length, m.index + m[0].length + 3)) ? 0.7 : 0.55;
}

export const AGE_RULES: readonly PatternRule[] = [
  { label: 'OTH', regex: new RegExp(AGE_DE_STRONG, 'gu'), score: 0.9, validate: ageScore(0.9) },
  { label: 'OTH', regex: new RegExp(AGE_EN_STRONG, 'giu'), score: 0.9, validate: ageScore(0.9) },
  { label: 'OTH', regex: new RegExp(AGE_BRACKETED, 'gu'), score: 0.8, validate: ageScore(0.8) },
  { label: 'OTH', regex: new RegExp(AGE_DE_WEAK, 'gu'), score: 0.55, validate: weakAgeScore },
  { label: 'OTH', regex: new RegExp(AGE_MIT, 'gu'), score: 0.7, validate: ageScore(0.7) },
  { label: 'OTH', regex: new RegExp(AGE_TURNS, 'gu'), score: 0.6, validate: ageScore(0.6) },
  { label: 'OTH', regex: new RegExp(AGE_LABELLED, 'dgu'), group: 'n', score: 0.85, validate: (v) => Number(v) <= 130 && 0.85 },
];
