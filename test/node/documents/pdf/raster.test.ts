import { readFileSync } from 'node:fs';
import { PDFDocument, PDFName, PDFRawStream, PDFRef, StandardFonts } from 'pdf-lib';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createNodeDocumentAnonymizer } from '../../../../src/platform/node/platform.js';
import { renderWithin } from '../../../../src/documents/pdf/rasterise.js';
import { createNodeCodec } from '../../../../src/platform/node/codec.js';
import { imageOfPdf, pageImageOfResult } from '../../../../src/documents/pdf/image-of-pdf.js';
import { openPdfjs } from '../../../../src/documents/pdf/pdfjs.js';
import { decodeStream } from '../../../../src/documents/pdf/streams.js';
import { nodePdfjs, nodeRenderCanvas } from '../../../../src/platform/node/pdfjs.js';
import { CANARY, CANARY_CONFIG, OCR_NAME, identityHPdf, scannedPdf, sharedImagePdf, type3Pdf } from './fixtures.js';
import { evidenceWith, whereFound } from './inspect.js';
import { corpusFiles } from '../../../helpers/images.js';
import { LIBERATION, letterScanPng, useOcrClient } from './ocr-fixture.js';

const engine = createNodeDocumentAnonymizer({ ner: false });
const evidence = (bytes: Uint8Array) => evidenceWith(nodePdfjs(), bytes);
const ocr = useOcrClient();
afterAll(() => engine.close());

/** OCR text of every page of `bytes` as a second reader renders it (pdf.js at 144 dpi). */
async function ocrText(bytes: Uint8Array): Promise<string> {
  const doc = await openPdfjs(nodePdfjs(), bytes);
  const codec = createNodeCodec(50e6);
  let text = '';
  for (let p = 1; p <= doc.numPages; p++) {
    const page = await doc.getPage(p);
    const viewport = page.getViewport({ scale: 2 });
    const target = nodeRenderCanvas(viewport.width, viewport.height);
    await page.render({
      canvas: target.canvas as HTMLCanvasElement,
      canvasContext: target.context as unknown as CanvasRenderingContext2D,
      viewport,
      background: 'white',
    }).promise;
    const data = new Uint8ClampedArray(target.context.getImageData(0, 0, viewport.width, viewport.height).data);
    const words = (await ocr().recognize(await codec.encode({ width: viewport.width, height: viewport.height, data }, 'png'))).flat(2);
    text += words.map((w) => w.text).join(' ') + '\n';
  }
  await doc.destroy();
  return text;
}

const scanPng = (): Uint8Array => letterScanPng(OCR_NAME, { width: 1400, height: 400, fontPx: 56, x: 40, lines: [120, 260] });

describe('PDF pages without a rewritable text layer (reliability P3, P6, P7, P9)', () => {
  it('P3: an image drawn on pages 1 and 2 with PII over it on page 1 is blanked in the image object itself', async () => {
    const input = await sharedImagePdf();
    const result = await engine.anonymize(input, CANARY_CONFIG);
    expect(result.verification).toMatchObject({ passed: true, stats: { overwrittenImages: 1, rasterisedPages: 0 } });
    const doc = await PDFDocument.load(result.bytes);
    const images = doc.getPages().map((page) => {
      const ref = page.node.Resources()!.lookup(PDFName.of('XObject'))!;
      const xobjects = ref as unknown as { get(n: PDFName): unknown };
      const im = xobjects.get(PDFName.of('Im1'));
      expect(im).toBeInstanceOf(PDFRef);
      return im as PDFRef;
    });
    expect(images[0]).toBe(images[1]);
    const stream = doc.context.lookup(images[0]!) as PDFRawStream;
    const samples = decodeStream(doc.context, stream);
    // The name's glyphs lay at x 60–…, y 640–654 of an image placed at 50,550 sized 400×200: row ~ (1 − 0.47) × 50.
    const row = Math.floor((1 - (645 - 550) / 200) * 50);
    const at = (x: number) => [...samples.subarray((row * 100 + x) * 3, (row * 100 + x) * 3 + 3)];
    expect(at(Math.floor(((140 - 50) / 400) * 100))).toEqual([0, 0, 0]);
    expect(at(95)).toEqual([0x12, 0x34, 0x56]);
    const original = new Uint8Array(100 * 50 * 3);
    for (let i = 0; i < original.length; i += 3) original.set([0x12, 0x34, 0x56], i);
    const ev = await evidence(result.bytes);
    expect(whereFound(ev, CANARY.name)).toEqual([]);
    expect(ev.streams.some((s) => s === new TextDecoder('latin1').decode(original))).toBe(false);
  });

  it('P6: a name in a Type3 font sends the page to render + OCR; neither text nor OCR of the output finds it', async () => {
    const input = await type3Pdf();
    expect((await ocrText(input)).toLowerCase()).toContain(OCR_NAME.toLowerCase());
    const result = await engine.anonymize(input, CANARY_CONFIG);
    expect(result.verification).toMatchObject({ passed: true, stats: { rasterisedPages: 1 } });
    expect(whereFound(await evidence(result.bytes), OCR_NAME)).toEqual([]);
    const seen = await ocrText(result.bytes);
    expect(seen).toMatch(/Plain/);
    expect(seen.toLowerCase()).not.toContain(OCR_NAME.toLowerCase());
  }, 120_000);

  it('P7: Identity-H without ToUnicode is a garbled layer: rasterised, the name found by OCR and painted over', async () => {
    const input = await identityHPdf(new Uint8Array(readFileSync(LIBERATION)));
    expect((await ocrText(input)).toLowerCase()).toContain(OCR_NAME.toLowerCase());
    expect((await evidence(input)).text.toLowerCase()).not.toContain(OCR_NAME.toLowerCase());
    const result = await engine.anonymize(input, CANARY_CONFIG);
    expect(result.verification).toMatchObject({ passed: true, stats: { rasterisedPages: 1, rewrittenPages: 0 } });
    expect(result.pageData.flatMap((p) => p.textData.detections.ents.map((e) => e.text.toLowerCase()))).toContain(OCR_NAME.toLowerCase());
    expect((await ocrText(result.bytes)).toLowerCase()).not.toContain(OCR_NAME.toLowerCase());
  }, 120_000);

  it('a rasterised page is searched for faces where its images are: the photo in a corner is found and masked', async () => {
    // A garbled text layer (rasterised) with a photo of 150 × 150 points at the right edge.
    const doc = await PDFDocument.load(await identityHPdf(new Uint8Array(readFileSync(LIBERATION))));
    const photo = await doc.embedPng(corpusFiles('faces', ['astronaut.png'])[0]!.bytes);
    doc.getPage(0).drawImage(photo, { x: 400, y: 100, width: 150, height: 150 });
    const config = {
      ...CANARY_CONFIG,
      imageAnonymization: { labelsConfig: [{ name: 'face' as const, anonymizationType: 'MASK' as const }] },
    };
    const result = await engine.anonymize(await doc.save(), config);
    expect(result.verification).toMatchObject({ passed: true, stats: { rasterisedPages: 1 } });
    const faces = result.pageData.flatMap((p) => p.imagesData.flatMap((i) => i.detections.filter((d) => d.label === 'face')));
    expect(faces).toHaveLength(1);
    expect(faces[0]!.bboxs).toHaveLength(1);
    // In page points (top-left): inside the photo, which spans x 400–550, y 592–742.
    const [[x0, y0], , [x1, y1]] = faces[0]!.bboxs[0]! as [[number, number], unknown, [number, number]];
    expect(x0).toBeGreaterThanOrEqual(400);
    expect(x1).toBeLessThanOrEqual(550);
    expect(y0).toBeGreaterThanOrEqual(592);
    expect(y1).toBeLessThanOrEqual(742);
    expect(x1 - x0).toBeGreaterThan(20);
    expect(result.pageData.flatMap((p) => p.textData.detections.ents.map((e) => e.text.toLowerCase()))).toContain(OCR_NAME.toLowerCase());
  }, 120_000);

  it("P9: a scanned page is OCR'd, the name's word boxes are painted over, the rest stays readable", async () => {
    const input = await scannedPdf(scanPng());
    expect((await ocrText(input)).toLowerCase()).toContain(OCR_NAME.toLowerCase());
    const result = await engine.anonymize(input, CANARY_CONFIG);
    expect(result.verification).toMatchObject({ passed: true, stats: { rasterisedPages: 1 } });
    const entry = result.pageData.find((p) => p.textData.detections.ents.length > 0)!;
    expect(entry.textData.detections.ents.map((e) => e.text)).toEqual([OCR_NAME]);
    // The page image is listed after the input's object numbers: no inspected image's xref can be the same.
    const largest = (await PDFDocument.load(input)).context.largestObjectNumber;
    expect(entry.imagesData).toHaveLength(1);
    expect(entry.imagesData[0]!.xref).toBe(largest + 1);
    expect(entry.imagesData[0]!.imageUrl).toMatch(new RegExp(`/images/${largest + 1}$`));
    // What its imageUrl serves: no object of the original, so the anonymized page image of the result.
    const codec = createNodeCodec(50e6);
    expect(await imageOfPdf(input, largest + 1, codec)).toBeNull();
    const served = await imageOfPdf(input, largest + 1, codec, () => pageImageOfResult(result.bytes, entry.pageNum, codec));
    // A scan of text on white compresses well: the page stores lossless Flate samples, served as PNG.
    expect(served?.contentType).toBe('image/png');
    const words = (await ocr().recognize(served!.bytes)).flat(2);
    expect(words.map((w) => w.text).join(' ')).toMatch(/Damen/);
    expect(words.map((w) => w.text.toLowerCase())).not.toContain(OCR_NAME.toLowerCase());
    const seen = await ocrText(result.bytes);
    expect(seen).toMatch(/Damen/);
    expect(seen.toLowerCase()).not.toContain(OCR_NAME.toLowerCase());
  }, 120_000);

  it('a name OCR finds on a scanned page is redacted on the text pages too', async () => {
    // Page 1: a scan whose "Herr Mustermann" the rules find (a title before a name). Page 2: text where the name
    // stands alone, where nothing finds it.
    const scan = await PDFDocument.load(await scannedPdf(scanPng()));
    const font = await scan.embedFont(StandardFonts.Helvetica);
    const page = scan.addPage([595, 842]);
    page.drawText('Mustermann antwortete nicht.', { x: 50, y: 780, size: 12, font });
    page.drawText('Kopie an heute.', { x: 50, y: 760, size: 12, font });
    const input = await scan.save();
    const config = { textAnonymization: { labelsConfig: [{ name: 'PER' as const }] }, imageAnonymization: { labelsConfig: [] } };
    const result = await engine.anonymize(input, config);
    expect(result.verification).toMatchObject({ passed: true, stats: { rasterisedPages: 1, rewrittenPages: 1 } });
    const ev = await evidence(result.bytes);
    expect(whereFound(ev, OCR_NAME)).toEqual([]);
    expect(ev.text).toContain('antwortete nicht.');
    const onPage2 = result.pageData.filter((p) => p.pageNum === 2).flatMap((p) => p.textData.detections.ents.map((e) => e.text));
    expect(onPage2).toEqual([OCR_NAME]);
  }, 120_000);

  it('a render that never settles is cancelled and rejected after the limit', async () => {
    vi.useFakeTimers();
    try {
      const cancel = vi.fn();
      const waiting = renderWithin({ promise: new Promise<void>(() => undefined), cancel }, 60_000);
      const outcome = expect(waiting).rejects.toThrow('render timed out');
      await vi.advanceTimersByTimeAsync(60_000);
      await outcome;
      expect(cancel).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });
});
