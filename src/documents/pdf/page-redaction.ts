import type { PDFDocument, PDFFont, PDFPage, PDFRef } from 'pdf-lib';
import { PDFArray, PDFDict, PDFName, PDFStream } from 'pdf-lib';
import type { Edit } from '../../replacement/apply.js';
import type { Box } from '../../spec/types.js';
import { unprocessable } from '../../errors/problem.js';
import type { DocumentJob, DocumentPhase } from '../adapter.js';
import type { KnownStrings } from '../propagate.js';
import { propagateEdits } from '../propagate.js';
import { drawReplacements } from './draw-replacements.js';
import { drawnXObjects } from './drawn-xobjects.js';
import { IDENTITY, grow, invert, toUserBox } from './geometry.js';
import type { ImageRegion } from './images.js';
import type { DrawnImages } from './inspect-images.js';
import { isUndecodableScan } from './inspect-images.js';
import { paragraphBoxesOfRange } from './paragraphs.js';
import type { DocumentRasteriser, PageOcr, RasterisedPage } from './rasterise.js';
import type { ReadPage, ReadParagraph } from './read-pages.js';
import type { PageRewrite } from './redact-page.js';
import { UnsafePageError, redactPageContent } from './redact-page.js';
import { decodeStream, pageContent, StreamDecodeError } from './streams.js';

/** Glyph boxes are grown by this much (points) before the content rewrite, to absorb rounding between readers. */
const AREA_MARGIN = 0.3;

/** What the rewrites and rasterisations did, counted into the result's stats. */
export interface RedactionCounts {
  rewrittenPages: number;
  rasterisedPages: number;
  removedGlyphs: number;
  removedHiddenGlyphs: number;
  removedPaths: number;
}

/** A document under redaction: its pages as read, and what the rewrites and rasterisations have gathered. */
export interface PageRedaction {
  doc: PDFDocument;
  srcPages: readonly PDFPage[];
  pages: readonly ReadPage[];
  job: DocumentJob;
  /** Draws the replacements. */
  font: PDFFont;
  /** Renders, OCRs and redacts pages that cannot be rewritten; without it such pages fail closed. */
  rasteriser: DocumentRasteriser | undefined;
  /** What OCR read on pages before the model loaded (their render kept while the budget allows). */
  earlyOcr: ReadonlyMap<number, PageOcr | null>;
  /** Rasterised page images are listed after the input's object numbers (inspected images keep theirs). */
  firstFreeXref: number;
  progress: (phase: DocumentPhase, pagesDone: number) => void;
  stats: RedactionCounts & Record<string, number>;
  /** The content stream each rewritten page got (drawn replacements are appended after it). */
  ownContent: Map<number, PDFRef>;
  /** Image regions to overwrite, from every rewrite. */
  images: ImageRegion[];
  /** The images each page draws, from its first rewrite (they are inspected). */
  drawn: DrawnImages[];
  /** Where each edit's replacement was drawn. */
  anonymizedBoxes: Map<Edit, Box>;
  rasterised: Map<number, RasterisedPage>;
  /** Inline images dropped because faces were asked for. */
  droppedInlineImages: number;
}

/** What a redaction starts from; what it gathers starts empty. */
export type RedactionStart = Omit<
  PageRedaction,
  'ownContent' | 'images' | 'drawn' | 'anonymizedBoxes' | 'rasterised' | 'droppedInlineImages'
>;

export function startRedaction(start: RedactionStart): PageRedaction {
  return {
    ...start,
    ownContent: new Map(),
    images: [],
    drawn: [],
    anonymizedBoxes: new Map(),
    rasterised: new Map(),
    droppedInlineImages: 0,
  };
}

/** The glyph boxes (top-left page coordinates) of every edit of `paragraphs`. */
export function editBoxes(paragraphs: readonly ReadParagraph[]): Box[] {
  return paragraphs.flatMap((p) => p.edits.flatMap((e) => paragraphBoxesOfRange(p.paragraph, e.start, e.end)));
}

/** Puts a rewritten content stream in place of the page's own (or of its earlier rewrite) and its copied forms in its resources. */
function install(r: PageRedaction, i: number, rewritten: PageRewrite): void {
  const { doc } = r;
  const page = r.srcPages[i]!;
  const own = r.ownContent.get(i);
  const ref = doc.context.register(doc.context.flateStream(rewritten.content));
  const contents = page.node.get(PDFName.of('Contents'));
  if (own && contents instanceof PDFArray && contents.get(0) === own) contents.set(0, ref);
  else page.node.set(PDFName.of('Contents'), ref);
  r.ownContent.set(i, ref);
  if (rewritten.forms.size === 0) return;
  const resources = page.node.Resources()!.clone(doc.context);
  const xobjects = (resources.lookupMaybe(PDFName.of('XObject'), PDFDict) ?? doc.context.obj({})).clone(doc.context);
  for (const [name, stream] of rewritten.forms) xobjects.set(PDFName.of(name), doc.context.register(stream));
  // The originals of copied forms are drawn no more: out of the resources, so the writer does not keep them.
  const drawn = drawnXObjects(doc.context, rewritten.content, xobjects);
  for (const key of xobjects.keys()) if (!drawn.has(key.decodeText())) xobjects.delete(key);
  resources.set(PDFName.of('XObject'), xobjects);
  page.node.set(PDFName.of('Resources'), resources);
}

/** Adds a rewrite's images and counts to the redaction. `first`: the page's first rewrite (its drawn images are inspected). */
function gather(r: PageRedaction, i: number, rewritten: PageRewrite, first: boolean): void {
  const { text } = r.pages[i]!;
  r.images.push(...rewritten.images);
  if (first) {
    r.drawn.push({ pageNum: text.pageNum, toView: invert(text.toUser) ?? IDENTITY, images: rewritten.drawnImages });
    r.stats.rewrittenPages++;
  }
  r.stats.removedGlyphs += rewritten.removedGlyphs;
  r.stats.removedHiddenGlyphs += rewritten.removedInvisibleGlyphs + rewritten.removedOutsideCrop;
  r.stats.removedPaths += rewritten.removedPaths;
  r.droppedInlineImages += rewritten.droppedInlineImages;
}

/**
 * Rewrites page `i` without the glyphs of the edits of `paragraphs` (and whatever lies in `more`) and draws their
 * replacements; returns why the page must be rasterised instead, or null. `first`: the page's first rewrite.
 */
export function rewritePage(
  r: PageRedaction,
  i: number,
  paragraphs: readonly ReadParagraph[],
  first: boolean,
  more: readonly Box[] = [],
): string | null {
  const { doc, job } = r;
  const { text } = r.pages[i]!;
  const page = r.srcPages[i]!;
  const areas = [...editBoxes(paragraphs), ...more].map((b) => grow(toUserBox(text.toUser, b), AREA_MARGIN));
  try {
    const crop = toUserBox(text.toUser, { x0: 0, y0: 0, x1: text.width, y1: text.height });
    // A later pass rewrites the page's rewritten content only: the replacements drawn after it stay as they are.
    const own = r.ownContent.get(i);
    const content = own ? decodeStream(doc.context, doc.context.lookup(own, PDFStream)) : pageContent(doc, page);
    const rewritten = redactPageContent(doc.context, content, page.node.Resources(), {
      areas,
      crop: grow(crop, 1),
      dropInlineImages: job.imageLabels.has('face'),
    });
    if (isUndecodableScan(doc.context, rewritten.drawnImages, crop, job)) throw new UnsafePageError('a scan whose image cannot be decoded');
    install(r, i, rewritten);
    gather(r, i, rewritten, first);
    for (const [e, b] of drawReplacements(page, r.font, text, paragraphs)) r.anonymizedBoxes.set(e, b);
    return null;
  } catch (err) {
    if (!(err instanceof UnsafePageError || err instanceof StreamDecodeError)) throw err;
    return err.message;
  }
}

/** Renders, OCRs and redacts page `i` as an image (applied to the document at the end); once per page. */
export async function rasterisePage(r: PageRedaction, i: number): Promise<void> {
  if (!r.rasteriser) throw unprocessable('A page of the PDF cannot be redacted safely (it would need rasterising).');
  if (r.rasterised.has(i)) return;
  const { text, paragraphs } = r.pages[i]!;
  r.progress(r.earlyOcr.has(i) ? 'redacting' : 'ocr', i);
  const ocr = r.earlyOcr.get(i);
  r.rasterised.set(i, await r.rasteriser.rasterise(i + 1, text, editBoxes(paragraphs), r.job, r.firstFreeXref + i, ocr));
  // The render kept from OCR has been used: it goes now, not with the document.
  if (ocr) ocr.png = null;
  r.stats.rasterisedPages++;
}

/**
 * Strings found late (by OCR of rasterised pages and of images) redacted again on the text pages already rewritten,
 * where they occur. Returns the pages whose rewrite failed.
 */
export function redactLate(r: PageRedaction, known: KnownStrings): number[] {
  const failed: number[] = [];
  for (let i = 0; i < r.pages.length && known.length > 0; i++) {
    if (r.rasterised.has(i)) continue;
    const fresh: ReadParagraph[] = [];
    for (const x of r.pages[i]!.paragraphs) {
      const next = propagateEdits(x.paragraph.text, x.edits, known);
      const added = next.filter((e) => !x.edits.includes(e));
      x.edits = next;
      if (added.length > 0) fresh.push({ ...x, edits: added });
    }
    if (fresh.length > 0 && rewritePage(r, i, fresh, false) !== null) failed.push(i);
  }
  return failed;
}
