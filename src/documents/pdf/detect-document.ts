import type { PDFDocument, PDFRef } from 'pdf-lib';
import type { Edit } from '../../replacement/apply.js';
import type { ImageDetectors } from '../image/anonymize-image.js';
import type { ImageCodec } from '../image/codec.js';
import type { DocumentJob, DocumentPhase } from '../adapter.js';
import { readsTextInImages } from '../adapter.js';
import type { TextLayout } from '../layout.js';
import { readImageTexts } from './inspect-images.js';
import type { HiddenEntry } from './page-data.js';
import type { PageOcr, DocumentRasteriser } from './rasterise.js';
import type { PagesRead, ReadPage } from './read-pages.js';
import { readingPieces } from './reading.js';
import { collectHiddenTexts } from './scrub.js';
import { eachConcurrently } from '../../util/concurrency.js';

/** What detection needs of the platform's image pieces. */
export interface DetectDeps {
  codec: ImageCodec;
  detectors: ImageDetectors;
  /** How many pages the OCR recognises at once. */
  ocrConcurrency: number;
}

/** What a document's detection found before any page is redacted. */
export interface Detected {
  /** What OCR read on the pages that will be rasterised whatever is found on them, with its edits. */
  earlyOcr: Map<number, PageOcr | null>;
  /** What OCR read in the images of the other pages. */
  imageTexts: Map<PDFRef, TextLayout>;
  /** Texts the pages do not show (metadata, annotations, …), with their edits. */
  hidden: HiddenEntry[];
}

type Progress = (phase: DocumentPhase, pagesDone: number) => void;

/** OCR of the pages that will be rasterised whatever is found on them, in page order of completion; one more page renders meanwhile. */
async function ocrFirst(
  rasteriser: DocumentRasteriser,
  read: PagesRead,
  job: DocumentJob,
  ocrConcurrency: number,
  progress: Progress,
): Promise<Map<number, PageOcr | null>> {
  const earlyOcr = new Map<number, PageOcr | null>();
  let done = 0;
  await eachConcurrently(read.toOcr, ocrConcurrency + 1, async (i) => {
    job.signal?.throwIfAborted();
    progress('ocr', done);
    earlyOcr.set(i, await rasteriser.ocr(i + 1, read.pages[i]!.text, job));
    done++;
  });
  return earlyOcr;
}

/**
 * The pages' blocks read together, page after page (in chunks): each block with the page around it and the pages
 * before, so a short page is read in the document's language; a table's cells as rows. Progress counts a page once
 * all its blocks are done.
 */
async function detectPages(pages: readonly ReadPage[], job: DocumentJob, progress: Progress): Promise<void> {
  if (!job.texts) return;
  const perPage = pages.map((page) => readingPieces(page.paragraphs.map((x) => x.paragraph)));
  const ends: number[] = [];
  perPage.reduce((n, pieces) => (ends.push(n + pieces.length), n + pieces.length), 0);
  const applied = await job.texts(perPage.flat(), (done) => progress('detecting', ends.filter((end) => end <= done).length));
  let k = 0;
  for (const page of pages) for (const x of page.paragraphs) x.edits = applied[k++]!.edits;
}

/**
 * Everything the document holds, detected before any page is redacted: pages to be rasterised are OCR'd first and
 * the images of the others read, before the detection model loads, and the OCR worker is let go (tesseract and the
 * model are never resident together); then the pages' text, the OCR text (so each page is redacted once, no page
 * image decoded again to mask a string found later) and the hidden texts.
 */
export async function detectDocument(
  doc: PDFDocument,
  read: PagesRead,
  job: DocumentJob,
  deps: DetectDeps,
  rasteriser: DocumentRasteriser | undefined,
  progress: Progress,
): Promise<Detected> {
  const earlyOcr = rasteriser ? await ocrFirst(rasteriser, read, job, deps.ocrConcurrency, progress) : new Map<number, PageOcr | null>();
  if (read.textPageImages.length > 0 && readsTextInImages(job) && deps.detectors.ocr) progress('ocr', read.toOcr.length);
  const imageTexts = await readImageTexts(doc.context, read.textPageImages, job, deps);
  if (earlyOcr.size > 0 || imageTexts.size > 0) await deps.detectors.releaseOcr?.();
  progress('detecting', 0);
  await detectPages(read.pages, job, progress);
  // In page order (the pages were recognised concurrently): pseudonyms are numbered as read.
  for (const [, ocr] of [...earlyOcr].sort(([a], [b]) => a - b)) {
    job.signal?.throwIfAborted();
    if (ocr && job.text && ocr.layout.text.trim() !== '') ocr.edits = (await job.text(ocr.layout.text)).edits;
  }
  const hidden: HiddenEntry[] = [];
  for (const h of collectHiddenTexts(doc)) hidden.push({ ...h, edits: job.text ? (await job.text(h.text)).edits : [] });
  return { earlyOcr, imageTexts, hidden };
}

/**
 * One finding counts for the whole document: a name found only in the metadata, or any part of a name, is also
 * redacted on the pages, as a mention of its entity. Settles the edits of the pages' paragraphs and of the OCR text
 * in place; returns every edit settled and the hidden texts with something to redact.
 */
export function settleDocument(
  job: DocumentJob,
  pages: readonly ReadPage[],
  detected: Detected,
): { knownEdits: Edit[]; hiddenEntries: HiddenEntry[] } {
  const paragraphsRead = pages.flatMap((p) => p.paragraphs);
  const ocrRead = [...detected.earlyOcr.values()].filter((o): o is PageOcr => o !== null && o.edits !== undefined);
  const settled = job.propagate([
    ...paragraphsRead.map((x) => ({ text: x.paragraph.text, edits: x.edits })),
    ...ocrRead.map((o) => ({ text: o.layout.text, edits: o.edits! })),
    ...detected.hidden,
  ]);
  paragraphsRead.forEach((x, i) => (x.edits = settled[i]!));
  ocrRead.forEach((o, i) => (o.edits = settled[paragraphsRead.length + i]!));
  const hiddenEntries = detected.hidden
    .map((h, i) => ({ ...h, edits: settled[paragraphsRead.length + ocrRead.length + i]! }))
    .filter((h) => h.edits.length > 0);
  return { knownEdits: settled.flat(), hiddenEntries };
}
