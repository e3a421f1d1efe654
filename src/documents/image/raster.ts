/** Decoded pixels: 8-bit RGBA, row-major, top-left origin, in display orientation. */
export interface Raster {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** Image formats the engine reads and writes (sniffed by magic bytes). */
export type ImageFormat = 'jpeg' | 'png' | 'bmp';

/** The media type of each image format (served images, DOCX pictures' content types, canvas blobs). */
export const MEDIA_TYPES: Record<ImageFormat, string> = { jpeg: 'image/jpeg', png: 'image/png', bmp: 'image/bmp' };
