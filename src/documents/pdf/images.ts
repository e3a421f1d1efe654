import type { PDFContext, PDFRef } from 'pdf-lib';
import { PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';
import type { Box } from '../../spec/types.js';
import type { ImageCodec } from '../image/codec.js';
import { applyEffect } from '../image/effects.js';
import { imageSize, readImagePixels, writeImagePixels } from './image-pixels.js';

/** A part of an image XObject to overwrite, in the image's unit square (origin bottom left, as placed). */
export interface ImageRegion {
  ref: PDFRef;
  region: Box;
}

/**
 * Images with fewer pixels than this, or a side shorter than `MIN_SIDE`, are decorative (rules, bullets, icons):
 * no readable word or recognisable face fits, so they are neither inspected nor filled.
 */
const MIN_PIXELS = 64 * 64;
const MIN_SIDE = 16;

/** Whether an image of this size is decorative (see `MIN_PIXELS`). */
export function isDecorative(width: number, height: number): boolean {
  return width * height < MIN_PIXELS || Math.min(width, height) < MIN_SIDE;
}

/** A 1×1 mid-grey image: what an image becomes when its pixels cannot be decoded and overwritten. */
export function solidImage(ctx: PDFContext, mask: boolean): PDFRawStream {
  if (mask)
    return ctx.stream(Uint8Array.of(0xff), {
      Type: 'XObject',
      Subtype: 'Image',
      Width: 1,
      Height: 1,
      ImageMask: true,
      BitsPerComponent: 1,
    });
  return ctx.stream(Uint8Array.of(0x80), {
    Type: 'XObject',
    Subtype: 'Image',
    Width: 1,
    Height: 1,
    ColorSpace: 'DeviceGray',
    BitsPerComponent: 8,
  });
}

/** Replaces the object `ref` by `stream`, with its Length set (pdf-lib writes what the dictionary says). */
export function replaceImage(ctx: PDFContext, ref: PDFRef, stream: PDFRawStream): void {
  stream.dict.set(PDFName.of('Length'), PDFNumber.of(stream.contents.length));
  ctx.assign(ref, stream);
}

async function overwrite(ctx: PDFContext, stream: PDFRawStream, regions: readonly Box[], codec: ImageCodec): Promise<PDFRawStream> {
  const pixels = await readImagePixels(ctx, stream, codec);
  if (!pixels) return solidImage(ctx, imageSize(ctx, stream).mask);
  const { raster } = pixels;
  // The region is in the image's unit square with the origin at the bottom left; rows are stored top down.
  for (const r of regions)
    applyEffect(
      raster,
      { x0: r.x0 * raster.width, x1: r.x1 * raster.width, y0: (1 - r.y1) * raster.height, y1: (1 - r.y0) * raster.height },
      'MASK',
    );
  return writeImagePixels(ctx, raster, pixels.form, codec);
}

/**
 * Overwrites, in place of the image object itself, the parts of image XObjects that lay under a redaction area, so
 * every page (and every form) that uses the image shows the redacted pixels. Pixels `readImagePixels` can decode are
 * painted black; anything else becomes a solid 1×1 image. Soft masks are not carried over (their shape could trace
 * what was under the box). Returns how many images changed.
 */
export async function overwriteImageRegions(ctx: PDFContext, regions: readonly ImageRegion[], codec: ImageCodec): Promise<number> {
  const byRef = new Map<PDFRef, Box[]>();
  for (const r of regions) byRef.set(r.ref, [...(byRef.get(r.ref) ?? []), r.region]);
  for (const [ref, boxes] of byRef) {
    const stream = ctx.lookup(ref);
    replaceImage(ctx, ref, stream instanceof PDFRawStream ? await overwrite(ctx, stream, boxes, codec) : solidImage(ctx, false));
  }
  return byRef.size;
}
