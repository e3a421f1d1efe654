import { describe, expect, it } from 'vitest';
import { matchRule, patternRecognizer } from '../../../../src/detection/rules/pattern-recognizer.js';

describe('pattern recognizer', () => {
  const rule = {
    label: 'OTH' as const,
    regex: /\b(?<id>K-\d{4})\b/dgu,
    group: 'id',
    score: 0.4,
    context: { words: ['Kundennummer', 'Kd.-Nr.'] },
  };

  it('scores by context words before the match', () => {
    expect(matchRule(rule, 'Kundennummer: K-1234', 'x')).toEqual([{ start: 14, end: 20, label: 'OTH', score: 0.7, source: 'x' }]);
    expect(matchRule(rule, 'irgendwas K-1234', 'x')[0]?.score).toBe(0.4);
  });

  it('needs a word boundary before a context word', () => {
    expect(matchRule(rule, 'XKundennummer K-1234', 'x')[0]?.score).toBe(0.4);
  });

  it('applies validate: false rejects, a number rescores', () => {
    const r = { label: 'OTH' as const, regex: /\d+/g, score: 0.5, validate: (v: string) => (v === '13' ? false : v === '7' ? 0.95 : true) };
    expect(matchRule(r, '13 7 8', 'x').map((s) => [s.start, s.score])).toEqual([
      [3, 0.95],
      [5, 0.5],
    ]);
  });

  it('after a rejected match goes on from the value of a group rule, or from inside the match with retryInside', () => {
    const labelled = { label: 'OTH' as const, regex: /[a-z]+: (?<id>\w+(?: \w+)?)/dg, group: 'id', score: 0.8 };
    const reject = (v: string) => !v.startsWith('nip');
    // `invoice: nip: 123` is refused; the search goes on from `nip`, whose own match holds.
    expect(matchRule({ ...labelled, validate: reject }, 'invoice: nip: 123', 'x').map((s) => [s.start, s.end])).toEqual([[14, 17]]);
    const words = { label: 'ORG' as const, regex: /[A-Za-z.]+ [A-Z][a-z]+/g, score: 0.8, validate: (v: string) => !v.includes('.') };
    expect(matchRule(words, 'School. Harvard School', 'x')).toEqual([]);
    expect(matchRule({ ...words, retryInside: true }, 'School. Harvard School', 'x').map((s) => [s.start, s.end])).toEqual([[8, 22]]);
  });

  it('skips rules for labels not requested', () => {
    const rec = patternRecognizer('r', [rule, { label: 'TEL', regex: /\d{3}/g, score: 0.9 }]);
    expect(rec.labels).toEqual(['OTH', 'TEL']);
    const spans = rec.detect('K-1234', { labels: new Set(['TEL']), language: 'auto' });
    expect(spans).toEqual([{ start: 2, end: 5, label: 'TEL', score: 0.9, source: 'r' }]);
  });

  it('caps scores at 1', () => {
    const r = { ...rule, score: 0.9 };
    expect(matchRule(r, 'Kundennummer K-1234', 'x')[0]?.score).toBe(1);
  });
});
