import type { PDFContext, PDFObject } from 'pdf-lib';
import { PDFArray, PDFHexString, PDFName, PDFRawStream, PDFString } from 'pdf-lib';
import type { ImageCodec } from '../image/codec.js';
import type { Raster } from '../image/raster.js';
import { arrayOf, dictOf, nameOf, numberOf } from './objects.js';
import { unpredictPng } from './png-predictor.js';
import { decodeStream } from './streams.js';

/** Images larger than this (pixels) are never decoded. */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** How the pixels of an image XObject were stored, so that they can be written back the same way. */
export type PixelForm = { kind: 'jpeg' } | { kind: 'samples'; channels: 1 | 3; colorSpace: PDFObject };

/** The decoded pixels of one image XObject (RGBA, top row first) and how they were stored. */
export interface ImagePixels {
  raster: Raster;
  form: PixelForm;
}

/** The declared size of an image XObject, and whether it is a stencil mask. */
export function imageSize(ctx: PDFContext, stream: PDFRawStream): { width: number; height: number; mask: boolean } {
  const d = stream.dict;
  return {
    width: numberOf(ctx, d.get(PDFName.of('Width'))) ?? 0,
    height: numberOf(ctx, d.get(PDFName.of('Height'))) ?? 0,
    mask: d.get(PDFName.of('ImageMask'))?.toString() === 'true',
  };
}

/**
 * Channels of a colour space whose samples can be read as grey or RGB as they are: the device spaces and ICC-based
 * spaces with 1 or 3 components (ICC profiles only shift the tones, which neither detection nor a black fill needs).
 */
function channelsOf(ctx: PDFContext, colorSpace: PDFObject | undefined): 1 | 3 | 0 {
  const name = nameOf(ctx, colorSpace);
  if (name === 'DeviceRGB') return 3;
  if (name === 'DeviceGray') return 1;
  const parts = arrayOf(ctx, colorSpace);
  const profile = parts[1] ? ctx.lookup(parts[1]) : undefined;
  if (nameOf(ctx, parts[0]) === 'ICCBased' && profile instanceof PDFRawStream) {
    const n = numberOf(ctx, profile.dict.get(PDFName.of('N')));
    return n === 3 ? 3 : n === 1 ? 1 : 0;
  }
  return 0;
}

/** The colour table of an `/Indexed` space: base-space bytes per index, or null when it cannot be read. */
function paletteOf(ctx: PDFContext, table: PDFObject | undefined, entries: number, channels: number): Uint8Array | null {
  const resolved = table ? ctx.lookup(table) : undefined;
  let bytes: Uint8Array | null = null;
  if (resolved instanceof PDFHexString || resolved instanceof PDFString) bytes = resolved.asBytes();
  else if (resolved instanceof PDFRawStream) bytes = decodeStream(ctx, resolved, 256 * 3);
  return bytes && bytes.length >= entries * channels ? bytes : null;
}

/** Stored samples we can read: their layout, an optional palette, and the form they are written back in. */
interface SampleSource {
  kind: 'samples';
  components: 1 | 3;
  bpc: 1 | 2 | 4 | 8;
  /** `/Indexed`: base-space bytes per index (the written form is the base space). */
  palette: Uint8Array | null;
  predictor: boolean;
  form: PixelForm & { kind: 'samples' };
}

function sampleSourceOf(ctx: PDFContext, stream: PDFRawStream): SampleSource | null {
  const d = stream.dict;
  const colorSpace = d.get(PDFName.of('ColorSpace'));
  const bpc = numberOf(ctx, d.get(PDFName.of('BitsPerComponent')));
  if (!colorSpace || d.has(PDFName.of('Decode')) || (bpc !== 1 && bpc !== 2 && bpc !== 4 && bpc !== 8)) return null;
  let source: Omit<SampleSource, 'kind' | 'predictor'> | null = null;
  const channels = channelsOf(ctx, colorSpace);
  const indexed = arrayOf(ctx, colorSpace);
  if (channels === 1) source = { components: 1, bpc, palette: null, form: { kind: 'samples', channels, colorSpace } };
  else if (channels === 3 && bpc === 8) source = { components: 3, bpc, palette: null, form: { kind: 'samples', channels, colorSpace } };
  else if (nameOf(ctx, indexed[0]) === 'Indexed' && indexed[1]) {
    const base = channelsOf(ctx, indexed[1]);
    const hival = numberOf(ctx, indexed[2]) ?? -1;
    const palette = base > 0 && hival >= 0 && hival < 256 ? paletteOf(ctx, indexed[3], hival + 1, base) : null;
    if (palette) source = { components: 1, bpc, palette, form: { kind: 'samples', channels: base as 1 | 3, colorSpace: indexed[1] } };
  }
  if (!source) return null;
  const parms = dictOf(ctx, d.get(PDFName.of('DecodeParms')));
  if (!parms) return { kind: 'samples', ...source, predictor: false };
  // Only PNG predictors with the image's own layout (what PNG-derived images carry); TIFF predictor 2 is rare.
  const { width } = imageSize(ctx, stream);
  const predictor = numberOf(ctx, parms.get(PDFName.of('Predictor'))) ?? 1;
  const colors = numberOf(ctx, parms.get(PDFName.of('Colors'))) ?? 1;
  const bits = numberOf(ctx, parms.get(PDFName.of('BitsPerComponent'))) ?? 8;
  const columns = numberOf(ctx, parms.get(PDFName.of('Columns'))) ?? 1;
  if (predictor === 1) return { kind: 'samples', ...source, predictor: false };
  return predictor >= 10 && colors === source.components && bits === bpc && columns === width
    ? { kind: 'samples', ...source, predictor: true }
    : null;
}

/** How an image XObject is stored, when we can decode its pixels (from its dictionary alone), or null. */
function pixelSourceOf(ctx: PDFContext, stream: PDFRawStream): { kind: 'jpeg' } | SampleSource | null {
  const { width: w, height: h, mask } = imageSize(ctx, stream);
  if (mask || w <= 0 || h <= 0 || w * h > MAX_IMAGE_PIXELS) return null;
  const filter = stream.dict.get(PDFName.of('Filter'));
  const filters = filter instanceof PDFArray ? arrayOf(ctx, filter).map((f) => nameOf(ctx, f)) : [nameOf(ctx, filter)].filter(Boolean);
  if (filters.length === 1 && filters[0] === 'DCTDecode') return { kind: 'jpeg' };
  return sampleSourceOf(ctx, stream);
}

/** Whether `readImagePixels` can decode the image, judged from its dictionary alone. */
export function canReadPixels(ctx: PDFContext, stream: PDFRawStream): boolean {
  return pixelSourceOf(ctx, stream) !== null;
}

/** Stored samples → RGBA: bits unpacked, grey scaled to 0–255, palette indices looked up. */
function expand(samples: Uint8Array, w: number, h: number, source: SampleSource): Raster {
  const { components, bpc, palette } = source;
  const rowBytes = Math.ceil((w * components * bpc) / 8);
  const max = (1 << bpc) - 1;
  const data = new Uint8ClampedArray(w * h * 4);
  const base = source.form.channels;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const px = (y * w + x) * 4;
      const value = (c: number) => {
        const bit = (x * components + c) * bpc;
        const byte = samples[y * rowBytes + (bit >> 3)]!;
        return bpc === 8 ? byte : (byte >> (8 - bpc - (bit & 7))) & max;
      };
      if (palette) {
        const i = Math.min(value(0), palette.length / base - 1) * base;
        data[px] = palette[i]!;
        data[px + 1] = palette[i + (base === 3 ? 1 : 0)]!;
        data[px + 2] = palette[i + base - 1]!;
      } else if (components === 1) {
        data[px] = data[px + 1] = data[px + 2] = Math.round((value(0) * 255) / max);
      } else {
        data[px] = value(0);
        data[px + 1] = value(1);
        data[px + 2] = value(2);
      }
      data[px + 3] = 255;
    }
  }
  return { width: w, height: h, data };
}

/**
 * Decodes an image XObject's pixels: a lone DCT filter (through the image codec), or samples of 1/2/4/8-bit grey,
 * 8-bit RGB or 1/2/4/8-bit indexed grey/RGB (device or ICC-based), optionally with PNG predictors; written back as
 * `form`. Anything else (JPX, JBIG2, CCITT, CMYK, Lab, 16-bit, Decode arrays, stencil masks, over
 * `MAX_IMAGE_PIXELS`) is null. Never throws.
 */
export async function readImagePixels(ctx: PDFContext, stream: PDFRawStream, codec: ImageCodec): Promise<ImagePixels | null> {
  const source = pixelSourceOf(ctx, stream);
  if (!source) return null;
  const { width: w, height: h } = imageSize(ctx, stream);
  try {
    if (source.kind === 'jpeg') {
      const raster = await codec.decode(stream.contents, 'jpeg');
      return raster.width === w && raster.height === h ? { raster, form: source } : null;
    }
    const rowBytes = Math.ceil((w * source.components * source.bpc) / 8);
    const stored = decodeStream(ctx, stream, (rowBytes + 1) * h + 16);
    const samples = source.predictor ? unpredictPng(stored, rowBytes, h, Math.max(1, (source.components * source.bpc) >> 3)) : stored;
    if (!samples || samples.length < rowBytes * h) return null;
    return { raster: expand(samples, w, h, source), form: source.form };
  } catch {
    return null;
  }
}

/**
 * A new image XObject holding `raster` stored as `form`: JPEG as DeviceRGB DCT, samples Flate-compressed in their
 * own colour space (grey as the mean of the channels, which effects may have moved apart). No soft mask comes along:
 * its shape could trace what was painted over.
 */
export async function writeImagePixels(ctx: PDFContext, raster: Raster, form: PixelForm, codec: ImageCodec): Promise<PDFRawStream> {
  const { width, height, data } = raster;
  const dict = { Type: 'XObject', Subtype: 'Image', Width: width, Height: height, BitsPerComponent: 8 };
  if (form.kind === 'jpeg')
    return ctx.stream(await codec.encode(raster, 'jpeg'), { ...dict, ColorSpace: 'DeviceRGB', Filter: 'DCTDecode' });
  const samples = new Uint8Array(width * height * form.channels);
  for (let i = 0, s = 0; i < data.length; i += 4, s += form.channels) {
    if (form.channels === 1) samples[s] = Math.round((data[i]! + data[i + 1]! + data[i + 2]!) / 3);
    else samples.set([data[i]!, data[i + 1]!, data[i + 2]!], s);
  }
  const stream = ctx.flateStream(samples, dict);
  stream.dict.set(PDFName.of('ColorSpace'), form.colorSpace);
  return stream;
}
