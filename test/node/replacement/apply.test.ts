import { describe, expect, it } from 'vitest';
import { applyReplacements, MASK, toDetections } from '../../../src/replacement/apply.js';
import { replaceDate } from '../../../src/replacement/operators/date.js';
import { createPlan, type ReplacementPlan } from '../../../src/replacement/plan.js';
import { createPseudonymizer } from '../../../src/replacement/pseudonyms.js';
import type { DatePseudonymization, TextLabelConfig } from '../../../src/spec/types.js';
import type { Span } from '../../../src/text/span.js';
import { parseMarked, spanOf } from './helpers.js';

const maskPlan = createPlan(false);
const pseudonymPlan = createPlan(true);

describe('applyReplacements: default modes', () => {
  const marked = 'Herr [[PER|Hans Müller]] aus [[LOC|Köln]], Tel. [[TEL|0221 123456]]. Herr [[PER|Müller]] …';

  it('masks every entity with *** and no pseudonym', () => {
    const { text, spans } = parseMarked(marked);
    const out = applyReplacements(text, spans, maskPlan);
    expect(out.text).toBe('Herr *** aus ***, Tel. ***. Herr *** …');
    expect(out.edits.map((e) => e.pseudonym)).toEqual([null, null, null, null]);
    expect(out.edits.map((e) => e.replacement)).toEqual([MASK, MASK, MASK, MASK]);
    // Coreference groups are kept in mask mode too (the PII record needs them).
    expect(out.edits.map((e) => e.crId)).toEqual([0, 1, 2, 0]);
  });

  it('replaces every entity with its stable LABEL-n', () => {
    const { text, spans } = parseMarked(marked);
    const out = applyReplacements(text, spans, pseudonymPlan);
    expect(out.text).toBe('Herr PER-1 aus LOC-1, Tel. TEL-1. Herr PER-1 …');
    expect(out.edits.map((e) => e.pseudonym)).toEqual(['PER-1', 'LOC-1', 'TEL-1', 'PER-1']);
  });

  it('records offsets, label, score, source and original text of each edit in text order', () => {
    const text = 'Anna Kurz, Bonn';
    const spans: Span[] = [
      { start: 0, end: 9, label: 'PER', score: 0.97, source: 'ner' },
      { start: 11, end: 15, label: 'LOC', score: 0.8, source: 'gazetteer' },
    ];
    expect(applyReplacements(text, spans, pseudonymPlan).edits).toEqual([
      {
        start: 0,
        end: 9,
        label: 'PER',
        score: 0.97,
        original: 'Anna Kurz',
        replacement: 'PER-1',
        pseudonym: 'PER-1',
        crId: 0,
        source: 'ner',
      },
      {
        start: 11,
        end: 15,
        label: 'LOC',
        score: 0.8,
        original: 'Bonn',
        replacement: 'LOC-1',
        pseudonym: 'LOC-1',
        crId: 1,
        source: 'gazetteer',
      },
    ]);
  });

  it('numbers PER-1 … LOC-1 … PER-2 … PER-1', () => {
    const { text, spans } = parseMarked('[[PER|Anna Kurz]], [[LOC|Bonn]], [[PER|Ben Lang]], [[PER|Frau Kurz]]');
    expect(applyReplacements(text, spans, pseudonymPlan).text).toBe('PER-1, LOC-1, PER-2, PER-1');
  });
});

describe('applyReplacements: per-label configs', () => {
  const date: DatePseudonymization = {
    type: 'DATE_PSEUDONYMIZATION',
    pseudonym: 'DATUM',
    replaceDay: true,
    replaceMonth: false,
    replaceYear: false,
    dateLocale: 'DE',
    showWeekday: false,
  };
  const labelsConfig: TextLabelConfig[] = [
    { name: 'PER', config: { type: 'FULL_PSEUDONYMIZATION', pseudonym: 'Max Mustermann' } },
    {
      name: 'OTH',
      config: {
        type: 'PARTIAL_PSEUDONYMIZATION',
        pseudonym: '',
        partialPseudonymizationStart: 5,
        partialPseudonymizationStop: -1,
        useNumericPartialPseudonymization: true,
      },
    },
    { name: 'TEL', config: { type: 'SUPPRESSION', suppressionLength: 3 } },
    { name: 'DATE', config: date },
    { name: 'LOC', config: null },
  ];
  const marked =
    '[[PER|Hans Müller]], geb. [[DATE|12.03.1970]], [[LOC|Köln]], IBAN [[OTH|DE89 3704 0044 0532 0130 00]], ' + 'Tel. [[TEL|0221 123456]]';

  it.each<['mask' | 'pseudonym', string]>([
    ['mask', '***'],
    ['pseudonym', 'LOC-1'],
  ])('applies the operators; an unconfigured label follows the default mode (%s)', (mode, loc) => {
    const { text, spans } = parseMarked(marked);
    const out = applyReplacements(text, spans, createPlan(mode === 'pseudonym', labelsConfig));
    const dateOut = replaceDate('12.03.1970', date);
    expect(out.text).toBe(`Max Mustermann, geb. ${dateOut}, ${loc}, IBAN DE89 **** **** **** **** **, Tel. ***`);
    expect(out.edits.map((e) => e.pseudonym)).toEqual([
      'Max Mustermann',
      dateOut,
      mode === 'pseudonym' ? 'LOC-1' : null,
      'DE89 **** **** **** **** **',
      null, // SUPPRESSION is a mask, not a pseudonym
    ]);
  });

  it('keeps crIds for configured labels', () => {
    const { text, spans } = parseMarked('[[PER|Hans Müller]] … [[PER|Eva Schmidt]] … [[PER|Herr Müller]]');
    const out = applyReplacements(text, spans, createPlan(false, labelsConfig));
    expect(out.text).toBe('Max Mustermann … Max Mustermann … Max Mustermann');
    expect(out.edits.map((e) => e.crId)).toEqual([0, 1, 0]);
  });

  it('uses a plan built by hand', () => {
    const plan: ReplacementPlan = { configs: { MAIL: { type: 'SUPPRESSION', suppressionLength: 0 } }, defaultMode: 'pseudonym' };
    const { text, spans } = parseMarked('Mail: [[MAIL|a@b.de]] / [[PER|Eva]]');
    expect(applyReplacements(text, spans, plan).text).toBe('Mail:  / PER-1');
  });
});

describe('applyReplacements: offsets and edges', () => {
  it('keeps UTF-16 offsets of the input with emoji and 𠮷 around and inside spans', () => {
    const text = '😀 Herr 𠮷野 Müller 👍 wohnt in Köln 😀.';
    const spans = [spanOf(text, '𠮷野 Müller', 'PER'), spanOf(text, 'Köln', 'LOC')];
    const out = applyReplacements(text, spans, pseudonymPlan);
    expect(out.text).toBe('😀 Herr PER-1 👍 wohnt in LOC-1 😀.');
    expect(toDetections(out.edits)).toEqual([
      { startChar: 8, stopChar: 18, label: 'PER', text: '𠮷野 Müller', pseudonym: 'PER-1' },
      { startChar: 31, stopChar: 35, label: 'LOC', text: 'Köln', pseudonym: 'LOC-1' },
    ]);
    for (const d of toDetections(out.edits)) expect(text.slice(d.startChar, d.stopChar)).toBe(d.text);
  });

  it('applies PARTIAL by code points inside a span that holds emoji', () => {
    const text = 'ID 😀12𠮷34 ok';
    const plan = createPlan(false, [
      {
        name: 'OTH',
        config: {
          type: 'PARTIAL_PSEUDONYMIZATION',
          pseudonym: '#',
          partialPseudonymizationStart: 2,
          partialPseudonymizationStop: 4,
          useNumericPartialPseudonymization: false,
        },
      },
    ]);
    expect(applyReplacements(text, [spanOf(text, '😀12𠮷34', 'OTH')], plan).text).toBe('ID 😀#34 ok');
  });

  it('replaces adjacent spans and spans at both ends of the text', () => {
    const text = 'Hans0221 123456Köln';
    const spans: Span[] = [
      { start: 0, end: 4, label: 'PER', score: 1, source: 't' },
      { start: 4, end: 15, label: 'TEL', score: 1, source: 't' },
      { start: 15, end: 19, label: 'LOC', score: 1, source: 't' },
    ];
    expect(applyReplacements(text, spans, pseudonymPlan).text).toBe('PER-1TEL-1LOC-1');
    expect(applyReplacements(text, spans, maskPlan).text).toBe('*********');
  });

  it('returns the text unchanged for an empty span list', () => {
    expect(applyReplacements('Nichts zu tun 😀', [], pseudonymPlan)).toEqual({ text: 'Nichts zu tun 😀', edits: [] });
    expect(toDetections([])).toEqual([]);
  });

  it('continues numbering across pages with a shared pseudonymizer', () => {
    const p = createPseudonymizer();
    const a = parseMarked('Herr [[PER|Hans Müller]] in [[LOC|Köln]]');
    const b = parseMarked('[[PER|Eva Schmidt]] und Herr [[PER|Müller]]');
    expect(applyReplacements(a.text, a.spans, pseudonymPlan, p).text).toBe('Herr PER-1 in LOC-1');
    const page2 = applyReplacements(b.text, b.spans, pseudonymPlan, p);
    expect(page2.text).toBe('PER-2 und Herr PER-1');
    expect(page2.edits.map((e) => e.crId)).toEqual([2, 0]);
    // Without the shared pseudonymizer every call starts again at 1.
    expect(applyReplacements(b.text, b.spans, pseudonymPlan).text).toBe('PER-1 und Herr PER-2');
  });

  it.each<[string, Array<[number, number]>]>([
    [
      'overlapping',
      [
        [0, 4],
        [2, 8],
      ],
    ],
    [
      'unsorted',
      [
        [5, 8],
        [0, 4],
      ],
    ],
    ['empty', [[3, 3]]],
    ['negative', [[-1, 2]]],
    ['past the end', [[0, 99]]],
    ['splitting a surrogate pair at the start', [[1, 4]]],
    ['splitting a surrogate pair at the end', [[0, 1]]],
  ])('throws a RangeError on %s spans', (_name, ranges) => {
    const spans = ranges.map(([start, end]) => ({ start, end, label: 'PER' as const, score: 1, source: 't' }));
    expect(() => applyReplacements('😀 Hans Müller', spans, maskPlan)).toThrow(RangeError);
  });
});
