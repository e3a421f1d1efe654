import { describe, expect, it } from 'vitest';
import { columnLabel, tableColumnRecognizer } from '../../../../src/detection/patterns/table-columns.js';
import type { TextLabelName } from '../../../../src/spec/types.js';
import type { Span } from '../../../../src/text/span.js';

const ALL: TextLabelName[] = ['PER', 'LOC', 'STR', 'TEL', 'MAIL', 'DATE', 'OTH', 'ORG'];
const found = (text: string, labels: TextLabelName[] = ALL): string[] =>
  (tableColumnRecognizer.detect(text, { labels: new Set(labels), language: 'auto' }) as Span[]).map(
    (s) => `${s.label}:${text.slice(s.start, s.end)}`,
  );

describe('columnLabel', () => {
  it.each([
    ['Name', 'PER'],
    ['Vorname', 'PER'],
    ['Last name', 'PER'],
    ['Company name', 'ORG'],
    ['Employer', 'ORG'],
    ['PLZ/Ort', 'LOC'],
    ['Current city', 'LOC'],
    ['Straße', 'STR'],
    ['Telefonnummer', 'TEL'],
    ['Tel.-Nr.', 'TEL'],
    ['Hausnummer', 'STR'],
    ['E-Mail', 'MAIL'],
    ['Geburtsdatum', 'DATE'],
    ['Eintrittsdatum', 'DATE'],
    ['DOB', 'DATE'],
    ['Kundennr.', 'OTH'],
    ['Vertragsnummer', 'OTH'],
    ['Customer ID', 'OTH'],
    ['Phone / Email', null],
    ['Nr.', null],
    ['Notes', null],
    ['Bemerkung', null],
  ] as const)('%j names %s', (header, label) => {
    expect(columnLabel(header)).toBe(label);
  });
});

describe('tableColumnRecognizer', () => {
  it('labels each cell by its column in a semicolon export', () => {
    const text = 'Name;Vorname;PLZ;Ort;Kundennr.;Bemerkung\nSchulze;Karin;07743;Jena;031461519;Rückruf\nÖztürk;Emre;99085;Erfurt;K-518;-';
    expect(found(text)).toEqual([
      'PER:Schulze',
      'PER:Karin',
      'LOC:07743',
      'LOC:Jena',
      'OTH:031461519',
      'PER:Öztürk',
      'PER:Emre',
      'LOC:99085',
      'LOC:Erfurt',
      'OTH:K-518',
    ]);
  });

  it('reads markdown tables with their rule line, tab-separated and aligned ones', () => {
    expect(found('| Name | City | Email |\n|---|---|---|\n| Dr. Aidan Kavanagh | Galway | aidan@example.ie |')).toEqual([
      'PER:Aidan Kavanagh',
      'LOC:Galway',
      'MAIL:aidan@example.ie',
    ]);
    expect(found('Name\tDOB\tAccount\nVedvik, Fredrik\t12/03/1961\tX035873648')).toEqual([
      'PER:Vedvik, Fredrik',
      'DATE:12/03/1961',
      'OTH:X035873648',
    ]);
    expect(found('Name            Phone             City\nTom Hawkridge   01793 555 014     Swindon')).toEqual([
      'PER:Tom Hawkridge',
      'TEL:01793 555 014',
      'LOC:Swindon',
    ]);
  });

  it('splits a cell that lists places, keeps an address line whole, and skips empty or lower-case cells', () => {
    const text =
      '| Name | Current city | Employer |\n| Bukola Adeniran | Lagos, Nigeria | self-employed |\n| Deepa K. | Toronto, ON M5V 2T6 | n/a |';
    expect(found(text)).toEqual(['PER:Bukola Adeniran', 'LOC:Lagos', 'LOC:Nigeria', 'PER:Deepa K.', 'LOC:Toronto, ON M5V 2T6']);
  });

  it('ends the table at a blank line or a row of another shape', () => {
    const text = 'Name;Ort\nSchulze;Jena\n\nMeier;Gera\nName;Ort\nBecker;Suhl\nDanke; bis bald; und Grüße an alle';
    expect(found(text)).toEqual(['PER:Schulze', 'LOC:Jena', 'PER:Becker', 'LOC:Suhl']);
  });

  it.each([
    'Wir kamen; sahen; siegten.\nDann gingen wir; alle; heim.',
    'Name;Ort',
    'Name;Nr.;Bemerkung\nSchulze;12;ok',
    'Name 1;Ort 2\nSchulze;Jena',
  ])('finds no table in %j', (text) => {
    expect(found(text)).toEqual([]);
  });

  it('labels only what the request asks for', () => {
    expect(found('Name;Ort\nSchulze;Jena', ['LOC'])).toEqual(['LOC:Jena']);
  });
});
