import { invalidFile } from '../../errors/problem.js';
import { encodeBmp } from '../../documents/image/bmp.js';
import type { ImageCodec } from '../../documents/image/codec.js';
import { JPEG_QUALITY } from '../../documents/image/codec.js';
import type { ImageFormat, Raster } from '../../documents/image/raster.js';
import { MEDIA_TYPES } from '../../documents/image/raster.js';

function context(width: number, height: number): OffscreenCanvasRenderingContext2D {
  const ctx = new OffscreenCanvas(width, height).getContext('2d', { willReadFrequently: true });
  if (!ctx) throw invalidFile('The image could not be drawn.');
  return ctx;
}

/**
 * Browser codec for workers and pages: createImageBitmap decodes, OffscreenCanvas encodes PNG and JPEG (BMP by our
 * writer, which canvases lack). The input has no EXIF left, so the bitmap keeps the stored orientation.
 */
export function createCanvasCodec(): ImageCodec {
  return {
    async decode(bytes: Uint8Array, format: ImageFormat): Promise<Raster> {
      let bitmap: ImageBitmap;
      try {
        bitmap = await createImageBitmap(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: MEDIA_TYPES[format] }), {
          premultiplyAlpha: 'none',
          colorSpaceConversion: 'none',
        });
      } catch {
        throw invalidFile('The image data is damaged or truncated.');
      }
      try {
        const ctx = context(bitmap.width, bitmap.height);
        ctx.drawImage(bitmap, 0, 0);
        const img = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
        return { width: img.width, height: img.height, data: img.data };
      } finally {
        bitmap.close();
      }
    },
    async encode(raster: Raster, format: ImageFormat): Promise<Uint8Array> {
      if (format === 'bmp') return encodeBmp(raster);
      const ctx = context(raster.width, raster.height);
      ctx.putImageData(new ImageData(raster.data as Uint8ClampedArray<ArrayBuffer>, raster.width, raster.height), 0, 0);
      const blob = await ctx.canvas.convertToBlob({ type: MEDIA_TYPES[format], quality: JPEG_QUALITY });
      return new Uint8Array(await blob.arrayBuffer());
    },
  };
}
