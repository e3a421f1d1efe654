import { randomBytes } from 'node:crypto';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { crc32 } from '../../../../src/documents/zip/crc32.js';
import { readZip } from '../../../../src/documents/zip/read-zip.js';
import { writeZip } from '../../../../src/documents/zip/write-zip.js';
import { centralAt, enc, eocdAt, localAt, view } from './zip-surgery.js';

const entries: Array<[string, Uint8Array]> = [
  ['[Content_Types].xml', enc.encode('<Types>' + '<Default Extension="xml"/>'.repeat(50) + '</Types>')],
  // Integer-like names: an object-keyed writer would move these to the front.
  ['2', enc.encode('second')],
  ['10', enc.encode('tenth')],
  ['word/document.xml', enc.encode('<w:p>Élise Müller</w:p>'.repeat(2000))],
  ['word/media/image1.jpeg', new Uint8Array(randomBytes(50_000))],
  ['word/empty.xml', new Uint8Array(0)],
  ['word/Bericht über Größe.xml', enc.encode('<x/>')],
];

describe('writeZip', () => {
  it('round-trips through readZip with the same entries in the same order', () => {
    const back = readZip(writeZip(entries));
    expect([...back.keys()]).toEqual(entries.map(([n]) => n));
    for (const [name, bytes] of entries) expect(Buffer.from(back.get(name)!).equals(bytes), name).toBe(true);
  });

  it('is read by an independent reader (fflate unzipSync)', () => {
    const back = unzipSync(writeZip(entries));
    for (const [name, bytes] of entries) expect(Buffer.from(back[name]!).equals(bytes), name).toBe(true);
  });

  it('is deterministic: two writes are byte-identical', () => {
    const copy = entries.map(([n, b]) => [n, b.slice()] as const);
    expect(Buffer.from(writeZip(copy)).equals(Buffer.from(writeZip(entries)))).toBe(true);
  });

  it('dates every entry 1980-01-01 00:00:00 and writes no comment, extra field or OS attribute', () => {
    const zip = writeZip(entries);
    const dv = view(zip);
    const locals = localAt(zip);
    const centrals = centralAt(zip);
    expect(locals).toHaveLength(entries.length);
    for (const at of locals) {
      expect(dv.getUint32(at, true)).toBe(0x04034b50);
      expect(dv.getUint16(at + 10, true)).toBe(0x0000); // time
      expect(dv.getUint16(at + 12, true)).toBe(0x0021); // date
      expect(dv.getUint16(at + 28, true)).toBe(0); // extra length
    }
    for (const at of centrals) {
      expect(dv.getUint16(at + 4, true)).toBe(20); // made by: MS-DOS (0), version 2.0
      expect(dv.getUint16(at + 12, true)).toBe(0x0000);
      expect(dv.getUint16(at + 14, true)).toBe(0x0021);
      expect(dv.getUint16(at + 30, true)).toBe(0); // extra length
      expect(dv.getUint16(at + 32, true)).toBe(0); // comment length
      expect(dv.getUint16(at + 36, true)).toBe(0); // internal attributes
      expect(dv.getUint32(at + 38, true)).toBe(0); // external attributes
    }
    expect(dv.getUint16(eocdAt(zip) + 20, true)).toBe(0); // archive comment length
    expect(eocdAt(zip)).toBe(zip.length - 22);
  });

  it('deflates what shrinks, stores what does not, and records the right CRC-32', () => {
    const zip = writeZip(entries);
    const dv = view(zip);
    const method = new Map(centralAt(zip).map((at, i) => [entries[i]![0], dv.getUint16(at + 10, true)]));
    expect(method.get('word/document.xml')).toBe(8);
    expect(method.get('word/media/image1.jpeg')).toBe(0);
    expect(method.get('word/empty.xml')).toBe(0);
    centralAt(zip).forEach((at, i) => expect(dv.getUint32(at + 16, true)).toBe(crc32(entries[i]![1])));
    expect(zip.length).toBeLessThan(entries.reduce((n, [, b]) => n + b.length, 0));
  });

  it('sets the UTF-8 flag (bit 11) exactly on non-ASCII names', () => {
    const zip = writeZip(entries);
    const dv = view(zip);
    centralAt(zip).forEach((at, i) => {
      const ascii = /^[\x20-\x7e]*$/.test(entries[i]![0]);
      expect(dv.getUint16(at + 8, true), entries[i]![0]).toBe(ascii ? 0 : 0x0800);
      expect(dv.getUint16(localAt(zip)[i]! + 6, true)).toBe(ascii ? 0 : 0x0800);
    });
  });

  it('writes an empty archive as a bare EOCD', () => {
    const zip = writeZip([]);
    expect(zip).toHaveLength(22);
    expect(readZip(zip).size).toBe(0);
  });
});

describe('crc32', () => {
  it('gives the standard check value and agrees with a bytewise CRC at every tail length', () => {
    expect(crc32(enc.encode('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array(0))).toBe(0);
    const data = new Uint8Array(randomBytes(40));
    for (let n = 0; n <= data.length; n++) expect(crc32(data.subarray(0, n))).toBe(bytewise(data.subarray(0, n)));
  });
});

function bytewise(bytes: Uint8Array): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}
