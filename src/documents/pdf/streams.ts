import { concatBytes } from '../../bytes/concat-bytes.js';
import { Unzlib } from 'fflate';
import type { PDFContext, PDFDocument, PDFPage } from 'pdf-lib';
import { PDFArray, PDFFlateStream, PDFName, PDFRawStream, PDFRef, PDFStream, decodePDFRawStream } from 'pdf-lib';
import { arrayOf, nameOf, resolve } from './objects.js';

/** Thrown when a stream cannot be decoded or inflates beyond its budget. */
export class StreamDecodeError extends Error {
  override readonly name = 'StreamDecodeError';
}

/** Most bytes one decoded stream may hold: bounds the work by bytes actually inflated (reliability rule 4). */
export const MAX_DECODED_STREAM_BYTES = 64 * 1024 * 1024;

function filters(ctx: PDFContext, stream: PDFStream): string[] {
  const f = resolve(ctx, stream.dict.get(PDFName.of('Filter')));
  const single = nameOf(ctx, f);
  if (single !== undefined) return [single];
  return arrayOf(ctx, f).map((x) => nameOf(ctx, x) ?? '?');
}

function inflateCapped(data: Uint8Array, max: number): Uint8Array {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const z = new Unzlib((chunk) => {
    size += chunk.length;
    if (size > max) throw new StreamDecodeError('stream too large');
    chunks.push(chunk);
  });
  try {
    z.push(data, true);
  } catch (err) {
    if (err instanceof StreamDecodeError) throw err;
    // A truncated or damaged zlib stream: keep what inflated, as viewers do.
    if (chunks.length === 0) throw new StreamDecodeError('bad flate data');
  }
  return concatBytes(chunks);
}

/**
 * The decoded bytes of a stream. Plain Flate (the usual case) is inflated with a running cap on the bytes it
 * produces; other filter chains go through pdf-lib's decoders and are checked afterwards.
 */
export function decodeStream(ctx: PDFContext, stream: PDFStream, max = MAX_DECODED_STREAM_BYTES): Uint8Array {
  const f = filters(ctx, stream);
  // pdf-lib's own streams (the replacements drawn on a page): their operators, not their encoded bytes.
  if (stream instanceof PDFFlateStream) return stream.getUnencodedContents();
  if (!(stream instanceof PDFRawStream)) return stream.getContents();
  if (f.length === 0) return stream.contents;
  if (f.length === 1 && (f[0] === 'FlateDecode' || f[0] === 'Fl') && !stream.dict.has(PDFName.of('DecodeParms')))
    return inflateCapped(stream.contents, max);
  let out: Uint8Array;
  try {
    out = decodePDFRawStream(stream).decode();
  } catch {
    throw new StreamDecodeError('unsupported stream filter');
  }
  if (out.length > max) throw new StreamDecodeError('stream too large');
  return out;
}

/** A page's content streams decoded and joined, each followed by a line break. */
export function pageContent(doc: PDFDocument, page: PDFPage): Uint8Array {
  const ctx = doc.context;
  const contents = page.node.get(PDFName.of('Contents'));
  const resolved = contents instanceof PDFRef ? ctx.lookup(contents) : contents;
  const streams = resolved instanceof PDFArray ? resolved.asArray().map((r) => (r instanceof PDFRef ? ctx.lookup(r) : r)) : [resolved];
  const parts = streams.filter((s): s is PDFStream => s instanceof PDFStream).map((s) => decodeStream(ctx, s));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length + 1, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
    out[at++] = 0x0a;
  }
  return out;
}

/** Filters that only make sense for image samples; on any other stream they are a decompression bomb vector. */
const IMAGE_FILTERS = new Set(['DCTDecode', 'DCT', 'JBIG2Decode', 'JPXDecode', 'CCITTFaxDecode', 'CCF']);

/**
 * True when some non-image stream (page content, form, font, …) uses an image-only filter: pdf.js would decode it
 * to its full declared size (bomb_giant.pdf: 1.16 GB per stream) before any of our limits apply.
 */
export function hasImageFilterOnNonImage(ctx: PDFContext): boolean {
  for (const [, obj] of ctx.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFRawStream)) continue;
    if (nameOf(ctx, obj.dict.get(PDFName.of('Subtype'))) === 'Image') continue;
    if (filters(ctx, obj).some((f) => IMAGE_FILTERS.has(f))) return true;
  }
  return false;
}
