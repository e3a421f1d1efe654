import { afterAll, describe, expect, it } from 'vitest';
import { createNodeDocumentAnonymizer } from '../../../../src/platform/node/platform.js';
import { CANARY_CONFIG, ccittScanPdf } from './fixtures.js';

// Its own file, so that pdf.js is loaded fresh: the fault pinned here is process-wide state in pdf.js.
const engine = createNodeDocumentAnonymizer({ ner: false });
afterAll(() => engine.close());

describe("pdf.js's JBIG2/CCITT wasm decoder in Node", () => {
  it('decodes the scans of every document in a process, not only until the first reading copy is destroyed', async () => {
    // Before the warm-up, the first document's reading copy started the decoder's fetch and was destroyed before it
    // answered: this and every later CCITT/JBIG2 page waited for ever and failed at the render limit.
    for (const [w, h] of [
      [400, 560],
      [600, 840],
      [200, 280],
    ] as const) {
      const result = await engine.anonymize(await ccittScanPdf(w, h), CANARY_CONFIG);
      expect(result.verification).toMatchObject({ passed: true, stats: { pages: 1, rasterisedPages: 1 } });
    }
  });
});
