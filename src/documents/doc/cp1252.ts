/**
 * Windows-1252, the code page of a Word document's compressed (8-bit) text pieces ([MS-DOC] 2.9.73 FcCompressed).
 * Own table rather than `TextDecoder('windows-1252')`: Node decodes that label as ISO-8859-1, browsers do not, and
 * reading and writing must agree on every platform. One byte is one UTF-16 unit, so byte offsets are text offsets.
 */

import { stringOfCharCodes } from '../../bytes/char-codes.js';

/** Bytes 0x80–0x9F; the five bytes the code page leaves undefined read as the C1 control of the same value. */
const HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019,
  0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

const DECODE = Uint16Array.from({ length: 256 }, (_, b) => (b >= 0x80 && b < 0xa0 ? HIGH[b - 0x80]! : b));
const ENCODE = new Map<number, number>([...DECODE].map((unit, b) => [unit, b]));

/** 8-bit text as a string of the same length. */
export function decodeCp1252(bytes: Uint8Array): string {
  const units = new Uint16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) units[i] = DECODE[bytes[i]!]!;
  return stringOfCharCodes(units);
}

/** The byte of a UTF-16 code unit, or undefined when the code page has no such character. */
export function encodeCp1252(unit: number): number | undefined {
  return ENCODE.get(unit);
}
