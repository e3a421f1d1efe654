import { afterAll, describe, expect, it } from 'vitest';
import type { DocumentProgress } from '../../../../src/documents/adapter.js';
import { createNodeDocumentAnonymizer } from '../../../../src/platform/node/platform.js';
import { CANARY_CONFIG, letterPdf } from './fixtures.js';

const engine = createNodeDocumentAnonymizer({ ner: false });
afterAll(() => engine.close());

describe('PDF progress', () => {
  it('reports every page through reading, detecting, redacting and verifying, one phase after the other', async () => {
    const events: DocumentProgress[] = [];
    await engine.anonymize(await letterPdf(3), CANARY_CONFIG, { onProgress: (p) => events.push(p) });
    expect(new Set(events.map((e) => e.pagesTotal))).toEqual(new Set([3]));
    const phases = events.map((e) => e.phase).filter((p, i, all) => p !== all[i - 1]);
    expect(phases).toEqual(['reading', 'detecting', 'redacting', 'verifying']);
    for (const phase of ['reading', 'detecting', 'redacting', 'verifying'] as const) {
      const done = events.filter((e) => e.phase === phase).map((e) => e.pagesDone);
      expect(done, phase).toEqual([...done].sort((a, b) => a - b));
    }
    expect(events.at(-1)).toEqual({ phase: 'verifying', pagesDone: 3, pagesTotal: 3 });
  });

  it('a listener that throws does not fail the document', async () => {
    const result = await engine.anonymize(await letterPdf(1), CANARY_CONFIG, {
      onProgress: () => {
        throw new Error('listener bug');
      },
    });
    expect(result.verification?.passed).toBe(true);
  });
});
