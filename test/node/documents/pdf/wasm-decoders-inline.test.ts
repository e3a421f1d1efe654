import { afterAll, describe, expect, it } from 'vitest';
import { createNodeDocumentAnonymizer } from '../../../../src/platform/node/platform.js';
import { CANARY_CONFIG, ccittScanPdf, inlineCcittPdf } from './fixtures.js';

// Its own file, so that pdf.js is loaded fresh and the inline image is the first CCITT data of the process.
const engine = createNodeDocumentAnonymizer({ ner: false });
afterAll(() => engine.close());

describe("pdf.js's JBIG2/CCITT wasm decoder in Node, first met in an inline image", () => {
  it('a fax page with an inline CCITT image does not leave the decoder pending for the documents after it', async () => {
    expect((await engine.anonymize(await inlineCcittPdf(), CANARY_CONFIG)).verification).toMatchObject({ passed: true });
    const scan = await engine.anonymize(await ccittScanPdf(400, 560), CANARY_CONFIG);
    expect(scan.verification).toMatchObject({ passed: true, stats: { rasterisedPages: 1 } });
  });
});
