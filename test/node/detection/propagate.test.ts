import { describe, expect, it } from 'vitest';
import { analyze } from '../../../src/detection/analyze.js';
import { propagateSpans } from '../../../src/detection/propagate.js';
import type { Recognizer } from '../../../src/detection/recognizer.js';
import type { TextLabelName } from '../../../src/spec/types.js';
import type { Span } from '../../../src/text/span.js';

/** Spans for the first occurrence of each [surface, label]. */
function first(text: string, found: Array<[string, TextLabelName]>, score = 0.8): Span[] {
  return found.map(([s, label]) => ({ start: text.indexOf(s), end: text.indexOf(s) + s.length, label, score, source: 'ner' }));
}

function show(text: string, spans: Span[]) {
  return spans.map((s) => `${s.label}:${text.slice(s.start, s.end)}@${s.start}`);
}

describe('propagateSpans', () => {
  it.each<[string, string, Array<[string, TextLabelName]>, string[]]>([
    [
      'other occurrences of a full name',
      'Anna Schmidt kam. Später kam Anna Schmidt wieder.',
      [['Anna Schmidt', 'PER']],
      ['PER:Anna Schmidt@29'],
    ],
    ['the surname of a full name', 'Anna Schmidt kam. Frau Schmidt ging.', [['Anna Schmidt', 'PER']], ['PER:Schmidt@23']],
    [
      'an identifier of five characters or more',
      'Login (evasquez) gesperrt; evasquez meldet sich.',
      [['evasquez', 'OTH']],
      ['OTH:evasquez@27'],
    ],
    [
      'not an age or a short number',
      'Er wird 30, am 30. Mai; Karte 4417, Kunde 4417.',
      [
        ['30', 'OTH'],
        ['4417', 'OTH'],
      ],
      [],
    ],
    ['German genitive -s', 'Anna Schmidt kam. Schmidts Hund bellte.', [['Anna Schmidt', 'PER']], ['PER:Schmidts@18']],
    ['no genitive after a sibilant', 'Hans Fuchs kam. Fuchss Hund.', [['Hans Fuchs', 'PER']], []],
    [
      'whole words only (a hyphen joins words)',
      'Anna Schmidt kam. Schmidtke und Schmidt-Meier, Meier-Schmidt.',
      [['Anna Schmidt', 'PER']],
      [],
    ],
    ['case-sensitive', 'Herr Koch ist da. Der koch kocht.', [['Koch', 'PER']], []],
    [
      'ORG and LOC too',
      'Die Commerzbank in Köln. Köln, Commerzbank.',
      [
        ['Commerzbank', 'ORG'],
        ['Köln', 'LOC'],
      ],
      ['LOC:Köln@25', 'ORG:Commerzbank@31'],
    ],
    ['not DATE or other labels', 'Am 3. März. Und am 3. März.', [['3. März', 'DATE']], []],
    [
      'a particle surname keeps its capitalised last word',
      'Gerlinde von der Heydt. Heydt.',
      [['Gerlinde von der Heydt', 'PER']],
      ['PER:Heydt@24'],
    ],
    ['no surname from an initial', 'Anna K. kam. K. ging.', [['Anna K.', 'PER']], []],
    [
      'a name in a file name or handle, where `_` joins words',
      'Folake Adeyemi. Anhänge: Lebenslauf_Adeyemi.pdf, Adeyemi_Zeugnis.pdf',
      [['Folake Adeyemi', 'PER']],
      ['PER:Adeyemi@36', 'PER:Adeyemi@49'],
    ],
    ['single first names propagate as themselves', 'Jojo rief an. Dann Jojo.', [['Jojo', 'PER']], ['PER:Jojo@19']],
    ['astral and accented text', '😀 Zoë Ødegård kam. Ødegård ging.', [['Zoë Ødegård', 'PER']], ['PER:Ødegård@20']],
  ])('%s', (_name, text, found, expected) => {
    expect(show(text, propagateSpans(text, first(text, found)))).toEqual(expected);
  });

  it('never overlaps existing spans, and prefers the longer surface at the same place', () => {
    const text = 'Anna Schmidt. Schmidt GmbH. Anna Schmidt.';
    const spans = [...first(text, [['Anna Schmidt', 'PER']]), { start: 14, end: 26, label: 'ORG' as const, score: 0.9, source: 'x' }];
    expect(show(text, propagateSpans(text, spans))).toEqual(['PER:Anna Schmidt@28']);
  });

  it('scores copies slightly lower than their source, surnames lower still', () => {
    const text = 'Anna Schmidt. Anna Schmidt. Schmidt.';
    const out = propagateSpans(text, first(text, [['Anna Schmidt', 'PER']], 0.8));
    expect(out.map((s) => [s.start, s.score, s.source])).toEqual([
      [14, 0.8 * 0.95, 'propagation'],
      [28, 0.8 * 0.9, 'propagation'],
    ]);
  });

  it('is linear: 2 MB with thousands of names', () => {
    const names = Array.from({ length: 2000 }, (_, i) => `Name${String.fromCharCode(65 + (i % 26))}${i}`);
    const text = Array.from({ length: 40_000 }, (_, i) => `${names[i % names.length]} schrieb an ${names[(i * 7) % names.length]}.`).join(
      ' ',
    );
    const spans = names.map((n): Span => ({
      start: text.indexOf(n),
      end: text.indexOf(n) + n.length,
      label: 'PER',
      score: 0.9,
      source: 'ner',
    }));
    const t0 = performance.now();
    const out = propagateSpans(
      text,
      spans.sort((a, b) => a.start - b.start),
    );
    expect(out.length).toBeGreaterThan(70_000);
    expect(performance.now() - t0).toBeLessThan(20_000);
  });
});

describe('propagation in the analyze pipeline', () => {
  const once: Recognizer = {
    id: 'first-only',
    labels: ['PER'],
    detect: (text): Span[] =>
      text.startsWith('Hans Wendel') ? [{ start: 0, end: 11, label: 'PER', score: 0.9, source: 'first-only' }] : [],
  };

  it('adds the other occurrences after the merge', async () => {
    const text = 'Hans Wendel schreibt. Wendel und Hans Wendel.';
    const spans = await analyze(text, [once], { labels: new Set(['PER']), threshold: 0.5 });
    expect(show(text, spans)).toEqual(['PER:Hans Wendel@0', 'PER:Wendel@22', 'PER:Hans Wendel@33']);
  });

  it('applies the whitelist to propagated spans', async () => {
    const text = 'Hans Wendel schreibt. Wendel und Hans Wendel.';
    const spans = await analyze(text, [once], {
      labels: new Set(['PER']),
      threshold: 0.5,
      whitelist: [{ value: 'wendel', labelName: 'PER' }],
    });
    expect(show(text, spans)).toEqual(['PER:Hans Wendel@0', 'PER:Hans Wendel@33']);
  });
});
