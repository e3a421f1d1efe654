import { describe, expect, it } from 'vitest';
import { postcodeCityRecognizer } from '../../../../src/detection/addresses/postcode-city.js';
import type { TextLabelName } from '../../../../src/spec/types.js';
import type { Span } from '../../../../src/text/span.js';

const ctx = { labels: new Set<TextLabelName>(['LOC']), language: 'auto' as const };
const spans = (text: string): Span[] => (postcodeCityRecognizer.detect(text, ctx) as Span[]).filter((s) => s.score >= 0.5);
const found = (text: string): string[] => spans(text).map((s) => text.slice(s.start, s.end));

describe('postcodeCityRecognizer', () => {
  it.each([
    ['Herrn Max Mustermann\nHauptstr. 5\n10115 Berlin', ['10115 Berlin']],
    ['Der Kläger wohnt in 80331 München.', ['80331 München']],
    ['Müller GmbH, Domstraße 1, D-50667 Köln', ['D-50667 Köln']],
    ['Sitz: 60311 Frankfurt am Main, Deutschland', ['60311 Frankfurt am Main']],
    ['Universitätsklinikum, 79098 Freiburg im Breisgau', ['79098 Freiburg im Breisgau']],
    ['Lieferung nach 01067 Dresden-Altstadt', ['01067 Dresden-Altstadt']],
    ['Amtsgericht, 06108 Halle (Saale)', ['06108 Halle (Saale)']],
    ['Kurhaus, 61348 Bad Homburg v. d. Höhe', ['61348 Bad Homburg v. d. Höhe']],
    ['Postanschrift: 79098 Freiburg i. Br.', ['79098 Freiburg i. Br.']],
    ['Kundin aus 10115 BERLIN', ['10115 BERLIN']],
    ['Hauptstr. 5, 10115 Berlin-Mitte; Filiale: 20095 Hamburg', ['10115 Berlin-Mitte', '20095 Hamburg']],
    ['von 10115 Berlin nach 80331 München', ['10115 Berlin', '80331 München']],
    ['Our HQ: 500 Fifth Ave, Seattle, WA 98109, USA', ['Seattle, WA 98109']],
    ['Mail it to 12 Elm Street, Springfield, Illinois 62701-1234.', ['Springfield, Illinois 62701-1234']],
    ['New York, New York 10001', ['New York, New York 10001']],
    ['Mail it to New York, NY 10001-1234 today.', ['New York, NY 10001-1234']],
    ['500 Main St., Salt Lake City, UT 84101', ['Salt Lake City, UT 84101']],
    ['Boise ID 83702', ['Boise ID 83702']],
    ['For the NDA. Chicago, IL 60601, is where', ['Chicago, IL 60601']],
    ['Visit St. Louis, MO 63101 or Ft. Worth, TX 76102.', ['St. Louis, MO 63101', 'Ft. Worth, TX 76102']],
    ['Calloway Health, New York, NY Aug 2021 – Present', ['New York, NY']],
    ['offices in Chicago, IL and St. Louis, MO.', ['Chicago, IL', 'St. Louis, MO']],
    ['10 Downing Street, London SW1A 2AA', ['London SW1A 2AA']],
    ['The clinic, Milton Keynes MK9 2AA, is open.', ['Milton Keynes MK9 2AA']],
    ['Civic Centre, Newcastle upon Tyne NE1 4ST', ['Newcastle upon Tyne NE1 4ST']],
    ['Postcode: SW1A 2AA', ['SW1A 2AA']],
    ['Stephansplatz 1, A-1010 Wien', ['A-1010 Wien']],
    ['Bahnhofstrasse 21, CH-8001 Zürich', ['CH-8001 Zürich']],
    ['Graben 1, 1010 Wien', ['1010 Wien']],
    ['Limmatquai 5, 8001 Zürich, Schweiz', ['8001 Zürich']],
    ['Hauptplatz 3, 8010 Graz', ['8010 Graz']],
    ['PLZ 10115, Ort unbekannt', ['10115']],
    ['State: AZ ZIP: 85021 Home phone: 602-555-0193', ['85021']],
    ['Postleitzahl: 80331', ['80331']],
    ['PLZ/Ort: 10115 Berlin', ['10115 Berlin']],
    ['Anschrift: Hauptstr. 5 10115 Berlin', ['10115 Berlin']],
    ['Sitz: 61348 Bad Homburg', ['61348 Bad Homburg']],
    ['111 Market Place, Baltimore, MD 21202 Phone 410-468-3798', ['Baltimore, MD 21202']],
  ])('finds the place in %j', (text, expected) => {
    expect(found(text)).toEqual(expected);
  });

  it.each([
    ['Der Betrag von 12345 Euro ist fällig.'],
    ['2021 Umsatz gestiegen, 2022 Gewinn gesunken'],
    ['Die Stadt hat 12345 Einwohner.'],
    ['Die Firma hat 12000 Kunden und 25000 Mitarbeiter.'],
    ['Mit 25000 Mitarbeitern ist sie groß.'],
    ['Es wurden 54321 Stück geliefert.'],
    ['Kundennummer 12345 Berlin-Team'],
    ['Rechnung Nr. 40210 Datum 3.5.'],
    ['Tel. 0911 12345 Fax 0911 12346'],
    ['Im Jahr 2021 Wien besucht'],
    ['Seit 1995 Zürich als Sitz'],
    ['Az. 12345 Bitte angeben'],
    ['In 2021 Seattle grew.'],
    ['Tel. 030 12345 Berlin'],
    ['I faxed the offer for 10300 Heritage Office Building.'],
    ['Smith, CA and Jones, NY signed.'],
    // `ID` is Idaho's code, but after these words it names an identifier.
    ['Member ID 88412-A, Patient ID 40217, Customer ID 10001'],
  ])('finds nothing in %j', (text) => {
    expect(found(text)).toEqual([]);
  });

  it('keeps UTF-16 offsets after emoji and astral characters', () => {
    const text = '🏠𠮷 Adresse: 10115 Berlin 𠮷 und London SW1A 2AA 🎉';
    const got = spans(text);
    expect(got.map((s) => text.slice(s.start, s.end))).toEqual(['10115 Berlin', 'London SW1A 2AA']);
    expect(got[0]?.start).toBe(text.indexOf('10115'));
    expect(got[1]?.end).toBe(text.indexOf(' 🎉'));
  });

  it('scores postcode + town at least 0.85 and labels LOC', () => {
    for (const s of spans('10115 Berlin, Seattle, WA 98109, A-1010 Wien')) {
      expect(s.label).toBe('LOC');
      expect(s.score).toBeGreaterThanOrEqual(0.85);
    }
  });

  it('returns nothing when LOC is not requested', () => {
    expect(postcodeCityRecognizer.detect('10115 Berlin', { labels: new Set(['PER']), language: 'auto' })).toEqual([]);
  });

  it.each([
    ['12345 ', 'numbers'],
    ['12345 Ab ', 'postcode + capitalised word'],
    ['A A A A ', 'capitalised letters'],
    ['Ab, ', 'words with commas'],
    ['New York, NY ', 'US city + state without ZIP'],
    ['AB1 ', 'UK outward codes'],
    ['PLZ ', 'PLZ without number'],
    ['12345 Bad ', 'town prefixes'],
  ])('returns on a 50,000-character adversarial string (%j, %s)', (unit) => {
    const text = unit.repeat(Math.ceil(50_000 / unit.length)).slice(0, 50_000);
    expect(Array.isArray(postcodeCityRecognizer.detect(text, ctx))).toBe(true);
  });
});
