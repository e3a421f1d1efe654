import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { Raster } from '../../../../src/documents/image/raster.js';
import { readImagePixels } from '../../../../src/documents/pdf/image-pixels.js';
import {
  FLATE_MAX_BYTES_PER_PIXEL,
  compressPageImage,
  decompressPageImage,
  pageImageStream,
} from '../../../../src/documents/pdf/page-image.js';
import { createNodeCodec } from '../../../../src/platform/node/codec.js';

const codec = createNodeCodec(50e6);

/** A rendered page of text: black (or `color`) words on white, antialiased. */
function textPage(color = '#000'): Raster {
  const canvas = createCanvas(300, 200);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, 300, 200);
  ctx.fillStyle = color;
  ctx.font = '18px sans-serif';
  for (let y = 30; y < 200; y += 30) ctx.fillText('Sehr geehrte Frau Krüger,', 10, y);
  const { data } = ctx.getImageData(0, 0, 300, 200);
  return { width: 300, height: 200, data: new Uint8ClampedArray(data) };
}

/** Pixels no lossless coder can shrink much: a seeded noise "photograph". */
function noisePage(): Raster {
  const data = new Uint8ClampedArray(120 * 80 * 4);
  let seed = 7;
  for (let i = 0; i < data.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    data[i] = i % 4 === 3 ? 255 : seed >>> 24;
  }
  return { width: 120, height: 80, data };
}

/** The pixels pdf-lib's written file holds for the image, read back by our PDF image reader. */
async function roundTripThroughPdf(raster: Raster): Promise<{ filter: string; colorSpace: string; pixels: Raster }> {
  const image = await compressPageImage(raster, codec);
  const doc = await PDFDocument.create();
  const ref = doc.context.register(pageImageStream(doc.context, image));
  doc.addPage([raster.width, raster.height]).node.setXObject(PDFName.of('PageImage'), ref);
  const saved = await PDFDocument.load(await doc.save());
  const stream = saved.context.lookup(ref) as Parameters<typeof readImagePixels>[1];
  const pixels = (await readImagePixels(saved.context, stream, codec))!.raster;
  return {
    filter: String(stream.dict.get(PDFName.of('Filter'))),
    colorSpace: String(stream.dict.get(PDFName.of('ColorSpace'))),
    pixels,
  };
}

describe('page images of rasterised pages', () => {
  it('rendered black text is stored losslessly as grey Flate samples', async () => {
    const page = textPage();
    const image = await compressPageImage(page, codec);
    expect(image).toMatchObject({ kind: 'flate', channels: 1, width: 300, height: 200 });
    expect(image.bytes.length).toBeLessThan(FLATE_MAX_BYTES_PER_PIXEL * 300 * 200);
    const read = await roundTripThroughPdf(page);
    expect(read).toMatchObject({ filter: '/FlateDecode', colorSpace: '/DeviceGray' });
    expect([...read.pixels.data]).toEqual([...page.data]);
    expect([...(await decompressPageImage(image, codec)).data]).toEqual([...page.data]);
  });

  it('coloured text is stored as RGB Flate samples, pixel for pixel', async () => {
    const page = textPage('#b01010');
    const image = await compressPageImage(page, codec);
    expect(image).toMatchObject({ kind: 'flate', channels: 3 });
    const read = await roundTripThroughPdf(page);
    expect(read).toMatchObject({ filter: '/FlateDecode', colorSpace: '/DeviceRGB' });
    expect([...read.pixels.data]).toEqual([...page.data]);
    expect([...(await decompressPageImage(image, codec)).data]).toEqual([...page.data]);
  });

  it('photographic pixels that Flate cannot shrink are stored as JPEG', async () => {
    const page = noisePage();
    const image = await compressPageImage(page, codec);
    expect(image.kind).toBe('jpeg');
    expect([...image.bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const read = await roundTripThroughPdf(page);
    expect(read).toMatchObject({ filter: '/DCTDecode', colorSpace: '/DeviceRGB' });
    expect(read.pixels).toMatchObject({ width: 120, height: 80 });
    const back = await decompressPageImage(image, codec);
    expect(back).toMatchObject({ width: 120, height: 80 });
  });
});
