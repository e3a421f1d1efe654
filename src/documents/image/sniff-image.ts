import { hasSignature } from '../../bytes/signature.js';
import type { SniffedType } from '../adapter.js';
import type { ImageFormat } from './raster.js';

/** What the image sniff rule reads of a file: which codec reads it. */
export interface SniffedImage extends SniffedType {
  format: ImageFormat;
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** DIB header sizes of real BMP files (core, info, v2, v3, v4, v5). */
const BMP_DIB_SIZES = new Set([12, 40, 52, 56, 64, 108, 124]);
const EXTENSIONS: Record<ImageFormat, string> = { jpeg: 'jpg', png: 'png', bmp: 'bmp' };

function isBmp(bytes: Uint8Array): boolean {
  if (bytes.length < 26 || bytes[0] !== 0x42 || bytes[1] !== 0x4d) return false;
  const dib = bytes[14]! | (bytes[15]! << 8) | (bytes[16]! << 16) | (bytes[17]! << 24);
  return BMP_DIB_SIZES.has(dib);
}

/** The image format of `bytes` by its signature (JPEG, PNG, BMP with a real DIB header), or null. */
export function imageFormatOf(bytes: Uint8Array): ImageFormat | null {
  if (hasSignature(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (hasSignature(bytes, PNG)) return 'png';
  return isBmp(bytes) ? 'bmp' : null;
}

/** The image adapter's sniff rule. */
export function sniffImage(bytes: Uint8Array): SniffedImage | null {
  const format = imageFormatOf(bytes);
  return format ? { format, extension: EXTENSIONS[format] } : null;
}
