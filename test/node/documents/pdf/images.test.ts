import type { PDFDict } from 'pdf-lib';
import { PDFArray, PDFDocument, PDFName, PDFRawStream, PDFRef, StandardFonts } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { createNodeDocumentAnonymizer } from '../../../../src/platform/node/platform.js';
import { createNodeCodec } from '../../../../src/platform/node/codec.js';
import { applyOrientation } from '../../../../src/documents/image/orientation.js';
import type { Raster } from '../../../../src/documents/image/raster.js';
import { readImagePixels } from '../../../../src/documents/pdf/image-pixels.js';
import { decodeStream } from '../../../../src/documents/pdf/streams.js';
import type { ExternalUploadConfig } from '../../../../src/spec/types.js';
import { corpusFiles } from '../../../helpers/images.js';
import { CANARY, CANARY_CONFIG, OCR_NAME } from './fixtures.js';
import { letterScanPng, useOcrClient } from './ocr-fixture.js';

const engine = createNodeDocumentAnonymizer({ ner: false });
const codec = createNodeCodec(50e6);
const FACE_MASK: ExternalUploadConfig = {
  textAnonymization: { labelsConfig: [] },
  imageAnonymization: { labelsConfig: [{ name: 'face', anonymizationType: 'MASK' }] },
};
const astronaut = corpusFiles('faces', ['astronaut.png'])[0];

const ocr = useOcrClient();
afterAll(() => engine.close());

/** A CV-like page: a line of text naming the canary and the image drawn with `placement` (300×300 pt by default). */
async function pageWithImage(
  embed: (doc: PDFDocument) => Promise<{ ref: PDFRef }>,
  placement = '300 0 0 300 50 400',
): Promise<{ bytes: Uint8Array; xref: number }> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  page.drawText(`Curriculum vitae of ${CANARY.name}`, { x: 50, y: 780, size: 12, font });
  const image = await embed(doc);
  page.node.setXObject(PDFName.of('Im1'), image.ref);
  const content = doc.context.flateStream(`q ${placement} cm /Im1 Do Q`);
  page.node.addContentStream(doc.context.register(content));
  return { bytes: await doc.save(), xref: image.ref.objectNumber };
}

/** The one image XObject drawn on page 1 of `bytes`. */
async function imageOf(bytes: Uint8Array): Promise<{ doc: PDFDocument; stream: PDFRawStream }> {
  const doc = await PDFDocument.load(bytes);
  const xobjects = doc.getPages()[0]!.node.Resources()!.lookup(PDFName.of('XObject')) as PDFDict;
  const ref = xobjects.get(PDFName.of('Im1'));
  expect(ref).toBeInstanceOf(PDFRef);
  return { doc, stream: doc.context.lookup(ref as PDFRef) as PDFRawStream };
}

/** Variance of the grey values inside [x0, x1) × [y0, y1). */
function variance(img: Raster, x0: number, y0: number, x1: number, y1: number): number {
  const values: number[] = [];
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) values.push(img.data[(y * img.width + x) * 4]!);
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return values.reduce((a, v) => a + (v - mean) ** 2, 0) / values.length;
}

const letterPng = (): Uint8Array => letterScanPng(OCR_NAME, { width: 1000, height: 300, fontPx: 48, x: 30, lines: [100, 220] });

async function ocrWords(img: Raster): Promise<string> {
  return (await ocr().recognize(await codec.encode(img, 'png')))
    .flat(2)
    .map((w) => w.text)
    .join(' ');
}

describe('P9: images inside rewritten PDF pages', () => {
  it.skipIf(!astronaut)(
    'face: MASK makes the face in the image object solid and lists it in imagesData',
    async () => {
      const jpeg = await codec.encode(await codec.decode(astronaut!.bytes, 'png'), 'jpeg');
      const input = await pageWithImage((doc) => doc.embedJpg(jpeg));
      const result = await engine.anonymize(input.bytes, FACE_MASK);
      expect(result.verification).toMatchObject({
        passed: true,
        stats: { rewrittenPages: 1, inspectedImages: 1, redactedImages: 1, uninspectedImages: 0, filledImages: 0 },
      });
      const data = result.pageData.flatMap((p) => p.imagesData);
      expect(data).toHaveLength(1);
      expect(data[0]).toMatchObject({ xref: input.xref, imageUrl: expect.stringMatching(new RegExp(`/images/${input.xref}$`)) });
      const face = data[0]!.detections.find((d) => d.label === 'face')!;
      expect(face.bboxs).toHaveLength(1);
      const [[x0, y0], , [x1, y1]] = face.bboxs[0]! as [[number, number], unknown, [number, number]];
      // The detector's box (BlazeFace finds the astronaut's face around x 175–275, y 65–185).
      expect(x0).toBeLessThan(200);
      expect(x1).toBeGreaterThan(250);
      const { stream } = await imageOf(result.bytes);
      const out = await codec.decode(stream.contents, 'jpeg');
      expect(out.width).toBe(512);
      // JPEG ringing stays within a block of the box edge.
      expect(variance(out, Math.ceil(x0) + 8, Math.ceil(y0) + 8, Math.floor(x1) - 8, Math.floor(y1) - 8)).toBeLessThan(4);
      expect(
        variance(await codec.decode(jpeg, 'jpeg'), Math.ceil(x0) + 8, Math.ceil(y0) + 8, Math.floor(x1) - 8, Math.floor(y1) - 8),
      ).toBeGreaterThan(100);
    },
    60_000,
  );

  it.skipIf(!astronaut)(
    'a photo stored sideways and drawn turned upright is searched as the page shows it',
    async () => {
      const upright = await codec.decode(astronaut!.bytes, 'png');
      // Stored turned a quarter anticlockwise, drawn turned back (the image's x axis points down the page: EXIF 6).
      const jpeg = await codec.encode(applyOrientation(upright, 8), 'jpeg');
      const input = await pageWithImage((doc) => doc.embedJpg(jpeg), '0 -300 300 0 50 700');
      const result = await engine.anonymize(input.bytes, FACE_MASK);
      expect(result.verification).toMatchObject({ passed: true, stats: { inspectedImages: 1, redactedImages: 1 } });
      const face = result.pageData.flatMap((p) => p.imagesData)[0]!.detections.find((d) => d.label === 'face')!;
      const [[x0, y0], , [x1, y1]] = face.bboxs[0]! as [[number, number], unknown, [number, number]];
      // Boxes are in the upright (viewed) image; the stored pixels are masked in the matching place.
      const out = applyOrientation(await codec.decode((await imageOf(result.bytes)).stream.contents, 'jpeg'), 6);
      expect(variance(out, Math.ceil(x0) + 8, Math.ceil(y0) + 8, Math.floor(x1) - 8, Math.floor(y1) - 8)).toBeLessThan(4);
    },
    60_000,
  );

  it.skipIf(!astronaut)(
    "without the face label the photo is OCR'd for the text labels and stays byte for byte",
    async () => {
      const jpeg = await codec.encode(await codec.decode(astronaut!.bytes, 'png'), 'jpeg');
      const input = await pageWithImage((doc) => doc.embedJpg(jpeg));
      const result = await engine.anonymize(input.bytes, CANARY_CONFIG);
      expect(result.verification).toMatchObject({ passed: true, stats: { inspectedImages: 1, redactedImages: 0 } });
      const { stream } = await imageOf(result.bytes);
      expect(Buffer.from(stream.contents).equals(Buffer.from(jpeg))).toBe(true);
    },
    60_000,
  );

  it("a name rendered into a PNG is OCR'd and its words are blacked out in the image object", async () => {
    const png = letterPng();
    const input = await pageWithImage((doc) => doc.embedPng(png));
    const before = await imageOf(input.bytes);
    expect((await ocrWords((await readImagePixels(before.doc.context, before.stream, codec))!.raster)).toLowerCase()).toContain(
      OCR_NAME.toLowerCase(),
    );
    const result = await engine.anonymize(input.bytes, CANARY_CONFIG);
    expect(result.verification).toMatchObject({ passed: true, stats: { inspectedImages: 1, redactedImages: 1 } });
    const entry = result.pageData.find((p) => p.imagesData.length > 0)!;
    expect(entry.textData.detections.ents.map((e) => e.text)).toEqual([OCR_NAME]);
    expect(entry.imagesData[0]!.xref).toBe(input.xref);
    const after = await imageOf(result.bytes);
    const seen = await ocrWords((await readImagePixels(after.doc.context, after.stream, codec))!.raster);
    expect(seen).toMatch(/Damen/);
    expect(seen.toLowerCase()).not.toContain(OCR_NAME.toLowerCase());
  });

  // CMYK samples: a colour space we do not decode.
  const cmyk = async (doc: PDFDocument) => ({
    ref: doc.context.register(
      doc.context.flateStream(new Uint8Array(128 * 128 * 4).fill(0x5a), {
        Type: 'XObject',
        Subtype: 'Image',
        Width: 128,
        Height: 128,
        ColorSpace: 'DeviceCMYK',
        BitsPerComponent: 8,
      }),
    ),
  });

  it('an image that cannot be decoded is counted as uninspected; with the face label it becomes a solid fill', async () => {
    const input = await pageWithImage(cmyk);
    const original = (await imageOf(input.bytes)).stream.contents;
    const text = await engine.anonymize(input.bytes, CANARY_CONFIG);
    expect(text.verification).toMatchObject({ passed: true, stats: { inspectedImages: 0, uninspectedImages: 1, filledImages: 0 } });
    expect(Buffer.from((await imageOf(text.bytes)).stream.contents).equals(Buffer.from(original))).toBe(true);
    const faces = await engine.anonymize(input.bytes, FACE_MASK);
    expect(faces.verification).toMatchObject({ passed: true, stats: { uninspectedImages: 1, filledImages: 1 } });
    const filled = (await imageOf(faces.bytes)).stream;
    expect(filled.dict.get(PDFName.of('Width'))?.toString()).toBe('1');
    expect(faces.pageData.flatMap((p) => p.imagesData)).toEqual([]);
  });

  it('inline images (not inspected) are dropped when faces are requested, unless decorative; kept otherwise', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([595, 842]);
    page.drawText(`Curriculum vitae of ${CANARY.name}`, { x: 50, y: 780, size: 12, font });
    const inline = (w: number, h: number, at: string) => `q ${at} cm BI /W ${w} /H ${h} /CS /G /BPC 8 ID\n${'\x80'.repeat(w * h)}\nEI Q`;
    const ops = `${inline(100, 100, '200 0 0 200 50 400')}\n${inline(8, 8, '8 0 0 8 50 300')}`;
    page.node.addContentStream(doc.context.register(doc.context.stream(new Uint8Array([...ops].map((c) => c.charCodeAt(0))))));
    const bytes = await doc.save();
    const inlineImages = (pdf: Uint8Array) => (new TextDecoder('latin1').decode(pdf).match(/\bBI\b/g) ?? []).length;
    expect(inlineImages(bytes)).toBe(2);
    const faces = await engine.anonymize(bytes, FACE_MASK);
    expect(faces.verification).toMatchObject({ passed: true, stats: { uninspectedImages: 1, filledImages: 1, rewrittenPages: 1 } });
    const kept = await engine.anonymize(bytes, CANARY_CONFIG);
    expect(kept.verification).toMatchObject({ passed: true, stats: { filledImages: 0 } });
    // Content streams of the output are Flate-compressed: count BI in their decoded text.
    const count = async (pdf: Uint8Array) => {
      const out = await PDFDocument.load(pdf);
      const contents = out.getPages()[0]!.node.Contents()!;
      const streams =
        contents instanceof PDFArray ? contents.asArray().map((r) => out.context.lookup(r) as PDFRawStream) : [contents as PDFRawStream];
      const text = streams.map((st) => new TextDecoder('latin1').decode(decodeStream(out.context, st))).join('\n');
      return (text.match(/\bBI\b/g) ?? []).length;
    };
    expect(await count(faces.bytes)).toBe(1);
    expect(await count(kept.bytes)).toBe(2);
  });

  it('a page under a text layer whose scan image cannot be decoded is rasterised, not rewritten', async () => {
    const input = await pageWithImage(cmyk, '595 0 0 842 0 0');
    const result = await engine.anonymize(input.bytes, CANARY_CONFIG);
    expect(result.verification).toMatchObject({ passed: true, stats: { rewrittenPages: 0, rasterisedPages: 1, uninspectedImages: 0 } });
  });
});
