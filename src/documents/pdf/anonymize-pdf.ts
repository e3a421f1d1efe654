import type { PDFRef } from 'pdf-lib';
import { EncryptedPDFError, PDFDocument, StandardFonts } from 'pdf-lib';
import type { Edit } from '../../replacement/apply.js';
import type { ImageDetectors } from '../image/anonymize-image.js';
import type { ImageCodec } from '../image/codec.js';
import type { RandomFill } from '../image/effects.js';
import type { PiiPageEntry } from '../../spec/types.js';
import { invalidFile } from '../../errors/problem.js';
import type { DocumentJob, VerificationSummary } from '../adapter.js';
import { reportProgress } from '../adapter.js';
import type { TextLayout } from '../layout.js';
import { knownStrings } from '../propagate.js';
import { latin1 } from './content-stream.js';
import { hasResourceCycle } from './cycles.js';
import { detectDocument, settleDocument } from './detect-document.js';
import { overwriteImageRegions } from './images.js';
import type { ImageInspection, InspectionStats } from './inspect-images.js';
import { editsOf, inspectImages } from './inspect-images.js';
import type { RedactedPdf } from './page-data.js';
import { pageDataOf } from './page-data.js';
import type { PageRedaction, RedactionCounts } from './page-redaction.js';
import { rasterisePage, redactLate, rewritePage, startRedaction } from './page-redaction.js';
import { openPdfjs } from './pdfjs.js';
import type { PdfjsSource } from './pdfjs.js';
import type { PageRasteriser } from './rasterise.js';
import type { PagesRead } from './read-pages.js';
import { rasteriseFirst, readPages } from './read-pages.js';
import { hasImageFilterOnNonImage } from './streams.js';
import type { Needle } from './verify.js';
import { verifyRedaction } from './verify-rounds.js';

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
export interface PdfStats extends InspectionStats, RedactionCounts, Record<string, number> {
  pages: number;
  overwrittenImages: number;
  scrubbedContainers: number;
}

/** The result of one PDF. */
export interface AnonymizedPdf {
  bytes: Uint8Array;
  pageData: PiiPageEntry[];
  verification: VerificationSummary & { stats: PdfStats };
}

/** Most pages a document may have, unless the platform says otherwise. */
const DEFAULT_MAX_PAGES = 2000;

async function loadPdfLib(bytes: Uint8Array): Promise<PDFDocument> {
  try {
    return await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: false });
  } catch (err) {
    // Encrypted strings can break parsing before pdf-lib reaches its own encryption check.
    if (err instanceof EncryptedPDFError || latin1(bytes).includes('/Encrypt')) throw invalidFile('The PDF is encrypted.');
    throw invalidFile('The PDF is damaged or not a PDF.');
  }
}

/** pdf-lib's copy of the file, refused when it is encrypted, damaged, or hostile to the decoders that read it next. */
async function openPdfLib(bytes: Uint8Array): Promise<PDFDocument> {
  const doc = await loadPdfLib(bytes);
  if (hasImageFilterOnNonImage(doc.context)) throw invalidFile('The PDF uses image compression for page content.');
  if (
    hasResourceCycle(
      doc.context,
      doc.getPages().map((p) => p.node),
    )
  )
    throw invalidFile('The PDF has cyclic resources.');
  return doc;
}

function emptyStats(): PdfStats {
  return {
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
}

/**
 * Redacts every page (rewritten, or rasterised where it cannot be), inspects the images the pages draw, redacts the
 * strings found late everywhere, applies the rasterised pages and overwrites image regions. Returns the inspection.
 */
async function redactDocument(
  r: PageRedaction,
  deps: PdfDeps,
  imageTexts: ReadonlyMap<PDFRef, TextLayout>,
  knownEdits: readonly Edit[],
  stats: PdfStats,
): Promise<ImageInspection> {
  for (let i = 0; i < r.pages.length; i++) {
    r.job.signal?.throwIfAborted();
    r.progress('redacting', i);
    const reason = rasteriseFirst(r.pages[i]!) ?? rewritePage(r, i, r.pages[i]!.paragraphs, true);
    if (reason) await rasterisePage(r, i);
  }
  // Inspected on their own pixels first: a box painted over a face would hide it from the detector, not from a viewer.
  const inspection = await inspectImages(
    r.doc.context,
    r.drawn,
    r.job,
    { codec: deps.pixels, detectors: deps.detectors ?? {}, ...(deps.random ? { random: deps.random } : {}) },
    imageTexts,
  );
  Object.assign(stats, inspection.stats);
  // Inline images dropped because faces were asked for were not inspected: counted like undecodable images filled.
  stats.uninspectedImages += r.droppedInlineImages;
  stats.filledImages += r.droppedInlineImages;
  // Strings found late, by OCR of rasterised pages and of images, count for the whole document too: the text pages
  // already rewritten are redacted again where they occur, and every rasterised page masks every known string.
  const lateEdits = [...[...r.rasterised.values()].flatMap((p) => p.edits), ...inspection.images.flatMap(editsOf)];
  for (const i of redactLate(r, knownStrings(lateEdits))) await rasterisePage(r, i);
  const allKnown = knownStrings([...knownEdits, ...lateEdits]);
  for (const [i, p] of r.rasterised) {
    p.addKnown(allKnown);
    await p.apply(r.doc, r.srcPages[i]!);
  }
  stats.overwrittenImages = await overwriteImageRegions(r.doc.context, r.images, deps.pixels);
  return inspection;
}

/** Every original string redacted anywhere in the document, as the verifier looks for it (read when called: it grows). */
function originalsOf(d: Omit<RedactedPdf, 'anonymizedBoxes'>): Needle[] {
  return [
    ...d.pages.flatMap((p) => p.paragraphs.flatMap((x) => x.edits)),
    ...d.hidden.flatMap((h) => h.edits),
    ...[...d.rasterised.values()].flatMap((p) => p.edits),
    ...d.images.flatMap(editsOf),
  ].map((e) => ({ label: e.label, text: e.original }));
}

/**
 * Anonymizes one PDF: reads every page with pdf.js (glyph boxes → lines → paragraphs → detection), rewrites each
 * page's content stream without the redacted glyphs, paths and image pixels and draws the replacements in place
 * (pages that cannot be rewritten are rasterised, OCR'd and redacted as images), drops every container that is not
 * page content, writes a fresh file and verifies it (fail closed: a surviving original string throws).
 */
export async function anonymizePdf(bytes: Uint8Array, job: DocumentJob, deps: PdfDeps): Promise<AnonymizedPdf> {
  const stats = emptyStats();
  // pdf-lib first: it parses without decoding, so hostile streams are refused before pdf.js decodes them.
  const doc = await openPdfLib(bytes);
  // Rasterised page images are listed after the input's object numbers (inspected images keep theirs).
  const firstFreeXref = doc.context.largestObjectNumber + 1;
  const srcPages = doc.getPages();
  const detectors = deps.detectors ?? {};
  await deps.pdfjs.prepare?.();
  const pdfjsDoc = await openPdfjs(deps.pdfjs, bytes);
  const pdfjs = await deps.pdfjs.load();
  const rasteriser = deps.rasteriser?.forDocument(bytes);
  let read: PagesRead;
  try {
    read = await readPages(doc, srcPages, pdfjsDoc, pdfjs, job, {
      maxPages: deps.maxPages ?? DEFAULT_MAX_PAGES,
      canRasterise: !!rasteriser,
    });
  } catch (err) {
    await rasteriser?.close();
    throw err;
  } finally {
    // The pages are read; the rasteriser opens its own copy when it needs one.
    await pdfjsDoc.destroy();
  }
  const { pages } = read;
  stats.pages = pages.length;
  const progress: PageRedaction['progress'] = (phase, pagesDone) => reportProgress(job, phase, pagesDone, pages.length);
  let detected: Awaited<ReturnType<typeof detectDocument>>;
  try {
    detected = await detectDocument(
      doc,
      read,
      job,
      { codec: deps.pixels, detectors, ocrConcurrency: deps.ocrConcurrency ?? 1 },
      rasteriser,
      progress,
    );
  } catch (err) {
    await rasteriser?.close();
    await detectors.releaseOcr?.();
    throw err;
  }
  stats.scrubbedContainers = detected.hidden.length;
  const { knownEdits, hiddenEntries } = settleDocument(job, pages, detected);

  const font = await doc.embedFont(StandardFonts.Helvetica);
  const r = startRedaction({ doc, srcPages, pages, job, font, rasteriser, earlyOcr: detected.earlyOcr, firstFreeXref, progress, stats });
  let inspection: ImageInspection;
  try {
    inspection = await redactDocument(r, deps, detected.imageTexts, knownEdits, stats);
  } finally {
    await rasteriser?.close();
    await detectors.releaseOcr?.();
  }

  const redacted: RedactedPdf = {
    pages,
    rasterised: r.rasterised,
    images: inspection.images,
    hidden: hiddenEntries,
    anonymizedBoxes: r.anonymizedBoxes,
  };
  const fallback = job.verificationFallback === 'rasterise' ? deps.rasteriser : undefined;
  const openFallback = fallback ? () => fallback.forDocument(bytes) : null;
  const verified = await verifyRedaction(r, deps.pdfjs, () => originalsOf(redacted), knownEdits, openFallback);
  const pageData = pageDataOf(redacted, job, read.paragraphCount);
  return { bytes: verified.bytes, pageData, verification: { ...verified.verification, stats } };
}
