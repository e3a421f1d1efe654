import { invalidFile } from '../../errors/problem.js';
import type { ImageFormat } from './raster.js';

/** Dimensions as the file declares them, read without decoding any pixel. */
export interface ImageHeader {
  width: number;
  height: number;
}

/** Default pixel budget: 50 MP (RGBA 200 MB), below Pillow's 89 MP bomb warning. */
export const DEFAULT_MAX_PIXELS = 50_000_000;

function u16be(b: Uint8Array, o: number): number {
  return (b[o]! << 8) | b[o + 1]!;
}
function u32be(b: Uint8Array, o: number): number {
  return ((b[o]! << 24) >>> 0) + ((b[o + 1]! << 16) | (b[o + 2]! << 8) | b[o + 3]!);
}
function i32le(b: Uint8Array, o: number): number {
  return b[o]! | (b[o + 1]! << 8) | (b[o + 2]! << 16) | (b[o + 3]! << 24);
}

function pngHeader(b: Uint8Array): ImageHeader {
  // Signature (8) + length (4) + 'IHDR' (4) + width + height.
  if (b.length < 33 || String.fromCharCode(b[12]!, b[13]!, b[14]!, b[15]!) !== 'IHDR') throw invalidFile('The PNG header is damaged.');
  return { width: u32be(b, 16), height: u32be(b, 20) };
}

/** SOF markers carry the frame size; DHT (C4), JPG (C8) and DAC (CC) share the range but are no frames. */
function isSof(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function jpegHeader(b: Uint8Array): ImageHeader {
  let o = 2;
  while (o + 4 <= b.length) {
    if (b[o] !== 0xff) throw invalidFile('The JPEG structure is damaged.');
    const marker = b[o + 1]!;
    if (marker === 0xff) {
      o++;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      o += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) break;
    const len = u16be(b, o + 2);
    if (len < 2) throw invalidFile('The JPEG structure is damaged.');
    if (isSof(marker)) {
      if (o + 9 > b.length) break;
      return { height: u16be(b, o + 5), width: u16be(b, o + 7) };
    }
    o += 2 + len;
  }
  throw invalidFile('The JPEG has no frame header.');
}

function bmpHeader(b: Uint8Array): ImageHeader {
  const dib = i32le(b, 14);
  if (dib === 12) return { width: b[18]! | (b[19]! << 8), height: b[20]! | (b[21]! << 8) };
  if (b.length < 26) throw invalidFile('The BMP header is damaged.');
  // A negative height means rows are stored top-down.
  return { width: i32le(b, 18), height: Math.abs(i32le(b, 22)) };
}

/** Reads the declared size. Throws 422 INVALID_FILE when the header is damaged or declares no pixels. */
export function readImageHeader(bytes: Uint8Array, format: ImageFormat): ImageHeader {
  const h = format === 'png' ? pngHeader(bytes) : format === 'jpeg' ? jpegHeader(bytes) : bmpHeader(bytes);
  if (!(h.width > 0 && h.height > 0)) throw invalidFile('The image declares no pixels.');
  return h;
}

/**
 * Fails with 422 INVALID_FILE before any pixel buffer exists when the declared size exceeds the budget
 * (decompression bombs; a BMP declaring 2^31 columns).
 */
export function assertPixelBudget(header: ImageHeader, maxPixels = DEFAULT_MAX_PIXELS): void {
  if (header.width * header.height > maxPixels) {
    throw invalidFile(`The image has more than ${maxPixels} pixels.`);
  }
}
