import type { ImageFormat, Raster } from './raster.js';

/** EXIF orientation 1–8 (1: as stored). */
export type Orientation = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

function tiffOrientation(b: Uint8Array, start: number, end: number): Orientation {
  if (end - start < 8) return 1;
  const le = b[start] === 0x49 && b[start + 1] === 0x49;
  if (!le && !(b[start] === 0x4d && b[start + 1] === 0x4d)) return 1;
  const u16 = (o: number) => (le ? b[o]! | (b[o + 1]! << 8) : (b[o]! << 8) | b[o + 1]!);
  const u32 = (o: number) => (le ? u16(o) + u16(o + 2) * 65536 : u16(o) * 65536 + u16(o + 2));
  const ifd = start + u32(start + 4);
  if (ifd + 2 > end) return 1;
  const count = u16(ifd);
  for (let i = 0; i < count; i++) {
    const e = ifd + 2 + i * 12;
    if (e + 12 > end) return 1;
    if (u16(e) === 0x0112) {
      const v = u16(e + 8);
      return v >= 1 && v <= 8 ? (v as Orientation) : 1;
    }
  }
  return 1;
}

function jpegOrientation(b: Uint8Array): Orientation {
  let o = 2;
  while (o + 4 <= b.length && b[o] === 0xff) {
    const marker = b[o + 1]!;
    if (marker === 0xda || marker === 0xd9) break;
    const len = (b[o + 2]! << 8) | b[o + 3]!;
    // APP1 "Exif\0\0" followed by a TIFF structure.
    if (marker === 0xe1 && len >= 16 && String.fromCharCode(...b.subarray(o + 4, o + 8)) === 'Exif') {
      return tiffOrientation(b, o + 10, Math.min(b.length, o + 2 + len));
    }
    o += 2 + len;
  }
  return 1;
}

function pngOrientation(b: Uint8Array): Orientation {
  let o = 8;
  while (o + 12 <= b.length) {
    const len = ((b[o]! << 24) >>> 0) + ((b[o + 1]! << 16) | (b[o + 2]! << 8) | b[o + 3]!);
    const type = String.fromCharCode(...b.subarray(o + 4, o + 8));
    if (type === 'IDAT' || type === 'IEND') return 1;
    if (type === 'eXIf') return tiffOrientation(b, o + 8, Math.min(b.length, o + 8 + len));
    o += 12 + len;
  }
  return 1;
}

/** The EXIF orientation a viewer applies (JPEG APP1, PNG eXIf before the image data); 1 when absent or unreadable. */
export function readOrientation(bytes: Uint8Array, format: ImageFormat): Orientation {
  if (format === 'jpeg') return jpegOrientation(bytes);
  if (format === 'png') return pngOrientation(bytes);
  return 1;
}

/** Whether an orientation swaps width and height. */
export function swapsAxes(o: Orientation): boolean {
  return o >= 5;
}

/** The raster as a viewer shows it: stored pixels transformed by `orientation`. */
export function applyOrientation(src: Raster, orientation: Orientation): Raster {
  if (orientation === 1) return src;
  const { width: w, height: h, data } = src;
  const swap = swapsAxes(orientation);
  const ow = swap ? h : w;
  const oh = swap ? w : h;
  const out = new Uint8ClampedArray(data.length);
  for (let y = 0; y < oh; y++) {
    for (let x = 0; x < ow; x++) {
      // Source coordinates of display pixel (x, y), per the EXIF definitions.
      let sx: number, sy: number;
      switch (orientation) {
        case 2:
          sx = w - 1 - x;
          sy = y;
          break;
        case 3:
          sx = w - 1 - x;
          sy = h - 1 - y;
          break;
        case 4:
          sx = x;
          sy = h - 1 - y;
          break;
        case 5:
          sx = y;
          sy = x;
          break;
        case 6:
          sx = y;
          sy = h - 1 - x;
          break;
        case 7:
          sx = w - 1 - y;
          sy = h - 1 - x;
          break;
        default:
          sx = w - 1 - y;
          sy = x;
          break; // 8
      }
      const s = (sy * w + sx) * 4;
      const d = (y * ow + x) * 4;
      out[d] = data[s]!;
      out[d + 1] = data[s + 1]!;
      out[d + 2] = data[s + 2]!;
      out[d + 3] = data[s + 3]!;
    }
  }
  return { width: ow, height: oh, data: out };
}
