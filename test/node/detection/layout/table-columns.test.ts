import { describe, expect, it } from 'vitest';
import { columnLabel, tableColumnRecognizer } from '../../../../src/detection/layout/table-columns.js';
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

  it('reads a row wrapped for want of room: a break between cells, inside a cell, or before a markdown row closes', () => {
    // Between cells: the lines' cells add up to the header's.
    expect(
      found('Name\tE-Mail\tPLZ/Ort\nKlara Studnitzka\tklara@yahoo.de\n05739 Dargun\nBen Wildemann\tben@gmx.de\t98725 Mannheim'),
    ).toEqual([
      'PER:Klara Studnitzka',
      'MAIL:klara@yahoo.de',
      'LOC:05739 Dargun',
      'PER:Ben Wildemann',
      'MAIL:ben@gmx.de',
      'LOC:98725 Mannheim',
    ]);
    // Inside a cell: the halves are one cell; a complete row's last cell goes on when the next line but one is a row.
    expect(found('Name;Account;DOB\nNadia Pold;RE-128880;15 January\n2000\nGrgo Kapusta;585475244;Jul. 10, 1951')).toEqual([
      'PER:Nadia Pold',
      'OTH:RE-128880',
      'DATE:15 January\n2000',
      'PER:Grgo Kapusta',
      'OTH:585475244',
      'DATE:Jul. 10, 1951',
    ]);
    // A markdown row goes on until its closing pipe.
    expect(
      found(
        '| Name | Phone | Account |\n|---|---|---|\n| Jackson Torp | 07041\n310819 | 939908484 |\n| Amy Danella | (614) 622-6305 |\n29867373 |',
      ),
    ).toEqual(['PER:Jackson Torp', 'TEL:07041\n310819', 'OTH:939908484', 'PER:Amy Danella', 'TEL:(614) 622-6305', 'OTH:29867373']);
  });

  it('reads a header wrapped onto a line of column names', () => {
    expect(found('Name\tStraße\tPLZ/Ort\nGeburtsdatum\nSally Morese\tErwin-Baur-Straße 100\t37327 Kirchheim\n25.02.1943')).toEqual([
      'PER:Sally Morese',
      'STR:Erwin-Baur-Straße 100',
      'LOC:37327 Kirchheim',
      'DATE:25.02.1943',
    ]);
  });

  it('reads a markdown header wrapped onto the line above its rule', () => {
    const text =
      '| Vendor | Contact |\nPhone / Email | Account no. |\n|---|---|---|---|\n| Ashdown Co. | Marta Szczepańska | 01793 555 014 | V-00417 |';
    expect(found(text)).toEqual(['ORG:Ashdown Co.', 'PER:Marta Szczepańska', 'OTH:V-00417']);
  });

  it('does not run the last row on into the text below it', () => {
    expect(found('Name;Ort\nSchulze;Jena\nViele Grüße')).toEqual(['PER:Schulze', 'LOC:Jena']);
    expect(found('Name;Ort;Kundennr.\nSchulze;Jena\nGera;Suhl;Erfurt')).toEqual([]);
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
