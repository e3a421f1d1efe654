import { describe, expect, it } from 'vitest';
import { createDocumentAnonymizer } from '../../../../src/engine/document-engine.js';
import { createImageAdapter } from '../../../../src/documents/image/image-adapter.js';
import { decodeImage } from '../../../../src/documents/image/decode.js';
import { createNodeCodec } from '../../../../src/platform/node/codec.js';
import type { Box } from '../../../../src/spec/types.js';
import { pixel, raster } from '../../../helpers/images.js';

const codec = createNodeCodec(50e6);
const grey = raster(200, 100, () => [128, 128, 128]);
const w = (text: string, x0: number, y0: number) => ({ text, box: { x0, y0, x1: x0 + text.length * 8, y1: y0 + 10 } });
/** OCR stand-in: one paragraph with a name and a phone number. */
const ocrPage = [
  [
    [w('Herr', 5, 5), w('Max', 45, 5), w('Mustermann', 80, 5)],
    [w('Tel.', 5, 30), w('030', 45, 30), w('1234567', 80, 30)],
  ],
];
const face: Box & { score: number; keypoints: Array<[number, number]> } = { x0: 120, y0: 60, x1: 150, y1: 90, score: 0.93, keypoints: [] };

function engine() {
  const calls = { faces: 0, ocr: 0 };
  const image = createImageAdapter({
    codec,
    detectors: {
      faces: async () => ({ detect: async () => (calls.faces++, [face]) }),
      ocr: async () => ({ recognize: async () => (calls.ocr++, ocrPage) }),
    },
  });
  const docs = createDocumentAnonymizer({ adapters: [image] });
  return { docs, calls };
}

const inside = (b: Box) => [Math.floor((b.x0 + b.x1) / 2), Math.floor((b.y0 + b.y1) / 2)] as const;

describe('anonymizing an image', () => {
  it('text labels in OCR text go through detection and replacement; only their words are redacted', async () => {
    const { docs, calls } = engine();
    const png = await codec.encode(grey, 'png');
    const out = await docs.anonymize(
      png,
      { textAnonymization: { labelsConfig: [{ name: 'PER' }, { name: 'TEL' }] }, imageAnonymization: { labelsConfig: [] } },
      { documentId: 5, imageBaseUrl: 'http://localhost:3000' },
    );
    expect(calls).toEqual({ faces: 0, ocr: 1 });
    const img = await decodeImage(out.bytes, 'png', codec, 1e6);
    for (const word of ['Max', 'Mustermann', '030', '1234567']) {
      const b = ocrPage.flat(2).find((x) => x.text === word)!.box;
      expect(pixel(img, ...inside(b)), word).toEqual([0, 0, 0, 255]);
    }
    for (const word of ['Herr', 'Tel.']) {
      const b = ocrPage.flat(2).find((x) => x.text === word)!.box;
      expect(pixel(img, ...inside(b)), word).toEqual([128, 128, 128, 255]);
    }
    const entry = out.pageData[0]!;
    expect(entry.textData.detections.ents.map((e) => [e.tag, e.text])).toEqual([
      ['PER', 'Max Mustermann'],
      ['TEL', '030 1234567'],
    ]);
    expect(entry.textData.detections.pseudonyms).toEqual(['PER-1', 'TEL-1']);
    expect(entry.textData.detections.locationsInOriginalDocument[0]).toEqual({ x0: 45, y0: 5, x1: 160, y1: 15 });
    expect(entry.imagesData).toEqual([{ imageUrl: 'http://localhost:3000/external/v1/documents/5/images/0', xref: 0, detections: [] }]);
  });

  it('faces get their label’s effect and are listed with grown boxes and scores', async () => {
    const { docs, calls } = engine();
    const out = await docs.anonymize(await codec.encode(grey, 'jpeg'), {
      textAnonymization: { labelsConfig: [] },
      imageAnonymization: { labelsConfig: [{ name: 'face', anonymizationType: 'PIXELATE' }] },
    });
    expect(calls).toEqual({ faces: 1, ocr: 0 });
    expect(out.extension).toBe('jpg');
    const [faceData] = out.pageData[0]!.imagesData[0]!.detections;
    expect(faceData!.label).toBe('face');
    expect(faceData!.scores).toEqual([0.93]);
    const [[tl, , br]] = faceData!.bboxs as [Array<[number, number]>];
    expect(tl![0]).toBeLessThan(face.x0);
    expect(tl![1]).toBeLessThan(face.y0);
    expect(br![0]).toBeGreaterThan(face.x1);
  });

  it('the text label covers every OCR word with its effect', async () => {
    const { docs } = engine();
    const out = await docs.anonymize(await codec.encode(grey, 'bmp'), {
      textAnonymization: { labelsConfig: [] },
      imageAnonymization: { labelsConfig: [{ name: 'text', anonymizationType: 'MASK' }] },
    });
    const img = await decodeImage(out.bytes, 'bmp', codec, 1e6);
    for (const word of ocrPage.flat(2)) expect(pixel(img, ...inside(word.box)), word.text).toEqual([0, 0, 0, 255]);
    expect(out.pageData[0]!.imagesData[0]!.detections[0]).toMatchObject({ label: 'text', scores: [1, 1, 1, 1, 1, 1] });
  });

  it('an invalid config is a 422 VALIDATION_FAILED naming the field', async () => {
    const { docs } = engine();
    await expect(
      docs.anonymize(await codec.encode(grey, 'png'), {
        imageAnonymization: { labelsConfig: [{ name: 'car' as never, anonymizationType: 'MASK' }] },
      }),
    ).rejects.toMatchObject({
      problem: { status: 422, problemCode: 'VALIDATION_FAILED', errors: [{ field: 'config.imageAnonymization.labelsConfig[0].name' }] },
    });
  });

  it('PDF, DOCX and DOC are not handled here yet: 422 INVALID_FILE', async () => {
    const { docs } = engine();
    await expect(docs.anonymize(new TextEncoder().encode('%PDF-1.7\n'), null)).rejects.toMatchObject({
      problem: { status: 422, problemCode: 'INVALID_FILE' },
    });
  });
});
