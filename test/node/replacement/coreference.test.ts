import { describe, expect, it } from 'vitest';
import { resolveCoreference } from '../../../src/replacement/coreference.js';
import { parseMarked, spanOf } from './helpers.js';

/** `[[LABEL|text]]` markup → per-span `LABEL-n`, so a table can state the expected grouping compactly. */
function numbers(marked: string): string[] {
  const { text, spans } = parseMarked(marked);
  return resolveCoreference(text, spans).map((a, i) => `${spans[i]!.label}-${a.number}`);
}

function crIds(marked: string): number[] {
  const { text, spans } = parseMarked(marked);
  return resolveCoreference(text, spans).map((a) => a.crId);
}

describe('coreference: the decisions.md example', () => {
  const marked =
    'Herr Dr. [[PER|Hans-Peter Müller]] wohnt in [[LOC|Köln]]. Herr [[PER|Müller]] schreibt, dass ' +
    '[[PER|Müllers]] Auto … gez. [[PER|H.-P. Müller]]';
  it('gives every mention one number and one crId', () => {
    expect(numbers(marked)).toEqual(['PER-1', 'LOC-1', 'PER-1', 'PER-1', 'PER-1']);
    const ids = crIds(marked);
    expect(new Set([ids[0], ids[2], ids[3], ids[4]]).size).toBe(1);
    expect(ids[1]).not.toBe(ids[0]);
  });
  it('numbers crIds from 0 in order of first appearance, unique across labels', () => {
    expect(crIds(marked)).toEqual([0, 1, 0, 0, 0]);
  });
});

describe('coreference: PER rules', () => {
  it.each([
    ['two different people', '[[PER|Hans Müller]] und [[PER|Eva Schmidt]]', ['PER-1', 'PER-2']],
    [
      'numbering per label in first-appearance order',
      '[[PER|Anna Kurz]] aus [[LOC|Bonn]] traf [[PER|Ben Lang]]; [[PER|Anna Kurz]] zahlte.',
      ['PER-1', 'LOC-1', 'PER-2', 'PER-1'],
    ],
    ['exact repeat, case and whitespace', '[[PER|Hans Müller]] … [[PER|hans   MÜLLER]]', ['PER-1', 'PER-1']],
    ['with and without accents', '[[PER|Lan Nguyễn]] … [[PER|Nguyen, Lan]] … [[PER|Nguyen]]', ['PER-1', 'PER-1', 'PER-1']],
    ['line break inside a name', '[[PER|Hans\nMüller]] … [[PER|Hans Müller]]', ['PER-1', 'PER-1']],
    ['surname of an earlier full name', '[[PER|Hans-Peter Müller]] … [[PER|Müller]]', ['PER-1', 'PER-1']],
    ['genitive -s', '[[PER|Hans Müller]] … [[PER|Müllers]] Auto', ['PER-1', 'PER-1']],
    ['genitive apostrophe', "[[PER|Anna Schulz]] … [[PER|Schulz']] Brief", ['PER-1', 'PER-1']],
    ['genitive on the full name', '[[PER|Hans Müllers]] Auto … [[PER|Hans Müller]]', ['PER-1', 'PER-1']],
    ['English possessive inside the span', "[[PER|Jay Smith]] … [[PER|Jay's]]", ['PER-1', 'PER-1']],
    ['initial', '[[PER|Hans-Peter Müller]] … [[PER|H. Müller]]', ['PER-1', 'PER-1']],
    ['hyphenated initials', '[[PER|Hans-Peter Müller]] … [[PER|H.-P. Müller]]', ['PER-1', 'PER-1']],
    ['initials without dots', '[[PER|Hans-Peter Müller]] … [[PER|HP Müller]]', ['PER-1', 'PER-1']],
    ['initials of two given names', '[[PER|Hans Peter Müller]] … [[PER|H. P. Müller]]', ['PER-1', 'PER-1']],
    ['initials first, full name later', '[[PER|H. Müller]] … [[PER|Hans Müller]]', ['PER-1', 'PER-1']],
    ['incompatible initial', '[[PER|Hans Müller]] … [[PER|E. Müller]]', ['PER-1', 'PER-2']],
    ['initials in the wrong order', '[[PER|Hans-Peter Müller]] … [[PER|P.-H. Müller]]', ['PER-1', 'PER-2']],
    ['a longer written given name is someone else', '[[PER|Hans Müller]] … [[PER|Hans-Peter Müller]]', ['PER-1', 'PER-2']],
    ['inverted form', '[[PER|Hans-Peter Müller]] … [[PER|Müller, Hans-Peter]]', ['PER-1', 'PER-1']],
    ['inverted form in capitals first', '[[PER|KRAUSE, Werner]] … [[PER|Werner Krause]] … [[PER|Krause]]', ['PER-1', 'PER-1', 'PER-1']],
    ['inverted form with an initial', '[[PER|Werner Krause]] … [[PER|Krause, W.]]', ['PER-1', 'PER-1']],
    ['all capitals are not initials', '[[PER|EVA MÜLLER]] … [[PER|Eva Müller]]', ['PER-1', 'PER-1']],
    ['lower-case name', '[[PER|Jürgen Becker]] … [[PER|jürgen becker]]', ['PER-1', 'PER-1']],
    ['unambiguous first name', '[[PER|Hans Müller]] … [[PER|Hans]] sagt', ['PER-1', 'PER-1']],
    ['hyphenated first name alone', '[[PER|Hans-Peter Müller]] … [[PER|Hans-Peter]]', ['PER-1', 'PER-1']],
    ['ambiguous first name stays apart', '[[PER|Hans Müller]] … [[PER|Hans Schmidt]] … [[PER|Hans]]', ['PER-1', 'PER-2', 'PER-3']],
    ['first name first, full name later', '[[PER|Jojo]] … [[PER|Jojo Weber]] … [[PER|Weber]]', ['PER-1', 'PER-1', 'PER-1']],
    ['surname first, full name later', '[[PER|Müller]] … [[PER|Hans Müller]] … [[PER|Eva Müller]]', ['PER-1', 'PER-1', 'PER-2']],
    [
      'shared surname: a bare surname goes to the most recent one',
      '[[PER|Hans Müller]] … [[PER|Eva Müller]] … [[PER|Müller]]',
      ['PER-1', 'PER-2', 'PER-2'],
    ],
    [
      'shared surname: most recently mentioned, not most recently introduced',
      '[[PER|Hans Müller]] … [[PER|Eva Müller]] … [[PER|Hans Müller]] … [[PER|Müller]]',
      ['PER-1', 'PER-2', 'PER-1', 'PER-1'],
    ],
    [
      'shared surname: an initial picks the compatible one',
      '[[PER|Hans Müller]] … [[PER|Eva Müller]] … [[PER|H. Müller]]',
      ['PER-1', 'PER-2', 'PER-1'],
    ],
    ['title inside the span', '[[PER|Hans Müller]] … [[PER|Herr Dr. Müller]]', ['PER-1', 'PER-1']],
    ['postnominal inside the span', '[[PER|Jane Doe MD]] … [[PER|Jane Doe]]', ['PER-1', 'PER-1']],
    [
      'particles belong to the surname',
      '[[PER|Gerlinde von der Heydt]] … [[PER|von der Heydt]] … [[PER|Frau Heydt]]',
      ['PER-1', 'PER-1', 'PER-1'],
    ],
    ['nobility words', '[[PER|Maximilian Freiherr von Wangenheim]] … [[PER|Maximilian von Wangenheim]]', ['PER-1', 'PER-1']],
    ['a capitalised first word is a given name', '[[PER|Al Gore]] … [[PER|Gore]] … [[PER|Al]]', ['PER-1', 'PER-1', 'PER-1']],
    ['nickname inside a full name', '[[PER|Marco „Schmiddi“ Schmidt]] … [[PER|Schmiddi]] … [[PER|Schmidt]]', ['PER-1', 'PER-1', 'PER-1']],
    ['single initials only repeat exactly', 'Dr. [[PER|K.]] … Dr. [[PER|K.]] … [[PER|Klaus Klein]]', ['PER-1', 'PER-1', 'PER-2']],
    ['coordinated names', '[[PER|Jürgen]] und [[PER|Marlies Fischer]] … [[PER|Jürgen]]', ['PER-1', 'PER-2', 'PER-1']],
  ])('%s', (_name, marked, expected) => {
    expect(numbers(marked)).toEqual(expected);
  });
});

describe('coreference: other labels', () => {
  it.each([
    ['TEL: spaces, dashes, slashes', '[[TEL|0911 398-2671]] … [[TEL|0911/3982671]]', ['TEL-1', 'TEL-1']],
    ['TEL: bracketed trunk zero', '[[TEL|+49 (0)911 398-2671]] … [[TEL|+49 911 3982671]]', ['TEL-1', 'TEL-1']],
    ['TEL: different numbers', '[[TEL|0911 398-2671]] … [[TEL|0911 398-2672]]', ['TEL-1', 'TEL-2']],
    ['OTH: IBAN grouping and case', '[[OTH|DE89 3704 0044 0532 0130 00]] … [[OTH|de89370400440532013000]]', ['OTH-1', 'OTH-1']],
    [
      'OTH: file numbers with dots and slashes',
      '[[OTH|3 O 123/21]] … [[OTH|3 O 123.21]] … [[OTH|3 O 124/21]]',
      ['OTH-1', 'OTH-1', 'OTH-2'],
    ],
    ['MAIL: case-insensitive', '[[MAIL|M.Rose@Example.org]] … [[MAIL|m.rose@example.org]]', ['MAIL-1', 'MAIL-1']],
    ['ORG: genitive -s', 'Urteil des [[ORG|Landgerichts Köln]] … das [[ORG|Landgericht Köln]]', ['ORG-1', 'ORG-1']],
    ['ORG: genitive -es', 'des [[ORG|Finanzamtes Bonn]] … [[ORG|Finanzamt Bonn]]', ['ORG-1', 'ORG-1']],
    ['ORG: a different court', '[[ORG|Landgericht Köln]] … [[ORG|Amtsgericht Köln]]', ['ORG-1', 'ORG-2']],
    ['ORG: a shorter name is not the same', '[[ORG|Landgericht Köln]] … [[ORG|Landgericht]]', ['ORG-1', 'ORG-2']],
    [
      'LOC: case-insensitive, with or without its postcode',
      '[[LOC|10115 Berlin]] … [[LOC|10115 BERLIN]] … [[LOC|Berlin]]',
      ['LOC-1', 'LOC-1', 'LOC-1'],
    ],
    [
      'LOC: postcode letters, state and province codes go too',
      '[[LOC|1017 BZ Amsterdam]] [[LOC|Amsterdam]] [[LOC|Springfield, IL 62704]] [[LOC|Springfield]] [[LOC|Toronto, ON M5V 2T6]] [[LOC|Toronto]] [[LOC|London SW1A 2AA]] [[LOC|London]]',
      ['LOC-1', 'LOC-1', 'LOC-2', 'LOC-2', 'LOC-3', 'LOC-3', 'LOC-4', 'LOC-4'],
    ],
    [
      'LOC: another city or a postcode alone stays apart',
      '[[LOC|10115 Berlin]] … [[LOC|Bern]] … [[LOC|10117]] … [[LOC|10115]]',
      ['LOC-1', 'LOC-2', 'LOC-3', 'LOC-4'],
    ],
    ['STR: whitespace', '[[STR|Am Lindenhof 12-14]] … [[STR|Am  Lindenhof 12-14]]', ['STR-1', 'STR-1']],
    ['DATE: exact text', '[[DATE|12.03.2021]] … [[DATE|12.03.2021]] … [[DATE|13.03.2021]]', ['DATE-1', 'DATE-1', 'DATE-2']],
    ['same text, different labels', '[[PER|Müller]] … [[ORG|Müller]] … [[PER|Müller]]', ['PER-1', 'ORG-1', 'PER-1']],
  ])('%s', (_name, marked, expected) => {
    expect(numbers(marked)).toEqual(expected);
  });

  it('keeps crIds unique across labels', () => {
    const ids = crIds('[[PER|Müller]] [[ORG|Müller]] [[LOC|Köln]] [[PER|Müller]] [[TEL|0911 1]]');
    expect(ids).toEqual([0, 1, 2, 0, 3]);
  });
});

describe('coreference: input', () => {
  it('returns nothing for no spans', () => {
    expect(resolveCoreference('Hans Müller', [])).toEqual([]);
  });

  it('reads the mention text through UTF-16 offsets (emoji, 𠮷)', () => {
    const text = '😀 Hans Müller 𠮷 … Herr Müller';
    const spans = [spanOf(text, 'Hans Müller', 'PER'), spanOf(text, 'Müller', 'PER', 1)];
    expect(resolveCoreference(text, spans)).toEqual([
      { crId: 0, number: 1 },
      { crId: 0, number: 1 },
    ]);
  });

  it.each([
    [
      'overlapping',
      [
        [0, 4],
        [2, 6],
      ],
    ],
    [
      'unsorted',
      [
        [5, 8],
        [0, 4],
      ],
    ],
    ['empty', [[2, 2]]],
    ['outside the text', [[5, 99]]],
  ])('throws a RangeError on %s spans', (_name, ranges) => {
    const spans = ranges.map(([start, end]) => ({ start: start!, end: end!, label: 'PER' as const, score: 1, source: 'test' }));
    expect(() => resolveCoreference('Hans Müller und Eva', spans)).toThrow(RangeError);
  });
});
