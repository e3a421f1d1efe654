import { parseDate } from '../../dates/parse.js';
import { dayOfWeek } from '../../dates/calendar.js';
import { lookupMonth, MONTH_NAMES_DE, MONTH_NAMES_EN } from '../../dates/months.js';
import { isWeekdayWord, weekdayName } from '../../dates/weekdays.js';
import type { Draw } from './draw.js';
import { caseLike } from './draw.js';

/*
 * DATE. Parsed by the one date parser (slashed dates in the session's order: day first for `de`), moved by the
 * session's `dateShiftDays` and written back in the same form: the same separators and padding, a two-digit year
 * as two digits, a month word as a month word of its language and length (`Maerz`: ASCII), an English ordinal
 * recomputed, a weekday before it recomputed. A date without a year moves within a common year; a month and year
 * move by their 15th (so `Maerz 2024` moved by 20 days stays March, by 20 more becomes April). Unparseable: null.
 */

/** Month names as surrogates write them: ASCII (`Maerz`). */
const MONTHS_DE = MONTH_NAMES_DE.map((m) => m.replace('ä', 'ae'));
const MONTHS_EN = MONTH_NAMES_EN;
const SHORT_DE = ['Jan', 'Feb', 'Mrz', 'Apr', 'Mai', 'Jun', 'Jul', 'Aug', 'Sep', 'Okt', 'Nov', 'Dez'];
const SHORT_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAY_SHORT_DE = ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'];
const WEEKDAY_SHORT_EN = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

const DAY_MS = 86_400_000;

/** `year-month-day` moved by `days`, in UTC. */
function shift(year: number, month: number, day: number, days: number): { year: number; month: number; day: number } {
  const t = new Date(Date.UTC(year, month - 1, day) + days * DAY_MS);
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

const ordinal = (n: number): string => (n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'));

/** The surrogate of a date, null when it does not parse (or does not move). */
export function dateSurrogate(d: Draw, original: string, days: number): string | null {
  const p = parseDate(original, d.locale === 'de' ? 'DE' : 'EN');
  if (p === null || p.month === undefined) return null;
  let moved: { year: number; month: number; day: number };
  if (p.day !== undefined && p.year !== undefined) moved = shift(p.year, p.month, p.day, days);
  else if (p.day !== undefined) moved = shift(p.month === 2 && p.day === 29 ? 2000 : 2001, p.month, p.day, days);
  else if (p.year !== undefined) moved = shift(p.year, p.month, 15, days);
  else return null;
  const edits: Array<{ start: number; end: number; text: string }> = [];
  // Padded numbers when the original shows it: a leading zero, ISO, or a numeric day and month of two digits each.
  const slice = (r: { start: number; end: number } | undefined) => (r ? original.slice(r.start, r.end) : '');
  const dayDigits = /^\d*/u.exec(slice(p.dayRange))![0];
  const monthDigits = /^\d*$/u.test(slice(p.monthRange)) ? slice(p.monthRange) : '';
  const padded =
    p.form === 'iso' || dayDigits.startsWith('0') || monthDigits.startsWith('0') || (dayDigits.length === 2 && monthDigits.length === 2);
  const pad = (n: number) => String(n).padStart(padded ? 2 : 1, '0');
  if (p.dayRange) {
    const old = original.slice(p.dayRange.start, p.dayRange.end);
    const digits = /^\d+/u.exec(old)![0];
    const suffix = old.slice(digits.length);
    edits.push({ ...p.dayRange, text: pad(moved.day) + (suffix === '' ? '' : caseLike(suffix, ordinal(moved.day))) });
  }
  if (p.monthRange) {
    const old = original.slice(p.monthRange.start, p.monthRange.end);
    let text: string;
    if (/^\d+$/u.test(old)) text = pad(moved.month);
    else {
      const word = lookupMonth(old);
      const german = word?.language === 'DE' || (word?.language === 'BOTH' && p.formLocale === 'DE');
      const names = word?.abbreviation ? (german ? SHORT_DE : SHORT_EN) : german ? MONTHS_DE : MONTHS_EN;
      text = caseLike(old, names[moved.month - 1]!);
    }
    edits.push({ ...p.monthRange, text });
  }
  if (p.yearRange) {
    const old = original.slice(p.yearRange.start, p.yearRange.end);
    edits.push({ ...p.yearRange, text: old.length === 2 ? String(moved.year % 100).padStart(2, '0') : String(moved.year) });
  }
  // A weekday before the date names the new date's weekday.
  const first = Math.min(...edits.map((e) => e.start));
  const weekday = /^\s*(\p{L}{2,10})/u.exec(original.slice(0, first));
  if (weekday && isWeekdayWord(weekday[1]!) && p.day !== undefined && p.year !== undefined) {
    const start = weekday.index + weekday[0].length - weekday[1]!.length;
    const word = weekday[1]!;
    const index = dayOfWeek(moved.year, moved.month, moved.day);
    const german = /^(mo|di|mi|do|fr|sa|so|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|sonnabend)$/iu.test(word);
    const full = weekdayName(index, german ? 'DE' : 'EN');
    const short = (german ? WEEKDAY_SHORT_DE : WEEKDAY_SHORT_EN)[((index % 7) + 7) % 7]!;
    edits.push({ start, end: start + word.length, text: caseLike(word, word.length <= 3 ? short : full) });
  }
  let out = original;
  for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}
