import { describe, expect, it } from 'vitest';
import type { DetectContext } from '../../../../src/detection/recognizer.js';
import { dateRecognizer, dateRules } from '../../../../src/detection/dates/date.js';
import type { Span } from '../../../../src/text/span.js';

const ctx: DetectContext = { labels: new Set(['DATE']), language: 'auto' };

function detect(text: string): Span[] {
  const out = dateRecognizer.detect(text, ctx);
  if (out instanceof Promise) throw new Error('the date recognizer is synchronous');
  return out;
}

/** Span texts that a downstream merge would keep as DATE (score ≥ 0.5). */
function found(text: string): string[] {
  return detect(text)
    .filter((s) => s.score >= 0.5)
    .map((s) => text.slice(s.start, s.end));
}

describe('dateRecognizer: the first days of a range or list, years of birth', () => {
  it.each<[string, string[]]>([
    ['der sich vom 6. bis 14. März 2024 in unserer Klinik befand', ['6.', '14. März 2024']],
    ['On: 4, 5 and 6 March 2024 Before: Judge', ['4', '5', '6 March 2024']],
    ['am 3./4. Mai 2023 geöffnet', ['3.', '4. Mai 2023']],
    ['Leistungszeitraum: 04.–06.03.2024, Objekt', ['04.', '06.03.2024']],
    ['Zeitraum 01.-15.02.2024', ['01.', '15.02.2024']],
    ['am 3. und 4. Mai', ['3.', '4. Mai']],
    ['Kapitel 3 und 4 sind neu', []],
    ['Seite 12 bis 14 März-Ausgabe', ['14 März']],
    // A year of birth is a date; other years alone are not (labels.md)
    ['the minor children E.H. (born 2015) and J.H. (born 2018).', ['2015', '2018']],
    ['Jahrgang 1968, ledig, geb. 1970 in Ulm', ['1968', '1970']],
    ['Baujahr 1982, seit 2015 im Betrieb', []],
  ])('%j → %j', (text, expected) => {
    expect(found(text)).toEqual(expected);
  });
});

describe('dateRecognizer: month and two-digit year in clinical histories', () => {
  it.each<[string, string[]]>([
    ['Rektumkarzinom, (ED 7/63); lokal weit fortgeschritten', ['7/63']],
    ['C20 Tumoranämie, (03/33), D63.0', ['03/33']],
    ['64 GY (10/63-12/63); (reg. LK', ['10/63', '12/63']],
    ['Rezidiv seit 10/32 bekannt', ['10/32']],
    ['Milzhilus) 06/11 bis 11/11 Chemotherapie', ['06/11', '11/11']],
    ['Anus praeter-Anlage 12/17 - Relaparotomie', ['12/17']],
    ['Hemithyreoidektomie re. 10/14 - Restthyreoidectomie', ['10/14']],
    ['Chemotherapie mit Xeloda 03-06/2022 und', ['03', '06/2022']],
    ['Schmerzen VAS 7/10, Hb 9/12 im Verlauf', []],
    ['2/3 der Patienten, Score 12/20', []],
    ['Schober lumbalis 8,5/10/16 cm', []],
  ])('%j → %j', (text, expected) => {
    expect(found(text)).toEqual(expected);
  });
});

describe('dateRecognizer: German sentences', () => {
  it.each<[string, string[]]>([
    ['Herr Müller wurde am 12.03.1968 in Köln geboren.', ['12.03.1968']],
    ['Donnerstag, 12.05.2022, 10:30 Uhr: Termin beim Hausarzt.', ['12.05.2022']],
    ['Die Patientin (geb. 3.7.45) kam am 12.3.21 zur Aufnahme.', ['3.7.45', '12.3.21']],
    ['Am 1.1.2000 begann das Arbeitsverhältnis.', ['1.1.2000']],
    ['Die Frist endet am 12. 03. 2021.', ['12. 03. 2021']],
    ['Am 3. März 2021 unterschrieb sie den Vertrag.', ['3. März 2021']],
    ['Zahlung bis zum 12. Jan. 99 fällig.', ['12. Jan. 99']],
    ['Eingang 12. Mrz. 21, Ausgang 3 Maerz 2021.', ['12. Mrz. 21', '3 Maerz 2021']],
    ['Geboren am 24. Dezember 1950 in Wien.', ['24. Dezember 1950']],
    ['Wien, am 12. Jänner 2020', ['12. Jänner 2020']],
    ['Seit März 2021 wohnt sie in der Wohnung.', ['März 2021']],
    ['Wir sehen uns am 3.3. wieder.', ['3.3.']],
    ['Urlaub vom 12.03. bis 15.03.2021.', ['12.03.', '15.03.2021']],
    ['Zeitraum 01.03.2021-31.03.2021', ['01.03.2021', '31.03.2021']],
    ['Vertrag vom 1. Okt. 2020 (Stand 10/2021).', ['1. Okt. 2020', '10/2021']],
    ['Die Rechnung ist bis 12. Jan. fällig.', ['12. Jan.']],
    ['Am 3. März um 10 Uhr.', ['3. März']],
    ['Am 3. März 10 Uhr.', ['3. März']],
    ['Abgabe am 12.03. 14:00 Uhr', ['12.03.']],
    ['Stand: 03.2021', ['03.2021']],
    ['am 3. märz 2021 kam er', ['3. märz 2021']],
    ['Brief vom 12. März\n2021 erhalten', ['12. März\n2021']],
    ['Datei vom 2021-03-12T10:00 erstellt', ['2021-03-12']],
    ['Termine: 12.03.2021,13.03.2021', ['12.03.2021', '13.03.2021']],
  ])('%j', (text, expected) => {
    expect(found(text)).toEqual(expected);
  });
});

describe('dateRecognizer: English sentences', () => {
  it.each<[string, string[]]>([
    ['The tenant moved in on March 3rd, 2021, and left on 3rd of March 2022.', ['March 3rd, 2021', '3rd of March 2022']],
    ['Invoice dated 03/12/2021 was paid on 25/12/2021.', ['03/12/2021', '25/12/2021']],
    ['Born 3 March 1950 in Leeds.', ['3 March 1950']],
    ['Meeting on Mar 3 2021 and Sept. 3, 2021.', ['Mar 3 2021', 'Sept. 3, 2021']],
    ['Since March 2021 she has worked here.', ['March 2021']],
    ['See you on March 3.', ['March 3']],
    ['Friday, March 12, 2021: hearing', ['March 12, 2021']],
    ['The report (2021-03-12) is attached.', ['2021-03-12']],
    ['Signed on the 21st of March, 2021 in London.', ['21st of March, 2021']],
    ['Renewal due 10/2021, see letter of 4 Dec 2020.', ['10/2021', '4 Dec 2020']],
    ['DOB: 12/3/84', ['12/3/84']],
  ])('%j', (text, expected) => {
    expect(found(text)).toEqual(expected);
  });
});

describe('dateRecognizer: not dates', () => {
  it.each([
    'Version 1.2.3, Build 1.2.3.4',
    'Version 2.1.20 ist installiert.',
    'Der Betrag von 12.50 € ist fällig.',
    'Der Termin ist um 12:30 Uhr.',
    'Jahresabrechnung 2021',
    'Bj. 1982, unfallfrei',
    'Er arbeitete dort von 2013–2017.',
    'We will meet in May.',
    'Im Mai war es warm.',
    'you may 3 times try it',
    'Am 31.02.2021 war nichts.',
    'Am 30. Februar 2020 war nichts.',
    'Die Firma sitzt in der Straße des 17. Juni 135, 10623 Berlin.',
    'Treffpunkt: Platz des 4. Juli 12',
    'Server 192.168.1.1 antwortet nicht.',
    'Siehe Kapitel 3.3. und Abschnitt 12.2.',
    'Dosis 1/4. Mai kam nicht, Werte 3.-4.5 mg, Seite 4.-5. Kapitel',
    'Az. 10/2021',
    'Nr. 12.03.2021',
    'Pi ist 3.14159, die Zahl 12.03.45678 auch nicht.',
    '13/2021 und 1/2/3',
    '12.03.2021abc',
    'v12.03.2021',
    '2021-03-12-7',
    'März März März',
  ])('%j', (text) => {
    expect(found(text)).toEqual([]);
  });

  it('gives a street-like day+month followed by a house number a low score', () => {
    const text = 'Wir treffen uns am 17. Juni 135 Gäste.';
    const spans = detect(text);
    expect(spans.map((s) => text.slice(s.start, s.end))).toEqual(['17. Juni']);
    expect(spans[0]!.score).toBeLessThan(0.5);
  });
});

describe('dateRecognizer: spans and scores', () => {
  it.each([
    ['12.03.2021', 'Am 12.03.2021 kam er.'],
    ['3. März 2021', 'Am 3. März 2021 kam er.'],
    ['March 3rd, 2021', 'It was March 3rd, 2021.'],
    ['2021-03-12', 'Export 2021-03-12.'],
    ['03/12/2021', 'Paid 03/12/2021.'],
    ['12.3.68', 'Kurz: 12.3.68 ok'],
  ])('full date %j scores at least 0.85', (date, text) => {
    const spans = detect(text);
    expect(spans).toHaveLength(1);
    expect(text.slice(spans[0]!.start, spans[0]!.end)).toBe(date);
    expect(spans[0]!.score).toBeGreaterThanOrEqual(0.85);
    expect(spans[0]).toMatchObject({ label: 'DATE', source: 'date' });
  });

  it.each([
    ['März 2021', 'Umzug März 2021 geplant'],
    ['March 2021', 'Moved March 2021 to York'],
    ['10/2021', 'Umzug 10/2021 geplant'],
    ['12.03.', 'Lieferung 12.03. erfolgt'],
    ['3. März', 'Lieferung 3. März erfolgt'],
    ['March 3', 'Delivery March 3 done'],
  ])('partial date %j scores in [0.6, 0.85)', (date, text) => {
    const spans = detect(text);
    expect(spans).toHaveLength(1);
    expect(text.slice(spans[0]!.start, spans[0]!.end)).toBe(date);
    expect(spans[0]!.score).toBeGreaterThanOrEqual(0.6);
    expect(spans[0]!.score).toBeLessThan(0.85);
  });

  it('lifts a partial date after a date word', () => {
    const [plain] = detect('Lieferung 12.03. erfolgt');
    const [lifted] = detect('Lieferung am 12.03. erfolgt');
    expect(lifted!.score).toBeGreaterThan(plain!.score);
  });

  it('keeps the weekday and trailing punctuation outside', () => {
    const text = 'Donnerstag, 12.05.2022.';
    expect(detect(text).map((s) => [s.start, s.end])).toEqual([[12, 22]]);
  });

  it('uses UTF-16 offsets after emoji and astral characters', () => {
    const text = '😀𠮷 Termin am 12.03.2021, dann 😀 3. März 2021.';
    const spans = detect(text);
    expect(spans.map((s) => [s.start, s.end, text.slice(s.start, s.end)])).toEqual([
      [15, 25, '12.03.2021'],
      [35, 47, '3. März 2021'],
    ]);
  });

  it('returns spans in text order without overlaps (a full date wins over its pieces)', () => {
    const text = 'am 3. März 2021 und am 12.03.2021 und March 3rd, 2021';
    const spans = detect(text);
    expect(spans.map((s) => text.slice(s.start, s.end))).toEqual(['3. März 2021', '12.03.2021', 'March 3rd, 2021']);
    for (let i = 1; i < spans.length; i++) expect(spans[i]!.start).toBeGreaterThanOrEqual(spans[i - 1]!.end);
  });

  it('skips work when DATE is not requested', () => {
    expect(dateRecognizer.detect('am 12.03.2021', { labels: new Set(['PER']), language: 'de' })).toEqual([]);
    expect(dateRecognizer.labels).toEqual(['DATE']);
  });

  it('declares linear-time rules with the g flag', () => {
    for (const rule of dateRules) {
      expect(rule.regex.flags).toContain('g');
      expect(rule.label).toBe('DATE');
    }
  });
});

describe('dateRecognizer: adversarial input returns', () => {
  const N = 50_000;
  const fill = (unit: string) => unit.repeat(Math.ceil(N / unit.length)).slice(0, N);
  it.each([
    ['1.1.1.1.…', fill('1.')],
    ['12. 12. 12. …', fill('12. ')],
    ['März März …', fill('März ')],
    ['digits and dots', fill('1234567890.')],
    ['12.12.12.12…', fill('12.12.12.12')],
    ['slashes', fill('1/1/1/')],
    ['dashes', fill('2021-')],
    ['3. Jan. 3. Jan. …', fill('3. Jan. ')],
    ['3rd of 3rd of …', fill('3rd of ')],
    ['month then spaces', 'März' + ' '.repeat(N) + '2021'],
    ['day then spaces', '3.' + ' '.repeat(N) + 'März'],
    ['real dates', fill('12.03.2021 ')],
  ])('%s', (_name, text) => {
    const spans = detect(text);
    expect(Array.isArray(spans)).toBe(true);
    for (const s of spans) expect(s.end - s.start).toBeLessThanOrEqual(40);
  });
});
