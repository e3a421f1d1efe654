// Writes a deterministic ZIP: the anonymized DOCX must carry nothing of when, where or on what it was made. Written by
// hand rather than with fflate's zipSync: zipSync takes entries as object keys (integer-like names would be reordered)
// and cannot choose stored or deflate per entry without deflating twice.
import { deflateSync } from 'fflate';
import { concatBytes } from '../../bytes/concat-bytes.js';
import { invalidFile } from '../../errors/problem.js';
import { crc32 } from './crc32.js';

/** 1980-01-01 00:00:00 in MS-DOS date and time fields: the earliest a ZIP can say, so it says nothing. */
const DOS_DATE = (0 << 9) | (1 << 5) | 1;
const DOS_TIME = 0;
/** "Version needed" and "made by" 2.0 on MS-DOS (high byte 0): no host-specific attribute meaning. */
const VERSION = 20;
const FLAG_UTF8 = 1 << 11;
const METHOD_STORED = 0;
const METHOD_DEFLATE = 8;
const MAX_U16 = 0xffff;
const MAX_U32 = 0xffffffff;

interface Written {
  name: Uint8Array;
  flags: number;
  method: number;
  crc: number;
  size: number;
  data: Uint8Array;
  offset: number;
}

const tooLarge = () => invalidFile('The anonymized Word document is too large for a ZIP container.');

/**
 * A deterministic ZIP: every entry dated 1980-01-01 00:00:00, no comments (entry or archive), no extra fields, no
 * OS-specific attributes that leak anything; entries in the given order; deflate for compressible data, stored for data
 * that does not shrink (already-compressed media). Same input -> same bytes.
 */
export function writeZip(entries: Iterable<readonly [string, Uint8Array]>): Uint8Array {
  const encoder = new TextEncoder();
  const written: Written[] = [];
  let offset = 0;
  for (const [name, bytes] of entries) {
    const encoded = encoder.encode(name);
    const deflated = deflateSync(bytes, { level: 6 });
    const stored = deflated.length >= bytes.length;
    const data = stored ? bytes : deflated;
    // Without ZIP64 (which readZip refuses) every size and offset must fit its field, short of the all-ones values that
    // mean "see ZIP64".
    if (encoded.length > MAX_U16 || bytes.length >= MAX_U32) throw tooLarge();
    written.push({
      name: encoded,
      flags: encoded.length !== name.length ? FLAG_UTF8 : 0,
      method: stored ? METHOD_STORED : METHOD_DEFLATE,
      crc: crc32(bytes),
      size: bytes.length,
      data,
      offset,
    });
    offset += 30 + encoded.length + data.length;
  }
  if (written.length >= MAX_U16) throw tooLarge();

  const parts: Uint8Array[] = [];
  for (const e of written) parts.push(header(e, false), e.data);
  const cdOffset = offset;
  let cdSize = 0;
  for (const e of written) {
    const h = header(e, true);
    cdSize += h.length;
    parts.push(h);
  }
  if (cdOffset + cdSize >= MAX_U32) throw tooLarge();

  const eocd = new Uint8Array(22);
  const dv = new DataView(eocd.buffer);
  dv.setUint32(0, 0x06054b50, true);
  dv.setUint16(8, written.length, true);
  dv.setUint16(10, written.length, true);
  dv.setUint32(12, cdSize, true);
  dv.setUint32(16, cdOffset, true);
  parts.push(eocd);
  return concatBytes(parts);
}

/** A local header (30 bytes + name) or a central directory record (46 bytes + name); every unset field stays 0. */
function header(e: Written, central: boolean): Uint8Array {
  const fixed = central ? 46 : 30;
  const out = new Uint8Array(fixed + e.name.length);
  const dv = new DataView(out.buffer);
  // The central record has "version made by" first; after it both share the same layout, shifted by 2.
  let at = 0;
  dv.setUint32(at, central ? 0x02014b50 : 0x04034b50, true);
  at += 4;
  if (central) {
    dv.setUint16(at, VERSION, true);
    at += 2;
  }
  dv.setUint16(at, VERSION, true);
  dv.setUint16(at + 2, e.flags, true);
  dv.setUint16(at + 4, e.method, true);
  dv.setUint16(at + 6, DOS_TIME, true);
  dv.setUint16(at + 8, DOS_DATE, true);
  dv.setUint32(at + 10, e.crc, true);
  dv.setUint32(at + 14, e.data.length, true);
  dv.setUint32(at + 18, e.size, true);
  dv.setUint16(at + 22, e.name.length, true);
  // Extra field length (at + 24) and, in the central record, comment length, disk, internal and external attributes
  // stay 0.
  if (central) dv.setUint32(at + 36, e.offset, true);
  out.set(e.name, fixed);
  return out;
}
