import type { PDFContext } from 'pdf-lib';
import { PDFDocument, PDFName, PDFRawStream, PDFRef } from 'pdf-lib';
import type { ImageCodec } from '../documents/image/codec.js';
import { encodeImage } from '../documents/image/encode.js';
import { readImagePixels } from '../documents/pdf/image-pixels.js';
import { invalidPathParam } from '../errors/problem.js';
import { sniffDocument } from '../documents/sniff.js';
import { pictureOfDoc } from '../documents/doc/pictures.js';
import { arrayOf, dictOf, nameOf } from '../documents/pdf/objects.js';
import { readZip } from '../documents/zip/read-zip.js';

/** An image of a document that a PII record's `imageUrl` names: its bytes and media type. */
export interface DocumentImage {
  bytes: Uint8Array;
  contentType: string;
}

const IMAGE_TYPES: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', bmp: 'image/bmp' };

/** An `xref` path segment: a non-negative decimal integer below 2^31, else 400 `INVALID_PATH_PARAM`; null names nothing. */
export function parseImageXref(value: number | string): number | null {
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw invalidPathParam('xref');
    return value >= 0 && value < 2 ** 31 ? value : null;
  }
  if (!/^\d{1,32}$/.test(value)) throw invalidPathParam('xref');
  const n = Number(value);
  return n < 2 ** 31 ? n : null;
}

/**
 * The image a PII record entry names, from the stored original: an image document is its own image 0 (its bytes,
 * as uploaded); in a DOCX, the image entry at that position of the ZIP; in a DOC, its picture of that number; in a PDF, the image XObject with that object number: a JPEG as stored (its stream is the file), other
 * images whose samples can be read (Flate, LZW, run-length; gray, RGB, CMYK, indexed) as PNG through the platform's
 * `codec`. An `xref` past the original's objects names the raster of an OCRed page: `ocrPage()` serves it (the
 * service passes the anonymized page image of the result, `pageImageOfResult`).
 */
export async function imageOfDocument(
  original: Uint8Array,
  xref: number,
  codec?: ImageCodec,
  ocrPage?: () => Promise<DocumentImage | null>,
): Promise<DocumentImage | null> {
  const sniffed = sniffDocument(original);
  if (sniffed.type === 'IMAGE') return xref === 0 ? { bytes: original, contentType: IMAGE_TYPES[sniffed.format]! } : null;
  if (sniffed.type === 'DOCX') return imageOfDocx(original, xref);
  if (sniffed.type === 'DOC') return imageOfDoc(original, xref);
  if (sniffed.type !== 'PDF') return null;
  try {
    const pdf = await PDFDocument.load(original, { updateMetadata: false, throwOnInvalidObject: false });
    const ctx = pdf.context;
    if (xref > ctx.largestObjectNumber) return (await ocrPage?.()) ?? null;
    const stream = ctx.lookup(PDFRef.of(xref));
    if (!(stream instanceof PDFRawStream) || nameOf(ctx, stream.dict.get(PDFName.of('Subtype'))) !== 'Image') return null;
    return await servedImage(ctx, stream, codec);
  } catch {
    return null;
  }
}

/** An image XObject as served: a lone DCT filter as the JPEG it stores, readable samples as PNG through `codec`. */
async function servedImage(ctx: PDFContext, stream: PDFRawStream, codec: ImageCodec | undefined): Promise<DocumentImage | null> {
  const filter = stream.dict.get(PDFName.of('Filter'));
  const filters = arrayOf(ctx, filter).map((f) => nameOf(ctx, f));
  const only = filters.length === 1 ? filters[0] : nameOf(ctx, filter);
  if (only === 'DCTDecode') return { bytes: stream.contents, contentType: 'image/jpeg' };
  const pixels = codec ? await readImagePixels(ctx, stream, codec) : null;
  return pixels ? { bytes: await encodeImage(pixels.raster, 'png', codec!), contentType: 'image/png' } : null;
}

/** In a DOCX, `xref` is the position of the image's entry in the ZIP: the picture as stored, if it is JPEG, PNG or BMP. */
function imageOfDocx(original: Uint8Array, xref: number): DocumentImage | null {
  try {
    const bytes = [...readZip(original).values()][xref];
    const sniffed = bytes ? sniffDocument(bytes) : null;
    return bytes && sniffed?.type === 'IMAGE' ? { bytes, contentType: IMAGE_TYPES[sniffed.format]! } : null;
  } catch {
    return null;
  }
}

/** In a DOC, `xref` numbers the pictures from 1 in reading order (`findPictures`): JPEG and PNG as stored, a DIB as BMP. */
function imageOfDoc(original: Uint8Array, xref: number): DocumentImage | null {
  try {
    const picture = pictureOfDoc(original, xref);
    return picture ? { bytes: picture.bytes, contentType: IMAGE_TYPES[picture.format]! } : null;
  } catch {
    return null;
  }
}

/**
 * The page image of a rasterised (OCRed) page of an anonymized PDF: what its page draws as `/PageImage` (the
 * rasteriser's layout), with what was found already masked: a JPEG as stored, Flate samples as PNG through `codec`
 * Null for a page drawn otherwise.
 */
export async function pageImageOfResult(result: Uint8Array, pageNum: number, codec?: ImageCodec): Promise<DocumentImage | null> {
  try {
    const pdf = await PDFDocument.load(result, { updateMetadata: false, throwOnInvalidObject: false });
    const ctx = pdf.context;
    const page = pdf.getPages()[pageNum - 1];
    const xobjects = page ? dictOf(ctx, dictOf(ctx, page.node.get(PDFName.of('Resources')))?.get(PDFName.of('XObject'))) : undefined;
    const image = xobjects ? ctx.lookup(xobjects.get(PDFName.of('PageImage'))) : undefined;
    return image instanceof PDFRawStream ? await servedImage(ctx, image, codec) : null;
  } catch {
    return null;
  }
}
