import { MONTH_PATTERN_SOURCE } from '../../dates/months.js';
import { parseDate, type ParsedDate } from '../../dates/parse.js';
import { isWeekdayWord } from '../../dates/weekdays.js';
import type { Span } from '../../text/span.js';
import type { DetectContext, Recognizer } from '../recognizer.js';
import { matchRule, type PatternRule } from '../rules/pattern-recognizer.js';

/*
 * DATE in running text. Regexes find candidates cheaply; the shared parser (src/dates/parse.ts) then accepts only
 * real calendar dates in a supported form, and the score depends on what the parser found (full > partial).
 *
 * Every regex uses bounded repetition and fixed alternatives only, and the boundaries are single-character
 * look-arounds, so each rule runs in linear time on any input.
 */

// A numeric date must not continue a number, word, version or path (`1.2.3`, `v12.03.2021`, `/12/2021`), nor the
// decimal comma of a measurement (`8,5/10/16 cm`).
const LB_NUM = String.raw`(?<![\p{L}\p{N}_./:]|(?<![\p{N}.])\p{N}{1,3},)`;
// ...nor be continued by one; a dash or comma may follow (`01.03.2021-31.03.2021`, `12.03.2021,13.03.2021`).
const END_NUM = String.raw`(?![\p{L}\p{N}_]|[.:/]\p{N})`;
// ISO dates are built from dashes, so a dash next to a digit continues them (`2021-03-12-7`).
const LB_ISO = String.raw`(?<![\p{L}\p{N}_./:]|\p{N}-)`;
const END_ISO = String.raw`(?![\p{N}_]|[.,:/-]\p{N})`;
const LB_WORD = String.raw`(?<![\p{L}\p{N}_])`;
const MON = MONTH_PATTERN_SOURCE;
// A two-digit year must not be the hour of a time (`3. März 10 Uhr`, `12.03. 10:30`).
const YY = String.raw`\d{2}(?!\s{0,2}(?:uhr|h(?!\p{L})|:\d))`;

const DATE_SOURCES = {
  /** `12.03.2021`, `12.3.68`, `12. 03. 2021` (with spaces only before a 4-digit year: `12.03. 14 Uhr` is no year). */
  dotted: `${LB_NUM}\\d{1,2}\\.\\s?\\d{1,2}\\.(?:\\d{4}|${YY}|\\s\\d{4})${END_NUM}`,
  /** `12.03.`, `3.3.`: needs a following non-digit. */
  dottedDayMonth: `${LB_NUM}\\d{1,2}\\.\\d{1,2}\\.(?![\\p{L}\\p{N}_])`,
  /** `03.2021` (two-digit month, 19xx/20xx year, so that numbers such as `12.5000` stay out). */
  dottedMonthYear: `${LB_NUM}(?:0[1-9]|1[0-2])\\.(?:19|20)\\d{2}${END_NUM}`,
  /** `03/12/2021`, `25/12/21`. */
  slashed: `${LB_NUM}\\d{1,2}/\\d{1,2}/(?:\\d{4}|${YY})${END_NUM}`,
  /** `10/2021`, `3/2021`. */
  slashedMonthYear: `${LB_NUM}(?:0?[1-9]|1[0-2])/(?:19|20)\\d{2}${END_NUM}`,
  /** `2021-03-12`, `2021/03/12`. */
  yearFirst: `${LB_ISO}\\d{4}(?:-\\d{1,2}-\\d{1,2}|/\\d{1,2}/\\d{1,2})${END_ISO}`,
  /** `3. März 2021`, `12. Jan. 99`, `3 March 2021`, `3rd of March, 2021`, `3. März`. */
  writtenDayFirst: `(?:(?<=\\d\\./)|${LB_NUM})\\d{1,2}(?:\\.\\s{0,2}|(?:st|nd|rd|th)?\\s{1,2}(?:of\\s{1,2})?)${MON}(?:,?\\s{1,2}(?:\\d{4}|${YY}))?${END_NUM}`,
  /** `March 3rd, 2021`, `Mar 3 2021`, `Sept. 3, 2021`, `March 3`. */
  writtenMonthFirst: `${LB_WORD}${MON}\\s{1,2}\\d{1,2}(?:st|nd|rd|th)?(?:,?\\s{1,2}\\d{4})?${END_NUM}`,
  /** `März 2021`, `March, 2021`, `Sept. 2021`. */
  writtenMonthYear: `${LB_WORD}${MON},?\\s{1,2}\\d{4}${END_NUM}`,
} as const;

// Words right before a numeric candidate that make it a section, version or file number rather than a date.
const NOT_A_DATE_BEFORE =
  /(?:^|[^\p{L}\p{N}])(?:version|ver|v|kapitel|abschnitt|ziffer|nr|no|nummer|az|aktenzeichen|rn|rz|tz|art|abs|section|chapter|seite|s|page|p|pp|punkt|anlage|tabelle|abb|fig)\.?\s{0,2}$|§\s{0,2}$/iu;
// A street named after a date (`Straße des 17. Juni`, `Platz des 4. Juli`) is an address, not a date.
const STREET_BEFORE =
  /(?:stra(?:ß|ss)e|str\.|platz|allee|weg|ufer|brücke|damm|ring|chaussee|markt|gasse|promenade|park)\s{1,3}(?:des|vom)\s{1,3}$/iu;
// A day right before a month+year candidate: the full date was rejected (`30. Februar 2020`), so is its tail.
const DAY_BEFORE = /\d(?:\.|st|nd|rd|th)?\s{0,2}(?:of\s{1,2})?$/iu;
// A number after a day+month (`17. Juni 135`) looks like a house number; a time (`3. März 10 Uhr`) does not.
const NUMBER_AFTER = /^\s{1,2}\d{1,4}(?!\d)(?!\s{0,2}(?:uhr|h\b|:|\.\d))/iu;
// Words that announce a date; they lift partial dates, which are ambiguous on their own.
const DATE_CONTEXT: ReadonlySet<string> = new Set([
  'am',
  'vom',
  'bis',
  'seit',
  'ab',
  'zum',
  'den',
  'datum',
  'geboren',
  'geb',
  'geburtsdatum',
  'verstorben',
  'gest',
  'termin',
  'frist',
  'stand',
  'on',
  'dated',
  'date',
  'since',
  'until',
  'till',
  'from',
  'born',
  'dob',
  'deadline',
]);
// Up to two words before the candidate, skipping punctuation (`Donnerstag, den`, `geb.:`), read from the end.
const WORDS_BEFORE = /(?:(\p{L}{2,15})[\s.,:;]{1,4})?(\p{L}{2,15})[\s.,:;]{1,4}$/u;

function hasDateContext(text: string, start: number): boolean {
  const m = WORDS_BEFORE.exec(text.slice(Math.max(0, start - 40), start));
  if (!m) return false;
  const words = [m[2], m[1]].filter((w): w is string => w !== undefined).map((w) => w.toLowerCase());
  // A weekday before the date (`Donnerstag, 12.05.`) announces it as well as a preposition does.
  return words.some((w) => DATE_CONTEXT.has(w) || isWeekdayWord(w));
}

function baseScore(p: ParsedDate): number {
  const written = p.form === 'written';
  if (p.day !== undefined && p.month !== undefined && p.year !== undefined) {
    if (written) return 0.95;
    return p.twoDigitYear ? 0.85 : 0.9;
  }
  // Partial dates: day+month or month+year.
  return written ? 0.7 : 0.6;
}

/** Accepts a candidate when the parser reads it as a date and its surroundings do not say otherwise; scores it. */
function validateDate(value: string, match: RegExpExecArray, text: string): boolean | number {
  const p = parseDate(value, 'AUTO');
  if (!p) return false;
  const start = match.index;
  const end = start + value.length;
  const before = text.slice(Math.max(0, start - 30), start);
  const complete = p.day !== undefined && p.month !== undefined && p.year !== undefined;
  if (p.form === 'written') {
    if (STREET_BEFORE.test(before)) return false;
    if (p.day === undefined && DAY_BEFORE.test(before)) return false;
    // Lower-case month words (`may 2021`, `march 3`) are mostly verbs; accept them only in full dates.
    const first = p.monthRange ? value.charAt(p.monthRange.start) : '';
    const lowerCase = first !== '' && first === first.toLowerCase() && first !== first.toUpperCase();
    if (lowerCase && !complete) return false;
    let score = baseScore(p) - (lowerCase ? 0.1 : 0);
    if (!complete && p.day !== undefined && NUMBER_AFTER.test(text.slice(end, end + 12))) score = 0.3;
    else if (!complete && hasDateContext(text, start)) score += 0.15;
    return Math.min(1, score);
  }
  if (NOT_A_DATE_BEFORE.test(before)) return false;
  let score = baseScore(p);
  if (hasDateContext(text, start)) score += complete ? 0.05 : 0.2;
  return Math.min(1, score);
}

/** `/` only after a day's dot (`3./4. Mai`), not in a fraction (`1/4`). */
const RANGE_SEP = '\\s{0,2}(?:,|(?<=\\.)/|und|and|bis|to|–|-)\\s{0,2}';
const DAY = '(?:0?[1-9]|[12]\\d|3[01])';
/**
 * A day that opens a range or list of days ending in a written date: `vom [6.] bis 14. März 2024`, `On: [4], [5] and 6
 * March 2024`, `am [3.]/4. Mai`; or, with its dot, in a numeric one: `[04.]–06.03.2024`. The last day is a date of its
 * own (`writtenDayFirst`, the numeric rules).
 */
const DAY_OF_RANGE =
  `${LB_NUM}(?<day>${DAY}(?:(?:\\.|st|nd|rd|th)?(?=(?:${RANGE_SEP}\\d{1,2}(?:\\.|st|nd|rd|th)?){1,3}\\s{0,2}${MON})` +
  `|\\.(?=${RANGE_SEP}${DAY}\\.(?:0?[1-9]|1[0-2])\\.(?:\\d{4}|\\d{2})?(?!\\d))))`;

/** A year of birth: `born 2015`, `born in 1988`, `geb. 1952`, `geboren 1949`, `Jahrgang 1968`, `Jg. 1971`. */
const BIRTH_YEAR = `(?<![\\p{L}])(?:born|geb\\.|geboren|Jahrgang|Jg\\.)\\s{1,2}(?:in\\s{1,2})?(?<year>(?:19|20)\\d{2})(?![\\p{L}\\p{N}]|[.,/]\\d)`;

/**
 * Month and two-digit year, as clinical histories write them: `ED 9/23`, `(03/33)`, `10/63-12/63`, `seit 10/32`. The
 * shape alone is a ratio or a score as often (`2/10`, `BSG 7/23`), so it needs a date's context: a word that announces
 * a date or a first diagnosis before it, a sentence end before it, brackets around it, a range of such dates, or a
 * list's next item after it (`Anlage 12/17 - Relaparotomie`).
 */
const MONTH = '(?:0?[1-9]|1[0-2])';
const MONTH_YY = `${LB_NUM}${MONTH}\\/\\d{2}${END_NUM}`;
const MONTH_YY_BEFORE =
  /(?:(?:^|[^\p{L}])(?:ED|EZ|Erstdiagnose|seit|ab|bis|zuletzt|vom|im|Stand|since|from|until|diagnosed|dx)\.?:?|\(|[-–]|\p{Ll}\.|\d\/\d{2}\s{0,2}(?:und|and|,))\s{0,2}$/u;
const MONTH_YY_AFTER = new RegExp(
  `^(?:\\s{0,2}[)]|(?:\\s{0,2}[-–]\\s{0,2}|\\s{1,2}(?:bis|to|und|and)\\s{1,2})(?:${MONTH}\\/\\d{2}|laufend|heute)(?![\\p{N}])|\\s{1,2}[-–]\\s{1,2}\\p{Lu}\\p{Ll})`,
  'u',
);
/** A month that opens a range ending in a month and year: `[03] - 05/2021`, `Xeloda [10]-11/2022`, `(FOLFOX) [6]-9/19`. */
const MONTH_OF_RANGE = `${LB_NUM}(?<month>${MONTH})(?=\\s{0,2}[-–]\\s{0,2}${MONTH}\\/(?:\\d{4}|\\d{2})${END_NUM})`;

/** The DATE pattern rules, one per form; every candidate is validated by the shared date parser. */
export const dateRules: readonly PatternRule[] = [
  ...Object.values(DATE_SOURCES).map((source) => ({
    label: 'DATE' as const,
    regex: new RegExp(source, 'giu'),
    score: 0.6,
    validate: validateDate,
  })),
  { label: 'DATE', regex: new RegExp(BIRTH_YEAR, 'dgu'), group: 'year', score: 0.8 },
  {
    label: 'DATE',
    regex: new RegExp(MONTH_YY, 'gu'),
    score: 0.75,
    validate: (v, m, text) =>
      MONTH_YY_BEFORE.test(text.slice(Math.max(0, m.index - 16), m.index)) ||
      MONTH_YY_AFTER.test(text.slice(m.index + v.length, m.index + v.length + 12)),
  },
  {
    label: 'DATE',
    regex: new RegExp(MONTH_OF_RANGE, 'dgu'),
    group: 'month',
    score: 0.7,
    validate: (_v, m, text) => !NOT_A_DATE_BEFORE.test(text.slice(Math.max(0, m.index - 20), m.index)),
  },
  {
    label: 'DATE',
    regex: new RegExp(DAY_OF_RANGE, 'dgiu'),
    group: 'day',
    score: 0.7,
    validate: (_v, m, text) => !NOT_A_DATE_BEFORE.test(text.slice(Math.max(0, m.index - 20), m.index)),
  },
];

/** Keeps the longest of overlapping candidates (a full date over its partial pieces), then the higher score. */
function resolveOverlaps(spans: readonly Span[], textLength: number): Span[] {
  const byPreference = [...spans].sort((a, b) => b.end - b.start - (a.end - a.start) || b.score - a.score || a.start - b.start);
  // Candidates are short (bounded regexes), so marking covered code units keeps this linear in the text length
  // even when candidates chain into one long run of overlaps (`3. Jan. 3. Jan. …`).
  const covered = new Uint8Array(textLength);
  const kept: Span[] = [];
  for (const s of byPreference) {
    if (covered.subarray(s.start, s.end).includes(1)) continue;
    covered.fill(1, s.start, s.end);
    kept.push(s);
  }
  return kept.sort((a, b) => a.start - b.start);
}

/** DATE recognizer: numeric, ISO and written German/English dates, full and partial, validated by the parser. */
export const dateRecognizer: Recognizer = {
  id: 'date',
  labels: ['DATE'],
  detect(text: string, ctx: DetectContext): Span[] {
    if (!ctx.labels.has('DATE')) return [];
    const spans = dateRules.flatMap((rule) => matchRule(rule, text, 'date'));
    return resolveOverlaps(spans, text.length);
  },
};
