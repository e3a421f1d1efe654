import { decodeCp1252, encodeCp1252 } from './cp1252.js';
import { u16, u32 } from './le.js';

/**
 * One piece of the piece table ([MS-DOC] 2.9.177 PlcPcd): characters [cpStart, cpEnd) are stored from byte `at` of
 * the WordDocument stream, as 8-bit Windows-1252 (`compressed`) or as UTF-16LE. One character position (CP) is one
 * UTF-16 code unit, so the document's text is a string indexed by CP.
 */
export interface Piece {
  cpStart: number;
  cpEnd: number;
  at: number;
  compressed: boolean;
}

/** Mask written for a character an 8-bit piece cannot hold. */
const UNENCODABLE = 0x2a;
const utf16 = new TextDecoder('utf-16le', { ignoreBOM: true });

/**
 * The piece table from the Clx ([MS-DOC] 2.9.38) at [fc, fc + lcb) of the table stream: Prc entries (clxt 1, formatting
 * of pieces) are skipped, the Pcdt (clxt 2) is read. Every piece must lie after the FIB (`minAt`) and inside the
 * WordDocument stream, CPs must start at 0 and grow; anything else throws (a damaged or hostile file).
 */
export function readPieces(table: Uint8Array, fc: number, lcb: number, wordDocument: Uint8Array, minAt: number): Piece[] {
  const end = fc + lcb;
  if (lcb === 0 || end > table.length) throw new Error('Clx outside the table stream');
  let at = fc;
  while (at < end && table[at] === 1) {
    if (at + 3 > end) throw new Error('Prc truncated');
    at += 3 + u16(table, at + 1);
  }
  if (at + 5 > end || table[at] !== 2) throw new Error('no Pcdt');
  const size = u32(table, at + 1);
  const plc = at + 5;
  if (size < 16 || (size - 4) % 12 !== 0 || plc + size > end) throw new Error('PlcPcd size');
  const n = (size - 4) / 12;
  const pieces: Piece[] = [];
  let cp = u32(table, plc);
  if (cp !== 0) throw new Error('first CP is not 0');
  for (let i = 0; i < n; i++) {
    const next = u32(table, plc + 4 * (i + 1));
    if (next <= cp || next > 0x7fffffff) throw new Error('CPs not ascending');
    const fcRaw = u32(table, plc + 4 * (n + 1) + 8 * i + 2);
    const compressed = (fcRaw & 0x40000000) !== 0;
    const start = compressed ? (fcRaw & 0x3fffffff) >>> 1 : fcRaw & 0x3fffffff;
    const bytes = (next - cp) * (compressed ? 1 : 2);
    if (start < minAt || start + bytes > wordDocument.length) throw new Error('piece outside the WordDocument stream');
    pieces.push({ cpStart: cp, cpEnd: next, at: start, compressed });
    cp = next;
  }
  // Each character takes at least one byte: more CPs than bytes means pieces share bytes, which no writer does.
  if (cp > wordDocument.length) throw new Error('pieces overlap');
  return pieces;
}

/** The text of every CP the pieces cover (index = CP). */
export function pieceText(wordDocument: Uint8Array, pieces: readonly Piece[]): string {
  return pieces
    .map((p) => {
      const bytes = wordDocument.subarray(p.at, p.at + (p.cpEnd - p.cpStart) * (p.compressed ? 1 : 2));
      return p.compressed ? decodeCp1252(bytes) : utf16.decode(bytes);
    })
    .join('');
}

/** The piece holding `cp` (binary search; the pieces are in CP order). */
function pieceAt(pieces: readonly Piece[], cp: number): Piece {
  let lo = 0;
  let hi = pieces.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (pieces[mid]!.cpStart <= cp) lo = mid;
    else hi = mid - 1;
  }
  const p = pieces[lo];
  if (!p || cp < p.cpStart || cp >= p.cpEnd) throw new RangeError('CP outside the pieces');
  return p;
}

/**
 * Overwrites the character at `cp` in place and returns the character written: an 8-bit piece gets `*` for a
 * character Windows-1252 lacks.
 */
export function writeUnit(wordDocument: Uint8Array, pieces: readonly Piece[], cp: number, unit: number): number {
  const p = pieceAt(pieces, cp);
  if (p.compressed) {
    const byte = encodeCp1252(unit);
    wordDocument[p.at + cp - p.cpStart] = byte ?? UNENCODABLE;
    return byte === undefined ? UNENCODABLE : unit;
  }
  const at = p.at + 2 * (cp - p.cpStart);
  wordDocument[at] = unit & 0xff;
  wordDocument[at + 1] = unit >> 8;
  return unit;
}
