// Test helpers: find and patch the records of a ZIP, and build archives by hand where no writer would produce them.
import { expect } from 'vitest';
import { AnonymizerError } from '../../../../src/errors/problem.js';
import { concat } from '../../../helpers/images.js';

export const enc = new TextEncoder();

/** Offset of the End Of Central Directory record (archives without a comment). */
export function eocdAt(zip: Uint8Array): number {
  return zip.length - 22;
}

/** Offsets of the central directory records, in order. */
export function centralAt(zip: Uint8Array): number[] {
  const dv = view(zip);
  const eocd = eocdAt(zip);
  const out: number[] = [];
  let at = dv.getUint32(eocd + 16, true);
  for (let i = 0; i < dv.getUint16(eocd + 10, true); i++) {
    expect(dv.getUint32(at, true)).toBe(0x02014b50);
    out.push(at);
    at += 46 + dv.getUint16(at + 28, true) + dv.getUint16(at + 30, true) + dv.getUint16(at + 32, true);
  }
  return out;
}

/** Offsets of the local headers, in central-directory order. */
export function localAt(zip: Uint8Array): number[] {
  return centralAt(zip).map((c) => view(zip).getUint32(c + 42, true));
}

export function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** A copy of `zip` with `patch` applied to its DataView. */
export function patched(zip: Uint8Array, patch: (dv: DataView) => void): Uint8Array {
  const copy = zip.slice();
  patch(view(copy));
  return copy;
}

/** A bare EOCD record. */
export function eocd(count: number, cdSize: number, cdOffset: number, commentLength = 0): Uint8Array {
  const out = new Uint8Array(22);
  const dv = view(out);
  dv.setUint32(0, 0x06054b50, true);
  dv.setUint16(8, count, true);
  dv.setUint16(10, count, true);
  dv.setUint32(12, cdSize, true);
  dv.setUint32(16, cdOffset, true);
  dv.setUint16(20, commentLength, true);
  return out;
}

export interface RawEntry {
  name: string;
  method: number;
  crc: number;
  /** The compressed data as stored. */
  data: Uint8Array;
  size: number;
  flags?: number;
}

/** An archive from raw entries, every field as given (no checks): for bombs and lies. */
export function rawZip(entries: readonly RawEntry[]): Uint8Array {
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = enc.encode(e.name);
    const local = new Uint8Array(30 + name.length);
    const central = new Uint8Array(46 + name.length);
    for (const [h, at] of [
      [local, 4],
      [central, 6],
    ] as const) {
      const dv = view(h);
      dv.setUint32(0, h === local ? 0x04034b50 : 0x02014b50, true);
      dv.setUint16(at, 20, true);
      dv.setUint16(at + 2, e.flags ?? 0, true);
      dv.setUint16(at + 4, e.method, true);
      dv.setUint16(at + 8, 0x21, true);
      dv.setUint32(at + 10, e.crc, true);
      dv.setUint32(at + 14, e.data.length, true);
      dv.setUint32(at + 18, e.size, true);
      dv.setUint16(at + 22, name.length, true);
      h.set(name, h === local ? 30 : 46);
    }
    view(central).setUint32(42, offset, true);
    locals.push(local, e.data);
    centrals.push(central);
    offset += local.length + e.data.length;
  }
  const cd = concat(...centrals);
  return concat(...locals, cd, eocd(entries.length, cd.length, offset));
}

/** Asserts that `fn` throws the 422 INVALID_FILE problem, with `detail` containing `part` when given. */
export function expectInvalid(fn: () => unknown, part?: string): void {
  let caught: unknown;
  try {
    fn();
  } catch (err) {
    caught = err;
  }
  expect(caught).toBeInstanceOf(AnonymizerError);
  const err = caught as AnonymizerError;
  expect(err.status).toBe(422);
  expect(err.problemCode).toBe('INVALID_FILE');
  if (part !== undefined) expect(err.problem.detail).toContain(part);
}
