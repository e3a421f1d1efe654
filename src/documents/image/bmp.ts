import { invalidFile } from '../../errors/problem.js';
import type { Raster } from './raster.js';

/*
 * A small BMP codec: every bounds check is ours, and nothing is allocated from a size the budget check has not
 * seen. Reads uncompressed BMPs (1/4/8/16/24/32 bit, BI_RGB and BI_BITFIELDS, bottom-up and top-down); RLE and
 * embedded JPEG/PNG are refused. Writes 24-bit BI_RGB (or 32-bit with alpha), no colour profile, no extra data.
 */

function u16(b: Uint8Array, o: number): number {
  return b[o]! | (b[o + 1]! << 8);
}
function u32(b: Uint8Array, o: number): number {
  return (b[o]! | (b[o + 1]! << 8) | (b[o + 2]! << 16) | (b[o + 3]! << 24)) >>> 0;
}
function i32(b: Uint8Array, o: number): number {
  return b[o]! | (b[o + 1]! << 8) | (b[o + 2]! << 16) | (b[o + 3]! << 24);
}

interface Channel {
  shift: number;
  bits: number;
}

function channel(mask: number): Channel | null {
  if (mask === 0) return null;
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) shift++;
  let bits = 0;
  while (shift + bits < 32 && ((mask >>> (shift + bits)) & 1) === 1) bits++;
  return { shift, bits };
}

function take(v: number, c: Channel | null, fallback: number): number {
  if (!c) return fallback;
  const max = 2 ** c.bits - 1;
  return Math.round((((v >>> c.shift) & max) * 255) / max);
}

/** Decodes a BMP into RGBA. The caller has checked the pixel budget against the header. */
export function decodeBmp(b: Uint8Array): Raster {
  if (b.length < 26) throw invalidFile('The BMP is truncated.');
  const dataOffset = u32(b, 10);
  const dib = u32(b, 14);
  const core = dib === 12;
  const width = core ? u16(b, 18) : i32(b, 18);
  const rawHeight = core ? u16(b, 20) : i32(b, 22);
  const bpp = core ? u16(b, 24) : u16(b, 28);
  const compression = core ? 0 : u32(b, 30);
  const topDown = rawHeight < 0;
  const height = Math.abs(rawHeight);
  if (width <= 0 || height <= 0) throw invalidFile('The BMP declares no pixels.');
  if (compression !== 0 && compression !== 3 && compression !== 6) throw invalidFile('Compressed BMPs are not supported.');
  if (![1, 4, 8, 16, 24, 32].includes(bpp)) throw invalidFile('The BMP bit depth is not supported.');

  let masks: [number, number, number, number] = bpp === 16 ? [0x7c00, 0x03e0, 0x001f, 0] : [0xff0000, 0xff00, 0xff, 0];
  if (compression === 3 || compression === 6) {
    const at = 14 + (dib >= 52 ? 40 : dib);
    if (at + 12 > b.length) throw invalidFile('The BMP is truncated.');
    masks = [u32(b, at), u32(b, at + 4), u32(b, at + 8), dib >= 56 || compression === 6 ? u32(b, at + 12) : 0];
  } else if (bpp === 32 && dib >= 56) {
    masks[3] = u32(b, 14 + 52);
  }
  const [cr, cg, cb, ca] = masks.map(channel) as [Channel | null, Channel | null, Channel | null, Channel | null];

  let palette: Uint8Array | null = null;
  if (bpp <= 8) {
    const entry = core ? 3 : 4;
    const declared = core ? 0 : u32(b, 46);
    const count = declared > 0 && declared <= 256 ? declared : 1 << bpp;
    const at = 14 + dib;
    if (at + count * entry > b.length) throw invalidFile('The BMP palette is truncated.');
    palette = new Uint8Array(256 * 3);
    for (let i = 0; i < count; i++) {
      palette[i * 3] = b[at + i * entry + 2]!;
      palette[i * 3 + 1] = b[at + i * entry + 1]!;
      palette[i * 3 + 2] = b[at + i * entry]!;
    }
  }

  const stride = Math.floor((width * bpp + 31) / 32) * 4;
  if (dataOffset + stride * height > b.length) throw invalidFile('The BMP is truncated.');
  const data = new Uint8ClampedArray(width * height * 4);
  // Alpha only counts when some pixel uses it; many 32-bit BMPs leave the byte zero.
  let anyAlpha = false;
  for (let y = 0; y < height; y++) {
    const row = dataOffset + (topDown ? y : height - 1 - y) * stride;
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      let r: number,
        g: number,
        bl: number,
        a = 255;
      if (palette) {
        const bit = x * bpp;
        const byte = b[row + (bit >> 3)]!;
        const idx = (byte >> (8 - bpp - (bit & 7))) & ((1 << bpp) - 1);
        r = palette[idx * 3]!;
        g = palette[idx * 3 + 1]!;
        bl = palette[idx * 3 + 2]!;
      } else if (bpp === 24) {
        const p = row + x * 3;
        bl = b[p]!;
        g = b[p + 1]!;
        r = b[p + 2]!;
      } else {
        const v = bpp === 16 ? u16(b, row + x * 2) : u32(b, row + x * 4);
        r = take(v, cr, 0);
        g = take(v, cg, 0);
        bl = take(v, cb, 0);
        a = take(v, ca, 255);
        if (ca && a !== 0) anyAlpha = true;
      }
      data[o] = r;
      data[o + 1] = g;
      data[o + 2] = bl;
      data[o + 3] = a;
    }
  }
  if (ca && !anyAlpha) for (let i = 3; i < data.length; i += 4) data[i] = 255;
  return { width, height, data };
}

/** Encodes RGBA as a BMP: 24-bit when every pixel is opaque, else 32-bit BI_BITFIELDS with an alpha mask (V4 header). */
export function encodeBmp(r: Raster): Uint8Array {
  const { width, height, data } = r;
  let opaque = true;
  for (let i = 3; i < data.length; i += 4)
    if (data[i] !== 255) {
      opaque = false;
      break;
    }
  const bpp = opaque ? 24 : 32;
  const dib = opaque ? 40 : 108;
  const stride = Math.floor((width * bpp + 31) / 32) * 4;
  const offset = 14 + dib;
  const size = offset + stride * height;
  const out = new Uint8Array(size);
  const dv = new DataView(out.buffer);
  out[0] = 0x42;
  out[1] = 0x4d;
  dv.setUint32(2, size, true);
  dv.setUint32(10, offset, true);
  dv.setUint32(14, dib, true);
  dv.setInt32(18, width, true);
  dv.setInt32(22, height, true);
  dv.setUint16(26, 1, true);
  dv.setUint16(28, bpp, true);
  dv.setUint32(30, opaque ? 0 : 3, true);
  dv.setUint32(34, stride * height, true);
  dv.setUint32(38, 2835, true);
  dv.setUint32(42, 2835, true);
  if (!opaque) {
    dv.setUint32(54, 0x00ff0000, true);
    dv.setUint32(58, 0x0000ff00, true);
    dv.setUint32(62, 0x000000ff, true);
    dv.setUint32(66, 0xff000000, true);
    dv.setUint32(70, 0x73524742, true); // 'sRGB'
  }
  for (let y = 0; y < height; y++) {
    const row = offset + (height - 1 - y) * stride;
    for (let x = 0; x < width; x++) {
      const s = (y * width + x) * 4;
      const p = row + x * (bpp / 8);
      out[p] = data[s + 2]!;
      out[p + 1] = data[s + 1]!;
      out[p + 2] = data[s]!;
      if (!opaque) out[p + 3] = data[s + 3]!;
    }
  }
  return out;
}
