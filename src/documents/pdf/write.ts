import { PDFDocument } from 'pdf-lib';
import { allowlistPage, scrubObjects } from './scrub.js';

/**
 * Writes a complete new file: a fresh document into which only the pages (after their allowlists and the scrub)
 * and what they reach are copied. No catalog entry of the source (outlines, names, forms, JavaScript, OpenAction, structure tree,
 * page labels, optional content, XMP) and no Info dictionary come along; no unreachable object is written; one
 * `%%EOF`. Object streams are off so every stream can be scanned on its own.
 */
export async function writeFresh(source: PDFDocument): Promise<Uint8Array> {
  const out = await PDFDocument.create({ updateMetadata: false });
  for (const page of source.getPages()) allowlistPage(source.context, page.node);
  // Scrubbed before the copy, so what only a dropped key reached (PTEX.InfoDict, an image's XMP) is never copied.
  scrubObjects(source.context);
  const pages = await out.copyPages(source, source.getPageIndices());
  for (const p of pages) out.addPage(p);
  return out.save({ useObjectStreams: false, addDefaultPage: false, updateFieldAppearances: false });
}
