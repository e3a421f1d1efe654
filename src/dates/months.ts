/**
 * German and English month names and abbreviations, shared by the date parser and the DATE recognizer.
 */

/** Which language a month word belongs to; `BOTH` for words spelled the same in German and English. */
export type MonthLanguage = 'DE' | 'EN' | 'BOTH';

/** One month word: its month (1–12), language, and whether it is an abbreviation (only those may take a dot). */
export interface MonthWord {
  month: number;
  language: MonthLanguage;
  abbreviation: boolean;
}

// [word (lower case), month, language, abbreviation]. Umlaut-free spellings (Maerz, Jaenner, Marz) are common
// in typed text and in OCR output, so they are listed as well.
const WORDS: ReadonlyArray<readonly [string, number, MonthLanguage, boolean]> = [
  ['januar', 1, 'DE', false],
  ['jänner', 1, 'DE', false],
  ['jaenner', 1, 'DE', false],
  ['january', 1, 'EN', false],
  ['jan', 1, 'BOTH', true],
  ['jän', 1, 'DE', true],
  ['februar', 2, 'DE', false],
  ['feber', 2, 'DE', false],
  ['february', 2, 'EN', false],
  ['feb', 2, 'BOTH', true],
  ['febr', 2, 'BOTH', true],
  ['märz', 3, 'DE', false],
  ['maerz', 3, 'DE', false],
  ['marz', 3, 'DE', false],
  ['march', 3, 'EN', false],
  ['mär', 3, 'DE', true],
  ['mrz', 3, 'DE', true],
  ['mar', 3, 'EN', true],
  ['april', 4, 'BOTH', false],
  ['apr', 4, 'BOTH', true],
  ['mai', 5, 'DE', false],
  ['may', 5, 'EN', false],
  ['juni', 6, 'DE', false],
  ['june', 6, 'EN', false],
  ['jun', 6, 'BOTH', true],
  ['juli', 7, 'DE', false],
  ['july', 7, 'EN', false],
  ['jul', 7, 'BOTH', true],
  ['august', 8, 'BOTH', false],
  ['aug', 8, 'BOTH', true],
  ['september', 9, 'BOTH', false],
  ['sep', 9, 'BOTH', true],
  ['sept', 9, 'BOTH', true],
  ['oktober', 10, 'DE', false],
  ['october', 10, 'EN', false],
  ['okt', 10, 'DE', true],
  ['oct', 10, 'EN', true],
  ['november', 11, 'BOTH', false],
  ['nov', 11, 'BOTH', true],
  ['dezember', 12, 'DE', false],
  ['december', 12, 'EN', false],
  ['dez', 12, 'DE', true],
  ['dec', 12, 'EN', true],
];

/** The months' names as a date is written out, January first: German and English. */
export const MONTH_NAMES_DE = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
] as const;
export const MONTH_NAMES_EN = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const BY_WORD: ReadonlyMap<string, MonthWord> = new Map(
  WORDS.map(([word, month, language, abbreviation]) => [word, { month, language, abbreviation }]),
);

/** Looks up a month word (case-insensitive, without its dot); undefined when it is not a month. */
export function lookupMonth(word: string): MonthWord | undefined {
  return BY_WORD.get(word.toLowerCase());
}

function alternation(words: readonly string[]): string {
  // Longest first, so that a regex engine tries `Januar` before `Jan`; the lookaheads make the order safe anyway.
  return [...words].sort((a, b) => b.length - a.length || a.localeCompare(b)).join('|');
}

/**
 * Regex source matching one month word (use with the `i` and `u` flags): a full name not followed by a letter,
 * or an abbreviation with an optional dot. Fixed alternatives only, so it runs in constant time per position.
 */
export const MONTH_PATTERN_SOURCE = `(?:(?:${alternation(
  WORDS.filter((w) => !w[3]).map((w) => w[0]),
)})(?!\\p{L})|(?:${alternation(WORDS.filter((w) => w[3]).map((w) => w[0]))})(?:\\.|(?!\\p{L})))`;
