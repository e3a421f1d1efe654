import { describe, expect, it } from 'vitest';
import { mergeSpans, preferContaining, preferFullerIdentifiers } from '../../../src/detection/merge.js';
import type { Span } from '../../../src/text/span.js';

const s = (start: number, end: number, label: Span['label'], score: number, source = 't'): Span => ({ start, end, label, score, source });

describe('mergeSpans', () => {
  it.each<[string, Span[], Span[]]>([
    ['keeps disjoint spans in text order', [s(10, 12, 'PER', 0.9), s(0, 5, 'LOC', 0.6)], [s(0, 5, 'LOC', 0.6), s(10, 12, 'PER', 0.9)]],
    ['keeps the higher score on overlap', [s(0, 10, 'PER', 0.6), s(5, 15, 'ORG', 0.9)], [s(5, 15, 'ORG', 0.9)]],
    ['prefers the longer span on equal scores', [s(0, 5, 'PER', 0.8), s(0, 10, 'PER', 0.8)], [s(0, 10, 'PER', 0.8)]],
    ['drops a contained weaker span', [s(0, 20, 'STR', 0.9), s(10, 14, 'DATE', 0.85)], [s(0, 20, 'STR', 0.9)]],
    ['keeps a stronger contained span and drops the weaker container', [s(0, 20, 'ORG', 0.5), s(0, 6, 'PER', 0.9)], [s(0, 6, 'PER', 0.9)]],
    ['dedupes exact duplicates', [s(3, 7, 'TEL', 0.9, 'a'), s(3, 7, 'TEL', 0.9, 'b')], [s(3, 7, 'TEL', 0.9, 'a')]],
    ['lets adjacent spans touch', [s(0, 5, 'PER', 0.9), s(5, 9, 'PER', 0.9)], [s(0, 5, 'PER', 0.9), s(5, 9, 'PER', 0.9)]],
    ['prefers the earlier of two equal overlapping spans', [s(4, 10, 'PER', 0.7), s(0, 6, 'PER', 0.7)], [s(0, 6, 'PER', 0.7)]],
    ['handles no spans', [], []],
  ])('%s', (_, input, expected) => {
    expect(mergeSpans(input)).toEqual(expected);
  });

  it('never returns overlapping spans (randomised)', () => {
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 50; round++) {
      const spans = Array.from({ length: 40 }, () => {
        const start = Math.floor(rnd() * 200);
        return s(start, start + 1 + Math.floor(rnd() * 20), 'PER', Math.round(rnd() * 10) / 10);
      });
      const out = mergeSpans(spans);
      for (let i = 1; i < out.length; i++) expect(out[i]!.start).toBeGreaterThanOrEqual(out[i - 1]!.end);
      // Every dropped span overlaps a kept span at least as strong.
      for (const sp of spans) {
        if (out.includes(sp)) continue;
        expect(out.some((k) => k.start < sp.end && sp.start < k.end && k.score >= sp.score)).toBe(true);
      }
    }
  });
});

describe('preferContaining', () => {
  const span = (start: number, end: number, label: Span['label'], score: number, source: string): Span => ({
    start,
    end,
    label,
    score,
    source,
  });

  it("drops the model's piece of an entity a rule reads in full, whatever its label, and keeps everything else", () => {
    // `Royal Berkshire Hospital`: the rule's ORG (0.8) contains the model's `Royal Berkshire` (0.81).
    const rule = span(0, 24, 'ORG', 0.8, 'pattern:context-org');
    const piece = span(0, 15, 'ORG', 0.81, 'ner');
    // `Sparkwell Electrical`: the trade rule's ORG (0.7) contains the model's PER `Electrical` (0.81).
    const otherLabel = span(6, 15, 'LOC', 0.84, 'ner');
    const far = span(30, 40, 'ORG', 0.7, 'ner');
    expect(preferContaining([rule, piece, otherLabel, far])).toEqual([rule, far]);
    const trade = span(0, 20, 'ORG', 0.7, 'pattern:context-org');
    const person = span(10, 20, 'PER', 0.81, 'ner');
    expect(preferContaining([trade, person])).toEqual([trade]);
    expect(mergeSpans(preferContaining([rule, piece]))).toEqual([rule]);
  });

  it("gives the same characters the rule's label, and leaves a model span of the rule's label alone", () => {
    // `Australia`: the place list's LOC (0.6) over the model's ORG (0.7).
    const place = span(10, 19, 'LOC', 0.6, 'pattern:places');
    const org = span(10, 19, 'ORG', 0.7, 'ner');
    expect(preferContaining([place, org])).toEqual([place]);
    const loc = span(10, 19, 'LOC', 0.85, 'ner');
    expect(preferContaining([place, loc])).toEqual([place, loc]);
    // However sure the model is: `Rostock findet …` is the listed city, not the model's person (0.77).
    expect(preferContaining([place, span(10, 19, 'PER', 0.85, 'ner')])).toEqual([place]);
    // A person rule reads a name's shape, which places share: `Newton Steuber` stays the model's LOC.
    const person = span(10, 19, 'PER', 0.7, 'pattern:context-name');
    expect(preferContaining([person, loc])).toEqual([person, loc]);
  });

  it('keeps the piece when the rule is much weaker, when the container is the model, and when both are rules', () => {
    const weakRule = span(0, 24, 'ORG', 0.6, 'pattern:context-org');
    const piece = span(0, 15, 'ORG', 0.81, 'ner');
    expect(preferContaining([weakRule, piece])).toEqual([weakRule, piece]);
    const model = span(0, 24, 'PER', 0.8, 'ner');
    const rulePiece = span(0, 10, 'PER', 0.85, 'pattern:context-name');
    expect(preferContaining([model, rulePiece])).toEqual([model, rulePiece]);
    const rules = [span(0, 24, 'DATE', 0.8, 'date'), span(0, 10, 'DATE', 0.85, 'date')];
    expect(preferContaining(rules)).toEqual(rules);
  });
});

describe('preferFullerIdentifiers', () => {
  const oth = (start: number, end: number, score: number, source = 'oth'): Span => ({ start, end, label: 'OTH', score, source });
  it("drops an identifier span another one contains when the rest is the number's digits; other labels and equal spans stay", () => {
    const text = '0171 2345678 and VAT GB 318 4420 71';
    const outer = oth(0, 12, 0.6, 'tel');
    const inner = oth(0, 4, 0.85);
    const withWord = oth(17, 35, 0.6);
    const vat = oth(21, 35, 0.85);
    const per: Span = { start: 0, end: 12, label: 'PER', score: 0.5, source: 'ner' };
    expect(preferFullerIdentifiers(text, [inner, outer, withWord, vat, per])).toEqual([outer, withWord, vat, per]);
    expect(preferFullerIdentifiers(text, [oth(0, 4, 0.6), oth(0, 4, 0.8)])).toHaveLength(2);
    expect(preferFullerIdentifiers(text, [oth(0, 6, 0.9), oth(4, 12, 0.6)])).toHaveLength(2);
  });
});
