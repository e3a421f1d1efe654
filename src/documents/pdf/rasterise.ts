import type { PDFDocument, PDFPage } from 'pdf-lib';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { PDFName } from 'pdf-lib';
import type { Edit } from '../../replacement/apply.js';
import type { Box, PiiPageEntry } from '../../spec/types.js';
import type { ImageDetectors } from '../image/anonymize-image.js';
import { growFace } from '../image/anonymize-image.js';
import type { ImageCodec } from '../image/codec.js';
import { applyEffect } from '../image/effects.js';
import type { Raster } from '../image/raster.js';
import type { DocumentJob } from '../adapter.js';
import { readsTextInImages } from '../adapter.js';
import type { TextLayout } from '../layout.js';
import { boxesOfRange, layoutFromParagraphs, unionBox } from '../layout.js';
import { buildImageData, buildPageEntry, imageUrlOf } from '../pii-record.js';
import { unprocessable } from '../../errors/problem.js';
import { openPdfjs } from './pdfjs.js';
import type { KnownStrings } from '../propagate.js';
import { propagateEdits } from '../propagate.js';
import type { PdfjsSource } from './pdfjs.js';
import type { PdfPageText } from './read.js';
import type { FaceBox } from '../../inference/face/types.js';
import { cropRaster, faceRegions } from './face-regions.js';
import { compressPageImage, decompressPageImage, pageImageStream } from './page-image.js';

/** A page turned into a redacted image: what was found on it, and how to put it into the document. */
export interface RasterisedPage {
  /** Edits found by OCR (their originals are verified too); `addKnown` may add more. */
  readonly edits: readonly Edit[];
  /**
   * Redacts, in the OCR text, further occurrences of strings detected elsewhere in the document (masked when the
   * page is applied); returns how many it added.
   */
  addKnown(known: KnownStrings): number;
  /** PII record entries of the OCR text (one paragraph id each) and of the page image. */
  entries(nextParagraphId: () => number): PiiPageEntry[];
  /** Replaces the page's content and resources with the image. */
  apply(doc: PDFDocument, page: PDFPage): Promise<void>;
}

/** What OCR read on a rendered page, and the render itself while the document's budget for renders allows. */
export interface PageOcr {
  /** OCR words in pixel coordinates at `scale`. */
  layout: TextLayout;
  /** The render OCR read (PNG), or null when it was not kept: the page is then rendered again, identically. */
  png: Uint8Array | null;
  scale: number;
  /**
   * What the document's detection found in `layout.text`, when it ran before the page is rasterised (the pipeline
   * detects every page, OCR text included, before it redacts any); absent: `rasterise` detects.
   */
  edits?: Edit[];
}

/**
 * Renders kept from the OCR phase until the page is redacted, per document (PNG bytes): a page pdf.js takes a minute
 * to render is not rendered twice, and a long scan still holds a bounded amount.
 */
const KEPT_RENDERS_BYTES = 64 * 1024 * 1024;

/** The rasteriser of one PDF: it renders from one pdf.js copy of the file, opened on first use. */
export interface DocumentRasteriser {
  /**
   * Renders and OCRs a page without detecting anything on it: the pipeline reads every page that will be rasterised
   * before the detection model loads, so OCR and the model are never resident together. Null when the job needs no
   * OCR.
   */
  ocr(pageNum: number, text: PdfPageText, job: DocumentJob): Promise<PageOcr | null>;
  /**
   * `imageXref`: the number its page image is listed under in `imagesData`, chosen by the caller after the input's
   * object numbers, so it never collides with an inspected image's xref. `ocr`: the page's earlier `ocr()` result
   * (absent: OCR runs now).
   */
  rasterise(
    pageNum: number,
    text: PdfPageText,
    knownBoxes: readonly Box[],
    job: DocumentJob,
    imageXref: number,
    ocr?: PageOcr | null,
  ): Promise<RasterisedPage>;
  /** Releases the pdf.js copy. */
  close(): Promise<void>;
}

/** Renders, OCRs and redacts pages as images. */
export interface PageRasteriser {
  forDocument(bytes: Uint8Array): DocumentRasteriser;
}

/** A 2D canvas the platform provides for pdf.js to render into. */
export interface RenderCanvas {
  canvas: unknown;
  context: { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } };
}

/** Platform pieces of the rasteriser. */
export interface RasteriserDeps {
  pdfjs: PdfjsSource;
  codec: ImageCodec;
  detectors: ImageDetectors;
  createCanvas(width: number, height: number): RenderCanvas;
  /** Render resolution (pixels per point). Default 2 (144 dpi). */
  scale?: number;
  /** Most pixels of one rendered page. Default 25 MP. */
  maxPixels?: number;
  /** Longest a page may take to render (ms). Default 60 s. */
  renderTimeoutMs?: number;
}

/**
 * Waits for pdf.js's render, cancelling it and rejecting after `ms`: a render that never settles (pdf.js's wasm
 * decoders once did that to JBIG2 pages) must not hold the document until the job's own limit.
 */
export async function renderWithin(task: { promise: Promise<void>; cancel(): void }, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      task.cancel();
      reject(new Error('render timed out'));
    }, ms);
  });
  try {
    await Promise.race([task.promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Rasterising fallback (and scanned pages): renders the page with pdf.js, OCRs it, runs the document's detection on
 * the OCR text, paints the known PII glyph boxes and the OCR'd PII words black, applies the face label's effect,
 * and re-embeds the page as one image (`PageImage`: Flate or JPEG). Nothing of the original page content survives.
 */
export function createPageRasteriser(deps: RasteriserDeps): PageRasteriser {
  return {
    forDocument(bytes) {
      let opened: Promise<PDFDocumentProxy> | null = null;
      let kept = 0;
      return {
        async ocr(pageNum, text, job) {
          if (!needsOcr(deps, job)) return null;
          const { raster, scale } = await renderPage(deps, (opened ??= openPdfjs(deps.pdfjs, bytes)), pageNum, text);
          const png = await deps.codec.encode(raster, 'png');
          const layout = await recognize(deps, png);
          const keep = kept + png.length <= KEPT_RENDERS_BYTES;
          if (keep) kept += png.length;
          return { layout, png: keep ? png : null, scale };
        },
        rasterise: (pageNum, text, knownBoxes, job, imageXref, ocr) =>
          rasterisePage(deps, (opened ??= openPdfjs(deps.pdfjs, bytes)), pageNum, text, knownBoxes, job, imageXref, ocr),
        async close() {
          const doc = await opened?.catch(() => null);
          opened = null;
          await doc?.destroy();
        },
      };
    },
  };
}

/** Whether a rasterised page of `job` is OCR'd: its text is detected, or the `text` image label is asked for. */
function needsOcr(deps: RasteriserDeps, job: DocumentJob): boolean {
  return readsTextInImages(job) && deps.detectors.ocr !== undefined;
}

/** Renders a page at the rasteriser's scale (capped by its pixel budget). */
async function renderPage(
  deps: RasteriserDeps,
  opened: Promise<PDFDocumentProxy>,
  pageNum: number,
  text: PdfPageText,
): Promise<{ raster: Raster; scale: number }> {
  try {
    const doc = await opened;
    const page = await doc.getPage(pageNum);
    const maxPixels = deps.maxPixels ?? 25_000_000;
    const scale = Math.min(deps.scale ?? 2, Math.sqrt(maxPixels / Math.max(1, text.width * text.height)));
    const viewport = page.getViewport({ scale });
    const w = Math.max(1, Math.floor(viewport.width));
    const h = Math.max(1, Math.floor(viewport.height));
    const target = deps.createCanvas(w, h);
    const task = page.render({
      canvas: target.canvas as HTMLCanvasElement,
      canvasContext: target.context as unknown as CanvasRenderingContext2D,
      viewport,
      background: 'white',
    });
    await renderWithin(task, deps.renderTimeoutMs ?? 60_000);
    const raster = { width: w, height: h, data: new Uint8ClampedArray(target.context.getImageData(0, 0, w, h).data) };
    page.cleanup();
    return { raster, scale };
  } catch {
    throw unprocessable('A page of the PDF could neither be rewritten nor rendered.');
  }
}

async function recognize(deps: RasteriserDeps, png: Uint8Array): Promise<TextLayout> {
  const ocr = await deps.detectors.ocr!();
  return layoutFromParagraphs(await ocr.recognize(png));
}

async function rasterisePage(
  deps: RasteriserDeps,
  opened: Promise<PDFDocumentProxy>,
  pageNum: number,
  text: PdfPageText,
  knownBoxes: readonly Box[],
  job: DocumentJob,
  imageXref: number,
  earlier?: PageOcr | null,
): Promise<RasterisedPage> {
  const { raster, scale } = earlier?.png
    ? { raster: await deps.codec.decode(earlier.png, 'png'), scale: earlier.scale }
    : await renderPage(deps, opened, pageNum, text);
  const toPixels = (b: Box): Box => ({ x0: b.x0 * scale, y0: b.y0 * scale, x1: b.x1 * scale, y1: b.y1 * scale });
  const toPoints = (b: Box): Box => ({ x0: b.x0 / scale, y0: b.y0 / scale, x1: b.x1 / scale, y1: b.y1 / scale });

  const textType = job.imageLabels.get('text');
  let layout: TextLayout | null = null;
  let edits: Edit[] = [];
  if (needsOcr(deps, job)) {
    layout = earlier ? earlier.layout : await recognize(deps, await deps.codec.encode(raster, 'png'));
    if (earlier?.edits) edits = earlier.edits;
    else if (job.text && layout && layout.text.trim() !== '') edits = (await job.text(layout.text)).edits;
  } else if (job.text && text.garbled) {
    throw unprocessable('A page of the PDF has text that can only be read by OCR, and OCR is not available.');
  }
  const faceType = job.imageLabels.get('face');
  let faces: Array<{ box: Box; score: number }> = [];
  if (faceType && deps.detectors.faces && text.imageCount > 0) {
    const service = await deps.detectors.faces();
    // No closure may name `raster`: it would keep the page's pixels alive as long as the returned page (V8 context).
    const { width, height } = raster;
    // Faces are searched where images are painted (vector art is not inspected on rewritten pages either): a page of
    // text with a logo costs the logo's pixels, not the page's.
    const regions = faceRegions(text.imageBoxes, scale, width, height);
    const found: FaceBox[] = [];
    if (regions === 'whole') found.push(...(await service.detect(raster, job.signal)));
    else
      for (const r of regions)
        for (const f of await service.detect(cropRaster(raster, r), job.signal))
          found.push({
            ...f,
            x0: f.x0 + r.x0,
            y0: f.y0 + r.y0,
            x1: f.x1 + r.x0,
            y1: f.y1 + r.y0,
            keypoints: f.keypoints.map(([x, y]) => [x + r.x0, y + r.y0]),
          });
    faces = found.map((f) => ({ box: growFace(f, width, height), score: f.score }));
  }
  for (const b of knownBoxes) applyEffect(raster, toPixels(b), 'MASK');
  for (const e of edits) for (const b of boxesOfRange(layout!, e.start, e.end)) applyEffect(raster, b, 'MASK');
  if (textType && layout) for (const w of layout.words) applyEffect(raster, w.box, textType);
  if (faceType) for (const f of faces) applyEffect(raster, f.box, faceType);
  let image = await compressPageImage(raster, deps.codec);
  const ocrLayout = layout;
  /** Edits `addKnown` found, masked when the page is applied. */
  const added: Edit[] = [];

  return {
    get edits() {
      return edits;
    },
    addKnown(known) {
      if (!ocrLayout || known.length === 0) return 0;
      const more = propagateEdits(ocrLayout.text, edits, known);
      for (const e of more) if (!edits.includes(e)) added.push(e);
      const count = more.length - edits.length;
      edits = more;
      return count;
    },
    entries(nextId) {
      const imageData = buildImageData(imageUrlOf(job.imageBaseUrl, job.documentId, imageXref), imageXref, [
        { label: 'face', regions: faces.map((f) => ({ box: toPoints(f.box), score: f.score })) },
        { label: 'text', regions: textType && ocrLayout ? ocrLayout.words.map((w) => ({ box: toPoints(w.box), score: 1 })) : [] },
      ]);
      return [
        buildPageEntry({
          pageNum,
          paragraphId: nextId(),
          text: ocrLayout?.text ?? '',
          edits,
          locateOriginal: (s, e) => (ocrLayout ? unionBox(boxesOfRange(ocrLayout, s, e).map(toPoints)) : null),
          imagesData: [imageData],
        }),
      ];
    },
    async apply(pdf, page) {
      if (added.length > 0 && ocrLayout) {
        const masked = await decompressPageImage(image, deps.codec);
        for (const e of added) for (const b of boxesOfRange(ocrLayout, e.start, e.end)) applyEffect(masked, b, 'MASK');
        image = await compressPageImage(masked, deps.codec);
        added.length = 0;
      }
      const imageRef = pdf.context.register(pageImageStream(pdf.context, image));
      const { width, height } = text;
      for (const key of page.node.keys()) if (!['Type', 'Parent'].includes(key.decodeText())) page.node.delete(key);
      page.node.set(PDFName.of('MediaBox'), pdf.context.obj([0, 0, width, height]));
      page.node.set(PDFName.of('Resources'), pdf.context.obj({ XObject: { PageImage: imageRef } }));
      const content = `q ${width} 0 0 ${height} 0 0 cm /PageImage Do Q`;
      page.node.set(PDFName.of('Contents'), pdf.context.register(pdf.context.flateStream(content)));
    },
  };
}
