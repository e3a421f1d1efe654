import { describe, expect, it } from 'vitest';
import { analyze } from '../../../src/detection/analyze.js';
import type { Recognizer } from '../../../src/detection/recognizer.js';
import type { Span } from '../../../src/text/span.js';

function fixed(id: string, spans: Span[]): Recognizer {
  return { id, labels: [...new Set(spans.map((s) => s.label))], detect: () => spans };
}

const text = 'Anna Weber wohnt in Berlin.';
const per: Span = { start: 0, end: 10, label: 'PER', score: 0.9, source: 'a' };
const loc: Span = { start: 20, end: 26, label: 'LOC', score: 0.45, source: 'b' };

describe('analyze', () => {
  it('runs only recognizers whose labels are requested, and keeps only requested labels', async () => {
    let called = false;
    const spy: Recognizer = { id: 'spy', labels: ['MAIL'], detect: () => ((called = true), []) };
    const out = await analyze(text, [fixed('a', [per]), spy], { labels: new Set(['PER']), threshold: 0.5 });
    expect(out).toEqual([per]);
    expect(called).toBe(false);
  });

  it('calls early starters (a model in a worker) before the others, and keeps the results in recognizer order', async () => {
    const order: string[] = [];
    const rec = (id: string, spans: Span[], startsEarly = false): Recognizer => ({
      id,
      labels: ['PER', 'LOC'],
      startsEarly,
      detect: () => (order.push(id), spans),
    });
    const out = await analyze(text, [rec('rules', [per]), rec('model', [loc], true)], { labels: new Set(['PER', 'LOC']), threshold: 0.4 });
    expect(order).toEqual(['model', 'rules']);
    expect(out).toEqual([per, loc]);
  });

  it('drops spans under the threshold', async () => {
    const out = await analyze(text, [fixed('a', [per]), fixed('b', [loc])], { labels: new Set(['PER', 'LOC']), threshold: 0.5 });
    expect(out).toEqual([per]);
  });

  it('adds blacklist spans whatever the recognizers found, even for labels not requested', async () => {
    const out = await analyze(text, [], {
      labels: new Set(['PER']),
      threshold: 0.5,
      blacklist: [{ value: 'berlin', labelName: 'LOC' }],
    });
    expect(out).toEqual([{ start: 20, end: 26, label: 'LOC', score: 1, source: 'blacklist' }]);
  });

  it('lets the blacklist win over an overlapping detection', async () => {
    const out = await analyze(text, [fixed('a', [per])], {
      labels: new Set(['PER', 'ORG']),
      threshold: 0.5,
      blacklist: [{ value: 'Weber', labelName: 'ORG' }],
    });
    expect(out.map((s) => [text.slice(s.start, s.end), s.label])).toEqual([['Weber', 'ORG']]);
  });

  it('applies the whitelist before merging', async () => {
    const out = await analyze(text, [fixed('a', [per])], {
      labels: new Set(['PER']),
      threshold: 0.5,
      whitelist: [{ value: 'ANNA WEBER', labelName: 'PER' }],
    });
    expect(out).toEqual([]);
  });

  it('propagates a recognizer failure (a model recognizer throws 502 itself)', async () => {
    const broken: Recognizer = { id: 'ner', labels: ['PER'], detect: () => Promise.reject(new Error('boom')) };
    await expect(analyze(text, [broken], { labels: new Set(['PER']), threshold: 0.5 })).rejects.toThrow('boom');
  });
});
