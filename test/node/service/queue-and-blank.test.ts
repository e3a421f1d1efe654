import { afterEach, describe, expect, it } from 'vitest';
import { analyze } from '../../../src/detection/analyze.js';
import type { Recognizer } from '../../../src/detection/recognizer.js';
import { createAnonymizer } from '../../../src/platform/node/text.js';
import { expectProblem } from '../helpers/expect-problem.js';
import type { Harness } from './harness.js';
import { BARE, gatedProcessor, harness, pngBytes, toBase64 } from './harness.js';
import { createNodeDocumentAnonymizer } from '../../../src/platform/node/platform.js';

let h: Harness | null = null;
afterEach(async () => {
  await h?.service.close();
  h = null;
});

describe('queued documents are UNPROCESSED (shared decisions: COMPUTING_QUOTA → UNPROCESSED while queued)', () => {
  it('documents waiting behind a running one leave COMPUTING_QUOTA at once', async () => {
    const engine = createNodeDocumentAnonymizer({ ner: false });
    const gated = gatedProcessor(engine);
    h = await harness({ runner: { concurrency: 1 } }, gated);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await h.service.documents.upload({ content: toBase64(await pngBytes(i)), config: BARE })).documentId);
    // The first is held in PROCESSING; the others must be queued, not computing a quota.
    while (gated.started === 0) await new Promise((r) => setTimeout(r, 10));
    const statusOf = async (id: number) => (await h!.service.documents.status(id)).status;
    const waitFor = async (id: number, status: string) => {
      while ((await statusOf(id)) !== status) await new Promise((r) => setTimeout(r, 10));
    };
    await waitFor(ids[1]!, 'UNPROCESSED');
    await waitFor(ids[2]!, 'UNPROCESSED');
    expect(await statusOf(ids[0]!)).toBe('PROCESSING');
    gated.release();
    for (const id of ids) expect((await h.service.documents.waitFor(id)).status).toBe('COMPLETED');
    await engine.close();
  });
});

describe('zero-width characters', () => {
  const engine = createAnonymizer();
  it.each(['\u200b', '\u200b\u200b\u200b', ' \u200c\u200d\u2060\ufeff ', '\u00ad\n\u200b'])(
    'text %j is blank: 422 NotBlank',
    async (text) => {
      const p = await expectProblem(engine.text({ text, textLabels: ['PER'] }), { status: 422, problemCode: 'VALIDATION_FAILED' });
      expect(p.errors).toEqual([{ field: 'text', code: 'NotBlank', message: 'must not be blank' }]);
    },
  );

  it('a span of only invisible characters is dropped, whatever recognizer (a model) proposed it', async () => {
    const text = 'Herr Jonas Weber \u200b schreibt.\u200b\u200c';
    const zw = text.indexOf('\u200b');
    const model: Recognizer = {
      id: 'fake-model',
      labels: ['PER'],
      detect: () => [
        { start: 5, end: 16, label: 'PER', score: 0.9, source: 'ner' },
        { start: zw, end: zw + 1, label: 'PER', score: 0.9, source: 'ner' },
        { start: zw - 1, end: zw + 2, label: 'PER', score: 0.9, source: 'ner' },
        { start: text.length - 2, end: text.length, label: 'PER', score: 0.9, source: 'ner' },
      ],
    };
    const spans = await analyze(text, [model], { labels: new Set(['PER']), threshold: 0.5 });
    expect(spans.map((s) => text.slice(s.start, s.end))).toEqual(['Jonas Weber']);
    const result = await engine.text({ text: 'Herr Jonas Weber \u200b schreibt.', textLabels: ['PER'] });
    expect(result.detection.detections.map((d) => d.text)).toEqual(['Jonas Weber']);
  });
});
