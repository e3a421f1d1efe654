import type { PDFDocument, PDFPage } from 'pdf-lib';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { Edit } from '../../replacement/apply.js';
import { AnonymizerError, invalidFile } from '../../errors/problem.js';
import type { DocumentJob } from '../adapter.js';
import { reportProgress } from '../adapter.js';
import { IDENTITY, grow, invert, toUserBox } from './geometry.js';
import type { DrawnImages } from './inspect-images.js';
import { isUndecodableScan } from './inspect-images.js';
import type { PdfParagraph } from './paragraphs.js';
import type { Pdfjs } from './pdfjs.js';
import { groupParagraphs } from './paragraphs.js';
import type { PdfPageText } from './read.js';
import { readPage } from './read.js';
import type { DrawnImage } from './redact-page.js';
import { UnsafePageError, redactPageContent } from './redact-page.js';
import { pageContent, StreamDecodeError } from './streams.js';

/** A paragraph as read, with the edits detection (and later propagation) gives it. */
export interface ReadParagraph {
  paragraph: PdfParagraph;
  edits: Edit[];
  paragraphId: number;
}

export interface ReadPage {
  /** The page as read, without its glyphs (the paragraphs hold what is needed of them). */
  text: PdfPageText;
  paragraphs: ReadParagraph[];
  /** Why the page goes to the rasteriser whatever is found on it (`rasterReason`), or null. */
  rasterReason: string | null;
}

/** Every page read, and what is read by OCR before the detection model loads. */
export interface PagesRead {
  pages: ReadPage[];
  /** Pages that will be rasterised whatever is found on them (their OCR runs before the model loads). */
  toOcr: number[];
  /** The images of the other pages (their text is read by OCR before the model loads too). */
  textPageImages: DrawnImages[];
  /** Paragraph ids given so far (the next one is this). */
  paragraphCount: number;
}

/** Why a page goes to the rasteriser instead of the content rewrite, or null. */
export function rasterReason(t: Pick<PdfPageText, 'glyphs' | 'garbled' | 'imageCount' | 'pathCount'>): string | null {
  const letters = t.glyphs.filter((g) => g.text !== ' ').length;
  if (t.garbled) return 'text without usable Unicode';
  if (letters === 0 && t.imageCount > 0) return 'scanned page';
  if (letters === 0 && t.pathCount > 200) return 'text as vector outlines';
  return null;
}

/**
 * Why a read page is rasterised rather than rewritten before any rewrite is tried: its own `rasterReason`, or
 * fonts the rewrite cannot measure where something on the page is to be redacted. Null: rewrite it.
 */
export function rasteriseFirst(page: ReadPage): string | null {
  if (page.rasterReason) return page.rasterReason;
  if (page.text.unsafeFonts && page.paragraphs.some((p) => p.edits.length > 0)) return 'fonts the rewrite cannot measure';
  return null;
}

/**
 * `rasterise` when a page goes to the rasteriser whatever detection finds on it: its text is unusable
 * (`rasterReason`), or its content cannot be rewritten even with nothing to remove (a dry run: an undecodable scan,
 * unreadable content); else the images the dry run draws (their text is read before the model loads). Pages that
 * need rasterising only because of what is found on them (fonts the rewrite cannot measure) are found later.
 */
function planPage(doc: PDFDocument, page: PDFPage, text: PdfPageText, job: DocumentJob): 'rasterise' | readonly DrawnImage[] {
  if (rasterReason(text)) return 'rasterise';
  if (text.imageCount === 0) return [];
  try {
    const crop = toUserBox(text.toUser, { x0: 0, y0: 0, x1: text.width, y1: text.height });
    const dry = redactPageContent(doc.context, pageContent(doc, page), page.node.Resources(), {
      areas: [],
      crop: grow(crop, 1),
      dropInlineImages: job.imageLabels.has('face'),
    });
    return isUndecodableScan(doc.context, dry.drawnImages, crop, job) ? 'rasterise' : dry.drawnImages;
  } catch (err) {
    if (err instanceof UnsafePageError || err instanceof StreamDecodeError) return 'rasterise';
    throw err;
  }
}

/** One page read by pdf.js; a page that cannot be read makes the file invalid. */
async function readOnePage(pdfjsDoc: PDFDocumentProxy, pdfjs: Pdfjs, p: number): Promise<PdfPageText> {
  try {
    const page = await pdfjsDoc.getPage(p);
    const text = await readPage(pdfjs, page);
    page.cleanup();
    return text;
  } catch (err) {
    if (err instanceof AnonymizerError || (err instanceof Error && err.name === 'AbortError')) throw err;
    throw invalidFile('A page of the PDF cannot be read.');
  }
}

/**
 * Reads every page with pdf.js and plans it (`planPage`, only where pages can be rasterised), after checking the page
 * count against `maxPages` and pdf-lib's page tree. Pages stream through: a page's glyphs are grouped into (packed)
 * paragraphs as soon as it is read and go, so a long document holds its text and boxes, never every page's glyph
 * objects at once.
 */
export async function readPages(
  doc: PDFDocument,
  srcPages: readonly PDFPage[],
  pdfjsDoc: PDFDocumentProxy,
  pdfjs: Pdfjs,
  job: DocumentJob,
  options: { maxPages: number; canRasterise: boolean },
): Promise<PagesRead> {
  if (pdfjsDoc.numPages > options.maxPages) throw invalidFile('The PDF has too many pages.');
  if (srcPages.length !== pdfjsDoc.numPages) throw invalidFile('The PDF is damaged (its page tree is inconsistent).');
  const read: PagesRead = { pages: [], toOcr: [], textPageImages: [], paragraphCount: 0 };
  for (let p = 1; p <= pdfjsDoc.numPages; p++) {
    job.signal?.throwIfAborted();
    reportProgress(job, 'reading', p - 1, pdfjsDoc.numPages);
    const text = await readOnePage(pdfjsDoc, pdfjs, p);
    const plan = options.canRasterise ? planPage(doc, srcPages[p - 1]!, text, job) : [];
    if (plan === 'rasterise') read.toOcr.push(p - 1);
    else if (plan.length > 0) read.textPageImages.push({ pageNum: text.pageNum, toView: invert(text.toUser) ?? IDENTITY, images: plan });
    const paragraphs = groupParagraphs(text.glyphs).map((paragraph) => ({ paragraph, edits: [], paragraphId: read.paragraphCount++ }));
    read.pages.push({ text: { ...text, glyphs: [] }, paragraphs, rasterReason: rasterReason(text) });
  }
  return read;
}
