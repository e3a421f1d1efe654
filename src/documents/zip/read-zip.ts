// Reads an untrusted ZIP (a DOCX) into its entries, refusing anything unsafe before it costs memory or time
// (reliability notes H3, D1). The central directory is the one source of truth; local headers only say where data
// starts. ZIP64 is refused, not supported: a Word document never needs 4 GiB or 65 535 parts, and every byte of
// parser we do not have is one a hostile file cannot reach.
import { Inflate } from 'fflate';
import { concatBytes } from '../../bytes/concat-bytes.js';
import { AnonymizerError, invalidFile } from '../../errors/problem.js';
import { crc32 } from './crc32.js';

export interface ZipLimits {
  /** Most entries (POI's MAX_FILE_COUNT). */
  maxEntries: number;
  /** Most inflated bytes of all entries together, counted on bytes actually inflated. */
  maxTotalBytes: number;
  /** Most inflated bytes of one entry, counted on bytes actually inflated. */
  maxEntryBytes: number;
  /** Least compressed/inflated ratio of an entry (POI's MIN_INFLATE_RATIO), checked once it passes RATIO_GRACE_BYTES. */
  minInflateRatio: number;
}

const MiB = 1024 * 1024;

export const DEFAULT_ZIP_LIMITS: Readonly<ZipLimits> = Object.freeze({
  maxEntries: 1000,
  maxTotalBytes: 512 * MiB,
  maxEntryBytes: 256 * MiB,
  minInflateRatio: 0.01,
});

/** Inflated bytes an entry may reach before the ratio applies: small XML parts often compress better than 100:1. */
const RATIO_GRACE_BYTES = 1 * MiB;
/** Compressed bytes fed to the inflater at once: one push yields at most ~1032× this, so a bomb is caught early. */
const PUSH_BYTES = 16 * 1024;

const EOCD_SIG = 0x06054b50;
const ZIP64_LOCATOR_SIG = 0x07064b50;
const CENTRAL_SIG = 0x02014b50;
const LOCAL_SIG = 0x04034b50;
const EOCD_SIZE = 22;
const CENTRAL_SIZE = 46;
const LOCAL_SIZE = 30;
const MAX_COMMENT = 0xffff;

const FLAG_ENCRYPTED = 1 << 0;
const FLAG_STRONG_ENCRYPTION = 1 << 6;
const METHOD_STORED = 0;
const METHOD_DEFLATE = 8;
/** WinZip AES: the method a reader meets when the content is encrypted. */
const METHOD_AES = 99;

function refuse(what: string): AnonymizerError {
  return invalidFile(`The Word document's ZIP container ${what}.`);
}

const damaged = () => refuse('is damaged');
const tooBig = () => refuse('expands beyond safe limits');
const wrongSize = () => refuse('has an entry whose size differs from the size it declares');

interface CentralEntry {
  name: string;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
  /** Where the compressed data starts and ends, known once the local header is read. */
  dataStart: number;
  dataEnd: number;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Entries in central-directory order, name -> inflated bytes; directory entries are left out. Throws invalidFile(...)
 * for anything unsafe or broken, and nothing but AnonymizerErrors.
 */
export function readZip(bytes: Uint8Array, limits?: Partial<ZipLimits>): Map<string, Uint8Array> {
  const lim: ZipLimits = {
    maxEntries: limits?.maxEntries ?? DEFAULT_ZIP_LIMITS.maxEntries,
    maxTotalBytes: limits?.maxTotalBytes ?? DEFAULT_ZIP_LIMITS.maxTotalBytes,
    maxEntryBytes: limits?.maxEntryBytes ?? DEFAULT_ZIP_LIMITS.maxEntryBytes,
    minInflateRatio: limits?.minInflateRatio ?? DEFAULT_ZIP_LIMITS.minInflateRatio,
  };
  try {
    const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const { entries, cdOffset } = readCentralDirectory(bytes, dv, lim);
    locateData(dv, entries, cdOffset);
    const out = new Map<string, Uint8Array>();
    for (const e of entries) {
      const data = extract(bytes.subarray(e.dataStart, e.dataEnd), e, lim);
      if (!e.name.endsWith('/')) out.set(e.name, data);
    }
    return out;
  } catch (err) {
    // fflate's errors (and any range error from a lying offset) become the one problem a caller can show.
    if (err instanceof AnonymizerError) throw err;
    throw damaged();
  }
}

/** The End Of Central Directory record's offset: searched backwards, past an archive comment of up to 65 535 bytes. */
function findEocd(dv: DataView): number {
  const last = dv.byteLength - EOCD_SIZE;
  for (let at = last; at >= 0 && at >= last - MAX_COMMENT; at--) {
    if (dv.getUint32(at, true) === EOCD_SIG && at + EOCD_SIZE + dv.getUint16(at + 20, true) <= dv.byteLength) return at;
  }
  throw damaged();
}

function readCentralDirectory(bytes: Uint8Array, dv: DataView, lim: ZipLimits): { entries: CentralEntry[]; cdOffset: number } {
  const eocd = findEocd(dv);
  const disk = dv.getUint16(eocd + 4, true);
  const cdDisk = dv.getUint16(eocd + 6, true);
  const onDisk = dv.getUint16(eocd + 8, true);
  const count = dv.getUint16(eocd + 10, true);
  const cdSize = dv.getUint32(eocd + 12, true);
  const cdOffset = dv.getUint32(eocd + 16, true);
  const zip64 =
    (eocd >= 20 && dv.getUint32(eocd - 20, true) === ZIP64_LOCATOR_SIG) ||
    count === 0xffff ||
    cdSize === 0xffffffff ||
    cdOffset === 0xffffffff;
  if (zip64) throw refuse('uses ZIP64, which Word documents never need and is not supported');
  if (disk !== 0 || cdDisk !== 0 || onDisk !== count) throw refuse('spans several files');
  // Before any per-entry work: the declared count alone may already be too many.
  if (count > lim.maxEntries) throw refuse(`has more than ${lim.maxEntries} entries`);
  if (cdOffset + cdSize > eocd) throw damaged();

  const entries: CentralEntry[] = [];
  const seen = new Set<string>();
  let declaredTotal = 0;
  let at = cdOffset;
  const cdEnd = cdOffset + cdSize;
  for (let i = 0; i < count; i++) {
    if (at + CENTRAL_SIZE > cdEnd || dv.getUint32(at, true) !== CENTRAL_SIG) throw damaged();
    const flags = dv.getUint16(at + 8, true);
    const method = dv.getUint16(at + 10, true);
    const crc = dv.getUint32(at + 16, true);
    const compressedSize = dv.getUint32(at + 20, true);
    const size = dv.getUint32(at + 24, true);
    const nameLength = dv.getUint16(at + 28, true);
    const extraLength = dv.getUint16(at + 30, true);
    const commentLength = dv.getUint16(at + 32, true);
    const startDisk = dv.getUint16(at + 34, true);
    const localOffset = dv.getUint32(at + 42, true);
    const next = at + CENTRAL_SIZE + nameLength + extraLength + commentLength;
    if (next > cdEnd) throw damaged();
    if (compressedSize === 0xffffffff || size === 0xffffffff || localOffset === 0xffffffff || startDisk === 0xffff) {
      throw refuse('uses ZIP64, which Word documents never need and is not supported');
    }
    if (startDisk !== 0) throw refuse('spans several files');
    if (flags & (FLAG_ENCRYPTED | FLAG_STRONG_ENCRYPTION) || method === METHOD_AES) throw refuse('is encrypted');
    if (method !== METHOD_STORED && method !== METHOD_DEFLATE) throw refuse('uses an unsupported compression method');
    if (method === METHOD_STORED && compressedSize !== size) throw damaged();

    // Names are taken as UTF-8 whatever flag bit 11 says: OPC part names are ASCII (percent-encoded), and a name
    // that is not UTF-8 is refused rather than guessed at in code page 437.
    const name = utf8.decode(bytes.subarray(at + CENTRAL_SIZE, at + CENTRAL_SIZE + nameLength));
    if (!isSafeName(name)) throw refuse('has an unsafe entry name');
    if (name.endsWith('/') && size !== 0) throw damaged();
    // OPC part names compare case-insensitively: two names that differ only in case are two claims to one part.
    const key = name.toLowerCase();
    if (seen.has(key)) throw refuse('has duplicate entry names');
    seen.add(key);

    if (size > lim.maxEntryBytes) throw tooBig();
    declaredTotal += size;
    if (declaredTotal > lim.maxTotalBytes) throw tooBig();
    entries.push({ name, method, crc, compressedSize, size, localOffset, dataStart: 0, dataEnd: 0 });
    at = next;
  }
  // The records must fill the directory exactly: more than the count says would be entries no one checked.
  if (at !== cdEnd) throw damaged();
  return { entries, cdOffset };
}

/** No path that could leave an extraction folder or mean something else on another system. */
function isSafeName(name: string): boolean {
  if (name === '' || name.includes('\0') || name.includes('\\')) return false;
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return false;
  return !name.split('/').includes('..');
}

/**
 * Reads each local header for where its data starts, then refuses entries whose [local header, data end) ranges
 * overlap (Fifield's overlapping-entry bomb: many entries inflating one compressed stream) or run into the central
 * directory.
 */
function locateData(dv: DataView, entries: CentralEntry[], cdOffset: number): void {
  for (const e of entries) {
    if (e.localOffset + LOCAL_SIZE > cdOffset || dv.getUint32(e.localOffset, true) !== LOCAL_SIG) throw damaged();
    e.dataStart = e.localOffset + LOCAL_SIZE + dv.getUint16(e.localOffset + 26, true) + dv.getUint16(e.localOffset + 28, true);
    e.dataEnd = e.dataStart + e.compressedSize;
    if (e.dataEnd > cdOffset) throw damaged();
  }
  const ranges = entries.map((e) => [e.localOffset, e.dataEnd] as const).sort((a, b) => a[0] - b[0]);
  for (let i = 1; i < ranges.length; i++) {
    if (ranges[i]![0] < ranges[i - 1]![1]) throw refuse('has overlapping entries');
  }
}

/**
 * One entry's bytes, checked against its declared size and CRC. The declared sizes were capped (per entry and in total)
 * while reading the central directory, and no entry may inflate one byte past its declared size, so the caps hold for
 * the bytes actually inflated too.
 */
function extract(data: Uint8Array, e: CentralEntry, lim: ZipLimits): Uint8Array {
  const out = e.method === METHOD_STORED ? data.slice() : inflate(data, e, lim);
  if (out.length !== e.size) throw wrongSize();
  if (crc32(out) !== e.crc) throw refuse('has an entry that fails its checksum (CRC-32)');
  return out;
}

/** Inflates in slices, checking size and ratio after each, so a bomb is refused after a few MiB of output. */
function inflate(data: Uint8Array, e: CentralEntry, lim: ZipLimits): Uint8Array {
  const chunks: Uint8Array[] = [];
  let produced = 0;
  const inflater = new Inflate((chunk) => {
    produced += chunk.length;
    // Caught while inflating: an under-declared size must not buy unbounded output.
    if (produced > e.size) throw wrongSize();
    chunks.push(chunk);
  });
  let at = 0;
  do {
    const end = Math.min(at + PUSH_BYTES, data.length);
    inflater.push(data.subarray(at, end), end === data.length);
    if (produced > RATIO_GRACE_BYTES && end / produced < lim.minInflateRatio) throw tooBig();
    at = end;
  } while (at < data.length);
  return concatBytes(chunks);
}
