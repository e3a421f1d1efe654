import { invalidFile } from '../errors/problem.js';
import { concatBytes } from '../bytes/concat-bytes.js';
import type { ImageFormat } from './image/raster.js';

/** What the magic bytes say a file is. DOCX is a ZIP with a `word/` part; DOC is any CFB container. */
export type SniffedType = { type: 'PDF' } | { type: 'DOCX' } | { type: 'DOC' } | { type: 'IMAGE'; format: ImageFormat };

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const CFB = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** DIB header sizes of real BMP files (core, info, v2, v3, v4, v5). */
const BMP_DIB_SIZES = new Set([12, 40, 52, 56, 64, 108, 124]);

function startsWith(bytes: Uint8Array, magic: readonly number[], at = 0): boolean {
  if (bytes.length < at + magic.length) return false;
  return magic.every((b, i) => bytes[at + i] === b);
}

function indexOfAscii(bytes: Uint8Array, needle: string, from: number, to: number): number {
  const codes = [...needle].map((c) => c.charCodeAt(0));
  const end = Math.min(to, bytes.length) - codes.length;
  outer: for (let i = Math.max(0, from); i <= end; i++) {
    for (let j = 0; j < codes.length; j++) if (bytes[i + j] !== codes[j]) continue outer;
    return i;
  }
  return -1;
}

function isBmp(bytes: Uint8Array): boolean {
  if (bytes.length < 26 || bytes[0] !== 0x42 || bytes[1] !== 0x4d) return false;
  const dib = bytes[14]! | (bytes[15]! << 8) | (bytes[16]! << 16) | (bytes[17]! << 24);
  return BMP_DIB_SIZES.has(dib);
}

/**
 * Decides the document type from magic bytes only, never from a name or MIME type. The first bytes win, so a
 * polyglot is read as exactly one format. A ZIP is a DOCX only when it names a `word/` part; anything else is
 * 422 INVALID_FILE.
 */
export function sniffDocument(bytes: Uint8Array): SniffedType {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { type: 'IMAGE', format: 'jpeg' };
  if (startsWith(bytes, PNG)) return { type: 'IMAGE', format: 'png' };
  if (isBmp(bytes)) return { type: 'IMAGE', format: 'bmp' };
  if (startsWith(bytes, CFB)) return { type: 'DOC' };
  if (startsWith(bytes, ZIP)) {
    if (indexOfAscii(bytes, 'word/', 0, bytes.length) >= 0) return { type: 'DOCX' };
    throw invalidFile('The ZIP container is not a Word document.');
  }
  // Readers accept a PDF header within the first 1024 bytes.
  if (indexOfAscii(bytes, '%PDF-', 0, 1024) >= 0) return { type: 'PDF' };
  throw invalidFile('The file type is not supported (PDF, DOCX, DOC, JPEG, PNG or BMP expected).');
}

/** Bytes of a disk-backed file read to sniff it: its head, and for a ZIP also its tail (the central directory). */
const SNIFF_WINDOW = 64 * 1024;

/** `sniffDocument` for bytes or a (disk-backed) Blob, which is read only at its head and tail. */
export async function sniffFile(file: Uint8Array | Blob): Promise<SniffedType> {
  if (file instanceof Uint8Array) return sniffDocument(file);
  const head = new Uint8Array(await file.slice(0, SNIFF_WINDOW).arrayBuffer());
  if (!startsWith(head, ZIP) || indexOfAscii(head, 'word/', 0, head.length) >= 0 || file.size <= SNIFF_WINDOW) return sniffDocument(head);
  const tail = new Uint8Array(await file.slice(Math.max(SNIFF_WINDOW, file.size - SNIFF_WINDOW)).arrayBuffer());
  return sniffDocument(concatBytes([head, tail]));
}
