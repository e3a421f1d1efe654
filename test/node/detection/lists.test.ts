import { describe, expect, it } from 'vitest';
import { applyWhitelist, blacklistSpans } from '../../../src/detection/lists.js';
import type { Span } from '../../../src/text/span.js';

const texts = (text: string, spans: Span[]) => spans.map((s) => [text.slice(s.start, s.end), s.label]);

describe('blacklistSpans', () => {
  it.each<[string, string, string, Array<[string, string]>]>([
    [
      'every occurrence, case-insensitive',
      'ACME and acme and Acme.',
      'acme',
      [
        ['ACME', 'ORG'],
        ['acme', 'ORG'],
        ['Acme', 'ORG'],
      ],
    ],
    ['whole words only', 'Acmeville acme', 'acme', [['acme', 'ORG']]],
    ['Unicode letters count as word characters', 'Müllerß Müller', 'müller', [['Müller', 'ORG']]],
    ['umlaut case folding', 'ÄRZTEKAMMER', 'ärztekammer', [['ÄRZTEKAMMER', 'ORG']]],
    [
      'regex characters are literal',
      'a+b (c) a+b',
      'a+b',
      [
        ['a+b', 'ORG'],
        ['a+b', 'ORG'],
      ],
    ],
    ['inner whitespace matches line breaks', 'Projekt\nBlau ist geheim', 'Projekt Blau', [['Projekt\nBlau', 'ORG']]],
  ])('%s', (_, text, value, expected) => {
    expect(texts(text, blacklistSpans(text, [{ value, labelName: 'ORG' }]))).toEqual(expected);
  });

  it('gives blacklist spans score 1 and source blacklist', () => {
    expect(blacklistSpans('x Foo y', [{ value: 'Foo', labelName: 'PER' }])).toEqual([
      { start: 2, end: 5, label: 'PER', score: 1, source: 'blacklist' },
    ]);
  });

  it('ignores blank values', () => {
    expect(blacklistSpans('a b', [{ value: '  ', labelName: 'PER' }])).toEqual([]);
  });

  it('offsets are UTF-16 after astral characters', () => {
    const text = '😀𠮷 Geheim';
    const [span] = blacklistSpans(text, [{ value: 'geheim', labelName: 'OTH' }]);
    expect(span).toMatchObject({ start: 5, end: 11 });
  });
});

describe('applyWhitelist', () => {
  const text = 'Berlin und Paris';
  const spans: Span[] = [
    { start: 0, end: 6, label: 'LOC', score: 0.9, source: 't' },
    { start: 11, end: 16, label: 'PER', score: 0.9, source: 't' },
  ];
  it('keeps a value visible only with the same label, case-insensitive', () => {
    const out = applyWhitelist(text, spans, [
      { value: 'BERLIN', labelName: 'LOC' },
      { value: 'paris', labelName: 'LOC' },
    ]);
    expect(texts(text, out)).toEqual([['Paris', 'PER']]);
  });

  it('keeps a detection inside an occurrence of a whitelisted value, not the same word elsewhere', () => {
    const t = 'Ort: 10115 Berlin. Später Berlin und 10115  berlin.';
    const inner: Span[] = [
      { start: 11, end: 17, label: 'LOC', score: 0.6, source: 't' },
      { start: 26, end: 32, label: 'LOC', score: 0.6, source: 't' },
      { start: 37, end: 50, label: 'LOC', score: 0.9, source: 't' },
      { start: 11, end: 17, label: 'PER', score: 0.6, source: 't' },
    ];
    const out = applyWhitelist(t, inner, [{ value: '10115 Berlin', labelName: 'LOC' }]);
    expect(texts(t, out)).toEqual([
      ['Berlin', 'LOC'],
      ['Berlin', 'PER'],
    ]);
  });
});
