import { u16, u32 } from './le.js';

/**
 * One OfficeArt record ([MS-ODRAW] 2.1.1 OfficeArtRecordHeader): version and instance (2 bytes), type (2 bytes) and
 * the length of its data (4 bytes). `at` is the header, data is [dataAt, end) of the stream it was read from.
 */
export interface OfficeArtRecord {
  ver: number;
  instance: number;
  type: number;
  at: number;
  dataAt: number;
  end: number;
}

/** recVer of a container: its data is a sequence of records. */
export const CONTAINER = 0xf;

/** Containers deeper than this are not walked: Word nests groups a few levels, a hostile file could nest thousands. */
const MAX_DEPTH = 32;

/** The record at `at`, or null when its header or data runs past `end`. */
export function readRecord(bytes: Uint8Array, at: number, end: number): OfficeArtRecord | null {
  if (at < 0 || at + 8 > end || end > bytes.length) return null;
  const verInstance = u16(bytes, at);
  const dataAt = at + 8;
  const recEnd = dataAt + u32(bytes, at + 4);
  if (recEnd > end) return null;
  return { ver: verInstance & 0xf, instance: verInstance >> 4, type: u16(bytes, at + 2), at, dataAt, end: recEnd };
}

/** The records that fill [at, end) one after the other; throws when one does not fit (a damaged drawing). */
export function recordsIn(bytes: Uint8Array, at: number, end: number): OfficeArtRecord[] {
  const out: OfficeArtRecord[] = [];
  for (let next = at; next < end;) {
    const rec = readRecord(bytes, next, end);
    if (!rec) throw new Error('OfficeArt record runs past its container');
    out.push(rec);
    next = rec.end;
  }
  return out;
}

/** Every record under `root` (itself included) in file order, descending into containers. */
export function walkRecords(bytes: Uint8Array, root: OfficeArtRecord): OfficeArtRecord[] {
  const out: OfficeArtRecord[] = [];
  const visit = (rec: OfficeArtRecord, depth: number) => {
    out.push(rec);
    if (rec.ver !== CONTAINER) return;
    if (depth >= MAX_DEPTH) throw new Error('OfficeArt containers nested too deep');
    for (const child of recordsIn(bytes, rec.dataAt, rec.end)) visit(child, depth + 1);
  };
  visit(root, 0);
  return out;
}
