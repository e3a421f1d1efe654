import type { DocumentImage } from '../adapter.js';
import { MEDIA_TYPES } from '../image/raster.js';
import { imageFormatOf } from '../image/sniff-image.js';
import { readZip } from '../zip/read-zip.js';

/** In a DOCX, `xref` is the position of the image's entry in the ZIP: the picture as stored, if it is JPEG, PNG or BMP. */
export function imageOfDocx(original: Uint8Array, xref: number): DocumentImage | null {
  try {
    const bytes = [...readZip(original).values()][xref];
    const format = bytes ? imageFormatOf(bytes) : null;
    return bytes && format ? { bytes, contentType: MEDIA_TYPES[format] } : null;
  } catch {
    return null;
  }
}
