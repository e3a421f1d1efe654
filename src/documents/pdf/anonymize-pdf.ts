import type { PDFFont, PDFPage } from 'pdf-lib';
import { EncryptedPDFError, PDFArray, PDFDict, PDFDocument, PDFName, PDFRef, PDFStream, StandardFonts } from 'pdf-lib';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { Edit } from '../../replacement/apply.js';
import type { ImageDetectors } from '../image/anonymize-image.js';
import type { ImageCodec } from '../image/codec.js';
import type { RandomFill } from '../image/effects.js';
import type { Box, PiiPageEntry } from '../../spec/types.js';
import { AnonymizerError, invalidFile, unprocessable, verificationFailed } from '../../errors/problem.js';
import type { DocumentJob, DocumentPhase, VerificationSummary } from '../adapter.js';
import { readsTextInImages, reportProgress } from '../adapter.js';
import type { TextLayout } from '../layout.js';
import { unionBox } from '../layout.js';
import { buildPageEntry } from '../pii-record.js';
import type { Matrix } from './geometry.js';
import { IDENTITY, apply, grow, invert, transformBox } from './geometry.js';
import type { ImageRegion } from './images.js';
import type { DrawnImage } from './redact-page.js';
import { UnsafePageError, redactPageContent } from './redact-page.js';
import type { PdfParagraph } from './paragraphs.js';
import { readingPieces } from './reading.js';
import { groupParagraphs, lineBoxesOfRange, paragraphBoxesOfRange } from './paragraphs.js';
import { overwriteImageRegions } from './images.js';
import type { DrawnImages, InspectionStats } from './inspect-images.js';
import { editsOf, inspectImages, inspectedImageEntry, isUndecodableScan, readImageTexts } from './inspect-images.js';
import { openPdfjs } from './pdfjs.js';
import type { PdfjsSource } from './pdfjs.js';
import { knownStrings, propagateEdits } from '../propagate.js';
import type { KnownStrings } from '../propagate.js';
import type { PdfPageText } from './read.js';
import { readPage } from './read.js';
import type { PageOcr, PageRasteriser, RasterisedPage } from './rasterise.js';
import { latin1 } from './content-stream.js';
import { hasResourceCycle } from './cycles.js';
import { drawnXObjects } from './drawn-xobjects.js';
import { collectHiddenTexts } from './scrub.js';
import { decodeStream, hasImageFilterOnNonImage, StreamDecodeError } from './streams.js';
import type { Needle } from './verify.js';
import { verifyPdf } from './verify.js';
import { writeFresh } from './write.js';
import { eachConcurrently } from '../../util/concurrency.js';

/** Platform pieces of the PDF pipeline. */
export interface PdfDeps {
  pdfjs: PdfjsSource;
  /** Decodes/encodes JPEG image XObjects that are inspected or overwritten (raw samples need no codec). */
  pixels: ImageCodec;
  /**
   * Face detection and OCR of the images on rewritten pages (P9); without it, or without the detector a request
   * needs, those images count as uninspected (and are filled when faces are requested).
   */
  detectors?: ImageDetectors;
  /** Noise source of BLUR/PIXELATE on image pixels; `crypto.getRandomValues` by default. */
  random?: RandomFill;
  /** Renders, OCRs and redacts pages that cannot be rewritten; without it such pages fail closed. */
  rasteriser?: PageRasteriser;
  /** Most pages a document may have. */
  maxPages?: number;
  /** How many pages the OCR can recognise at once (its workers); one more page is rendered meanwhile. Default 1. */
  ocrConcurrency?: number;
}

/** Counts of what the rewrite did, for the result (no content). */
export interface PdfStats extends InspectionStats, Record<string, number> {
  pages: number;
  rewrittenPages: number;
  rasterisedPages: number;
  removedGlyphs: number;
  removedHiddenGlyphs: number;
  removedPaths: number;
  overwrittenImages: number;
  scrubbedContainers: number;
}

/** The result of one PDF. */
export interface AnonymizedPdf {
  bytes: Uint8Array;
  pageData: PiiPageEntry[];
  verification: VerificationSummary & { stats: PdfStats };
}

/** Glyph boxes are grown by this much (points) before the content rewrite, to absorb rounding between readers. */
const AREA_MARGIN = 0.3;
/**
 * How far (in heights of the box) a leak's box is widened along its line in each repair round: the verifier's boxes
 * assume equally wide characters, so a second round reaches the glyphs a proportional font put a little further.
 * Vertical lines are not widened: a leak there that the first round misses goes to the fallback.
 */
const REPAIR_ROUNDS = [0, 0.5];

/** A leak's box widened by `heights` of its height at both ends of its line (lines run across the page). */
function widen(box: Box, heights: number): Box {
  const d = heights * (box.y1 - box.y0);
  return { ...box, x0: box.x0 - d, x1: box.x1 + d };
}
const DEFAULT_MAX_PAGES = 2000;

interface ReadParagraph {
  paragraph: PdfParagraph;
  edits: Edit[];
  paragraphId: number;
}

interface ReadPage {
  /** The page as read, without its glyphs (the paragraphs hold what is needed of them). */
  text: PdfPageText;
  paragraphs: ReadParagraph[];
  /** Why the page goes to the rasteriser whatever is found on it (`rasterReason`), or null. */
  rasterReason: string | null;
}

function toUserBox(m: Matrix, b: Box): Box {
  return transformBox(m, b.x0, b.y0, b.x1, b.y1);
}

/** Characters the standard Helvetica (WinAnsi) can draw; others become `?`. */
function drawable(font: PDFFont, text: string): string {
  const set = new Set(font.getCharacterSet());
  return [...text].map((c) => (set.has(c.codePointAt(0)!) ? c : '?')).join('');
}

/** A number as a content-stream operand (no exponent, four decimals at most). */
function operand(v: number): string {
  return String(Math.round(v * 1e4) / 1e4);
}

/**
 * Draws each edit's replacement where the first line of its original was; returns its box (top-left coordinates).
 * Measured on the page as viewed and drawn along the viewed horizontal, so on a rotated page (/Rotate with content
 * turned the other way, as scanners and landscape exports write it) the label stays upright with the text around it.
 * The labels are written as one content stream of bytes appended to the page: pdf-lib's `drawText` would hold an
 * object per operator and operand until the file is saved, which a long document with many entities pays per page.
 */
function drawReplacements(page: PDFPage, font: PDFFont, text: PdfPageText, paragraphs: readonly ReadParagraph[]): Map<Edit, Box> {
  const drawn = new Map<Edit, Box>();
  const radians = Math.atan2(text.toUser[1], text.toUser[0]);
  const turn = Math.abs((radians * 180) / Math.PI) > 0.01;
  const [cos, sin] = turn ? [Math.cos(radians), Math.sin(radians)] : [1, 0];
  const shown: string[] = [];
  for (const p of paragraphs) {
    for (const e of p.edits) {
      const first = lineBoxesOfRange(p.paragraph, e.start, e.end)[0];
      if (!first) continue;
      const label = drawable(font, e.replacement.replace(/\s+/g, ' '));
      if (label.trim() === '') continue;
      const h = first.y1 - first.y0;
      const w = first.x1 - first.x0;
      const natural = font.widthOfTextAtSize(label, 1);
      const size = Math.max(3, Math.min(h * 0.75, natural > 0 ? w / natural : h));
      const baseline = first.y1 - h * 0.2;
      const [x, y] = apply(text.toUser, first.x0, baseline);
      const matrix = [cos, sin, -sin, cos, x, y].map(operand).join(' ');
      shown.push(`q BT 0 0 0 rg /{font} ${operand(size)} Tf ${matrix} Tm ${font.encodeText(label).toString()} Tj ET Q`);
      drawn.set(e, { x0: first.x0, y0: baseline - size * 0.8, x1: first.x0 + natural * size, y1: baseline + size * 0.2 });
    }
  }
  if (shown.length > 0) {
    const key = page.node.newFontDictionary(font.name, font.ref).toString();
    const content = shown.join('\n').replaceAll('/{font}', key);
    const context = page.doc.context;
    const ref = context.register(context.flateStream(content));
    // After the page's own rewritten stream (a later rewrite replaces that first entry only).
    const contents = page.node.get(PDFName.of('Contents'));
    if (contents instanceof PDFArray) contents.push(ref);
    else page.node.set(PDFName.of('Contents'), context.obj(contents ? [contents, ref] : [ref]));
  }
  return drawn;
}

/** The glyph boxes (top-left page coordinates) of every edit of `paragraphs`. */
function editBoxes(paragraphs: readonly ReadParagraph[]): Box[] {
  return paragraphs.flatMap((p) => p.edits.flatMap((e) => paragraphBoxesOfRange(p.paragraph, e.start, e.end)));
}

function pageContent(doc: PDFDocument, page: PDFPage): Uint8Array {
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

/** Why a page goes to the rasteriser instead of the content rewrite, or null. */
function rasterReason(t: PdfPageText): string | null {
  const letters = t.glyphs.filter((g) => g.text !== ' ').length;
  if (t.garbled) return 'text without usable Unicode';
  if (letters === 0 && t.imageCount > 0) return 'scanned page';
  if (letters === 0 && t.pathCount > 200) return 'text as vector outlines';
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

async function loadPdfLib(bytes: Uint8Array): Promise<PDFDocument> {
  try {
    return await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: false });
  } catch (err) {
    // Encrypted strings can break parsing before pdf-lib reaches its own encryption check.
    if (err instanceof EncryptedPDFError || latin1(bytes).includes('/Encrypt')) throw invalidFile('The PDF is encrypted.');
    throw invalidFile('The PDF is damaged or not a PDF.');
  }
}

/**
 * Anonymizes one PDF: reads every page with pdf.js (glyph boxes → lines → paragraphs → detection), rewrites each
 * page's content stream without the redacted glyphs, paths and image pixels and draws the replacements in place
 * (pages that cannot be rewritten are rasterised, OCR'd and redacted as images), drops every container that is not
 * page content, writes a fresh file and verifies it (fail closed: a surviving original string throws).
 */
export async function anonymizePdf(bytes: Uint8Array, job: DocumentJob, deps: PdfDeps): Promise<AnonymizedPdf> {
  const stats: PdfStats = {
    pages: 0,
    rewrittenPages: 0,
    rasterisedPages: 0,
    removedGlyphs: 0,
    removedHiddenGlyphs: 0,
    removedPaths: 0,
    overwrittenImages: 0,
    scrubbedContainers: 0,
    inspectedImages: 0,
    uninspectedImages: 0,
    filledImages: 0,
    redactedImages: 0,
    tinyImages: 0,
  };
  let pagesTotal = 0;
  const progress = (phase: DocumentPhase, pagesDone: number) => reportProgress(job, phase, pagesDone, pagesTotal);
  // pdf-lib first: it parses without decoding, so hostile streams are refused before pdf.js decodes them.
  const doc = await loadPdfLib(bytes);
  // Rasterised page images are listed after the input's object numbers (inspected images keep theirs).
  const firstFreeXref = doc.context.largestObjectNumber + 1;
  if (hasImageFilterOnNonImage(doc.context)) throw invalidFile('The PDF uses image compression for page content.');
  if (
    hasResourceCycle(
      doc.context,
      doc.getPages().map((p) => p.node),
    )
  )
    throw invalidFile('The PDF has cyclic resources.');
  await deps.pdfjs.prepare?.();
  const pdfjsDoc: PDFDocumentProxy = await openPdfjs(deps.pdfjs, bytes);
  const pdfjs = await deps.pdfjs.load();
  const srcPages = doc.getPages();
  const rasteriser = deps.rasteriser?.forDocument(bytes);
  /** Pages that will be rasterised whatever is found on them (their OCR runs before the model loads). */
  const toOcr: number[] = [];
  /** The images of the other pages (their text is read by OCR before the model loads too). */
  const textPageImages: DrawnImages[] = [];
  const pages: ReadPage[] = [];
  let paragraphId = 0;
  try {
    if (pdfjsDoc.numPages > (deps.maxPages ?? DEFAULT_MAX_PAGES)) throw invalidFile('The PDF has too many pages.');
    if (srcPages.length !== pdfjsDoc.numPages) throw invalidFile('The PDF is damaged (its page tree is inconsistent).');
    pagesTotal = pdfjsDoc.numPages;
    // Pages stream through: a page's glyphs are grouped into (packed) paragraphs as soon as it is read and go, so a
    // long document holds its text and boxes, never every page's glyph objects at once.
    for (let p = 1; p <= pdfjsDoc.numPages; p++) {
      job.signal?.throwIfAborted();
      progress('reading', p - 1);
      let text: PdfPageText;
      try {
        const page = await pdfjsDoc.getPage(p);
        text = await readPage(pdfjs, page);
        page.cleanup();
      } catch (err) {
        if (err instanceof AnonymizerError || (err instanceof Error && err.name === 'AbortError')) throw err;
        throw invalidFile('A page of the PDF cannot be read.');
      }
      const plan = rasteriser ? planPage(doc, srcPages[p - 1]!, text, job) : [];
      if (plan === 'rasterise') toOcr.push(p - 1);
      else if (plan.length > 0) textPageImages.push({ pageNum: text.pageNum, toView: invert(text.toUser) ?? IDENTITY, images: plan });
      const paragraphs = groupParagraphs(text.glyphs).map((paragraph) => ({ paragraph, edits: [], paragraphId: paragraphId++ }));
      pages.push({ text: { ...text, glyphs: [] }, paragraphs, rasterReason: rasterReason(text) });
    }
  } catch (err) {
    await rasteriser?.close();
    throw err;
  } finally {
    // The pages are read; the rasteriser opens its own copy when it needs one.
    await pdfjsDoc.destroy();
  }
  stats.pages = pages.length;

  const earlyOcr = new Map<number, PageOcr | null>();
  let imageTexts = new Map<PDFRef, TextLayout>();
  const hidden: Array<{ pageNum: number; text: string; edits: Edit[] }> = [];
  try {
    // Pages that will be rasterised whatever is found on them are OCR'd first, before the detection model loads, and
    // the OCR worker is let go: tesseract and the model are never resident together.
    if (rasteriser) {
      let done = 0;
      await eachConcurrently(toOcr, (deps.ocrConcurrency ?? 1) + 1, async (i) => {
        job.signal?.throwIfAborted();
        progress('ocr', done);
        earlyOcr.set(i, await rasteriser.ocr(i + 1, pages[i]!.text, job));
        done++;
      });
    }
    if (textPageImages.length > 0 && readsTextInImages(job) && deps.detectors?.ocr) progress('ocr', toOcr.length);
    imageTexts = await readImageTexts(doc.context, textPageImages, job, { codec: deps.pixels, detectors: deps.detectors ?? {} });
    if (earlyOcr.size > 0 || imageTexts.size > 0) await deps.detectors?.releaseOcr?.();
    // The pages' blocks are read together, page after page (in chunks): each block with the page around it and the
    // pages before, so a short page is read in the document's language; a table's cells as rows.
    progress('detecting', 0);
    if (job.texts) {
      const perPage = pages.map((page) => readingPieces(page.paragraphs.map((x) => x.paragraph)));
      const ends: number[] = [];
      perPage.reduce((n, pieces) => (ends.push(n + pieces.length), n + pieces.length), 0);
      const applied = await job.texts(perPage.flat(), (done) => progress('detecting', ends.filter((end) => end <= done).length));
      let k = 0;
      for (const page of pages) for (const x of page.paragraphs) x.edits = applied[k++]!.edits;
    }
    // The OCR text of a page to be rasterised is detected now too: every string it holds is known before any page is
    // redacted, so each page is redacted once (no page image is decoded again to mask a string found later).
    // In page order (the pages were recognised concurrently): pseudonyms are numbered as read.
    for (const [, ocr] of [...earlyOcr].sort(([a], [b]) => a - b)) {
      job.signal?.throwIfAborted();
      if (ocr && job.text && ocr.layout.text.trim() !== '') ocr.edits = (await job.text(ocr.layout.text)).edits;
    }
    for (const h of collectHiddenTexts(doc)) hidden.push({ ...h, edits: job.text ? (await job.text(h.text)).edits : [] });
  } catch (err) {
    await rasteriser?.close();
    await deps.detectors?.releaseOcr?.();
    throw err;
  }
  stats.scrubbedContainers = hidden.length;

  // One finding counts for the whole document: a name found only in the metadata, or any part of a name, is also
  // redacted on the pages, as a mention of its entity.
  const paragraphsRead = pages.flatMap((p) => p.paragraphs);
  const ocrRead = [...earlyOcr.values()].filter((o): o is PageOcr => o !== null && o.edits !== undefined);
  const settled = job.propagate([
    ...paragraphsRead.map((x) => ({ text: x.paragraph.text, edits: x.edits })),
    ...ocrRead.map((o) => ({ text: o.layout.text, edits: o.edits! })),
    ...hidden,
  ]);
  const knownEdits = settled.flat();
  paragraphsRead.forEach((x, i) => (x.edits = settled[i]!));
  ocrRead.forEach((o, i) => (o.edits = settled[paragraphsRead.length + i]!));
  const hiddenEntries = hidden
    .map((h, i) => ({ ...h, edits: settled[paragraphsRead.length + ocrRead.length + i]! }))
    .filter((h) => h.edits.length > 0);

  const font = await doc.embedFont(StandardFonts.Helvetica);
  const anonymizedBoxes = new Map<Edit, Box>();
  const images: ImageRegion[] = [];
  const drawn: DrawnImages[] = [];
  const rasterised = new Map<number, RasterisedPage>();
  let droppedInlineImages = 0;
  let inspection: Awaited<ReturnType<typeof inspectImages>>;
  /** The content stream each rewritten page got (drawn replacements are appended after it). */
  const ownContent = new Map<number, PDFRef>();

  /**
   * Rewrites page `i` without the glyphs of the edits of `paragraphs` and draws their replacements; returns why the
   * page must be rasterised instead, or null. `first`: the page's first rewrite (its drawn images are inspected).
   */
  const rewrite = (i: number, paragraphs: readonly ReadParagraph[], first: boolean, more: readonly Box[] = []): string | null => {
    const { text } = pages[i]!;
    const page = srcPages[i]!;
    const areas = [...editBoxes(paragraphs), ...more].map((b) => grow(toUserBox(text.toUser, b), AREA_MARGIN));
    try {
      const crop = toUserBox(text.toUser, { x0: 0, y0: 0, x1: text.width, y1: text.height });
      // A later pass rewrites the page's rewritten content only: the replacements drawn after it stay as they are.
      const own = ownContent.get(i);
      const content = own ? decodeStream(doc.context, doc.context.lookup(own, PDFStream)) : pageContent(doc, page);
      const rewritten = redactPageContent(doc.context, content, page.node.Resources(), {
        areas,
        crop: grow(crop, 1),
        dropInlineImages: job.imageLabels.has('face'),
      });
      if (isUndecodableScan(doc.context, rewritten.drawnImages, crop, job))
        throw new UnsafePageError('a scan whose image cannot be decoded');
      const ref = doc.context.register(doc.context.flateStream(rewritten.content));
      const contents = page.node.get(PDFName.of('Contents'));
      if (own && contents instanceof PDFArray && contents.get(0) === own) contents.set(0, ref);
      else page.node.set(PDFName.of('Contents'), ref);
      ownContent.set(i, ref);
      if (rewritten.forms.size > 0) {
        const resources = page.node.Resources()!.clone(doc.context);
        const xobjects = (resources.lookupMaybe(PDFName.of('XObject'), PDFDict) ?? doc.context.obj({})).clone(doc.context);
        for (const [name, stream] of rewritten.forms) xobjects.set(PDFName.of(name), doc.context.register(stream));
        // The originals of copied forms are drawn no more: out of the resources, so the writer does not keep them.
        const drawn = drawnXObjects(doc.context, rewritten.content, xobjects);
        for (const key of xobjects.keys()) if (!drawn.has(key.decodeText())) xobjects.delete(key);
        resources.set(PDFName.of('XObject'), xobjects);
        page.node.set(PDFName.of('Resources'), resources);
      }
      images.push(...rewritten.images);
      if (first) {
        drawn.push({ pageNum: text.pageNum, toView: invert(text.toUser) ?? IDENTITY, images: rewritten.drawnImages });
        stats.rewrittenPages++;
      }
      stats.removedGlyphs += rewritten.removedGlyphs;
      stats.removedHiddenGlyphs += rewritten.removedInvisibleGlyphs + rewritten.removedOutsideCrop;
      stats.removedPaths += rewritten.removedPaths;
      droppedInlineImages += rewritten.droppedInlineImages;
      for (const [e, b] of drawReplacements(page, font, text, paragraphs)) anonymizedBoxes.set(e, b);
      return null;
    } catch (err) {
      if (!(err instanceof UnsafePageError || err instanceof StreamDecodeError)) throw err;
      return err.message;
    }
  };
  /**
   * Strings found late (by OCR of rasterised pages and of images) redacted again on the text pages already rewritten,
   * where they occur. Returns the pages whose rewrite failed.
   */
  const redactLate = (known: KnownStrings): number[] => {
    const failed: number[] = [];
    for (let i = 0; i < pages.length && known.length > 0; i++) {
      if (rasterised.has(i)) continue;
      const fresh: ReadParagraph[] = [];
      for (const x of pages[i]!.paragraphs) {
        const next = propagateEdits(x.paragraph.text, x.edits, known);
        const added = next.filter((e) => !x.edits.includes(e));
        x.edits = next;
        if (added.length > 0) fresh.push({ ...x, edits: added });
      }
      if (fresh.length > 0 && rewrite(i, fresh, false) !== null) failed.push(i);
    }
    return failed;
  };
  /** Renders, OCRs and redacts page `i` as an image (applied to the document at the end). */
  const rasterise = async (i: number): Promise<void> => {
    if (!rasteriser) throw unprocessable('A page of the PDF cannot be redacted safely (it would need rasterising).');
    if (rasterised.has(i)) return;
    const { text, paragraphs } = pages[i]!;
    progress(earlyOcr.has(i) ? 'redacting' : 'ocr', i);
    const ocr = earlyOcr.get(i);
    rasterised.set(i, await rasteriser.rasterise(i + 1, text, editBoxes(paragraphs), job, firstFreeXref + i, ocr));
    // The render kept from OCR has been used: it goes now, not with the document.
    if (ocr) ocr.png = null;
    stats.rasterisedPages++;
  };

  try {
    for (let i = 0; i < pages.length; i++) {
      job.signal?.throwIfAborted();
      progress('redacting', i);
      const { text, paragraphs } = pages[i]!;
      let reason = pages[i]!.rasterReason;
      if (!reason && text.unsafeFonts && paragraphs.some((p) => p.edits.length > 0)) reason = 'fonts the rewrite cannot measure';
      reason ??= rewrite(i, paragraphs, true);
      if (reason) await rasterise(i);
    }
    // Inspected on their own pixels first: a box painted over a face would hide it from the detector, not from a viewer.
    inspection = await inspectImages(
      doc.context,
      drawn,
      job,
      { codec: deps.pixels, detectors: deps.detectors ?? {}, ...(deps.random ? { random: deps.random } : {}) },
      imageTexts,
    );
    Object.assign(stats, inspection.stats);
    // Inline images dropped because faces were asked for were not inspected: counted like undecodable images filled.
    stats.uninspectedImages += droppedInlineImages;
    stats.filledImages += droppedInlineImages;

    // Strings found late, by OCR of rasterised pages and of images, count for the whole document too: the text pages
    // already rewritten are redacted again where they occur, and every rasterised page masks every known string.
    const lateEdits = [...[...rasterised.values()].flatMap((r) => r.edits), ...inspection.images.flatMap(editsOf)];
    for (const i of redactLate(knownStrings(lateEdits))) await rasterise(i);
    const allKnown = knownStrings([...knownEdits, ...lateEdits]);
    for (const [i, r] of rasterised) {
      r.addKnown(allKnown);
      await r.apply(doc, srcPages[i]!);
    }
    stats.overwrittenImages = await overwriteImageRegions(doc.context, images, deps.pixels);
  } finally {
    await rasteriser?.close();
    await deps.detectors?.releaseOcr?.();
  }

  const needlesOf = (): Needle[] =>
    [
      ...pages.flatMap((p) => p.paragraphs.flatMap((x) => x.edits)),
      ...hiddenEntries.flatMap((h) => h.edits),
      ...[...rasterised.values()].flatMap((r) => r.edits),
      ...inspection.images.flatMap(editsOf),
    ].map((e) => ({ label: e.label, text: e.original }));
  let out = await writeFresh(doc);
  progress('verifying', 0);
  let verification = await verifyPdf(deps.pdfjs, out, needlesOf(), (done) => progress('verifying', done));
  const verifyAgain = async () => {
    out = await writeFresh(doc);
    verification = await verifyPdf(deps.pdfjs, out, needlesOf(), (done) => progress('verifying', done));
  };
  /** Pages whose text still shows an original string, when every leak is in the text of a page (else -1 is in it). */
  const leakingPages = () =>
    new Set(verification.leaks.map((l) => (l.where.startsWith('text of page') && l.boxes ? (l.page ?? 0) - 1 : -1)));

  // The verifier reads pdf.js's text, which may order or join a page's glyphs otherwise than the redaction read them
  // (a figure's letters our reading leaves out, `CFI-⏎style` it joined to one word): where it still finds an original
  // string in the text of a rewritten page, the glyphs in the boxes it names are removed too (first as found, then a
  // little wider), and all is verified again.
  for (let round = 0; round < REPAIR_ROUNDS.length && !verification.passed; round++) {
    const leaking = leakingPages();
    if (leaking.has(-1) || [...leaking].some((i) => rasterised.has(i))) break;
    let repaired = 0;
    for (const i of leaking) {
      const boxes = verification.leaks
        .filter((l) => l.page === i + 1)
        .flatMap((l) => l.boxes ?? [])
        .map((b) => widen(b, REPAIR_ROUNDS[round]!));
      if (rewrite(i, [], false, boxes) === null) repaired += boxes.length;
    }
    if (repaired === 0) break;
    stats['repairedLeaks'] = (stats['repairedLeaks'] ?? 0) + repaired;
    await verifyAgain();
  }

  // The stricter fallback: pages whose text still shows an original string are redacted as images; what their OCR
  // finds is redacted on the other text pages too (a page's late strings are every page's), and all is verified
  // again, until no text page leaks. Only where every leak is in the text of a page: elsewhere rasterising cannot help.
  const again = job.verificationFallback === 'rasterise' && deps.rasteriser ? deps.rasteriser.forDocument(bytes) : null;
  try {
    for (let round = 0; again && !verification.passed && round < pages.length; round++) {
      const leaking = [...leakingPages()];
      if (leaking.includes(-1) || leaking.some((i) => rasterised.has(i))) break;
      const fresh: Edit[] = [];
      for (const i of leaking) {
        const { text, paragraphs } = pages[i]!;
        const r = await again.rasterise(i + 1, text, editBoxes(paragraphs), job, firstFreeXref + i);
        r.addKnown(knownStrings([...knownEdits, ...r.edits]));
        await r.apply(doc, srcPages[i]!);
        rasterised.set(i, r);
        fresh.push(...r.edits);
        stats.rasterisedPages++;
        stats.rewrittenPages--;
      }
      // A page whose rewrite fails now leaks at the next verification and is rasterised in the next round.
      redactLate(knownStrings(fresh));
      await verifyAgain();
    }
  } finally {
    await again?.close();
  }
  if (!verification.passed) throw verificationFailed(verification.leaks);

  const pageData: PiiPageEntry[] = [];
  pages.forEach(({ text, paragraphs }, i) => {
    const r = rasterised.get(i);
    for (const p of paragraphs) {
      if (p.edits.length === 0 && p.paragraph.text.trim() === '') continue;
      pageData.push(
        buildPageEntry({
          pageNum: text.pageNum,
          paragraphId: p.paragraphId,
          text: p.paragraph.text,
          edits: p.edits,
          locateOriginal: (s, e) => unionBox(paragraphBoxesOfRange(p.paragraph, s, e)),
          locateAnonymized: (e) => anonymizedBoxes.get(e) ?? unionBox(paragraphBoxesOfRange(p.paragraph, e.start, e.end)),
        }),
      );
    }
    if (r) pageData.push(...r.entries(() => paragraphId++));
    for (const image of inspection.images)
      if (image.pageNum === text.pageNum) pageData.push(inspectedImageEntry(image, job, paragraphId++));
  });
  for (const h of hiddenEntries) {
    pageData.push(
      buildPageEntry({
        pageNum: h.pageNum,
        paragraphId: paragraphId++,
        text: h.text,
        edits: h.edits,
        locateOriginal: () => null,
        locateAnonymized: () => null,
      }),
    );
  }

  return { bytes: out, pageData, verification: { ...verification, stats } };
}
