import * as jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { invalidFile } from '../../errors/problem.js';
import { decodeBmp, encodeBmp } from '../../documents/image/bmp.js';
import type { ImageCodec } from '../../documents/image/codec.js';
import { JPEG_QUALITY } from '../../documents/image/codec.js';
import type { ImageFormat, Raster } from '../../documents/image/raster.js';

/**
 * Node codec: jpeg-js (baseline and progressive JPEG, with its own resolution and memory limits), pngjs (every PNG
 * bit depth, palette, interlace; 16-bit scaled to 8) and our BMP codec. Pure JavaScript: no native binary, the same
 * result on every platform. `maxPixels` is passed on to jpeg-js as a second guard.
 */
export function createNodeCodec(maxPixels: number): ImageCodec {
  return {
    async decode(bytes: Uint8Array, format: ImageFormat): Promise<Raster> {
      try {
        if (format === 'jpeg') {
          const img = jpeg.decode(bytes, {
            useTArray: true,
            formatAsRGBA: true,
            tolerantDecoding: false,
            maxResolutionInMP: maxPixels / 1e6,
            maxMemoryUsageInMB: Math.ceil((maxPixels * 8) / 1e6),
          });
          return {
            width: img.width,
            height: img.height,
            data: new Uint8ClampedArray(img.data.buffer, img.data.byteOffset, img.data.length),
          };
        }
        if (format === 'png') {
          const png = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), { checkCRC: true });
          return {
            width: png.width,
            height: png.height,
            data: new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length),
          };
        }
        return decodeBmp(bytes);
      } catch (err) {
        if (err instanceof Error && err.name === 'AnonymizerError') throw err;
        throw invalidFile('The image data is damaged or truncated.');
      }
    },
    async encode(raster: Raster, format: ImageFormat): Promise<Uint8Array> {
      const { width, height, data } = raster;
      const buf = Buffer.from(data.buffer, data.byteOffset, data.length);
      if (format === 'jpeg') return new Uint8Array(jpeg.encode({ width, height, data: buf }, Math.round(JPEG_QUALITY * 100)).data);
      if (format === 'png') {
        const png = new PNG({ width, height });
        png.data = Buffer.from(buf);
        let opaque = true;
        for (let i = 3; i < data.length && opaque; i += 4) opaque = data[i] === 255;
        // RGB when every pixel is opaque (smaller), else RGBA.
        return new Uint8Array(PNG.sync.write(png, { colorType: opaque ? 2 : 6, inputColorType: 6, inputHasAlpha: true }));
      }
      return encodeBmp(raster);
    },
  };
}
