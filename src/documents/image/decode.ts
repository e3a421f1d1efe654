import { invalidFile } from '../../errors/problem.js';
import type { ImageCodec } from './codec.js';
import { assertPixelBudget, readImageHeader } from './header.js';
import { stripMetadata } from './metadata.js';
import { applyOrientation, readOrientation } from './orientation.js';
import type { ImageFormat, Raster } from './raster.js';

/**
 * Bytes → RGBA in display orientation. Order matters: the declared size is checked against `maxPixels` before any
 * pixel buffer exists; the container is rebuilt from its pixel parts (which also rejects truncated files, which
 * browsers would decode half-grey); only then does the codec run, and its size must match the header.
 */
export async function decodeImage(bytes: Uint8Array, format: ImageFormat, codec: ImageCodec, maxPixels: number): Promise<Raster> {
  const header = readImageHeader(bytes, format);
  assertPixelBudget(header, maxPixels);
  const orientation = readOrientation(bytes, format);
  const raster = await codec.decode(stripMetadata(bytes, format), format);
  if (raster.width !== header.width || raster.height !== header.height || raster.data.length !== raster.width * raster.height * 4) {
    throw invalidFile('The image data does not match its header.');
  }
  return applyOrientation(raster, orientation);
}
