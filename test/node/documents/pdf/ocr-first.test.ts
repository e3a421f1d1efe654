import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { DocumentJob, DocumentProgress } from '../../../../src/documents/adapter.js';
import { anonymizePdf } from '../../../../src/documents/pdf/anonymize-pdf.js';
import { createPageRasteriser } from '../../../../src/documents/pdf/rasterise.js';
import { createNodeCodec } from '../../../../src/platform/node/codec.js';
import { nodePdfjs, nodeRenderCanvas } from '../../../../src/platform/node/pdfjs.js';
import { applyReplacements } from '../../../../src/replacement/apply.js';
import { createPlan } from '../../../../src/replacement/plan.js';
import { createDocumentEntities } from '../../../../src/entities/document-entities.js';
import { OCR_NAME } from './fixtures.js';
import { letterScanPng } from './ocr-fixture.js';

/** Page 1 a scan (only an image), page 2 text: the scan is OCR'd, then detection runs on both. */
async function scanThenTextPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const png = await doc.embedPng(letterScanPng(OCR_NAME, { width: 1400, height: 400, fontPx: 56, x: 40, lines: [120, 260] }));
  doc.addPage([595, 842]).drawImage(png, { x: 40, y: 600, width: 515, height: 147 });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595, 842]).drawText(`Sehr geehrter Herr ${OCR_NAME},`, { x: 60, y: 760, size: 12, font });
  return doc.save();
}

/**
 * Runs the PDF pipeline with an OCR that logs each recognition (and reads `OCR_NAME` in the box given) and a detection
 * that logs each call and finds `OCR_NAME`: the log shows what ran before the first detection.
 */
async function runLogged(pdf: Uint8Array, ocrBox: { x0: number; y0: number; x1: number; y1: number }) {
  const log: string[] = [];
  const pdfjs = nodePdfjs();
  const codec = createNodeCodec(50e6);
  const detectors = {
    ocr: async () => ({
      async recognize() {
        log.push('recognize');
        return [[[{ text: OCR_NAME, box: ocrBox }]]];
      },
    }),
    releaseOcr: async () => {
      log.push('release');
    },
  };
  const plan = createPlan(true, [{ name: 'PER', config: null }]);
  const entities = createDocumentEntities(plan);
  const progress: DocumentProgress[] = [];
  const text = async (t: string) => {
    log.push('detect');
    const at = t.indexOf(OCR_NAME);
    const spans = at < 0 ? [] : [{ start: at, end: at + OCR_NAME.length, label: 'PER' as const, score: 1, source: 'test' }];
    return { text: t, edits: entities.settle([{ text: t, edits: applyReplacements(t, spans, plan, entities).edits }])[0]! };
  };
  const job: DocumentJob = {
    imageLabels: new Map(),
    text,
    texts: async (pieces) => Promise.all(pieces.map((p) => text(p.text))),
    propagate: (units) => entities.settle(units),
    documentId: 1,
    imageBaseUrl: 'http://localhost',
    onProgress: (p) => progress.push(p),
  };
  const rasteriser = createPageRasteriser({ pdfjs, codec, detectors, createCanvas: nodeRenderCanvas });
  const result = await anonymizePdf(pdf, job, { pdfjs, pixels: codec, detectors, rasteriser });
  const found = result.pageData.flatMap((p) => p.textData.detections.ents.map((e) => [p.pageNum, e.tag, e.text]));
  return { log, progress, result, found };
}

describe("PDF pages that must be rasterised are OCR'd before the model runs", () => {
  it('every recognition ends, and OCR is let go, before the first detection; the name is redacted on both pages', async () => {
    // The scan shows the name in its first line (pixel boxes of the 144-dpi render).
    const { log, progress, result, found } = await runLogged(await scanThenTextPdf(), { x0: 100, y0: 180, x1: 400, y1: 240 });

    expect(log.indexOf('detect')).toBeGreaterThan(log.indexOf('release'));
    expect(log.slice(0, log.indexOf('detect'))).toEqual(['recognize', 'release']);
    // The rasterised page is not recognised again: its OCR text is detected when it is redacted.
    expect(log.filter((e) => e === 'recognize')).toHaveLength(1);
    const phases = progress.map((p) => p.phase).filter((p, i, all) => p !== all[i - 1]);
    expect(phases).toEqual(['reading', 'ocr', 'detecting', 'redacting', 'verifying']);
    expect(result.verification).toMatchObject({ passed: true, stats: { rasterisedPages: 1, rewrittenPages: 1 } });
    expect(found).toEqual([
      [1, 'PER', OCR_NAME],
      [2, 'PER', OCR_NAME],
    ]);
  });

  it('an image on a text page is read by OCR before the first detection too, and not again when it is inspected', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([595, 842]);
    page.drawText('Anlage: Foto der Tafel', { x: 60, y: 780, size: 12, font });
    const png = await doc.embedPng(letterScanPng(OCR_NAME, { width: 1400, height: 400, fontPx: 56, x: 40, lines: [120, 260] }));
    page.drawImage(png, { x: 40, y: 500, width: 515, height: 147 });
    // The name in the picture's first line (pixels of the image as decoded).
    const { log, result, found } = await runLogged(await doc.save(), { x0: 40, y0: 60, x1: 600, y1: 130 });

    expect(log.slice(0, log.indexOf('detect'))).toEqual(['recognize', 'release']);
    expect(log.filter((e) => e === 'recognize')).toHaveLength(1);
    expect(result.verification).toMatchObject({ passed: true, stats: { rewrittenPages: 1, inspectedImages: 1, redactedImages: 1 } });
    expect(found).toEqual([[1, 'PER', OCR_NAME]]);
  });
});
