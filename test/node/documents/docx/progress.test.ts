import { afterAll, describe, expect, it } from 'vitest';
import type { DocumentProgress } from '../../../../src/documents/adapter.js';
import { createNodeDocumentAnonymizer } from '../../../../src/platform/node/platform.js';
import { CANARY_CONFIG, canaryDocx } from './fixtures.js';

const engine = createNodeDocumentAnonymizer({ ner: false });
afterAll(() => engine.close());

describe('DOCX progress', () => {
  it('goes through detecting, ocr (one step per picture), redacting and verifying, counting up in each', async () => {
    const seen: DocumentProgress[] = [];
    await engine.anonymize(canaryDocx(), CANARY_CONFIG, { onProgress: (p) => seen.push(p) });
    const phases = seen.map((p) => p.phase).filter((ph, i, all) => ph !== all[i - 1]);
    expect(phases).toEqual(['detecting', 'ocr', 'redacting', 'verifying']);
    for (const phase of phases) {
      const steps = seen.filter((p) => p.phase === phase);
      expect(steps.map((p) => p.pagesDone)).toEqual([...steps.map((p) => p.pagesDone)].sort((a, b) => a - b));
      expect(steps.at(-1)!.pagesDone).toBe(steps.at(-1)!.pagesTotal);
    }
    expect(seen.filter((p) => p.phase === 'ocr').map((p) => [p.pagesDone, p.pagesTotal])).toEqual([
      [0, 1],
      [1, 1],
    ]);
  });
});
