import { describe, expect, it } from 'vitest';
import { telRecognizer } from '../../../../src/detection/contact/tel.js';
import type { TextLabelName } from '../../../../src/spec/types.js';
import type { Span } from '../../../../src/text/span.js';

const ctx = { labels: new Set<TextLabelName>(['MAIL', 'TEL', 'OTH']), language: 'auto' as const };
/** The phone numbers found (the numbers handed to OTH are tested in tel-hand-over.test.ts). */
const spans = (text: string): Span[] => (telRecognizer.detect(text, ctx) as Span[]).filter((s) => s.score >= 0.5 && s.label === 'TEL');
const found = (text: string): string[] => spans(text).map((s) => text.slice(s.start, s.end));

describe('telRecognizer', () => {
  it.each([
    // International
    ['+49 (0)30 1234567', '+49 (0)30 1234567'],
    ['+49 30 1234567', '+49 30 1234567'],
    ['+49 (0)911 398-2671', '+49 (0)911 398-2671'],
    ['+49 (0) 30 1234567', '+49 (0) 30 1234567'],
    ['+49-30-1234567', '+49-30-1234567'],
    ['+4930123456', '+4930123456'],
    ['0049 171 1234567', '0049 171 1234567'],
    ['+44 20 7946 0958', '+44 20 7946 0958'],
    ['+1 555 123 4567', '+1 555 123 4567'],
    ['+1 (555) 123-4567', '+1 (555) 123-4567'],
    ['+33 1 23 45 67 89', '+33 1 23 45 67 89'],
    ['+43 1 234 56 78-90', '+43 1 234 56 78-90'],
    ['+7 495 123-45-67', '+7 495 123-45-67'],
    ['+352 12 34 56', '+352 12 34 56'],
    ['+380 44 123 4567', '+380 44 123 4567'],
    // German national
    ['030/1234567', '030/1234567'],
    ['030 / 123 45 67', '030 / 123 45 67'],
    ['0171-1234567', '0171-1234567'],
    ['0171 1234567', '0171 1234567'],
    ['(030) 1234567', '(030) 1234567'],
    ['(0911) 398-2671', '(0911) 398-2671'],
    ['0800 123 456', '0800 123 456'],
    ['089 / 12 34 56-78', '089 / 12 34 56-78'],
    ['020 7946 0958', '020 7946 0958'],
    ['07700 900123', '07700 900123'],
    ['Telefon (0461) 708 - 223', '(0461) 708 - 223'],
    ['Tel.: 02216/325-15423', '02216/325-15423'],
    ['unter der Nummer 012/332-4454', '012/332-4454'],
    ['Telefon: +43 333 7758-0', '+43 333 7758-0'],
    ['Zentrale 030 1234-0', '030 1234-0'],
    ['Tel.-Nr.: 030 1234567', '030 1234567'],
    ['Tel. Nr. 0301234567', '0301234567'],
    // Extensions
    ['030 1234567-12', '030 1234567-12'],
    ['030 1234567 ext. 12', '030 1234567 ext. 12'],
    ['030 1234567 Durchwahl 12', '030 1234567 Durchwahl 12'],
    ['+49 30 1234567 x12', '+49 30 1234567 x12'],
    // NANP
    ['(555) 123-4567', '(555) 123-4567'],
    ['555-123-4567', '555-123-4567'],
    ['the number: 1-800-991-9019', '1-800-991-9019'],
    ['1 (800) 555-0199', '1 (800) 555-0199'],
    ['reception is 512.555.0177. For', '512.555.0177'],
    ['sarah is from seattle, her number is 206 555 0143 if u wanna text her', '206 555 0143'],
    ['Chicago, IL 60601, (312) 555-0175, counsel', '(312) 555-0175'],
    ['Suite 210 · Phoenix, AZ 85018 · (602) 555-0147', '(602) 555-0147'],
    // Labels and punctuation stay outside
    ['Tel.: 030 1234567', '030 1234567'],
    ['Tel.:030/1234567', '030/1234567'],
    ['Fax: +49 30 1234568.', '+49 30 1234568'],
    ['Rufen Sie an (0171 1234567)!', '0171 1234567'],
    ['☎ 030 1234567', '030 1234567'],
    // Weak shapes with a phone word
    ['Tel.: 1234567', '1234567'],
    ['Tel. 12 34 56', '12 34 56'],
    ['Telefon 0301234567', '0301234567'],
    ['Handy: 01711234567', '01711234567'],
    ['Mobil 01711234567', '01711234567'],
    ['phone 555 123 4567', '555 123 4567'],
    ['call 555.123.4567', '555.123.4567'],
    ['Telefonnummer: 1234567', '1234567'],
    ['Tel. (Hotel) 1234567', '1234567'],
    // DIN 5008 pairs from the right: the first group may be a single digit; extensions after a dash
    ['Telefon 0711 2 84 56 90', '0711 2 84 56 90'],
    ['Sekretariat 06221 5 47 38 10', '06221 5 47 38 10'],
    ['Fax: 0351 4 96 27-118', '0351 4 96 27-118'],
    ['Zentrale 089 3 21 45-0', '089 3 21 45-0'],
    ['030 / 2 55 84 12', '030 / 2 55 84 12'],
    ['Tel. 02234 / 9 12 34 56', '02234 / 9 12 34 56'],
    ['Mobil 0172 3 45 67 89', '0172 3 45 67 89'],
    ['Tel. 04131 7 25-0', '04131 7 25-0'],
    ['Tel. 0214 / 8 20 55 - 0, Fax -19', '0214 / 8 20 55 - 0'],
    ['Kundenservice: 0800 123 456', '0800 123 456'],
    ['Customer service 0800 123 4567', '0800 123 4567'],
  ])('finds the number in %j', (text, expected) => {
    expect(found(text)).toEqual([expected]);
  });

  it('finds each number in a list', () => {
    expect(found('Tel. 030 1234567, Fax 030 1234568, mobil 0171 7654321')).toEqual(['030 1234567', '030 1234568', '0171 7654321']);
  });

  it.each([
    ['1234567', 'plain number without a phone word'],
    ['Die Summe beträgt 1.234,56 €.', 'amount'],
    ['Bj. 2021', 'year'],
    ['am 12.03.2021', 'date'],
    ['am 12/03/2021', 'date with slashes'],
    ['Telefonat am 12/03/2021', 'date after a phone word'],
    ['Zeitraum 2013-2017', 'year range'],
    ['IBAN DE89 3704 0044 0532 0130 00', 'IBAN'],
    ['IBAN: DE89370400440532013000', 'IBAN without spaces'],
    ['(Mieternummer 0419-117). Das', 'a tenant number'],
    ['Sort code 30-96-26 acc. 00718842 | termly', 'an account number after acc.'],
    ['10115 Berlin', 'postcode'],
    ['um 14:30 Uhr', 'time'],
    ['Öffnungszeiten 0900-1700', 'opening hours'],
    ['Version 1.2.3', 'version'],
    ['v2.10.4', 'version'],
    ['192.168.0.1', 'IP address'],
    ['Kundennummer 0301234567', 'customer number'],
    ['MRN: 00482917', 'a medical record number (0048 is no country code here)'],
    ['Steuernummer 013 815 08153', 'Steuernummer in phone shape'],
    ['Karte 4111 1111 1111 1111', 'card number'],
    ['Steuer-ID 12 345 678 901', 'tax ID'],
    ['Seite 12 von 30', 'page numbers'],
    ['01 2021', 'month and year'],
    ['ISBN 978-3-16-148410-0', 'ISBN'],
    ['Az. 3 O 123/21', 'case number'],
    ['Hotel 1234567', 'a phone word inside another word'],
    ['+49', 'country code alone'],
    ['+49 30 12', 'too short'],
    ['Marke EM 002 609 949', 'trademark number: 2 is no country code'],
    ['Unionsmarke EM 005 729 819', 'trademark number: 5 is no country code'],
    ['+28 123 456 789', 'unassigned country code'],
    ['Protokoll Nr.:099984-0163', 'number after a generic Nr. label'],
    ['Customer number: C-0044-1182', 'tail of a customer number'],
    ['Vertrag KD/0211 8 47 29', 'tail of a token glued by a slash'],
    ['Schadennummer 0511 4 77 12', 'claim number in phone shape'],
    ['Policy no. 0611 8 47 29 30', 'policy number in phone shape'],
    ['Summe 1 234 567 Euro', 'amount in digit groups'],
    ['am 01 02 2024', 'date in digit groups'],
    ['Seite 3 4 5 6', 'page numbers'],
    ['Version 0 8 15 3', 'version in digit groups'],
    ['Stück 0 2 4 6 8 10', 'counts'],
  ])('finds nothing in %j (%s)', (text) => {
    expect(found(text)).toEqual([]);
  });

  it('scores strong shapes high and weak shapes below the threshold without context', () => {
    const score = (text: string) => Math.max(...(telRecognizer.detect(text, ctx) as Span[]).map((s) => s.score));
    expect(score('+49 30 1234567')).toBeGreaterThanOrEqual(0.85);
    expect(score('030/1234567')).toBeGreaterThanOrEqual(0.85);
    expect(score('0301234567')).toBeLessThan(0.5);
    expect(score('555 123 4567')).toBeLessThan(0.5);
    // Dotted: only the 3-3-4 grouping with a valid area code and exchange reaches the threshold.
    expect(score('123.456.7890')).toBeLessThan(0.5);
    expect(score('512.055.0177')).toBeLessThan(0.5);
    expect(score('512.555.0177')).toBeGreaterThanOrEqual(0.5);
    expect(score('12 34 56')).toBeLessThan(0.5);
  });

  it('gives UTF-16 offsets after astral characters', () => {
    const text = '😀𠮷 Tel. 030 1234567';
    expect(spans(text).map((s) => [s.start, s.end])).toEqual([[10, 21]]);
    expect(found(text)).toEqual(['030 1234567']);
  });

  it('yields one span per number (overlapping rule hits are resolved)', () => {
    expect((telRecognizer.detect('Tel. 555-123-4567', ctx) as Span[]).length).toBe(1);
  });

  it.each([
    ['digits with spaces', '1 '.repeat(25_000)],
    ['two-digit groups', '12 '.repeat(16_000)],
    ['dotted chain before @', `${'a.'.repeat(25_000)}@`],
    ['+49 repeated', '+49 '.repeat(12_500)],
    ['+49 (0) repeated', '+49 (0)'.repeat(7_000)],
    ['zeros', '0'.repeat(50_000)],
    ['@ chain', 'a@'.repeat(25_000)],
    ['dashes', '1-'.repeat(25_000)],
    ['slashes with spaces', '030 / '.repeat(8_000)],
    ['parentheses', '(030) '.repeat(8_000)],
    ['phone words', 'Tel. '.repeat(10_000)],
    ['ext chains', '030 1234567 ext. '.repeat(3_000)],
  ])('returns on adversarial input: %s', (_name, text) => {
    expect(Array.isArray(telRecognizer.detect(text, ctx))).toBe(true);
  });
});
