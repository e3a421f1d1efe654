import type { ImageFormat } from '../image/raster.js';
import { readContainer, streamOf } from './container.js';
import type { DocStreams, DrawingRoot, StreamKey } from './drawings.js';
import { drawingRoots, FBSE } from './drawings.js';
import { u16, u32 } from './le.js';
import type { OfficeArtRecord } from './officeart.js';
import { readRecord, walkRecords } from './officeart.js';
import { readWordFile } from './word-file.js';

/** BLIP record types ([MS-ODRAW] 2.2.23–2.2.32): the whole range, and the ones whose data is a file we can read. */
const BLIP_FIRST = 0xf018;
const BLIP_LAST = 0xf117;
const METAFILES = new Set([0xf01a, 0xf01b, 0xf01c]); // EMF, WMF, PICT: a 34-byte header, no tag byte
const READABLE = new Map<number, ImageFormat>([
  [0xf01d, 'jpeg'],
  [0xf02a, 'jpeg'], // CMYK JPEG
  [0xf01e, 'png'],
  [0xf01f, 'bmp'], // DIB: a BMP without its file header
]);
const METAFILE_HEADER = 34;
const UID = 16;
/** OfficeArtFBSE's fixed part; `foDelay` says where its BLIP is when it is not embedded. */
const FBSE_SIZE = 36;
const NO_DELAY = 0xffffffff;

/** One picture (BLIP record) and the OfficeArtFBSE records that describe it. */
export interface Picture {
  stream: StreamKey;
  record: OfficeArtRecord;
  /** JPEG, PNG or DIB (read as BMP); null for what the image pipeline cannot read (metafiles, TIFF, unknown). */
  format: ImageFormat | null;
  /** Where the picture's file data starts in the record (after its UIDs and tag or metafile header). */
  fileAt: number;
  /** Data offsets of the FBSE records naming it, in the table or Data stream (their blip type follows a rewrite). */
  owners: Array<{ stream: StreamKey; at: number }>;
}

/** The BLIP of one FBSE: embedded after its name, or at `foDelay` in the WordDocument stream (the delay stream). */
function blipOf(streams: DocStreams, stream: StreamKey, fbse: OfficeArtRecord, minDelayAt: number): DrawingRoot | null {
  const bytes = streams[stream]!;
  if (fbse.end - fbse.dataAt < FBSE_SIZE) throw new Error('FBSE truncated');
  const embeddedAt = fbse.dataAt + FBSE_SIZE + bytes[fbse.dataAt + 33]!;
  if (embeddedAt < fbse.end) {
    const record = readRecord(bytes, embeddedAt, fbse.end);
    if (!record) throw new Error('embedded BLIP runs past its FBSE');
    return { stream, record };
  }
  const size = u32(bytes, fbse.dataAt + 20);
  const cRef = u32(bytes, fbse.dataAt + 24);
  const foDelay = u32(bytes, fbse.dataAt + 28);
  // An entry no shape uses may hold no picture at all.
  if (cRef === 0 || size === 0 || foDelay === NO_DELAY) return null;
  const delay = streams.WordDocument;
  const record = foDelay >= minDelayAt ? readRecord(delay, foDelay, Math.min(delay.length, foDelay + size)) : null;
  if (!record) throw new Error('delayed BLIP outside the WordDocument stream');
  return { stream: 'WordDocument', record };
}

/**
 * Every picture of the document, each once, in reading order: inline pictures of the Data stream by offset, then the
 * drawing group's blip store in its order. This order numbers the pictures (from 1) in the PII record. A BLIP of an
 * unknown type, or two BLIPs that overlap, make the file damaged (throws). `minDelayAt`: the FIB's size (no BLIP
 * lies in it).
 */
export function findPictures(streams: DocStreams, roots: readonly DrawingRoot[], minDelayAt: number): Picture[] {
  const byPlace = new Map<string, Picture>();
  for (const root of roots)
    for (const fbse of walkRecords(streams[root.stream]!, root.record)) {
      if (fbse.type !== FBSE) continue;
      const blip = blipOf(streams, root.stream, fbse, minDelayAt);
      if (!blip) continue;
      const owner = { stream: root.stream, at: fbse.dataAt };
      const key = `${blip.stream}:${blip.record.at}`;
      const seen = byPlace.get(key);
      if (seen) {
        seen.owners.push(owner);
        continue;
      }
      const { type, instance, dataAt, end } = blip.record;
      if (type < BLIP_FIRST || type > BLIP_LAST) throw new Error('unknown BLIP type');
      // The odd instance of each BLIP type has a second UID.
      const fileAt = dataAt + UID * (1 + (instance & 1)) + (METAFILES.has(type) ? METAFILE_HEADER : 1);
      if (fileAt > end) throw new Error('BLIP truncated');
      byPlace.set(key, { stream: blip.stream, record: blip.record, format: READABLE.get(type) ?? null, fileAt, owners: [owner] });
    }
  const pictures = [...byPlace.values()];
  const ordered = [...pictures].sort((a, b) => a.stream.localeCompare(b.stream) || a.record.at - b.record.at);
  for (let i = 1; i < ordered.length; i++) {
    const [a, b] = [ordered[i - 1]!, ordered[i]!];
    if (a.stream === b.stream && b.record.at < a.record.end) throw new Error('BLIPs overlap');
  }
  return pictures;
}

/**
 * A readable picture as an image file: JPEG and PNG as stored, a DIB with the 14-byte BMP file header it lacks (its
 * pixels start after the DIB header, the colour masks and the palette).
 */
export function pictureFile(streams: DocStreams, p: Picture): Uint8Array | null {
  const data = streams[p.stream]!.subarray(p.fileAt, p.record.end);
  if (p.format !== 'bmp') return p.format ? data : null;
  if (data.length < 16) return null;
  const header = u32(data, 0);
  const core = header === 12;
  const bits = u16(data, core ? 10 : 14);
  const compression = core ? 0 : u32(data, 16);
  const used = core || header < 36 ? 0 : u32(data, 32);
  const colours = used || (bits <= 8 ? 1 << bits : 0);
  const masks = header === 40 && compression === 3 ? 12 : header === 40 && compression === 6 ? 16 : 0;
  const pixelsAt = 14 + header + masks + colours * (core ? 3 : 4);
  const file = new Uint8Array(14 + data.length);
  const dv = new DataView(file.buffer);
  file.set([0x42, 0x4d]);
  dv.setUint32(2, file.length, true);
  dv.setUint32(10, pixelsAt, true);
  file.set(data, 14);
  return file;
}

/** Picture number `ordinal` (from 1, the order of `findPictures`) of a Word file, as stored, if the pipeline reads it. */
export function pictureOfDoc(bytes: Uint8Array, ordinal: number): { bytes: Uint8Array; format: ImageFormat } | null {
  const container = readContainer(bytes);
  const file = readWordFile(container);
  const streams = { WordDocument: file.wordDocument, table: file.table, Data: streamOf(container, 'Data') };
  const picture = findPictures(streams, drawingRoots(file.fib, streams), file.fib.size)[ordinal - 1];
  const image = picture ? pictureFile(streams, picture) : null;
  return image && picture?.format ? { bytes: image, format: picture.format } : null;
}
