// Test helpers for images: synthetic rasters, corpus access, PNG/JPEG container surgery.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Raster } from '../../src/documents/image/raster.js';

/** ../shared/corpus/<name>, or null (with a printed reason) when the corpus is not there. */
export function corpusDir(name: string): string | null {
  const dir = join(import.meta.dirname, '..', '..', '..', 'shared', 'corpus', name);
  if (existsSync(dir)) return dir;
  process.stdout.write(`skipping corpus tests: ${dir} is absent\n`);
  return null;
}

/** Files of a corpus folder with one of the extensions (empty when absent). */
export function corpusFiles(name: string, exts: readonly string[]): Array<{ name: string; bytes: Uint8Array }> {
  const dir = corpusDir(name);
  if (!dir) return [];
  return readdirSync(dir)
    .filter((f) => exts.some((e) => f.toLowerCase().endsWith(e)))
    .sort()
    .map((f) => ({ name: f, bytes: new Uint8Array(readFileSync(join(dir, f))) }));
}

/** A raster filled by `f(x, y) → [r, g, b, a]`. */
export function raster(width: number, height: number, f: (x: number, y: number) => readonly number[]): Raster {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b, a = 255] = f(x, y);
      data.set([r!, g!, b!, a], (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

/** The pixel at (x, y) as [r, g, b, a]. */
export function pixel(img: Raster, x: number, y: number): number[] {
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

/** A PNG chunk (length, type, data, CRC). */
export function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const dv = new DataView(out.buffer);
  dv.setUint32(0, data.length);
  const typed = new Uint8Array(4 + data.length);
  typed.set([...type].map((c) => c.charCodeAt(0)));
  typed.set(data, 4);
  out.set(typed, 4);
  dv.setUint32(8 + data.length, crc32(typed));
  return out;
}

/** `png` with `chunk` inserted right after IHDR. */
export function insertPngChunk(png: Uint8Array, chunk: Uint8Array): Uint8Array {
  const at = 8 + 12 + 13;
  return concat(png.subarray(0, at), chunk, png.subarray(at));
}

/** `jpeg` with a segment (marker + payload) inserted right after SOI. */
export function insertJpegSegment(jpeg: Uint8Array, marker: number, payload: Uint8Array): Uint8Array {
  const seg = new Uint8Array(4 + payload.length);
  seg[0] = 0xff;
  seg[1] = marker;
  seg[2] = (payload.length + 2) >> 8;
  seg[3] = (payload.length + 2) & 0xff;
  seg.set(payload, 4);
  return concat(jpeg.subarray(0, 2), seg, jpeg.subarray(2));
}

/** An EXIF APP1 payload (big-endian TIFF) with one IFD0 entry: Orientation = `value`, plus a canary string tag. */
export function exifPayload(orientation: number, canary = ''): Uint8Array {
  const ascii = new TextEncoder().encode(canary + '\0');
  const entries = canary ? 2 : 1;
  const ifdSize = 2 + entries * 12 + 4;
  const tiff = new Uint8Array(8 + ifdSize + ascii.length);
  const dv = new DataView(tiff.buffer);
  tiff.set([0x4d, 0x4d, 0, 42]);
  dv.setUint32(4, 8);
  dv.setUint16(8, entries);
  dv.setUint16(10, 0x0112);
  dv.setUint16(12, 3);
  dv.setUint32(14, 1);
  dv.setUint16(18, orientation);
  if (canary) {
    dv.setUint16(22, 0x013b); // Artist
    dv.setUint16(24, 2);
    dv.setUint32(26, ascii.length);
    dv.setUint32(30, 8 + ifdSize);
    tiff.set(ascii, 8 + ifdSize);
  }
  return concat(new TextEncoder().encode('Exif\0\0'), tiff);
}

export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

/** Whether `bytes` contain the ASCII string anywhere. */
export function containsAscii(bytes: Uint8Array, s: string): boolean {
  return Buffer.from(bytes).includes(Buffer.from(s, 'latin1'));
}
