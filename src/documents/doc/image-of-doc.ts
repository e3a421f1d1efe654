import type { DocumentImage } from '../adapter.js';
import { MEDIA_TYPES } from '../image/raster.js';
import { pictureOfDoc } from './pictures.js';

/** In a DOC, `xref` numbers the pictures from 1 in reading order (`findPictures`): JPEG and PNG as stored, a DIB as BMP. */
export function imageOfDoc(original: Uint8Array, xref: number): DocumentImage | null {
  try {
    const picture = pictureOfDoc(original, xref);
    return picture ? { bytes: picture.bytes, contentType: MEDIA_TYPES[picture.format] } : null;
  } catch {
    return null;
  }
}
