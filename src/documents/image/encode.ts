import type { ImageCodec } from './codec.js';
import { stripMetadata } from './metadata.js';
import type { ImageFormat, Raster } from './raster.js';

/** Pixels → a new file of `format`, rebuilt from pixel-carrying parts only (no metadata, nothing after EOI/IEND). */
export async function encodeImage(raster: Raster, format: ImageFormat, codec: ImageCodec): Promise<Uint8Array> {
  return stripMetadata(await codec.encode(raster, format), format);
}
