import { describe, expect, it } from 'vitest';
import { matchRule, patternRecognizer, type PatternRule } from '../../../../src/detection/rules/pattern-recognizer.js';
import type { TextLabelName } from '../../../../src/spec/types.js';

const ctx = { labels: new Set<TextLabelName>(['OTH', 'TEL']), language: 'auto' as const };

describe('pattern recognizer: context and overlap options', () => {
  const rule: PatternRule = { label: 'TEL', regex: /\d{7}/g, score: 0.2, context: { words: ['tel'] } };

  it.each([
    ['Tel. (Hotel) 1234567', 0.5],
    ['Hotel 1234567', 0.2],
    ['tel hotel 1234567', 0.5],
  ])('finds a context word at any occurrence in the window: %j', (text, expected) => {
    expect(matchRule(rule, text, 'x')[0]?.score).toBeCloseTo(expected);
  });

  const overlapping: PatternRule[] = [
    { label: 'OTH', regex: /\d{3}-\d{3}/g, score: 0.6 },
    { label: 'OTH', regex: /\d{3}/g, score: 0.9 },
  ];

  it('keeps overlapping spans by default', () => {
    expect(patternRecognizer('r', overlapping).detect('123-456', ctx)).toHaveLength(3);
  });

  it('resolves overlaps, stronger first, when asked', () => {
    const spans = patternRecognizer('r', overlapping, { resolveOverlaps: true }).detect('123-456', ctx);
    expect(spans).toEqual([
      { start: 0, end: 3, label: 'OTH', score: 0.9, source: 'r' },
      { start: 4, end: 7, label: 'OTH', score: 0.9, source: 'r' },
    ]);
  });
});
