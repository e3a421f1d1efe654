/**
 * Calendar arithmetic for the date parser: validity, leap years, two-digit years, weekdays.
 */

/** Two-digit years below this resolve to 20yy, the others to 19yy (window 1930–2029). */
export const TWO_DIGIT_YEAR_PIVOT = 30;

/** Resolves a two-digit year: 00–29 → 2000–2029, 30–99 → 1930–1999. */
export function resolveTwoDigitYear(yy: number): number {
  // A fixed window keeps parsing pure and reproducible. It favours past dates (birth dates of people born in
  // the 1930s are common in medical and legal texts) while still covering contract dates a few years ahead.
  return yy < TWO_DIGIT_YEAR_PIVOT ? 2000 + yy : 1900 + yy;
}

/** Gregorian leap year. */
export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** Days in a month (1–12); with the year unknown, February has 29 days (a day+month date may be 29.02.). */
export function daysInMonth(month: number, year?: number): number {
  if (month === 2) return year === undefined || isLeapYear(year) ? 29 : 28;
  return DAYS[month - 1] ?? 0;
}

/** Whether the known components form a real calendar date. */
export function isValidDate(day: number | undefined, month: number | undefined, year: number | undefined): boolean {
  if (year !== undefined && (!Number.isInteger(year) || year < 1000 || year > 2999)) return false;
  if (month !== undefined && (!Number.isInteger(month) || month < 1 || month > 12)) return false;
  if (day !== undefined) {
    if (!Number.isInteger(day) || day < 1) return false;
    if (day > (month === undefined ? 31 : daysInMonth(month, year))) return false;
  }
  return true;
}

/** Day of the week of a date, 0 = Monday … 6 = Sunday (ISO order). */
export function dayOfWeek(year: number, month: number, day: number): number {
  // Date.UTC avoids time zones; setUTCFullYear keeps years below 100 literal (not needed for 1000–2999, but cheap).
  const d = new Date(Date.UTC(2000, 0, 1));
  d.setUTCFullYear(year, month - 1, day);
  return (d.getUTCDay() + 6) % 7;
}
