import { invalidFile } from '../../errors/problem.js';
import type { ImageFormat } from './raster.js';

/*
 * Container-level allowlists. `stripMetadata` rebuilds a JPEG or PNG from the parts that carry pixels only, ending
 * at EOI/IEND; `listMetadata` names whatever else a file holds. Encoders' output goes through `stripMetadata`, so
 * no EXIF/GPS/XMP/IPTC/ICC/thumbnail/text chunk and no trailing bytes (aCropalypse) can reach a result.
 */

/** JPEG markers that carry pixels or their coding: DQT, DHT, DAC, DRI, DNL, SOFn (not the reserved JPG). */
function isPixelMarker(m: number): boolean {
  return m === 0xdb || m === 0xc4 || m === 0xcc || m === 0xdd || m === 0xdc || (m >= 0xc0 && m <= 0xcf && m !== 0xc8);
}

function isAdobe(b: Uint8Array, o: number, len: number): boolean {
  return len >= 7 && String.fromCharCode(...b.subarray(o + 4, o + 9)) === 'Adobe';
}

interface Part {
  name: string;
  start: number;
  end: number;
  keep: boolean;
}

function jpegParts(b: Uint8Array): { parts: Part[]; end: number } {
  if (b[0] !== 0xff || b[1] !== 0xd8) throw invalidFile('The JPEG structure is damaged.');
  const parts: Part[] = [{ name: 'SOI', start: 0, end: 2, keep: true }];
  let o = 2;
  for (;;) {
    if (o + 2 > b.length) throw invalidFile('The JPEG is truncated.');
    if (b[o] !== 0xff) throw invalidFile('The JPEG structure is damaged.');
    const m = b[o + 1]!;
    if (m === 0xff) {
      o++;
      continue;
    }
    if (m === 0xd9) {
      parts.push({ name: 'EOI', start: o, end: o + 2, keep: true });
      return { parts, end: o + 2 };
    }
    if (o + 4 > b.length) throw invalidFile('The JPEG is truncated.');
    const len = (b[o + 2]! << 8) | b[o + 3]!;
    const segEnd = o + 2 + len;
    if (len < 2 || segEnd > b.length) throw invalidFile('The JPEG is truncated.');
    if (m === 0xda) {
      // Scan: header, then entropy-coded bytes up to the next marker that is neither stuffing nor RSTn.
      let p = segEnd;
      while (p + 1 < b.length && !(b[p] === 0xff && b[p + 1] !== 0x00 && !(b[p + 1]! >= 0xd0 && b[p + 1]! <= 0xd7))) p++;
      if (p + 1 >= b.length) throw invalidFile('The JPEG is truncated.');
      parts.push({ name: 'SOS', start: o, end: p, keep: true });
      o = p;
      continue;
    }
    const name = m >= 0xe0 && m <= 0xef ? `APP${m - 0xe0}` : m === 0xfe ? 'COM' : `FF${m.toString(16).toUpperCase()}`;
    const keep = isPixelMarker(m) || (m === 0xee && isAdobe(b, o, len));
    parts.push({ name, start: o, end: segEnd, keep });
    o = segEnd;
  }
}

/** PNG chunks that carry pixels: header, palette, transparency, data, end. */
const PNG_KEEP = new Set(['IHDR', 'PLTE', 'tRNS', 'IDAT', 'IEND']);

function pngParts(b: Uint8Array): { parts: Part[]; end: number } {
  const parts: Part[] = [{ name: 'signature', start: 0, end: 8, keep: true }];
  let o = 8;
  for (;;) {
    if (o + 12 > b.length) throw invalidFile('The PNG is truncated.');
    const len = ((b[o]! << 24) >>> 0) + ((b[o + 1]! << 16) | (b[o + 2]! << 8) | b[o + 3]!);
    const name = String.fromCharCode(...b.subarray(o + 4, o + 8));
    const end = o + 12 + len;
    if (end > b.length) throw invalidFile('The PNG is truncated.');
    parts.push({ name, start: o, end, keep: PNG_KEEP.has(name) });
    o = end;
    if (name === 'IEND') return { parts, end };
  }
}

function partsOf(bytes: Uint8Array, format: ImageFormat): { parts: Part[]; end: number } {
  if (format === 'jpeg') return jpegParts(bytes);
  if (format === 'png') return pngParts(bytes);
  // BMP: file header + DIB header + pixels; nothing after the declared size is kept.
  const size = (bytes[2]! | (bytes[3]! << 8) | (bytes[4]! << 16) | (bytes[5]! << 24)) >>> 0;
  const end = size > 0 && size <= bytes.length ? size : bytes.length;
  return { parts: [{ name: 'BMP', start: 0, end, keep: true }], end };
}

/**
 * Names of the metadata parts a file holds (`APP1`, `COM`, `tEXt`, `eXIf`, `iCCP` …) and `trailing` when bytes
 * follow EOI/IEND. Empty for a clean file.
 */
export function listMetadata(bytes: Uint8Array, format: ImageFormat): string[] {
  const { parts, end } = partsOf(bytes, format);
  const found = parts.filter((p) => !p.keep).map((p) => p.name);
  if (end < bytes.length) found.push('trailing');
  return found;
}

/** The file rebuilt from its pixel-carrying parts only, ending exactly at EOI/IEND. */
export function stripMetadata(bytes: Uint8Array, format: ImageFormat): Uint8Array {
  const { parts } = partsOf(bytes, format);
  const kept = parts.filter((p) => p.keep);
  const out = new Uint8Array(kept.reduce((n, p) => n + p.end - p.start, 0));
  let o = 0;
  for (const p of kept) {
    out.set(bytes.subarray(p.start, p.end), o);
    o += p.end - p.start;
  }
  return out;
}
