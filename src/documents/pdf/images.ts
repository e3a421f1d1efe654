import type { PDFContext } from 'pdf-lib';
import { PDFName, PDFNumber, PDFRawStream, PDFRef } from 'pdf-lib';
import type { Box } from '../../spec/types.js';
import type { ImageCodec } from '../image/codec.js';
import { arrayOf, nameOf, numberOf } from './objects.js';
import type { ImageRegion } from './redact-page.js';
import { decodeStream } from './streams.js';

/** Images larger than this (pixels) are replaced by a solid fill rather than decoded. */
const MAX_IMAGE_PIXELS = 50_000_000;

function pixelRect(region: Box, w: number, h: number) {
  // The region is in the image's unit square with the origin at the bottom left; rows are stored top down.
  return {
    x0: Math.max(0, Math.floor(region.x0 * w)),
    x1: Math.min(w, Math.ceil(region.x1 * w)),
    y0: Math.max(0, Math.floor((1 - region.y1) * h)),
    y1: Math.min(h, Math.ceil((1 - region.y0) * h)),
  };
}

/** A 1×1 mid-grey image: what an image becomes when its pixels cannot be decoded and overwritten. */
function solidImage(ctx: PDFContext, mask: boolean): PDFRawStream {
  if (mask) return ctx.stream(Uint8Array.of(0xff), { Type: 'XObject', Subtype: 'Image', Width: 1, Height: 1, ImageMask: true, BitsPerComponent: 1 });
  return ctx.stream(Uint8Array.of(0x80), { Type: 'XObject', Subtype: 'Image', Width: 1, Height: 1, ColorSpace: 'DeviceGray', BitsPerComponent: 8 });
}

async function overwrite(ctx: PDFContext, stream: PDFRawStream, regions: readonly Box[], codec: ImageCodec): Promise<PDFRawStream> {
  const d = stream.dict;
  const w = numberOf(ctx, d.get(PDFName.of('Width'))) ?? 0;
  const h = numberOf(ctx, d.get(PDFName.of('Height'))) ?? 0;
  const mask = d.get(PDFName.of('ImageMask'))?.toString() === 'true';
  const filters = [nameOf(ctx, d.get(PDFName.of('Filter'))), ...arrayOf(ctx, d.get(PDFName.of('Filter'))).map((f) => nameOf(ctx, f))].filter(Boolean);
  const bpc = numberOf(ctx, d.get(PDFName.of('BitsPerComponent')));
  const cs = nameOf(ctx, d.get(PDFName.of('ColorSpace')));
  if (mask || w <= 0 || h <= 0 || w * h > MAX_IMAGE_PIXELS) return solidImage(ctx, mask);
  try {
    if (filters.length === 1 && filters[0] === 'DCTDecode') {
      const raster = await codec.decode(stream.contents, 'jpeg');
      if (raster.width !== w || raster.height !== h) return solidImage(ctx, false);
      for (const region of regions) {
        const r = pixelRect(region, w, h);
        for (let y = r.y0; y < r.y1; y++) for (let x = r.x0; x < r.x1; x++) raster.data.set([0, 0, 0, 255], (y * w + x) * 4);
      }
      const jpeg = await codec.encode(raster, 'jpeg');
      return ctx.stream(jpeg, { Type: 'XObject', Subtype: 'Image', Width: w, Height: h, ColorSpace: 'DeviceRGB', BitsPerComponent: 8, Filter: 'DCTDecode' });
    }
    const channels = cs === 'DeviceRGB' ? 3 : cs === 'DeviceGray' ? 1 : 0;
    if (bpc === 8 && channels > 0 && !d.has(PDFName.of('DecodeParms')) && !d.has(PDFName.of('Decode'))) {
      const samples = decodeStream(ctx, stream, w * h * channels + 16);
      if (samples.length < w * h * channels) return solidImage(ctx, false);
      for (const region of regions) {
        const r = pixelRect(region, w, h);
        for (let y = r.y0; y < r.y1; y++) samples.fill(0, (y * w + r.x0) * channels, (y * w + r.x1) * channels);
      }
      return ctx.flateStream(samples.subarray(0, w * h * channels), { Type: 'XObject', Subtype: 'Image', Width: w, Height: h, ColorSpace: cs!, BitsPerComponent: 8 });
    }
  } catch {
    // Undecodable pixels: fall through to the solid fill.
  }
  return solidImage(ctx, false);
}

/**
 * Overwrites, in place of the image object itself, the parts of image XObjects that lay under a redaction area, so
 * every page (and every form) that uses the image shows the redacted pixels. JPEG and 8-bit RGB/grey samples are
 * painted black; anything else (other filters, predictors, masks, colour spaces) becomes a solid 1×1 image. Soft
 * masks are not carried over (their shape could trace what was under the box). Returns how many images changed.
 */
export async function overwriteImageRegions(ctx: PDFContext, regions: readonly ImageRegion[], codec: ImageCodec): Promise<number> {
  const byRef = new Map<PDFRef, Box[]>();
  for (const r of regions) byRef.set(r.ref, [...(byRef.get(r.ref) ?? []), r.region]);
  for (const [ref, boxes] of byRef) {
    const stream = ctx.lookup(ref);
    const replacement = stream instanceof PDFRawStream ? await overwrite(ctx, stream, boxes, codec) : solidImage(ctx, false);
    replacement.dict.set(PDFName.of('Length'), PDFNumber.of(replacement.contents.length));
    ctx.assign(ref, replacement);
  }
  return byRef.size;
}
