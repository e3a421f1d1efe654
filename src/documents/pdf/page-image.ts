import type { PDFContext, PDFRawStream } from 'pdf-lib';
import { unzlibSync, zlibSync } from 'fflate';
import type { ImageCodec } from '../image/codec.js';
import type { Raster } from '../image/raster.js';

/**
 * The pixels of a rasterised page, compressed as the page will store them: lossless Flate samples (grey when every
 * pixel is grey) where that is compact — rendered text and drawings, the usual case — else JPEG (photographs, scans).
 * Flate keeps text crisp, is smaller than JPEG for rendered text, and allocates one buffer instead of the encoder's
 * tables, which bounds memory while many pages are redacted (docs/decisions.md, "Page images").
 */
export type PageImage =
  | { kind: 'flate'; width: number; height: number; channels: 1 | 3; bytes: Uint8Array }
  | { kind: 'jpeg'; width: number; height: number; bytes: Uint8Array };

/** Above this many compressed bytes per pixel, Flate is taken for photographic content and JPEG is used. */
export const FLATE_MAX_BYTES_PER_PIXEL = 0.5;

/** True when every pixel of the raster has R = G = B. */
function isGrey(data: Uint8ClampedArray): boolean {
  for (let i = 0; i < data.length; i += 4) if (data[i] !== data[i + 1] || data[i] !== data[i + 2]) return false;
  return true;
}

/** The page's pixels as stored: Flate samples if they take at most `FLATE_MAX_BYTES_PER_PIXEL`, else JPEG. */
export async function compressPageImage(raster: Raster, codec: ImageCodec): Promise<PageImage> {
  const { width, height, data } = raster;
  const channels = isGrey(data) ? 1 : 3;
  const samples = new Uint8Array(width * height * channels);
  if (channels === 1) for (let i = 0, s = 0; s < samples.length; i += 4, s++) samples[s] = data[i]!;
  else
    for (let i = 0, s = 0; s < samples.length; i += 4, s += 3) {
      samples[s] = data[i]!;
      samples[s + 1] = data[i + 1]!;
      samples[s + 2] = data[i + 2]!;
    }
  const bytes = zlibSync(samples, { level: 6 });
  if (bytes.length <= FLATE_MAX_BYTES_PER_PIXEL * width * height) return { kind: 'flate', width, height, channels, bytes };
  return { kind: 'jpeg', width, height, bytes: await codec.encode(raster, 'jpeg') };
}

/** The pixels back (RGBA), to paint more over them. */
export async function decompressPageImage(image: PageImage, codec: ImageCodec): Promise<Raster> {
  if (image.kind === 'jpeg') return codec.decode(image.bytes, 'jpeg');
  const { width, height, channels } = image;
  const samples = unzlibSync(image.bytes);
  const data = new Uint8ClampedArray(width * height * 4);
  for (let p = 0, s = 0; p < data.length; p += 4, s += channels) {
    data[p] = samples[s]!;
    data[p + 1] = samples[s + (channels === 3 ? 1 : 0)]!;
    data[p + 2] = samples[s + (channels === 3 ? 2 : 0)]!;
    data[p + 3] = 255;
  }
  return { width, height, data };
}

/** The image XObject that stores the page image in `ctx` (not yet registered). */
export function pageImageStream(ctx: PDFContext, image: PageImage): PDFRawStream {
  const dict = { Type: 'XObject', Subtype: 'Image', Width: image.width, Height: image.height, BitsPerComponent: 8 };
  if (image.kind === 'jpeg') return ctx.stream(image.bytes, { ...dict, ColorSpace: 'DeviceRGB', Filter: 'DCTDecode' });
  return ctx.stream(image.bytes, { ...dict, ColorSpace: image.channels === 1 ? 'DeviceGray' : 'DeviceRGB', Filter: 'FlateDecode' });
}
