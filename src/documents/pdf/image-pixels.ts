import type { PDFContext, PDFObject } from 'pdf-lib';
import { PDFArray, PDFName, PDFRawStream } from 'pdf-lib';
import type { ImageCodec } from '../image/codec.js';
import type { Raster } from '../image/raster.js';
import { arrayOf, nameOf, numberOf } from './objects.js';
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

/** How the samples of an image XObject are stored, when we can decode them (from its dictionary alone), or null. */
export function pixelFormOf(ctx: PDFContext, stream: PDFRawStream): PixelForm | null {
  const d = stream.dict;
  const { width: w, height: h, mask } = imageSize(ctx, stream);
  if (mask || w <= 0 || h <= 0 || w * h > MAX_IMAGE_PIXELS) return null;
  const filter = d.get(PDFName.of('Filter'));
  const filters = filter instanceof PDFArray ? arrayOf(ctx, filter).map((f) => nameOf(ctx, f)) : [nameOf(ctx, filter)].filter(Boolean);
  if (filters.length === 1 && filters[0] === 'DCTDecode') return { kind: 'jpeg' };
  const colorSpace = d.get(PDFName.of('ColorSpace'));
  const channels = channelsOf(ctx, colorSpace);
  const bpc = numberOf(ctx, d.get(PDFName.of('BitsPerComponent')));
  if (bpc !== 8 || channels === 0 || !colorSpace || d.has(PDFName.of('DecodeParms')) || d.has(PDFName.of('Decode'))) return null;
  return { kind: 'samples', channels, colorSpace };
}

/**
 * Decodes an image XObject's pixels when we can write them back: a lone DCT filter (through the image codec) or
 * 8-bit grey/RGB samples without predictor or Decode array. Anything else (JPX, JBIG2, CCITT, indexed or CMYK
 * samples, other bit depths, stencil masks, over `MAX_IMAGE_PIXELS`) is null. Never throws.
 */
export async function readImagePixels(ctx: PDFContext, stream: PDFRawStream, codec: ImageCodec): Promise<ImagePixels | null> {
  const form = pixelFormOf(ctx, stream);
  if (!form) return null;
  const { width: w, height: h } = imageSize(ctx, stream);
  try {
    if (form.kind === 'jpeg') {
      const raster = await codec.decode(stream.contents, 'jpeg');
      return raster.width === w && raster.height === h ? { raster, form } : null;
    }
    const { channels } = form;
    const samples = decodeStream(ctx, stream, w * h * channels + 16);
    if (samples.length < w * h * channels) return null;
    const data = new Uint8ClampedArray(w * h * 4);
    for (let i = 0, s = 0; i < data.length; i += 4, s += channels) {
      data[i] = samples[s]!;
      data[i + 1] = samples[s + (channels === 3 ? 1 : 0)]!;
      data[i + 2] = samples[s + channels - 1]!;
      data[i + 3] = 255;
    }
    return { raster: { width: w, height: h, data }, form };
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
  if (form.kind === 'jpeg') return ctx.stream(await codec.encode(raster, 'jpeg'), { ...dict, ColorSpace: 'DeviceRGB', Filter: 'DCTDecode' });
  const samples = new Uint8Array(width * height * form.channels);
  for (let i = 0, s = 0; i < data.length; i += 4, s += form.channels) {
    if (form.channels === 1) samples[s] = Math.round((data[i]! + data[i + 1]! + data[i + 2]!) / 3);
    else samples.set([data[i]!, data[i + 1]!, data[i + 2]!], s);
  }
  const stream = ctx.flateStream(samples, dict);
  stream.dict.set(PDFName.of('ColorSpace'), form.colorSpace);
  return stream;
}
