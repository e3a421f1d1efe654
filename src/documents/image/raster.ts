/** Decoded pixels: 8-bit RGBA, row-major, top-left origin, in display orientation. */
export interface Raster {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** Image formats the engine reads and writes (sniffed by magic bytes). */
export type ImageFormat = 'jpeg' | 'png' | 'bmp';

/** A blank opaque-black raster. The caller checked the pixel budget before. */
export function createRaster(width: number, height: number): Raster {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 3; i < data.length; i += 4) data[i] = 255;
  return { width, height, data };
}
