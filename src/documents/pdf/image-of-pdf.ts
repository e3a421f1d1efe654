import type { PDFContext } from 'pdf-lib';
import { PDFDocument, PDFName, PDFRawStream, PDFRef } from 'pdf-lib';
import type { DocumentImage } from '../adapter.js';
import type { ImageCodec } from '../image/codec.js';
import { encodeImage } from '../image/encode.js';
import { readImagePixels } from './image-pixels.js';
import { arrayOf, dictOf, nameOf } from './objects.js';

/**
 * In a PDF, `xref` is the object number of an image XObject of the original: a JPEG as stored (its stream is the
 * file), other images whose samples can be read (Flate, LZW, run-length; gray, RGB, CMYK, indexed) as PNG through
 * `codec` (without it: only JPEGs). An `xref` past the original's objects names the raster of an OCRed page:
 * `ocrPage()` serves it (the PDF adapter passes the anonymized page image of the result, `pageImageOfResult`).
 */
export async function imageOfPdf(
  original: Uint8Array,
  xref: number,
  codec?: ImageCodec,
  ocrPage?: () => Promise<DocumentImage | null>,
): Promise<DocumentImage | null> {
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

/**
 * The page image of a rasterised (OCRed) page of an anonymized PDF: what its page draws as `/PageImage` (the
 * rasteriser's layout), with what was found already masked: a JPEG as stored, Flate samples as PNG through `codec`.
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
