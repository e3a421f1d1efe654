import { describe, expect, it } from 'vitest';
import { replaceDate } from '../../../../src/replacement/operators/date.js';
import type { DateLocale, DatePseudonymization } from '../../../../src/spec/types.js';

function cfg(over: Partial<DatePseudonymization> = {}): DatePseudonymization {
  return {
    type: 'DATE_PSEUDONYMIZATION',
    pseudonym: 'DATE-1',
    replaceDay: false,
    replaceMonth: false,
    replaceYear: false,
    dateLocale: 'AUTO',
    showWeekday: false,
    ...over,
  };
}

describe('replaceDate: every flag combination on DE, EN and ISO forms', () => {
  // [match, locale, replaceDay, replaceMonth, replaceYear, without weekday, with weekday]; 12 March 2021 is a Friday.
  const rows: Array<[string, DateLocale, boolean, boolean, boolean, string, string]> = [
    ['12.03.2021', 'DE', false, false, false, '12.03.2021', '12.03.2021 (Freitag)'],
    ['12.03.2021', 'DE', false, false, true, '12.03.****', '12.03.**** (Freitag)'],
    ['12.03.2021', 'DE', false, true, false, '12.**.2021', '12.**.2021 (Freitag)'],
    ['12.03.2021', 'DE', false, true, true, '12.**.****', '12.**.**** (Freitag)'],
    ['12.03.2021', 'DE', true, false, false, '**.03.2021', '**.03.2021 (Freitag)'],
    ['12.03.2021', 'DE', true, false, true, '**.03.****', '**.03.**** (Freitag)'],
    ['12.03.2021', 'DE', true, true, false, '**.**.2021', '**.**.2021 (Freitag)'],
    ['12.03.2021', 'DE', true, true, true, '**.**.****', '**.**.**** (Freitag)'],
    ['12. März 2021', 'DE', false, false, false, '12. März 2021', '12. März 2021 (Freitag)'],
    ['12. März 2021', 'DE', false, false, true, '12. März ****', '12. März **** (Freitag)'],
    ['12. März 2021', 'DE', false, true, false, '12. **** 2021', '12. **** 2021 (Freitag)'],
    ['12. März 2021', 'DE', false, true, true, '12. **** ****', '12. **** **** (Freitag)'],
    ['12. März 2021', 'DE', true, false, false, '**. März 2021', '**. März 2021 (Freitag)'],
    ['12. März 2021', 'DE', true, false, true, '**. März ****', '**. März **** (Freitag)'],
    ['12. März 2021', 'DE', true, true, false, '**. **** 2021', '**. **** 2021 (Freitag)'],
    ['12. März 2021', 'DE', true, true, true, '**. **** ****', '**. **** **** (Freitag)'],
    ['12. Mrz. 21', 'DE', false, false, false, '12. Mrz. 21', '12. Mrz. 21 (Freitag)'],
    ['12. Mrz. 21', 'DE', false, false, true, '12. Mrz. **', '12. Mrz. ** (Freitag)'],
    ['12. Mrz. 21', 'DE', false, true, false, '12. ***. 21', '12. ***. 21 (Freitag)'],
    ['12. Mrz. 21', 'DE', false, true, true, '12. ***. **', '12. ***. ** (Freitag)'],
    ['12. Mrz. 21', 'DE', true, false, false, '**. Mrz. 21', '**. Mrz. 21 (Freitag)'],
    ['12. Mrz. 21', 'DE', true, false, true, '**. Mrz. **', '**. Mrz. ** (Freitag)'],
    ['12. Mrz. 21', 'DE', true, true, false, '**. ***. 21', '**. ***. 21 (Freitag)'],
    ['12. Mrz. 21', 'DE', true, true, true, '**. ***. **', '**. ***. ** (Freitag)'],
    ['03/12/2021', 'EN', false, false, false, '03/12/2021', '03/12/2021 (Friday)'],
    ['03/12/2021', 'EN', false, false, true, '03/12/****', '03/12/**** (Friday)'],
    ['03/12/2021', 'EN', false, true, false, '**/12/2021', '**/12/2021 (Friday)'],
    ['03/12/2021', 'EN', false, true, true, '**/12/****', '**/12/**** (Friday)'],
    ['03/12/2021', 'EN', true, false, false, '03/**/2021', '03/**/2021 (Friday)'],
    ['03/12/2021', 'EN', true, false, true, '03/**/****', '03/**/**** (Friday)'],
    ['03/12/2021', 'EN', true, true, false, '**/**/2021', '**/**/2021 (Friday)'],
    ['03/12/2021', 'EN', true, true, true, '**/**/****', '**/**/**** (Friday)'],
    ['March 12th, 2021', 'EN', false, false, false, 'March 12th, 2021', 'March 12th, 2021 (Friday)'],
    ['March 12th, 2021', 'EN', false, false, true, 'March 12th, ****', 'March 12th, **** (Friday)'],
    ['March 12th, 2021', 'EN', false, true, false, '***** 12th, 2021', '***** 12th, 2021 (Friday)'],
    ['March 12th, 2021', 'EN', false, true, true, '***** 12th, ****', '***** 12th, **** (Friday)'],
    ['March 12th, 2021', 'EN', true, false, false, 'March ****, 2021', 'March ****, 2021 (Friday)'],
    ['March 12th, 2021', 'EN', true, false, true, 'March ****, ****', 'March ****, **** (Friday)'],
    ['March 12th, 2021', 'EN', true, true, false, '***** ****, 2021', '***** ****, 2021 (Friday)'],
    ['March 12th, 2021', 'EN', true, true, true, '***** ****, ****', '***** ****, **** (Friday)'],
    ['12 March 2021', 'EN', false, false, false, '12 March 2021', '12 March 2021 (Friday)'],
    ['12 March 2021', 'EN', false, false, true, '12 March ****', '12 March **** (Friday)'],
    ['12 March 2021', 'EN', false, true, false, '12 ***** 2021', '12 ***** 2021 (Friday)'],
    ['12 March 2021', 'EN', false, true, true, '12 ***** ****', '12 ***** **** (Friday)'],
    ['12 March 2021', 'EN', true, false, false, '** March 2021', '** March 2021 (Friday)'],
    ['12 March 2021', 'EN', true, false, true, '** March ****', '** March **** (Friday)'],
    ['12 March 2021', 'EN', true, true, false, '** ***** 2021', '** ***** 2021 (Friday)'],
    ['12 March 2021', 'EN', true, true, true, '** ***** ****', '** ***** **** (Friday)'],
    ['2021-03-12', 'ISO', false, false, false, '2021-03-12', '2021-03-12 (Friday)'],
    ['2021-03-12', 'ISO', false, false, true, '****-03-12', '****-03-12 (Friday)'],
    ['2021-03-12', 'ISO', false, true, false, '2021-**-12', '2021-**-12 (Friday)'],
    ['2021-03-12', 'ISO', false, true, true, '****-**-12', '****-**-12 (Friday)'],
    ['2021-03-12', 'ISO', true, false, false, '2021-03-**', '2021-03-** (Friday)'],
    ['2021-03-12', 'ISO', true, false, true, '****-03-**', '****-03-** (Friday)'],
    ['2021-03-12', 'ISO', true, true, false, '2021-**-**', '2021-**-** (Friday)'],
    ['2021-03-12', 'ISO', true, true, true, '****-**-**', '****-**-** (Friday)'],
  ];

  it.each(rows)('%s (%s) day=%s month=%s year=%s → %j / %j', (match, locale, d, m, y, plain, withWeekday) => {
    const flags = { replaceDay: d, replaceMonth: m, replaceYear: y };
    expect(replaceDate(match, cfg({ ...flags, dateLocale: locale }))).toBe(plain);
    expect(replaceDate(match, cfg({ ...flags, dateLocale: locale, showWeekday: true }))).toBe(withWeekday);
    // AUTO reads each of these forms in the same locale as the explicit one.
    expect(replaceDate(match, cfg({ ...flags, dateLocale: 'AUTO', showWeekday: true }))).toBe(withWeekday);
  });
});

describe('replaceDate: weekday language', () => {
  it.each<[string, DateLocale, string]>([
    ['12.03.2021', 'AUTO', '**.03.2021 (Freitag)'],
    ['12.03.2021', 'DE', '**.03.2021 (Freitag)'],
    ['12.03.2021', 'EN', '**.03.2021 (Friday)'],
    ['12.03.2021', 'ISO', '**.03.2021 (Friday)'],
    ['12. März 2021', 'EN', '**. März 2021 (Friday)'],
    ['March 12, 2021', 'AUTO', 'March **, 2021 (Friday)'],
    ['March 12, 2021', 'DE', 'March **, 2021 (Freitag)'],
    ['2021-03-12', 'AUTO', '2021-03-** (Friday)'],
    ['2021-03-12', 'DE', '2021-03-** (Freitag)'],
    ['3. April 2021', 'AUTO', '*. April 2021 (Samstag)'],
    ['3 April 2021', 'AUTO', '* April 2021 (Saturday)'],
    ['12. Jan. 99', 'AUTO', '**. Jan. 99 (Dienstag)'],
    ['12.3.68', 'AUTO', '**.3.68 (Dienstag)'],
    ['29.02.2020', 'AUTO', '**.02.2020 (Samstag)'],
    ['Sept. 3, 2021', 'AUTO', 'Sept. *, 2021 (Friday)'],
    ['3rd of March 2021', 'AUTO', '*** of March 2021 (Wednesday)'],
    ['Donnerstag, 12.05.2022', 'AUTO', 'Donnerstag, **.05.2022 (Donnerstag)'],
  ])('%s in %s → %s', (match, dateLocale, expected) => {
    expect(replaceDate(match, cfg({ replaceDay: true, showWeekday: true, dateLocale }))).toBe(expected);
  });

  it.each<[string, DateLocale, string]>([
    // The slashed order follows the locale: 12 April 2021 (Monday) in EN, 4 December 2021 (Saturday) in DE.
    ['04/12/2021', 'AUTO', '04/**/2021 (Monday)'],
    ['04/12/2021', 'EN', '04/**/2021 (Monday)'],
    ['04/12/2021', 'ISO', '04/**/2021 (Monday)'],
    ['04/12/2021', 'DE', '**/12/2021 (Samstag)'],
    // A first number above 12 is the day in every locale.
    ['25/12/2021', 'AUTO', '**/12/2021 (Saturday)'],
    ['25/12/2021', 'DE', '**/12/2021 (Samstag)'],
    // Dotted month first where day first reads no date: 22 July 1943 (Thursday).
    ['07.22.1943', 'AUTO', '07.**.1943 (Thursday)'],
    ['07.22.1943', 'DE', '07.**.1943 (Donnerstag)'],
  ])('slashed or dotted %s in %s → %s', (match, dateLocale, expected) => {
    expect(replaceDate(match, cfg({ replaceDay: true, showWeekday: true, dateLocale }))).toBe(expected);
  });
});

describe('replaceDate: partial dates', () => {
  it.each<[string, Partial<DatePseudonymization>, string]>([
    ['12.03.', { replaceDay: true, showWeekday: true }, '**.03.'],
    ['12.03.', { replaceMonth: true }, '12.**.'],
    ['12.03.', { replaceYear: true, showWeekday: true }, '12.03.'],
    ['März 2021', { replaceMonth: true, showWeekday: true }, '**** 2021'],
    ['März 2021', { replaceDay: true, replaceYear: true }, 'März ****'],
    ['March 2021', { replaceMonth: true, replaceYear: true }, '***** ****'],
    ['10/2021', { replaceMonth: true, replaceYear: true, showWeekday: true }, '**/****'],
    ['3. März', { replaceDay: true, replaceMonth: true, showWeekday: true }, '*. ****'],
    ['March 3rd', { replaceDay: true }, 'March ***'],
    ['am 3.3.', { replaceDay: true, replaceMonth: true }, 'am *.*.'],
  ])('%s with %j → %s', (match, flags, expected) => {
    expect(replaceDate(match, cfg(flags))).toBe(expected);
  });
});

describe('replaceDate: not a date → pseudonym', () => {
  it.each(['foo', '31.02.2021', '29.02.2021', '1.2.3', '12:30', '2021', 'in May', '', '😀𠮷'])('%j', (match) => {
    expect(replaceDate(match, cfg({ replaceDay: true, showWeekday: true }))).toBe('DATE-1');
    expect(replaceDate(match, cfg({ pseudonym: '[Datum]' }))).toBe('[Datum]');
  });
});
