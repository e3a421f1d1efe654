import { describe, expect, it } from 'vitest';
import { dayOfWeek, daysInMonth, isLeapYear, isValidDate, resolveTwoDigitYear } from '../../../src/dates/calendar.js';
import { lookupMonth, MONTH_PATTERN_SOURCE } from '../../../src/dates/months.js';
import { isCompleteDate, parseDate, type ParsedDate } from '../../../src/dates/parse.js';
import { isWeekdayWord, weekdayName } from '../../../src/dates/weekdays.js';
import type { DateLocale } from '../../../src/spec/types.js';

/** The parse result in a readable shape: each component with the exact text its range covers. */
function view(input: string, p: ParsedDate | null) {
  if (!p) return null;
  const text = (r?: { start: number; end: number }) => (r ? input.slice(r.start, r.end) : undefined);
  return {
    day: p.day,
    month: p.month,
    year: p.year,
    dayText: text(p.dayRange),
    monthText: text(p.monthRange),
    yearText: text(p.yearRange),
    locale: p.locale,
  };
}

type Expected = [
  day: number | undefined,
  month: number | undefined,
  year: number | undefined,
  dayText: string | undefined,
  monthText: string | undefined,
  yearText: string | undefined,
  locale: 'DE' | 'EN' | 'ISO',
];

const u = undefined;

describe('parseDate: forms in AUTO', () => {
  it.each<[string, Expected]>([
    // German numeric
    ['12.03.2021', [12, 3, 2021, '12', '03', '2021', 'DE']],
    ['12.3.68', [12, 3, 1968, '12', '3', '68', 'DE']],
    ['1.1.2000', [1, 1, 2000, '1', '1', '2000', 'DE']],
    ['12. 03. 2021', [12, 3, 2021, '12', '03', '2021', 'DE']],
    ['12.03.', [12, 3, u, '12', '03', u, 'DE']],
    ['3.3.', [3, 3, u, '3', '3', u, 'DE']],
    ['am 3.3.', [3, 3, u, '3', '3', u, 'DE']],
    ['03.2021', [u, 3, 2021, u, '03', '2021', 'DE']],
    // Dotted, month first: only where day first reads no date and a year follows
    ['07.22.1943', [22, 7, 1943, '22', '07', '1943', 'EN']],
    ['12.13.21', [13, 12, 2021, '13', '12', '21', 'EN']],
    // German written
    ['3. März 2021', [3, 3, 2021, '3', 'März', '2021', 'DE']],
    ['3. Maerz 2021', [3, 3, 2021, '3', 'Maerz', '2021', 'DE']],
    ['12. Jan. 99', [12, 1, 1999, '12', 'Jan', '99', 'DE']],
    ['12. Mrz. 21', [12, 3, 2021, '12', 'Mrz', '21', 'DE']],
    ['3 März 2021', [3, 3, 2021, '3', 'März', '2021', 'DE']],
    ['3.März 2021', [3, 3, 2021, '3', 'März', '2021', 'DE']],
    ['12. Jänner 2020', [12, 1, 2020, '12', 'Jänner', '2020', 'DE']],
    ['1. Okt. 2020', [1, 10, 2020, '1', 'Okt', '2020', 'DE']],
    ['24. Dez 2020', [24, 12, 2020, '24', 'Dez', '2020', 'DE']],
    ['3. April 2021', [3, 4, 2021, '3', 'April', '2021', 'DE']],
    ['3. März', [3, 3, u, '3', 'März', u, 'DE']],
    ['März 2021', [u, 3, 2021, u, 'März', '2021', 'DE']],
    ['Mai 2021', [u, 5, 2021, u, 'Mai', '2021', 'DE']],
    ['MÄRZ 2021', [u, 3, 2021, u, 'MÄRZ', '2021', 'DE']],
    // English
    ['03/12/2021', [12, 3, 2021, '12', '03', '2021', 'EN']],
    ['3/12/21', [12, 3, 2021, '12', '3', '21', 'EN']],
    ['25/12/2021', [25, 12, 2021, '25', '12', '2021', 'EN']],
    ['March 3rd, 2021', [3, 3, 2021, '3rd', 'March', '2021', 'EN']],
    ['March 3, 2021', [3, 3, 2021, '3', 'March', '2021', 'EN']],
    ['3 March 2021', [3, 3, 2021, '3', 'March', '2021', 'EN']],
    ['3rd of March 2021', [3, 3, 2021, '3rd', 'March', '2021', 'EN']],
    ['21st of March, 2021', [21, 3, 2021, '21st', 'March', '2021', 'EN']],
    ['the 3rd of March', [3, 3, u, '3rd', 'March', u, 'EN']],
    ['Mar 3 2021', [3, 3, 2021, '3', 'Mar', '2021', 'EN']],
    ['Sept. 3, 2021', [3, 9, 2021, '3', 'Sept', '2021', 'EN']],
    ['Dec 24th', [24, 12, u, '24th', 'Dec', u, 'EN']],
    ['March 2021', [u, 3, 2021, u, 'March', '2021', 'EN']],
    ['March, 2021', [u, 3, 2021, u, 'March', '2021', 'EN']],
    ['April 2021', [u, 4, 2021, u, 'April', '2021', 'EN']],
    ['3 April 2021', [3, 4, 2021, '3', 'April', '2021', 'EN']],
    ['10/2021', [u, 10, 2021, u, '10', '2021', 'EN']],
    ['03/2021', [u, 3, 2021, u, '03', '2021', 'EN']],
    // ISO and other year-first forms
    ['2021-03-12', [12, 3, 2021, '12', '03', '2021', 'ISO']],
    ['2021-3-5', [5, 3, 2021, '5', '3', '2021', 'ISO']],
    ['2021/03/12', [12, 3, 2021, '12', '03', '2021', 'ISO']],
    // Leap years
    ['29.02.2020', [29, 2, 2020, '29', '02', '2020', 'DE']],
    ['29.02.2000', [29, 2, 2000, '29', '02', '2000', 'DE']],
    ['29.02.', [29, 2, u, '29', '02', u, 'DE']],
    // Surroundings the parser tolerates
    ['  12.03.2021 ', [12, 3, 2021, '12', '03', '2021', 'DE']],
    ['Donnerstag, 12.05.2022', [12, 5, 2022, '12', '05', '2022', 'DE']],
    ['Donnerstag, den 12.05.2022', [12, 5, 2022, '12', '05', '2022', 'DE']],
    ['Fr., 12.03.2021', [12, 3, 2021, '12', '03', '2021', 'DE']],
    ['on Friday, March 12, 2021', [12, 3, 2021, '12', 'March', '2021', 'EN']],
  ])('%s', (input, [day, month, year, dayText, monthText, yearText, locale]) => {
    expect(view(input, parseDate(input))).toEqual({ day, month, year, dayText, monthText, yearText, locale });
  });
});

describe('parseDate: rejects what is no valid date', () => {
  it.each([
    '31.02.2021',
    '29.02.2021',
    '29.02.1900',
    '31.04.2021',
    '32.01.2021',
    '00.01.2021',
    '13.13.2021',
    '07.22.',
    '12.00.2021',
    '30. Februar 2020',
    '13/13/2021',
    '02/30/2021',
    '2021-02-30',
    '2021-13-01',
    '13/2021',
    '1.2.3',
    '12.50',
    '12:30',
    '2021',
    '2013–2017',
    'Bj. 1982',
    'in May',
    'May',
    'März',
    '12.03',
    '12.03.202',
    '12.03.0999',
    '12. März. 2021',
    'Mai 12',
    'Straße 12',
    '3. Foo 2021',
    '',
    '   ',
    'foo',
    'x'.repeat(200),
  ])('%j', (input) => {
    expect(parseDate(input)).toBeNull();
  });
});

describe('parseDate: explicit locales', () => {
  it.each<[string, DateLocale, number, number, 'DE' | 'EN' | 'ISO']>([
    // Slashed order follows the locale; the other order is the fallback when the preferred one is invalid.
    ['04/12/2021', 'AUTO', 12, 4, 'EN'],
    ['04/12/2021', 'EN', 12, 4, 'EN'],
    ['04/12/2021', 'ISO', 12, 4, 'ISO'],
    ['04/12/2021', 'DE', 4, 12, 'DE'],
    ['25/12/2021', 'EN', 25, 12, 'EN'],
    ['12/25/2021', 'DE', 25, 12, 'DE'],
    // Dotted is day first whatever the locale; the locale is the language of the result.
    ['04.12.2021', 'EN', 4, 12, 'EN'],
    ['04.12.2021', 'ISO', 4, 12, 'ISO'],
    ['2021-12-04', 'DE', 4, 12, 'DE'],
    ['3. März 2021', 'EN', 3, 3, 'EN'],
    ['March 3, 2021', 'DE', 3, 3, 'DE'],
  ])('%s in %s → day %i, month %i, locale %s', (input, locale, day, month, resultLocale) => {
    const p = parseDate(input, locale);
    expect(p).not.toBeNull();
    expect([p?.day, p?.month, p?.locale]).toEqual([day, month, resultLocale]);
  });

  it('keeps the form locale apart from the requested one', () => {
    expect(parseDate('12.03.2021', 'EN')).toMatchObject({ locale: 'EN', formLocale: 'DE', form: 'dotted' });
    expect(parseDate('2021-03-12')).toMatchObject({ locale: 'ISO', formLocale: 'ISO', form: 'iso' });
    expect(parseDate('12. Jan. 99')).toMatchObject({ form: 'written', twoDigitYear: true });
  });
});

describe('parseDate: ranges are UTF-16 offsets into the exact input', () => {
  it('gives half-open ranges', () => {
    expect(parseDate('12. März 2021')).toMatchObject({
      dayRange: { start: 0, end: 2 },
      monthRange: { start: 4, end: 8 },
      yearRange: { start: 9, end: 13 },
    });
  });

  it('offsets after a skipped weekday', () => {
    const p = parseDate('Mo., 1.2.2021');
    expect(p?.dayRange).toEqual({ start: 5, end: 6 });
    expect(p?.yearRange).toEqual({ start: 9, end: 13 });
  });
});

describe('two-digit years', () => {
  it.each([
    [0, 2000],
    [21, 2021],
    [29, 2029],
    [30, 1930],
    [68, 1968],
    [99, 1999],
  ])('%i → %i', (yy, year) => {
    expect(resolveTwoDigitYear(yy)).toBe(year);
  });

  it.each([
    ['12.03.29', 2029],
    ['12.03.30', 1930],
    ['03/12/05', 2005],
    ['12. Jan. 45', 1945],
  ])('%s has year %i', (input, year) => {
    expect(parseDate(input)?.year).toBe(year);
  });

  it('validates 29 February with the resolved year', () => {
    expect(parseDate('29.02.24')?.year).toBe(2024);
    expect(parseDate('29.02.23')).toBeNull();
  });
});

describe('calendar', () => {
  it.each([
    [2000, true],
    [1900, false],
    [2024, true],
    [2023, false],
  ])('isLeapYear(%i) is %s', (year, leap) => {
    expect(isLeapYear(year)).toBe(leap);
  });

  it.each([
    [2, 2021, 28],
    [2, 2020, 29],
    [2, undefined, 29],
    [4, 2021, 30],
    [12, 2021, 31],
  ])('daysInMonth(%i, %s) is %i', (month, year, days) => {
    expect(daysInMonth(month, year)).toBe(days);
  });

  it.each<[number | undefined, number | undefined, number | undefined, boolean]>([
    [31, 12, 2021, true],
    [31, 11, 2021, false],
    [undefined, 13, 2021, false],
    [31, undefined, undefined, true],
    [undefined, 2, 999, false],
  ])('isValidDate(%s, %s, %s) is %s', (d, m, y, valid) => {
    expect(isValidDate(d, m, y)).toBe(valid);
  });

  it.each([
    [2021, 3, 12, 'Freitag', 'Friday'],
    [2021, 3, 3, 'Mittwoch', 'Wednesday'],
    [1968, 3, 12, 'Dienstag', 'Tuesday'],
    [2020, 2, 29, 'Samstag', 'Saturday'],
    [2000, 1, 1, 'Samstag', 'Saturday'],
    [2024, 3, 4, 'Montag', 'Monday'],
    [2022, 5, 15, 'Sonntag', 'Sunday'],
  ])('%i-%i-%i is a %s / %s', (y, m, d, de, en) => {
    const wd = dayOfWeek(y, m, d);
    expect(weekdayName(wd, 'DE')).toBe(de);
    expect(weekdayName(wd, 'EN')).toBe(en);
  });

  it('isCompleteDate needs all three components', () => {
    expect(isCompleteDate(parseDate('12.03.2021')!)).toBe(true);
    expect(isCompleteDate(parseDate('12.03.')!)).toBe(false);
    expect(isCompleteDate(parseDate('März 2021')!)).toBe(false);
  });
});

describe('month and weekday words', () => {
  it.each([
    ['Januar', 1, 'DE', false],
    ['jänner', 1, 'DE', false],
    ['Jan', 1, 'BOTH', true],
    ['Maerz', 3, 'DE', false],
    ['Mrz', 3, 'DE', true],
    ['Mar', 3, 'EN', true],
    ['Sept', 9, 'BOTH', true],
    ['Okt', 10, 'DE', true],
    ['Dez', 12, 'DE', true],
    ['December', 12, 'EN', false],
  ])('%s is month %i (%s, abbreviation %s)', (word, month, language, abbreviation) => {
    expect(lookupMonth(word)).toEqual({ month, language, abbreviation });
  });

  it('knows no other words', () => {
    expect(lookupMonth('Montag')).toBeUndefined();
    expect(lookupMonth('Ma')).toBeUndefined();
  });

  it('month pattern matches a whole month word only', () => {
    const re = new RegExp(`^${MONTH_PATTERN_SOURCE}$`, 'iu');
    expect(['März', 'Jan.', 'Sept.', 'december', 'Mrz'].every((w) => re.test(w))).toBe(true);
    expect(['Märzen', 'März.', 'Janx', 'Ma'].some((w) => re.test(w))).toBe(false);
  });

  it.each([
    ['Donnerstag', true],
    ['Sonnabend', true],
    ['Fri', true],
    ['Do', true],
    ['März', false],
  ])('isWeekdayWord(%s) is %s', (word, expected) => {
    expect(isWeekdayWord(word)).toBe(expected);
  });
});
