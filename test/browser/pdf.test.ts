import { afterAll, describe, expect, it } from 'vitest';
import { installProblemTransfer } from '../../src/errors/wire.js';
import { startDocumentWorker } from '../../tools/bench/browser/document-client.js';
import { browserPdfjs } from '../../src/platform/browser/pdfjs.js';
import { browserAssets } from '../../src/platform/browser/assets.js';
import {
  CANARY,
  CANARY_CONFIG,
  OCR_NAME,
  blackBoxPdf,
  ccittScanPdf,
  identityHPdf,
  scannedPdf,
  containersPdf,
  hiddenTextPdf,
  kernedLinePdf,
  letterPdf,
} from '../node/documents/pdf/fixtures.js';
import { evidenceWith, whereFound } from '../node/documents/pdf/inspect.js';

installProblemTransfer();
const worker = startDocumentWorker();
afterAll(() => worker.terminate());
const pdfjs = browserPdfjs(browserAssets(location.href).pdfjs);
const ALL = [CANARY.name, CANARY.mail, CANARY.hidden, CANARY.meta, 'ZQXN2', 'ZQXNAMELONGER'];

describe('PDF in Chromium (document worker: pdf.js main build, OffscreenCanvas)', () => {
  it('canary PDFs: no canary in the bytes, streams, pdf.js text or metadata; verified; a PII record', async () => {
    for (const [name, make] of [
      ['letter', () => letterPdf(2)],
      ['P1', blackBoxPdf],
      ['P4', hiddenTextPdf],
      ['P5', containersPdf],
      ['P8', kernedLinePdf],
    ] as const) {
      const result = await worker.anonymize(await make(), CANARY_CONFIG);
      expect(result.documentType, name).toBe('PDF');
      expect(result.verification, name).toMatchObject({ passed: true, leaks: [] });
      const ev = await evidenceWith(pdfjs, result.bytes);
      for (const c of ALL) expect(whereFound(ev, c), `${name}: ${c}`).toEqual([]);
      expect(ev.raw.match(/%%EOF/g), name).toHaveLength(1);
      if (name === 'letter') {
        expect(ev.text).toContain('PER-1');
        expect(ev.text).toContain('thank you for your letter');
        const ents = result.pageData.flatMap((p) => p.textData.detections.ents.map((e) => [p.pageNum, e.tag, e.text]));
        expect(ents).toEqual(
          expect.arrayContaining([
            [1, 'PER', CANARY.name],
            [1, 'MAIL', CANARY.mail],
            [2, 'PER', CANARY.name],
          ]),
        );
      }
    }
  });

  it("pages without a usable text layer (Identity-H without ToUnicode, a scan) are rendered into OffscreenCanvas, OCR'd and redacted", async () => {
    const canvas = new OffscreenCanvas(1400, 300);
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, 1400, 300);
    ctx.fillStyle = '#000';
    ctx.font = '56px sans-serif';
    ctx.fillText(`Herr ${OCR_NAME} kommt heute.`, 40, 160);
    const png = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
    // The font comes from the same-origin pdf.js data folder the engine uses.
    const ttf = new Uint8Array(await (await fetch('/vendor/pdfjs/standard_fonts/LiberationSans-Regular.ttf')).arrayBuffer());
    for (const input of [await scannedPdf(png), await identityHPdf(ttf)]) {
      const result = await worker.anonymize(input, CANARY_CONFIG);
      expect(result.verification).toMatchObject({ passed: true, stats: { rasterisedPages: 1 } });
      expect(result.pageData.flatMap((p) => p.textData.detections.ents.map((e) => e.text))).toEqual([OCR_NAME]);
      expect(whereFound(await evidenceWith(pdfjs, result.bytes), OCR_NAME)).toEqual([]);
    }
  }, 120_000);

  it("CCITT scans (pdf.js's JBIG2/CCITT wasm module) decode in every document, not only the first", async () => {
    for (const [w, h] of [
      [400, 560],
      [600, 840],
    ] as const) {
      const result = await worker.anonymize(await ccittScanPdf(w, h), CANARY_CONFIG);
      expect(result.verification).toMatchObject({ passed: true, stats: { pages: 1, rasterisedPages: 1 } });
    }
  }, 120_000);
});
