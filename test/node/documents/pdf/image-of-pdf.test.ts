import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { encodeImage } from '../../../../src/documents/image/encode.js';
import { createNodeCodec } from '../../../../src/platform/node/codec.js';
import { imageOfPdf } from '../../../../src/documents/pdf/image-of-pdf.js';
import { raster } from '../../../helpers/images.js';

const codec = createNodeCodec(50e6);
const picture = raster(3, 2, (x, y) => [x * 100, y * 200, 50]);

/** A one-page PDF drawing `image` (pdf-lib embeds a PNG as Flate samples, a JPEG as it is); its object number. */
async function pdfWith(kind: 'png' | 'jpeg'): Promise<{ bytes: Uint8Array; xref: number }> {
  const doc = await PDFDocument.create();
  const file = await encodeImage(picture, kind, codec);
  const image = kind === 'png' ? await doc.embedPng(file) : await doc.embedJpg(file);
  doc.addPage([100, 100]).drawImage(image, { x: 0, y: 0, width: 30, height: 20 });
  return { bytes: await doc.save(), xref: image.ref.objectNumber };
}

describe('imageOfPdf: the PDF image an imageUrl names', () => {
  it('serves a PDF image stored as Flate samples as a PNG with its pixels (with the platform codec)', async () => {
    const { bytes, xref } = await pdfWith('png');
    const image = await imageOfPdf(bytes, xref, codec);
    expect(image?.contentType).toBe('image/png');
    const decoded = await codec.decode(image!.bytes, 'png');
    expect([decoded.width, decoded.height]).toEqual([3, 2]);
    expect(Array.from(decoded.data)).toEqual(Array.from(picture.data));
    expect(await imageOfPdf(bytes, xref)).toBeNull(); // no codec: only JPEGs
  });

  it('serves a JPEG image as stored, and nothing for an object that is no image', async () => {
    const { bytes, xref } = await pdfWith('jpeg');
    expect((await imageOfPdf(bytes, xref, codec))?.contentType).toBe('image/jpeg');
    expect(await imageOfPdf(bytes, 1, codec)).toBeNull();
    expect(await imageOfPdf(bytes, 999_999, codec)).toBeNull();
  });
});
