/**
 * Weekday names: the ones the DATE operator appends, and the ones the parser skips before a date.
 */

/** German weekday names, Monday first. */
export const WEEKDAYS_DE = ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag'] as const;

/** English weekday names, Monday first. */
export const WEEKDAYS_EN = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** Weekday name (0 = Monday) in German or English. */
export function weekdayName(index: number, language: 'DE' | 'EN'): string {
  const names = language === 'DE' ? WEEKDAYS_DE : WEEKDAYS_EN;
  return names[((index % 7) + 7) % 7]!;
}

// Full names and the usual abbreviations. "Sonnabend" is the northern German Saturday.
const WEEKDAY_WORDS: ReadonlySet<string> = new Set([
  ...WEEKDAYS_DE.map((w) => w.toLowerCase()),
  ...WEEKDAYS_EN.map((w) => w.toLowerCase()),
  'sonnabend',
  'mo',
  'di',
  'mi',
  'do',
  'fr',
  'sa',
  'so',
  'mon',
  'tue',
  'tues',
  'wed',
  'thu',
  'thur',
  'thurs',
  'fri',
  'sat',
  'sun',
]);

/** Whether a word (without its dot) names a weekday, in German or English, full or abbreviated. */
export function isWeekdayWord(word: string): boolean {
  return WEEKDAY_WORDS.has(word.toLowerCase());
}
