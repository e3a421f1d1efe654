import type { Applied } from '../../replacement/apply.js';
import type { Box, ImageAnonymizationType, ImageLabelName } from '../../spec/types.js';
import type { FaceBox } from '../../inference/face/types.js';
import type { TextLayout } from '../layout.js';
import { boxesOfRange, layoutFromParagraphs } from '../layout.js';
import type { ImageCodec } from './codec.js';
import { decodeImage } from './decode.js';
import type { RandomFill } from './effects.js';
import { applyEffect, cryptoRandom } from './effects.js';
import { encodeImage } from './encode.js';
import type { ImageFormat, Raster } from './raster.js';

/** Detectors an image job may need; each is asked for only when the request needs it. */
export interface ImageDetectors {
  faces?: () => Promise<{ detect(image: Raster, signal?: AbortSignal): Promise<FaceBox[]> }>;
  /** PNG bytes → paragraphs of lines of words with pixel boxes. */
  ocr?: () => Promise<{ recognize(png: Uint8Array): Promise<Array<Array<Array<{ text: string; box: Box }>>>> }>;
  /**
   * Lets the OCR worker go once no recognition is in flight (the next `ocr()` starts a fresh one): a document that
   * has read all its pages frees tesseract's memory before the detection model and the verifier need theirs.
   */
  releaseOcr?: () => Promise<void>;
}

/** What to do with one image, resolved from the upload config at the API edge. */
export interface ImageJob {
  /** Image labels to anonymize, each with its effect. */
  imageLabels: ReadonlyMap<ImageLabelName, ImageAnonymizationType>;
  /** Detection + replacement of OCR text, exactly as for plain text; null when no text label is requested. */
  text: ((text: string) => Promise<Applied>) | null;
}

/** Dependencies of `redactRaster`: OCR reads PNG, so the codec only encodes. */
export interface RasterDeps {
  codec: Pick<ImageCodec, 'encode'>;
  detectors: ImageDetectors;
  random?: RandomFill;
  signal?: AbortSignal;
  /**
   * What OCR read in this raster earlier (the PDF pipeline reads the images of its text pages before the model loads,
   * so tesseract and the model are not resident together); absent: OCR runs now.
   */
  ocrLayout?: TextLayout;
}

/** The image pipeline's platform pieces, as a document format that holds pictures (DOCX, DOC) gets them. */
export interface ImagePipelineDeps {
  codec: ImageCodec;
  detectors: ImageDetectors;
  maxPixels: number;
  random?: RandomFill;
}

/** Dependencies of `anonymizeImage`. */
export interface ImageDeps extends RasterDeps {
  codec: ImageCodec;
  maxPixels: number;
}

/** A face as redacted: the detector's box grown by `FACE_MARGIN` (hair, ears, chin). */
export interface RedactedFace {
  box: Box;
  score: number;
}

/** What was found in one raster (and redacted from it), for the PII record. */
export interface RasterFindings {
  faces: RedactedFace[];
  /** Every OCR word box (the `text` label), with tesseract-independent score 1. */
  textRegions: Box[];
  /** OCR text with its layout and what detection/replacement did to it; null when no OCR ran. */
  ocrText: { layout: TextLayout; applied: Applied | null } | null;
}

/** Result of one image: the new file and what was found, for the PII record. */
export interface AnonymizedImage extends RasterFindings {
  bytes: Uint8Array;
  format: ImageFormat;
  width: number;
  height: number;
}

/** Share of the box size added around a detected face: BlazeFace boxes stop at the brows, so more goes on top (hair). */
export const FACE_MARGIN = { side: 0.15, top: 0.35, bottom: 0.1 } as const;

/** A detected face box grown by `FACE_MARGIN`, clipped to the image of `w` × `h` pixels. */
export function growFace(b: Box, w: number, h: number): Box {
  const bw = b.x1 - b.x0;
  const bh = b.y1 - b.y0;
  return {
    x0: Math.max(0, b.x0 - bw * FACE_MARGIN.side),
    y0: Math.max(0, b.y0 - bh * FACE_MARGIN.top),
    x1: Math.min(w, b.x1 + bw * FACE_MARGIN.side),
    y1: Math.min(h, b.y1 + bh * FACE_MARGIN.bottom),
  };
}

/** What OCR reads in a raster, as a layout. */
export async function readRasterText(
  raster: Raster,
  codec: Pick<ImageCodec, 'encode'>,
  ocr: NonNullable<ImageDetectors['ocr']>,
): Promise<TextLayout> {
  const client = await ocr();
  return layoutFromParagraphs(await client.recognize(await codec.encode(raster, 'png')));
}

/**
 * Finds faces and text on the untouched pixels of `raster`, then redacts them in place: OCR words inside text-label
 * spans (with the `text` label's effect, MASK when the label is not listed), every OCR word for the `text` label,
 * faces with the `face` label's effect. A detector that is not given is not run.
 */
export async function redactRaster(raster: Raster, job: ImageJob, deps: RasterDeps): Promise<RasterFindings> {
  const random = deps.random ?? cryptoRandom;
  const { width, height } = raster;
  const faceType = job.imageLabels.get('face');
  const textType = job.imageLabels.get('text');

  let faces: RedactedFace[] = [];
  if (faceType && deps.detectors.faces) {
    const service = await deps.detectors.faces();
    faces = (await service.detect(raster, deps.signal)).map((f) => ({ box: growFace(f, width, height), score: f.score }));
  }

  let ocrText: RasterFindings['ocrText'] = null;
  let textRegions: Box[] = [];
  const wordRedactions: Box[] = [];
  if ((textType || job.text) && (deps.ocrLayout || deps.detectors.ocr)) {
    deps.signal?.throwIfAborted();
    const layout = deps.ocrLayout ?? (await readRasterText(raster, deps.codec, deps.detectors.ocr!));
    const applied = job.text && layout.text.trim() !== '' ? await job.text(layout.text) : null;
    ocrText = { layout, applied };
    if (textType) textRegions = layout.words.map((w) => w.box);
    for (const e of applied?.edits ?? []) wordRedactions.push(...boxesOfRange(layout, e.start, e.end));
  }

  deps.signal?.throwIfAborted();
  for (const b of wordRedactions) applyEffect(raster, b, textType ?? 'MASK', random);
  if (textType) for (const b of textRegions) applyEffect(raster, b, textType, random);
  if (faceType) for (const f of faces) applyEffect(raster, f.box, faceType, random);
  return { faces, textRegions, ocrText };
}

/**
 * Anonymizes one JPEG/PNG/BMP: decode (pixel budget first, EXIF orientation applied), find and redact faces and text
 * (`redactRaster`), then encode back to the same format from pixels only.
 */
export async function anonymizeImage(bytes: Uint8Array, format: ImageFormat, job: ImageJob, deps: ImageDeps): Promise<AnonymizedImage> {
  const raster = await decodeImage(bytes, format, deps.codec, deps.maxPixels);
  const findings = await redactRaster(raster, job, deps);
  return { bytes: await encodeImage(raster, format, deps.codec), format, width: raster.width, height: raster.height, ...findings };
}
