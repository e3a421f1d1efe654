import type { Fib } from './fib.js';
import { fcLcb } from './fib.js';
import { u16, u32 } from './le.js';
import type { OfficeArtRecord } from './officeart.js';
import { CONTAINER, readRecord, recordsIn } from './officeart.js';

/** The streams that hold OfficeArt records: drawings in the table stream, inline pictures in Data, delayed BLIPs in WordDocument. */
export interface DocStreams {
  WordDocument: Uint8Array;
  table: Uint8Array;
  Data: Uint8Array | undefined;
}
export type StreamKey = keyof DocStreams;

/** A record from which OfficeArt trees are walked, and the stream it lies in. */
export interface DrawingRoot {
  stream: StreamKey;
  record: OfficeArtRecord;
}

/** FibRgFcLcb97 index of OfficeArtContent, the drawing group and the drawings ([MS-DOC] 2.5.6 fcDggInfo). */
const DGG_INFO = 50;
export const DGG_CONTAINER = 0xf000;
const DG_CONTAINER = 0xf002;
const SP_CONTAINER = 0xf004;
export const FBSE = 0xf007;
/** PICF ([MS-DOC] 2.9.192): its size, and the `mfpf.mm` value after which the picture's name follows. */
const PICF_SIZE = 0x44;
const MM_SHAPEFILE = 0x66;

/**
 * Where the OfficeArt trees of a Word file start: every inline picture of the Data stream (its shape and the
 * OfficeArtFBSE records holding its BLIPs), then the table stream's OfficeArtContent: the drawing group (blip store)
 * and one drawing per dgglbl byte (main text, headers). A drawing content that does not parse is a damaged file
 * (throws): its pictures could not be found, so the file is not written.
 */
export function drawingRoots(fib: Fib, streams: DocStreams): DrawingRoot[] {
  const roots: DrawingRoot[] = streams.Data ? inlinePictures(streams.Data).map((record) => ({ stream: 'Data', record })) : [];
  const content = fcLcb(fib, streams.WordDocument, DGG_INFO);
  if (!content || content.lcb === 0) return roots;
  const { table } = streams;
  const end = content.fc + content.lcb;
  if (end > table.length) throw new Error('drawing content outside the table stream');
  const dgg = readRecord(table, content.fc, end);
  if (!dgg || dgg.type !== DGG_CONTAINER || dgg.ver !== CONTAINER) throw new Error('no drawing group');
  roots.push({ stream: 'table', record: dgg });
  for (let at = dgg.end; at < end;) {
    // Each drawing is preceded by one byte saying whose it is (main text or headers).
    const dg = readRecord(table, at + 1, end);
    if (!dg || dg.type !== DG_CONTAINER || dg.ver !== CONTAINER) throw new Error('drawing runs past its content');
    roots.push({ stream: 'table', record: dg });
    at = dg.end;
  }
  return roots;
}

/**
 * The OfficeArt records of every inline picture in the Data stream (PICFAndOfficeArtData, [MS-DOC] 2.9.192): the
 * character runs point at them (sprmCPicLocation), but the stream is scanned instead, so a picture no run points at
 * is found too. A PICF is taken where its size fits the stream, its header size is 0x44, and the rest is exactly an
 * OfficeArtSpContainer followed by OfficeArtFBSE records; the scan resumes after it.
 */
function inlinePictures(data: Uint8Array): OfficeArtRecord[] {
  const out: OfficeArtRecord[] = [];
  for (let at = 0; at + PICF_SIZE + 8 <= data.length; at++) {
    if (u16(data, at + 4) !== PICF_SIZE) continue;
    const end = at + u32(data, at);
    if (end < at + PICF_SIZE + 8 || end > data.length) continue;
    const spAt = at + PICF_SIZE + (u16(data, at + 6) === MM_SHAPEFILE ? 1 + data[at + PICF_SIZE]! : 0);
    const sp = readRecord(data, spAt, end);
    if (!sp || sp.type !== SP_CONTAINER || sp.ver !== CONTAINER) continue;
    let blips: OfficeArtRecord[];
    try {
      blips = recordsIn(data, sp.end, end);
    } catch {
      continue;
    }
    if (blips.some((r) => r.type !== FBSE)) continue;
    out.push(sp, ...blips);
    at = end - 1;
  }
  return out;
}
