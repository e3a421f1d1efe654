import { createCanvas } from '@napi-rs/canvas';
import { unzlibSync } from 'fflate';
import type { PDFRawStream } from 'pdf-lib';
import { PDFDocument, PDFHexString, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { createNodeCodec } from '../../../../src/platform/node/codec.js';
import { canReadPixels, readImagePixels, writeImagePixels } from '../../../../src/documents/pdf/image-pixels.js';
import { unpredictPng } from '../../../../src/documents/pdf/png-predictor.js';
import { decodeStream } from '../../../../src/documents/pdf/streams.js';

const codec = createNodeCodec(50e6);

/** The concatenated, inflated IDAT data of a PNG: rows each led by their filter type. */
function filteredRows(png: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [];
  const dv = new DataView(png.buffer, png.byteOffset, png.byteLength);
  for (let at = 8; at < png.length;) {
    const length = dv.getUint32(at);
    if (String.fromCharCode(...png.subarray(at + 4, at + 8)) === 'IDAT') parts.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) all.set(p, (at += p.length) - p.length);
  return unzlibSync(all);
}

describe('image XObject pixels', () => {
  it('PNG predictors: un-filtering the rows of an encoder that mixes filter types gives the decoded pixels', async () => {
    const canvas = createCanvas(97, 41);
    const ctx = canvas.getContext('2d');
    const gradient = ctx.createLinearGradient(0, 0, 97, 41);
    gradient.addColorStop(0, '#123456');
    gradient.addColorStop(1, '#fedcba');
    ctx.fillStyle = gradient;
    ctx.fillRect(0, 0, 97, 41);
    ctx.fillStyle = '#000';
    ctx.font = '20px sans-serif';
    ctx.fillText('Mixed rows', 5, 28);
    const png = new Uint8Array(canvas.toBuffer('image/png'));
    const rows = filteredRows(png);
    expect(new Set(Array.from({ length: 41 }, (_, y) => rows[y * (97 * 4 + 1)])).size).toBeGreaterThan(1);
    const pixels = unpredictPng(rows, 97 * 4, 41, 4)!;
    expect(Buffer.from(pixels).equals(Buffer.from((await codec.decode(png, 'png')).data))).toBe(true);
    expect(unpredictPng(rows.subarray(1), 97 * 4, 41, 4)).toBeNull();
  });

  it('reads 4-bit indexed RGB and 1-bit grey samples, and writes them back as 8-bit samples of the base space', async () => {
    const doc = await PDFDocument.create();
    const ctx = doc.context;
    // 3 × 2 pixels, indices 0 1 2 / 2 1 0, two per byte, rows padded to whole bytes.
    const indexed = ctx.flateStream(Uint8Array.of(0x01, 0x20, 0x21, 0x00), {
      Type: 'XObject',
      Subtype: 'Image',
      Width: 3,
      Height: 2,
      BitsPerComponent: 4,
      ColorSpace: ctx.obj([PDFName.of('Indexed'), PDFName.of('DeviceRGB'), 2, PDFHexString.of('ff0000' + '00ff00' + '0000ff')]),
    }) as PDFRawStream;
    expect(canReadPixels(ctx, indexed)).toBe(true);
    const read = (await readImagePixels(ctx, indexed, codec))!;
    expect([...read.raster.data]).toEqual([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 255, 0, 255, 255, 0, 0, 255]);
    const written = (await writeImagePixels(ctx, read.raster, read.form, codec)) as PDFRawStream;
    expect(written.dict.get(PDFName.of('ColorSpace'))).toEqual(PDFName.of('DeviceRGB'));
    expect([...decodeStream(ctx, written)]).toEqual([255, 0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 255, 0, 255, 0, 255, 0, 0]);

    const bilevel = ctx.flateStream(Uint8Array.of(0b1010_0000, 0b0110_0000), {
      Type: 'XObject',
      Subtype: 'Image',
      Width: 3,
      Height: 2,
      BitsPerComponent: 1,
      ColorSpace: 'DeviceGray',
    }) as PDFRawStream;
    const grey = (await readImagePixels(ctx, bilevel, codec))!;
    expect(Array.from({ length: 6 }, (_, i) => grey.raster.data[i * 4])).toEqual([255, 0, 255, 0, 255, 255]);
  });

  it('leaves what it cannot decode: CMYK samples, Decode arrays, stencil masks', async () => {
    const c = (await PDFDocument.create()).context;
    const base = { Type: 'XObject', Subtype: 'Image', Width: 4, Height: 4, BitsPerComponent: 8 };
    expect(canReadPixels(c, c.flateStream(new Uint8Array(64), { ...base, ColorSpace: 'DeviceCMYK' }) as PDFRawStream)).toBe(false);
    expect(canReadPixels(c, c.flateStream(new Uint8Array(16), { ...base, ColorSpace: 'DeviceGray', Decode: [1, 0] }) as PDFRawStream)).toBe(
      false,
    );
    expect(canReadPixels(c, c.flateStream(new Uint8Array(4), { ...base, BitsPerComponent: 1, ImageMask: true }) as PDFRawStream)).toBe(
      false,
    );
  });
});
