import type { PDFContext, PDFRef } from 'pdf-lib';
import { PDFRawStream } from 'pdf-lib';
import type { Edit } from '../../replacement/apply.js';
import type { Box, PiiPageEntry } from '../../spec/types.js';
import type { TextLayout } from '../layout.js';
import type { DocumentJob } from '../adapter.js';
import { readsTextInImages } from '../adapter.js';
import type { ImageDetectors, RasterFindings } from '../image/anonymize-image.js';
import { readRasterText, redactRaster } from '../image/anonymize-image.js';
import { applyOrientation } from '../image/orientation.js';
import type { ImageCodec } from '../image/codec.js';
import type { RandomFill } from '../image/effects.js';
import { imageUrlOf } from '../pii-record.js';
import { imageFindingsEntry } from '../image/findings-entry.js';
import type { Matrix } from './geometry.js';
import { inverseOrientation, viewedOrientation } from './image-orientation.js';
import { canReadPixels, imageSize, readImagePixels, writeImagePixels } from './image-pixels.js';
import { isDecorative, replaceImage, solidImage } from './images.js';
import type { DrawnImage } from './redact-page.js';

/** Share of the crop box an undecodable image must cover for its page to count as a scan. */
const SCAN_COVER = 0.5;

/** Whether the request needs image pixels looked at: the `face` label, the `text` label or any text label. */
function wantsInspection(job: DocumentJob): boolean {
  return readsTextInImages(job) || job.imageLabels.has('face');
}

/**
 * Whether a page that could be rewritten is really a scan whose image we cannot decode (JBIG2, CCITT, JPX scans
 * under an OCR text layer): such an image covers at least half the crop box. Its visible text and faces live in the
 * image, so the page goes to the rasteriser (pdf.js decodes those filters) instead of keeping it unread or filled.
 */
export function isUndecodableScan(ctx: PDFContext, images: readonly DrawnImage[], crop: Box, job: DocumentJob): boolean {
  if (!wantsInspection(job)) return false;
  const area = (b: Box) => Math.max(0, b.x1 - b.x0) * Math.max(0, b.y1 - b.y0);
  return images.some(({ ref, placed }) => {
    const covered = area({
      x0: Math.max(crop.x0, placed.x0),
      y0: Math.max(crop.y0, placed.y0),
      x1: Math.min(crop.x1, placed.x1),
      y1: Math.min(crop.y1, placed.y1),
    });
    if (covered < SCAN_COVER * area(crop)) return false;
    const stream = ctx.lookup(ref);
    return !(stream instanceof PDFRawStream && canReadPixels(ctx, stream));
  });
}

/** The image XObjects one rewritten page draws (repeats allowed). */
export interface DrawnImages {
  pageNum: number;
  /** User space → the viewed page (y down), for the orientation images are seen in. */
  toView: Matrix;
  images: readonly DrawnImage[];
}

/** Platform pieces of the image inspection. */
export interface InspectDeps {
  codec: ImageCodec;
  detectors: ImageDetectors;
  random?: RandomFill;
}

/** One image whose pixels went through the detectors, on the first page that draws it. */
export interface InspectedImage {
  ref: PDFRef;
  pageNum: number;
  findings: RasterFindings;
}

/** Counts of the inspection, for the verification summary. */
export interface InspectionStats {
  /** Images whose pixels went through every requested detector. */
  inspectedImages: number;
  /** Images a requested detector could not run on (pixels not decodable, or the detector is not available). */
  uninspectedImages: number;
  /** Uninspected images replaced by a solid fill because the `face` label was requested (fail closed). */
  filledImages: number;
  /** Inspected images whose pixels were redacted. */
  redactedImages: number;
  /** Images too small to hold a word or a face, left alone. */
  tinyImages: number;
}

/** What the inspection found and did. */
export interface ImageInspection {
  images: InspectedImage[];
  stats: InspectionStats;
}

/** An image drawn on the pages, at its first use (the use its findings are told in). */
interface FirstUse {
  ref: PDFRef;
  pageNum: number;
  /** Its size, when its dictionary tells it. */
  size: ReturnType<typeof imageSize> | null;
  /** Too small to hold a word or a face: not decoded. */
  tiny: boolean;
  /** User space of the image → how the page shows it. */
  orientation: ReturnType<typeof viewedOrientation>;
}

/** Every image the pages draw, once, at its first use. */
function* firstUses(ctx: PDFContext, drawn: readonly DrawnImages[], signal?: AbortSignal): Generator<FirstUse> {
  const seen = new Set<PDFRef>();
  for (const { pageNum, toView, images: uses } of drawn) {
    for (const { ref, ctm } of uses) {
      if (seen.has(ref)) continue;
      seen.add(ref);
      signal?.throwIfAborted();
      const stream = ctx.lookup(ref);
      const size = stream instanceof PDFRawStream ? imageSize(ctx, stream) : null;
      // Detectors see the image as the page shows it (first use): OCR and BlazeFace expect upright text and faces.
      yield {
        ref,
        pageNum,
        size,
        tiny: size !== null && isDecorative(size.width, size.height),
        orientation: viewedOrientation(toView, ctm),
      };
    }
  }
}

async function pixelsOf(ctx: PDFContext, ref: PDFRef, codec: ImageCodec): Promise<Awaited<ReturnType<typeof readImagePixels>>> {
  const stream = ctx.lookup(ref);
  return stream instanceof PDFRawStream ? readImagePixels(ctx, stream, codec) : null;
}

/**
 * What OCR reads in each image the pages draw, read before the detection model loads (tesseract and the model are
 * then never resident together); `inspectImages` takes it instead of running OCR again. Empty when the job reads no
 * text in images or there is no OCR.
 */
export async function readImageTexts(
  ctx: PDFContext,
  drawn: readonly DrawnImages[],
  job: DocumentJob,
  deps: Pick<InspectDeps, 'codec' | 'detectors'>,
): Promise<Map<PDFRef, TextLayout>> {
  const texts = new Map<PDFRef, TextLayout>();
  const ocr = deps.detectors.ocr;
  if (!ocr || !readsTextInImages(job)) return texts;
  for (const use of firstUses(ctx, drawn, job.signal)) {
    if (use.tiny) continue;
    const pixels = await pixelsOf(ctx, use.ref, deps.codec);
    if (pixels) texts.set(use.ref, await readRasterText(applyOrientation(pixels.raster, use.orientation), deps.codec, ocr));
  }
  return texts;
}

/**
 * P9 for images on rewritten pages: every image XObject is decoded once (wherever it is drawn), faces and text are
 * found and redacted exactly as in an image upload (`redactRaster`), and changed pixels replace the image object
 * itself, so every use shows them. An image that cannot be decoded stays as it is, except when the `face` label is
 * requested: then it becomes a solid fill, since nobody can tell whether it shows a face. `texts`: what OCR read in
 * the images earlier (`readImageTexts`); an image not in it is read now.
 */
export async function inspectImages(
  ctx: PDFContext,
  drawn: readonly DrawnImages[],
  job: DocumentJob,
  deps: InspectDeps,
  texts: ReadonlyMap<PDFRef, TextLayout> = new Map(),
): Promise<ImageInspection> {
  const stats: InspectionStats = { inspectedImages: 0, uninspectedImages: 0, filledImages: 0, redactedImages: 0, tinyImages: 0 };
  const images: InspectedImage[] = [];
  const faceType = job.imageLabels.get('face');
  const wantsText = readsTextInImages(job);
  if (!wantsInspection(job)) return { images, stats };
  for (const { ref, pageNum, size, tiny, orientation } of firstUses(ctx, drawn, job.signal)) {
    if (tiny) {
      stats.tinyImages++;
      continue;
    }
    const pixels = await pixelsOf(ctx, ref, deps.codec);
    const faces = faceType !== undefined && deps.detectors.faces !== undefined;
    const text = wantsText && deps.detectors.ocr !== undefined;
    const complete = pixels !== null && faces === (faceType !== undefined) && text === wantsText;
    stats[complete ? 'inspectedImages' : 'uninspectedImages']++;
    if (faceType && (!pixels || !faces)) {
      replaceImage(ctx, ref, solidImage(ctx, size?.mask ?? false));
      stats.filledImages++;
      continue;
    }
    if (!pixels || (!faces && !text)) continue;
    const viewed = applyOrientation(pixels.raster, orientation);
    const ocrLayout = texts.get(ref);
    const findings = await redactRaster(viewed, job, {
      ...deps,
      ...(job.signal ? { signal: job.signal } : {}),
      ...(ocrLayout ? { ocrLayout } : {}),
    });
    images.push({ ref, pageNum, findings });
    if (findings.faces.length > 0 || findings.textRegions.length > 0 || (findings.ocrText?.applied?.edits.length ?? 0) > 0) {
      replaceImage(
        ctx,
        ref,
        await writeImagePixels(ctx, applyOrientation(viewed, inverseOrientation(orientation)), pixels.form, deps.codec),
      );
      stats.redactedImages++;
    }
  }
  return { images, stats };
}

/** Edits found in the OCR text of an inspected image (their originals are verified too). */
export function editsOf(image: InspectedImage): Edit[] {
  return image.findings.ocrText?.applied?.edits ?? [];
}

/**
 * The PII record entry of an inspected image: its OCR text as one paragraph and its `imagesData` (faces and `text`
 * words), boxes in pixels of the image as its first use shows it (as EXIF orientation is for image uploads); `xref`
 * is the image's object number in the input file.
 */
export function inspectedImageEntry(image: InspectedImage, job: DocumentJob, paragraphId: number): PiiPageEntry {
  const xref = image.ref.objectNumber;
  return imageFindingsEntry(image.findings, {
    pageNum: image.pageNum,
    paragraphId,
    imageUrl: imageUrlOf(job.imageBaseUrl, job.documentId, xref),
    xref,
  });
}
