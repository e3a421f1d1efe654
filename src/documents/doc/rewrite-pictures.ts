import { AnonymizerError } from '../../errors/problem.js';
import type { ImagePipelineDeps } from '../image/anonymize-image.js';
import type { ImageJob, RasterFindings } from '../image/anonymize-image.js';
import { redactRaster } from '../image/anonymize-image.js';
import type { ImageCodec } from '../image/codec.js';
import { decodeImage } from '../image/decode.js';
import { encodeImage } from '../image/encode.js';
import type { Raster } from '../image/raster.js';
import type { DocStreams } from './drawings.js';
import type { Picture } from './pictures.js';
import { pictureFile } from './pictures.js';

/** What a picture became, and what was found in it (null when the pipeline could not read it). */
export interface PictureOutcome {
  picture: Picture;
  findings: RasterFindings | null;
  /** `redacted`: the anonymized picture at full size; `scaled`: smaller, to fit; `grey`: a grey pixel; `cleared`: zeros. */
  written: 'redacted' | 'scaled' | 'grey' | 'cleared';
}

/** How a rewritten BLIP is typed: its record type and instance (one UID), and the FBSE's blip type. */
const WRITTEN = {
  jpeg: { type: 0xf01d, instance: 0x46a, blipType: 5 },
  png: { type: 0xf01e, instance: 0x6e0, blipType: 6 },
} as const;
type WrittenFormat = keyof typeof WRITTEN;
/** The BLIP's first UID and its tag byte stay before the file data. */
const UID = 16;
const TAG_UNUSED = 0xff;
/** Sizes tried, from the picture's own down, when its new encoding is longer than the original's slot. */
const SCALES = [1, 0.71, 0.5, 0.35, 0.25, 0.18, 0.125, 0.09, 0.0625];

/** The source pixels [from, to) that output pixel `i` of `n` averages, out of `size` (n ≤ size). */
function span(i: number, n: number, size: number): [number, number] {
  const from = Math.floor((i * size) / n);
  return [from, Math.max(from + 1, Math.floor(((i + 1) * size) / n))];
}

/** A box-filtered copy of `r`, `factor` (≤ 1) times its size, at least one pixel. */
function scaled(r: Raster, factor: number): Raster {
  if (factor === 1) return r;
  const width = Math.max(1, Math.round(r.width * factor));
  const height = Math.max(1, Math.round(r.height * factor));
  const data = new Uint8ClampedArray(width * height * 4);
  const sum = new Float64Array(4);
  for (let y = 0; y < height; y++) {
    const [y0, y1] = span(y, height, r.height);
    for (let x = 0; x < width; x++) {
      const [x0, x1] = span(x, width, r.width);
      sum.fill(0);
      for (let sy = y0; sy < y1; sy++)
        for (let sx = x0; sx < x1; sx++) for (let c = 0; c < 4; c++) sum[c] = sum[c]! + r.data[(sy * r.width + sx) * 4 + c]!;
      const n = (y1 - y0) * (x1 - x0);
      for (let c = 0; c < 4; c++) data[(y * width + x) * 4 + c] = sum[c]! / n;
    }
  }
  return { width, height, data };
}

/**
 * Puts `file` into the picture's BLIP record in place: the record keeps its length (every offset of the file stays
 * put); the header says the new format with one UID, the tag byte follows, then the file and zeros up to the record's
 * end (decoders stop at a JPEG's EOI or a PNG's IEND). Every FBSE naming the picture gets the new blip type. False
 * when the file does not fit.
 */
function writeBlip(streams: DocStreams, p: Picture, format: WrittenFormat, file: Uint8Array): boolean {
  const bytes = streams[p.stream]!;
  const { at, dataAt, end } = p.record;
  const fileAt = dataAt + UID + 1;
  if (fileAt + file.length > end) return false;
  const { type, instance, blipType } = WRITTEN[format];
  bytes.set([(instance << 4) & 0xff, instance >> 4, type & 0xff, type >> 8], at);
  bytes[dataAt + UID] = TAG_UNUSED;
  bytes.set(file, fileAt);
  bytes.fill(0, fileAt + file.length, end);
  for (const owner of p.owners) {
    const fbse = streams[owner.stream]!;
    // The FBSE's instance is its blip type too ([MS-ODRAW] 2.2.32), its version 2.
    fbse.set([((blipType << 4) & 0xff) | 2, blipType >> 4], owner.at - 8);
    fbse.set([blipType, blipType], owner.at);
  }
  return true;
}

/** The redacted raster, encoded as large as fits: its own format first, a PNG also tried as JPEG at each size. */
async function writeFitting(
  streams: DocStreams,
  p: Picture,
  raster: Raster,
  own: WrittenFormat,
  codec: ImageCodec,
): Promise<PictureOutcome['written'] | null> {
  const formats: WrittenFormat[] = own === 'png' ? ['png', 'jpeg'] : ['jpeg'];
  for (const factor of SCALES) {
    const r = scaled(raster, factor);
    for (const format of formats)
      if (writeBlip(streams, p, format, await encodeImage(r, format, codec))) return factor === 1 ? 'redacted' : 'scaled';
    if (r.width === 1 && r.height === 1) break;
  }
  return null;
}

/**
 * Every picture through the image pipeline (faces and text by the image labels, OCR text detected like any text),
 * rewritten in place with the same length: re-encoded from pixels (EXIF and other metadata gone), scaled down until
 * it fits its slot. A picture the pipeline cannot read (EMF, WMF, PICT, TIFF, damaged, over the pixel budget), or
 * one that does not fit even small, becomes one grey pixel (PNG); a slot too small even for that is zeroed.
 */
export async function anonymizePictures(
  streams: DocStreams,
  pictures: readonly Picture[],
  job: ImageJob & { signal?: AbortSignal },
  deps: ImagePipelineDeps,
  onDone?: (done: number) => void,
): Promise<PictureOutcome[]> {
  const out: PictureOutcome[] = [];
  let grey: Uint8Array | null = null;
  for (const picture of pictures) {
    job.signal?.throwIfAborted();
    let findings: RasterFindings | null = null;
    let written: PictureOutcome['written'] | null = null;
    const file = pictureFile(streams, picture);
    try {
      if (file && picture.format) {
        const raster = await decodeImage(file, picture.format, deps.codec, deps.maxPixels);
        findings = await redactRaster(raster, job, {
          codec: deps.codec,
          detectors: deps.detectors,
          ...(deps.random ? { random: deps.random } : {}),
          ...(job.signal ? { signal: job.signal } : {}),
        });
        written = await writeFitting(streams, picture, raster, picture.format === 'jpeg' ? 'jpeg' : 'png', deps.codec);
      }
    } catch (err) {
      if (!(err instanceof AnonymizerError)) throw err;
    }
    if (!written) {
      grey ??= await encodeImage({ width: 1, height: 1, data: new Uint8ClampedArray([192, 192, 192, 255]) }, 'png', deps.codec);
      written = writeBlip(streams, picture, 'png', grey) ? 'grey' : 'cleared';
      if (written === 'cleared') streams[picture.stream]!.fill(0, picture.fileAt, picture.record.end);
    }
    out.push({ picture, findings, written });
    onDone?.(out.length);
  }
  return out;
}
