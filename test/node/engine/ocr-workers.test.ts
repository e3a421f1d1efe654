import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { createDocumentEngine } from '../../../src/engine/document-engine.js';
import { nodePlatform } from '../../../src/platform/node/platform.js';
import { CANARY_CONFIG, OCR_NAME } from '../documents/pdf/fixtures.js';
import { letterScanPng } from '../documents/pdf/ocr-fixture.js';

/** `pages` scanned pages: only an image each. */
async function scans(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const png = await doc.embedPng(letterScanPng(OCR_NAME, { width: 700, height: 200, fontPx: 40, x: 20, lines: [70, 150] }));
  for (let p = 0; p < pages; p++) doc.addPage([595, 842]).drawImage(png, { x: 40, y: 600, width: 515, height: 147 });
  return doc.save();
}

/** An engine whose OCR workers are fakes that record how many ran and how many pages each had at once. */
function engineWith(ocrWorkers: number | undefined) {
  const seen = { started: 0, busy: 0, mostBusy: 0, terminated: 0 };
  const platform = {
    ...nodePlatform(),
    ocrWorkers: 1,
    startOcr: async () => {
      seen.started++;
      return {
        async recognize() {
          seen.mostBusy = Math.max(seen.mostBusy, ++seen.busy);
          await new Promise((r) => setTimeout(r, 30));
          seen.busy--;
          return [[[{ text: OCR_NAME, box: { x0: 10, y0: 10, x1: 200, y1: 60 } }]]];
        },
        terminate: async () => {
          seen.terminated++;
        },
      };
    },
  };
  const engine = createDocumentEngine(platform, { ner: false, ...(ocrWorkers ? { ocrWorkers } : {}) });
  return { engine, seen };
}

describe('OCR workers of the document engine', () => {
  it('recognises the pages of a scan on `ocrWorkers` workers at once, and lets them go when the OCR is done', async () => {
    const { engine, seen } = engineWith(3);
    const result = await engine.anonymize(await scans(4), CANARY_CONFIG);
    expect(result.verification).toMatchObject({ passed: true, stats: { rasterisedPages: 4 } });
    expect(seen).toMatchObject({ started: 3, mostBusy: 3, terminated: 3 });
    await engine.close();
  });

  it("without the option, the platform's default (here 1)", async () => {
    const { engine, seen } = engineWith(undefined);
    await engine.anonymize(await scans(3), CANARY_CONFIG);
    expect(seen).toMatchObject({ started: 1, mostBusy: 1, terminated: 1 });
    await engine.close();
  });
});
