import { describe, expect, it, vi } from 'vitest';
import { analyze } from '../../../src/detection/analyze.js';
import type { Recognizer } from '../../../src/detection/recognizer.js';
import type { Span } from '../../../src/text/span.js';
import type { TextLabelName } from '../../../src/spec/types.js';
import { nodeLexicons } from '../../../src/platform/node/lexicons.js';

function fixed(id: string, spans: Span[]): Recognizer {
  return { id, labels: [...new Set(spans.map((s) => s.label))], detect: () => spans };
}

const text = 'Anna Weber wohnt in Berlin.';
const per: Span = { start: 0, end: 10, label: 'PER', score: 0.9, source: 'a' };
const loc: Span = { start: 20, end: 26, label: 'LOC', score: 0.45, source: 'b' };

describe('analyze', () => {
  it('runs only recognizers whose labels are requested when no name is, and keeps only requested labels', async () => {
    let called = false;
    const date: Span = { start: 0, end: 4, label: 'DATE', score: 0.9, source: 'a' };
    const spy: Recognizer = { id: 'spy', labels: ['MAIL'], detect: () => ((called = true), []) };
    const out = await analyze(text, [fixed('a', [date, per]), spy], { labels: new Set(['DATE']), threshold: 0.5 });
    expect(out).toEqual([date]);
    expect(called).toBe(false);
  });

  it('lets a name compete with every label, then drops the spans of labels not requested, never relabels them', async () => {
    // `REWE` is a firm to the rules, a place to a weaker model; asked for places only, nothing is masked there.
    const t = 'Einkauf bei REWE in Köln. REWE hat zu.';
    const rule: Span = { start: 12, end: 16, label: 'ORG', score: 0.9, source: 'rule' };
    const model: Span[] = [
      { start: 12, end: 16, label: 'LOC', score: 0.7, source: 'ner' },
      { start: 20, end: 24, label: 'LOC', score: 0.8, source: 'ner' },
      { start: 26, end: 30, label: 'LOC', score: 0.6, source: 'ner' },
    ];
    const out = await analyze(t, [fixed('rule', [rule]), fixed('ner', model)], { labels: new Set(['LOC']), threshold: 0.5 });
    expect(out.map((s) => [t.slice(s.start, s.end), s.label])).toEqual([['Köln', 'LOC']]);
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

describe('analyze and the word lists', () => {
  /** analyze and the word-list store afresh: nothing loaded yet. */
  async function fresh() {
    vi.resetModules();
    const store = await import('../../../src/detection/lexicons/store.js');
    const { analyze: freshAnalyze } = await import('../../../src/detection/analyze.js');
    return { store, analyze: freshAnalyze };
  }
  const options = { labels: new Set<TextLabelName>(['PER']), threshold: 0 };

  it('starts a model that starts early while the lists load on the first call, and runs the rules after them', async () => {
    const { store, analyze: run } = await fresh();
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    store.provideLexicons(async () => {
      await gate;
      order.push('lists loaded');
      return nodeLexicons();
    });
    const model: Recognizer = {
      id: 'model',
      labels: ['PER'],
      startsEarly: true,
      detect: async () => {
        order.push('model started');
        return [];
      },
    };
    const rule: Recognizer = {
      id: 'rule',
      labels: ['PER'],
      detect: (text) => {
        order.push(`rule ran (${store.firstNames().has(text) ? 'a first name' : 'no first name'})`);
        return [{ start: 0, end: text.length, label: 'PER', score: 0.9, source: 'rule' }];
      },
    };
    const done = run('Anna', [rule, model], options);
    await new Promise((r) => setTimeout(r, 20));
    expect(order).toEqual(['model started']);
    release();
    expect(await done).toEqual([{ start: 0, end: 4, label: 'PER', score: 0.9, source: 'rule' }]);
    expect(order).toEqual(['model started', 'lists loaded', 'rule ran (a first name)']);
  });

  it('fails with the lists’ error when they cannot be loaded, and leaves no model call unhandled', async () => {
    const { store, analyze: run } = await fresh();
    store.provideLexicons(() => Promise.reject(new Error('lists unavailable')));
    const model: Recognizer = { id: 'model', labels: ['PER'], startsEarly: true, detect: () => Promise.reject(new Error('model down')) };
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      await expect(run('Anna', [model], options)).rejects.toThrow('lists unavailable');
      await new Promise((r) => setTimeout(r, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
