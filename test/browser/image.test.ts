import { wrap } from 'comlink';
import { commands } from 'vitest/browser';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeBmp } from '../../src/documents/image/bmp.js';
import { createCanvasCodec } from '../../src/platform/browser/codec.js';
import { decodeImage } from '../../src/documents/image/decode.js';
import type { PixelRect } from '../../src/documents/image/effects.js';
import type { ImageFormat, Raster } from '../../src/documents/image/raster.js';
import { installProblemTransfer } from '../../src/errors/wire.js';
import { startDocumentWorker } from '../../tools/bench/browser/document-client.js';
import { startFaceWorker } from '../../src/platform/browser/face-client.js';
import { browserAssets } from '../../src/platform/browser/assets.js';
import type { ImageAnonymizationType } from '../../src/spec/types.js';

interface CodecWorker {
  redact(
    bytes: Uint8Array,
    format: ImageFormat,
    rect: PixelRect,
    type: ImageAnonymizationType,
  ): Promise<{ out: Uint8Array; width: number; height: number; metadata: string[]; decoded: Raster }>;
  inWorker(): boolean;
}

installProblemTransfer();
const codecWorker = wrap<CodecWorker>(new Worker(new URL('./fixtures/image-codec.worker.ts', import.meta.url), { type: 'module' }));

async function drawn(
  width: number,
  height: number,
  type: 'image/png' | 'image/jpeg',
  draw: (ctx: OffscreenCanvasRenderingContext2D) => void,
): Promise<Uint8Array> {
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d')!;
  draw(ctx);
  return new Uint8Array(await (await canvas.convertToBlob({ type, quality: 0.95 })).arrayBuffer());
}

function px(img: Raster, x: number, y: number): number[] {
  const p = (y * img.width + x) * 4;
  return [...img.data.subarray(p, p + 4)];
}

function crc32(bytes: Uint8Array): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

/** PNG with a tEXt chunk holding `text` after IHDR, and `text` again after IEND. */
function withPngCanary(png: Uint8Array, text: string): Uint8Array {
  const body = new TextEncoder().encode(`tEXtAuthor\0${text}`);
  const chunk = new Uint8Array(12 + body.length - 4);
  const dv = new DataView(chunk.buffer);
  dv.setUint32(0, body.length - 4);
  chunk.set(body, 4);
  dv.setUint32(4 + body.length, crc32(body));
  const tail = new TextEncoder().encode(text);
  const out = new Uint8Array(png.length + chunk.length + tail.length);
  out.set(png.subarray(0, 33));
  out.set(chunk, 33);
  out.set(png.subarray(33), 33 + chunk.length);
  out.set(tail, png.length + chunk.length);
  return out;
}

/** JPEG with an EXIF APP1 segment (big-endian TIFF, Orientation only) after SOI. */
function withOrientation(jpeg: Uint8Array, orientation: number): Uint8Array {
  const tiff = [0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0];
  const payload = [...new TextEncoder().encode('Exif\0\0'), ...tiff];
  const seg = [0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 0xff, ...payload];
  return new Uint8Array([...jpeg.subarray(0, 2), ...seg, ...jpeg.subarray(2)]);
}

const contains = (bytes: Uint8Array, s: string) => new TextDecoder('latin1').decode(bytes).includes(s);

describe('images in Chromium', () => {
  it('decode → MASK → encode runs in a module worker with OffscreenCanvas; the result has no metadata', async () => {
    expect(await codecWorker.inWorker()).toBe(true);
    const png = withPngCanary(
      await drawn(80, 40, 'image/png', (ctx) => {
        ctx.fillStyle = '#f00';
        ctx.fillRect(0, 0, 40, 40);
        ctx.fillStyle = '#00f';
        ctx.fillRect(40, 0, 40, 40);
      }),
      'ZQXNAME1',
    );
    const r = await codecWorker.redact(png, 'png', { x0: 10, y0: 10, x1: 30, y1: 30 }, 'MASK');
    expect(r.metadata).toEqual([]);
    expect(contains(r.out, 'ZQXNAME1')).toBe(false);
    expect(px(r.decoded, 20, 20)).toEqual([0, 0, 0, 255]);
    expect(px(r.decoded, 5, 5)).toEqual([255, 0, 0, 255]);
    expect(px(r.decoded, 60, 20)).toEqual([0, 0, 255, 255]);
  });

  it('honours EXIF orientation in the worker (JPEG, Orientation=6 swaps the axes) and writes no APP1', async () => {
    const jpeg = withOrientation(
      await drawn(64, 32, 'image/jpeg', (ctx) => {
        ctx.fillStyle = '#000';
        ctx.fillRect(0, 0, 32, 32);
        ctx.fillStyle = '#fff';
        ctx.fillRect(32, 0, 32, 32);
      }),
      6,
    );
    const r = await codecWorker.redact(jpeg, 'jpeg', { x0: 0, y0: 0, x1: 0, y1: 0 }, 'MASK');
    expect([r.width, r.height]).toEqual([32, 64]);
    expect(px(r.decoded, 16, 8)[0]).toBeLessThan(40);
    expect(px(r.decoded, 16, 56)[0]).toBeGreaterThan(215);
    expect(r.metadata).toEqual([]);
  });

  it('BLUR and PIXELATE in the worker; BMP is written by our encoder', async () => {
    const bmp = encodeBmp({
      width: 32,
      height: 32,
      data: new Uint8ClampedArray(32 * 32 * 4).map((_, i) => (i % 4 === 3 ? 255 : (i * 7) % 256)),
    });
    for (const type of ['BLUR', 'PIXELATE'] as const) {
      const r = await codecWorker.redact(bmp, 'bmp', { x0: 0, y0: 0, x1: 32, y1: 32 }, type);
      expect([r.out[0], r.out[1]]).toEqual([0x42, 0x4d]);
      const colours = new Set<string>();
      for (let y = 0; y < 32; y++) for (let x = 0; x < 32; x++) colours.add(px(r.decoded, x, y).join());
      if (type === 'PIXELATE') expect(colours.size).toBeLessThanOrEqual(64);
    }
  });

  it('finds the face of astronaut.png with BlazeFace in the face worker', async () => {
    let b64: string;
    try {
      b64 = await commands.readFile('../shared/corpus/faces/astronaut.png', { encoding: 'base64' });
    } catch {
      console.warn('skipping: ../shared/corpus/faces is absent');
      return;
    }
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const img = await decodeImage(bytes, 'png', createCanvasCodec(), 50e6);
    const faces = startFaceWorker(browserAssets(location.href).faces);
    try {
      const found = await faces.detect(img);
      expect(found).toHaveLength(1);
      const cx = (found[0]!.x0 + found[0]!.x1) / 2;
      const cy = (found[0]!.y0 + found[0]!.y1) / 2;
      expect(cx > 175 && cx < 275 && cy > 65 && cy < 185).toBe(true);
    } finally {
      faces.terminate();
    }
  });

  describe('the document engine in a worker, tools/bench/browser/document.worker.ts (OCR and faces inside the worker)', () => {
    const engine = startDocumentWorker();
    afterAll(() => engine.terminate());

    it('reads a generated image with a name and a phone number and blacks out exactly those words', async () => {
      const png = await drawn(900, 200, 'image/png', (ctx) => {
        ctx.fillStyle = '#fff';
        ctx.fillRect(0, 0, 900, 200);
        ctx.fillStyle = '#000';
        ctx.font = '40px sans-serif';
        ctx.fillText('Herr Max Mustermann', 30, 70);
        ctx.fillText('Telefon: 030 1234567', 30, 150);
      });
      const out = await engine.anonymize(png, {
        textAnonymization: { labelsConfig: [{ name: 'PER' }, { name: 'TEL' }] },
        imageAnonymization: { labelsConfig: [] },
      });
      const d = out.pageData[0]!.textData.detections;
      expect(d.ents.map((e) => [e.tag, e.text])).toEqual([
        ['PER', 'Max Mustermann'],
        ['TEL', '030 1234567'],
      ]);
      const img = await decodeImage(out.bytes, 'png', createCanvasCodec(), 50e6);
      for (const b of d.locationsInOriginalDocument)
        expect(px(img, Math.floor(b.x0 + 4), Math.floor((b.y0 + b.y1) / 2))).toEqual([0, 0, 0, 255]);
      // "Herr" stays readable (white background left of the name).
      expect(px(img, 10, 60)).toEqual([255, 255, 255, 255]);
    });

    it('pixelates the face of astronaut.png and lists it', async () => {
      let b64: string;
      try {
        b64 = await commands.readFile('../shared/corpus/faces/astronaut.png', { encoding: 'base64' });
      } catch {
        console.warn('skipping: ../shared/corpus/faces is absent');
        return;
      }
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const out = await engine.anonymize(
        bytes,
        {
          textAnonymization: { labelsConfig: [] },
          imageAnonymization: { labelsConfig: [{ name: 'face', anonymizationType: 'PIXELATE' }] },
        },
        { documentId: 9 },
      );
      const [image] = out.pageData[0]!.imagesData;
      expect(image!.imageUrl).toBe('http://localhost/external/v1/documents/9/images/0');
      expect(image!.detections.map((x) => [x.label, x.bboxs.length])).toEqual([['face', 1]]);
      expect(out.extension).toBe('png');
    });
  });

  it('asks nothing of another origin: assets are same-origin URLs and every loaded resource came from this origin', () => {
    const { ocr, faces, ner, pdfjs } = browserAssets(location.href);
    const urls = [ocr.langPath, ocr.workerPath!, ocr.corePath!, ...Object.values(faces), ...Object.values(ner), ...Object.values(pdfjs)];
    for (const u of urls) expect(new URL(u).origin).toBe(location.origin);
    const foreign = performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((n) => !n.startsWith(location.origin));
    expect(foreign).toEqual([]);
  });
});
