import type { ImageFormat, Raster } from './raster.js';

/**
 * Platform codec: Node uses pure-JS libraries, the browser createImageBitmap/OffscreenCanvas. `decode` gets bytes
 * already stripped of metadata and returns the stored orientation; `encode` writes pixels only.
 */
export interface ImageCodec {
  decode(bytes: Uint8Array, format: ImageFormat): Promise<Raster>;
  encode(raster: Raster, format: ImageFormat): Promise<Uint8Array>;
}

/** JPEG quality of re-encoded images. */
export const JPEG_QUALITY = 0.92;
