/**
 * The one date parser of the project, shared by the DATE recognizer (to validate candidates) and the
 * DATE_PSEUDONYMIZATION operator (to find which characters are the day, the month and the year).
 *
 * Forms (the whole input must be one date; surrounding whitespace is ignored, and so is a leading weekday and/or
 * one of `am`, `den`, `vom`, `on`, `the`, so that `Donnerstag, den 12.05.2022` still parses):
 * - dotted (DE): `12.03.2021`, `12.3.68`, `12. 03. 2021`, `12.03.` (day+month), `03.2021` (month+year)
 * - slashed (EN): `03/12/2021` (month/day/year), `10/2021` (month/year); `yyyy/mm/dd` is read like ISO
 * - ISO: `2021-03-12` (also `2021-3-5`)
 * - written, day first: `3. März 2021`, `12. Jan. 99`, `3 März 2021`, `3rd of March 2021`, `3 March`, `3. März`
 * - written, month first (English month names only): `March 3rd, 2021`, `Mar 3 2021`, `Sept. 3, 2021`, `March 3`
 * - written month+year: `März 2021`, `March 2021`, `Sept. 2021`
 *
 * Rules worth knowing:
 * - Two-digit years: 00–29 → 20yy, 30–99 → 19yy (see `resolveTwoDigitYear`).
 * - Slashed `a/b/yyyy`: month first for `EN`, `ISO` and `AUTO`, day first for `DE`; when that order is not a valid
 *   date, the other order is tried, so `25/12/2021` is the 25th of December in every locale (British order).
 * - Dotted dates are always day first, whatever the locale.
 * - AUTO decides the locale from the form: dotted or a German month name or the German ordinal dot (`3. April`)
 *   → DE; slashed, an English month name, an English ordinal (`3rd`, `of`) or a month name spelled the same in
 *   both languages without a German marker (`April 2021`, `3 April 2021`) → EN; `yyyy-mm-dd` → ISO.
 * - An explicit locale never rejects another locale's form: it settles the ambiguous slashed order and names the
 *   language (`locale` of the result) used for the weekday.
 */
import type { DateLocale } from '../spec/types.js';
import { isValidDate, resolveTwoDigitYear } from './calendar.js';
import { lookupMonth, type MonthWord } from './months.js';
import { isWeekdayWord } from './weekdays.js';

/** A half-open UTF-16 range `[start, end)` inside the parsed string. */
export interface TextRange {
  start: number;
  end: number;
}

/** Locale a date is read in: never AUTO once parsed. */
export type ParsedLocale = Exclude<DateLocale, 'AUTO'>;

/** Shape of the date text, independent of the locale. */
export type DateForm = 'dotted' | 'slashed' | 'iso' | 'written';

/** A parsed date: the components present, where each sits in the input, and the locale it was read in. */
export interface ParsedDate {
  day?: number;
  month?: number;
  /** Four-digit year; a two-digit year is already resolved. */
  year?: number;
  /** Digits of the day, with an English ordinal suffix (`3rd`) since the suffix would give the day away. */
  dayRange?: TextRange;
  /** Digits of a numeric month, or the letters of a month word (an abbreviation's dot stays outside). */
  monthRange?: TextRange;
  /** Digits of the year. */
  yearRange?: TextRange;
  /** The requested locale, or for AUTO the one the form suggests. */
  locale: ParsedLocale;
  /** The locale the form itself suggests. */
  formLocale: ParsedLocale;
  form: DateForm;
  /** Whether the year was written with two digits. */
  twoDigitYear: boolean;
}

// All form regexes are anchored and use only bounded repetition, so each runs in time linear in its input.
const DOTTED = /^(?<d>\d{1,2})\.\s{0,2}(?<m>\d{1,2})\.(?:\s{0,2}(?<y>\d{4}|\d{2}))?$/du;
const DOTTED_MONTH_YEAR = /^(?<m>\d{1,2})\.(?<y>\d{4})$/du;
const SLASHED = /^(?<a>\d{1,2})\/(?<b>\d{1,2})\/(?<y>\d{4}|\d{2})$/du;
const SLASHED_MONTH_YEAR = /^(?<m>\d{1,2})\/(?<y>\d{4})$/du;
const YEAR_FIRST = /^(?<y>\d{4})(?<sep>[-/.])(?<m>\d{1,2})\k<sep>(?<d>\d{1,2})$/du;
const DAY_FIRST =
  /^(?<d>\d{1,2})(?:(?<ddot>\.)\s{0,2}|(?<suf>st|nd|rd|th)?\s{1,2}(?<of>of\s{1,2})?)(?<mon>\p{L}{3,9})(?<mdot>\.)?(?:,?\s{1,2}(?<y>\d{4}|\d{2}))?$/diu;
const MONTH_FIRST = /^(?<mon>\p{L}{3,9})(?<mdot>\.)?\s{1,2}(?<d>\d{1,2})(?<suf>st|nd|rd|th)?(?:,?\s{1,2}(?<y>\d{4}|\d{2}))?$/diu;
const MONTH_YEAR = /^(?<mon>\p{L}{3,9})(?<mdot>\.)?,?\s{1,2}(?<y>\d{4})$/diu;

// A leading weekday or preposition that may come with a date; sticky so it is tried only at the given position.
const PREFIX_WORD = /(?<w>\p{L}{2,10})\.?,?\s{1,3}/uy;
const PREPOSITIONS: ReadonlySet<string> = new Set(['am', 'den', 'vom', 'on', 'the']);

type Groups = NonNullable<RegExpExecArray['indices']>['groups'];

interface Raw {
  day?: string;
  month?: string;
  year?: string;
  dayRange?: TextRange;
  monthRange?: TextRange;
  yearRange?: TextRange;
}

function range(indices: Groups, name: string, offset: number): TextRange | undefined {
  const r = indices?.[name];
  return r ? { start: r[0] + offset, end: r[1] + offset } : undefined;
}

function toYear(y: string | undefined): number | undefined {
  if (y === undefined) return undefined;
  const n = Number(y);
  return y.length === 2 ? resolveTwoDigitYear(n) : n;
}

/** Day, year and the three ranges of a numeric full-date match (named groups d, m, y). */
function dayMonthYear(g: Record<string, string>, i: Groups, offset: number): Raw {
  return {
    day: g['d'],
    year: g['y'],
    dayRange: range(i, 'd', offset),
    monthRange: range(i, 'm', offset),
    yearRange: range(i, 'y', offset),
  };
}

/** Builds the result when the components are a valid calendar date, else null. */
function finish(
  raw: Raw,
  monthValue: number | undefined,
  form: DateForm,
  formLocale: ParsedLocale,
  requested: DateLocale,
): ParsedDate | null {
  const day = raw.day === undefined ? undefined : Number(raw.day);
  const year = toYear(raw.year);
  if (!isValidDate(day, monthValue, year)) return null;
  const out: ParsedDate = {
    locale: requested === 'AUTO' ? formLocale : requested,
    formLocale,
    form,
    twoDigitYear: raw.year?.length === 2,
  };
  if (day !== undefined) {
    out.day = day;
    if (raw.dayRange) out.dayRange = raw.dayRange;
  }
  if (monthValue !== undefined) {
    out.month = monthValue;
    if (raw.monthRange) out.monthRange = raw.monthRange;
  }
  if (year !== undefined) {
    out.year = year;
    if (raw.yearRange) out.yearRange = raw.yearRange;
  }
  return out;
}

/** Month word of a written form, or undefined when the word is no month or takes a dot it may not have. */
function monthWord(word: string | undefined, dotted: boolean): MonthWord | undefined {
  if (word === undefined) return undefined;
  const m = lookupMonth(word);
  if (!m || (dotted && !m.abbreviation)) return undefined;
  return m;
}

function parseNumeric(core: string, offset: number, requested: DateLocale): ParsedDate | null {
  let m = DOTTED.exec(core);
  if (m) {
    const i = m.indices?.groups;
    const g = m.groups!;
    // Dots mean day first; only where that reads no date and a year follows, month first (American forms and
    // burned-in scan annotations write `07.22.1943`).
    const monthFirst = () =>
      g['y'] === undefined
        ? null
        : finish(
            {
              day: g['m'],
              year: g['y'],
              dayRange: range(i, 'm', offset),
              monthRange: range(i, 'd', offset),
              yearRange: range(i, 'y', offset),
            },
            Number(g['d']),
            'dotted',
            'EN',
            requested,
          );
    return finish(dayMonthYear(g, i, offset), Number(g['m']), 'dotted', 'DE', requested) ?? monthFirst();
  }
  m = DOTTED_MONTH_YEAR.exec(core) ?? SLASHED_MONTH_YEAR.exec(core);
  if (m) {
    const i = m.indices?.groups;
    const g = m.groups!;
    const dotted = core.includes('.');
    return finish(
      { year: g['y'], monthRange: range(i, 'm', offset), yearRange: range(i, 'y', offset) },
      Number(g['m']),
      dotted ? 'dotted' : 'slashed',
      dotted ? 'DE' : 'EN',
      requested,
    );
  }
  m = YEAR_FIRST.exec(core);
  if (m) {
    const i = m.indices?.groups;
    const g = m.groups!;
    return finish(
      dayMonthYear(g, i, offset),
      Number(g['m']),
      g['sep'] === '-' ? 'iso' : g['sep'] === '.' ? 'dotted' : 'slashed',
      'ISO',
      requested,
    );
  }
  m = SLASHED.exec(core);
  if (m) {
    const i = m.indices?.groups;
    const g = m.groups!;
    const a = { text: g['a']!, range: range(i, 'a', offset) };
    const b = { text: g['b']!, range: range(i, 'b', offset) };
    const yearPart = { year: g['y'], yearRange: range(i, 'y', offset) };
    const monthFirst = () =>
      finish({ ...yearPart, day: b.text, dayRange: b.range, monthRange: a.range }, Number(a.text), 'slashed', 'EN', requested);
    const dayFirst = () =>
      finish({ ...yearPart, day: a.text, dayRange: a.range, monthRange: b.range }, Number(b.text), 'slashed', 'EN', requested);
    // Preferred order by locale, then the other one (a day above 12 cannot be a month).
    return requested === 'DE' ? (dayFirst() ?? monthFirst()) : (monthFirst() ?? dayFirst());
  }
  return null;
}

/** Day (with an English ordinal suffix), year and ranges of a written-date match (groups d, suf, mon, y). */
function writtenParts(g: Record<string, string>, i: Groups, offset: number): Raw {
  const d = range(i, 'd', offset);
  const suf = range(i, 'suf', offset);
  return {
    day: g['d'],
    year: g['y'],
    dayRange: d && suf ? { start: d.start, end: suf.end } : d,
    monthRange: range(i, 'mon', offset),
    yearRange: range(i, 'y', offset),
  };
}

function parseWritten(core: string, offset: number, requested: DateLocale): ParsedDate | null {
  let m = DAY_FIRST.exec(core);
  if (m) {
    const i = m.indices?.groups;
    const g = m.groups!;
    const mw = monthWord(g['mon'], g['mdot'] !== undefined);
    if (!mw) return null;
    const germanDot = g['ddot'] !== undefined;
    const englishMarker = g['suf'] !== undefined || g['of'] !== undefined;
    // The month word decides; a word of both languages follows the German ordinal dot, else English.
    const formLocale: ParsedLocale = mw.language === 'DE' ? 'DE' : mw.language === 'EN' ? 'EN' : germanDot && !englishMarker ? 'DE' : 'EN';
    return finish(writtenParts(g, i, offset), mw.month, 'written', formLocale, requested);
  }
  m = MONTH_FIRST.exec(core);
  if (m) {
    const i = m.indices?.groups;
    const g = m.groups!;
    const mw = monthWord(g['mon'], g['mdot'] !== undefined);
    // German never writes the month before the day; `Mai 12` is more likely a count than a date.
    if (!mw || mw.language === 'DE') return null;
    return finish(writtenParts(g, i, offset), mw.month, 'written', 'EN', requested);
  }
  m = MONTH_YEAR.exec(core);
  if (m) {
    const i = m.indices?.groups;
    const g = m.groups!;
    const mw = monthWord(g['mon'], g['mdot'] !== undefined);
    if (!mw) return null;
    return finish(
      { year: g['y'], monthRange: range(i, 'mon', offset), yearRange: range(i, 'y', offset) },
      mw.month,
      'written',
      mw.language === 'DE' ? 'DE' : 'EN',
      requested,
    );
  }
  return null;
}

/** Index after a leading weekday and/or preposition (at most two such words), or `start` when there is none. */
function skipPrefix(input: string, start: number): number {
  let pos = start;
  for (let n = 0; n < 2; n++) {
    PREFIX_WORD.lastIndex = pos;
    const m = PREFIX_WORD.exec(input);
    const word = m?.groups?.['w'];
    if (!m || word === undefined) break;
    if (!isWeekdayWord(word) && !PREPOSITIONS.has(word.toLowerCase())) break;
    pos = PREFIX_WORD.lastIndex;
  }
  return pos;
}

/**
 * Parses one date string in the given locale (AUTO: from its form). Returns its components with their exact
 * UTF-16 ranges in `input`, or null when the text is not a valid calendar date in a supported form.
 */
export function parseDate(input: string, locale: DateLocale = 'AUTO'): ParsedDate | null {
  // Dates are short; refusing long inputs early keeps every caller's cost bounded.
  if (input.length > 120) return null;
  let start = 0;
  let end = input.length;
  while (start < end && /\s/u.test(input.charAt(start))) start++;
  while (end > start && /\s/u.test(input.charAt(end - 1))) end--;
  const tryAt = (from: number): ParsedDate | null => {
    const core = input.slice(from, end);
    if (core.length === 0) return null;
    return /^\d/u.test(core) ? (parseNumeric(core, from, locale) ?? parseWritten(core, from, locale)) : parseWritten(core, from, locale);
  };
  const afterPrefix = skipPrefix(input.slice(0, end), start);
  return (afterPrefix > start ? tryAt(afterPrefix) : null) ?? tryAt(start);
}

/** Whether day, month and year are all known (only then does a date have a weekday). */
export function isCompleteDate(p: ParsedDate): p is ParsedDate & { day: number; month: number; year: number } {
  return p.day !== undefined && p.month !== undefined && p.year !== undefined;
}
