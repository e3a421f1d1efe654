import { createCanvasCodec } from '../documents/image/canvas-codec.js';
import type { OcrClient } from '../runtime/ocr-client.js';
import { createOcrClient } from '../runtime/ocr-client.js';
import type { FaceService } from '../inference/face-service.js';
import { startFaceWorker } from '../runtime/face-client.js';
import { browserOcrAssets } from '../runtime/image-assets.js';
import type { ImageAdapterDeps } from '../documents/image/image-adapter.js';
import { createImageAdapter } from '../documents/image/image-adapter.js';
import { createPdfAdapter } from '../documents/pdf/pdf-adapter.js';
import { createPageRasteriser } from '../documents/pdf/rasterise.js';
import { browserPdfjs, browserRenderCanvas } from '../runtime/document-pdf-browser.js';
import { createDocumentAnonymizer } from './documents.js';
import type { ClosableDocumentAnonymizer, PlatformDocumentOptions } from './node-documents.js';

/** Where face detection runs: its own worker (from a page), or in this thread (already a worker). */
export interface BrowserDocumentOptions extends PlatformDocumentOptions {
  /** Builds the face service in this thread instead of starting `workers/face.worker.ts`. */
  faces?: () => Promise<FaceService>;
}

/**
 * Browser wiring: createImageBitmap/OffscreenCanvas codec, faces in `workers/face.worker.ts` (or `options.faces`),
 * tesseract.js (its own nested worker) with same-origin files, pdf.js (its own nested worker) rendering into
 * OffscreenCanvas. Workers start on first use; `close()` stops them.
 * `workers/document.worker.ts` runs all of it off the main thread.
 */
export function createBrowserDocumentAnonymizer(base: string = globalThis.location.href, options: BrowserDocumentOptions = {}): ClosableDocumentAnonymizer {
  const { faces: localFaces, maxPixels, random, ...rest } = options;
  let faces: Promise<FaceService & { terminate?: () => void }> | undefined;
  let ocr: Promise<OcrClient> | undefined;
  const codec = createCanvasCodec();
  const detectors: ImageAdapterDeps['detectors'] = {
    faces: () => (faces ??= localFaces ? localFaces() : Promise.resolve(startFaceWorker())),
    ocr: () => (ocr ??= createOcrClient(browserOcrAssets(base))),
  };
  const image = createImageAdapter({ codec, detectors, ...(maxPixels ? { maxPixels } : {}), ...(random ? { random } : {}) });
  const pdfjs = browserPdfjs(base);
  const pdf = createPdfAdapter({ pdfjs, pixels: codec, detectors, ...(random ? { random } : {}), rasteriser: createPageRasteriser({ pdfjs, codec, detectors, createCanvas: browserRenderCanvas }) });
  const engine = createDocumentAnonymizer({ ...rest, adapters: [image, pdf] });
  return {
    anonymize: (bytes, config, callOptions) => engine.anonymize(bytes, config, callOptions),
    anonymizeDocument: (bytes, config, callOptions) => engine.anonymizeDocument(bytes, config, callOptions),
    async close() {
      const startedFaces = faces;
      faces = undefined;
      if (startedFaces) (await startedFaces.catch(() => null))?.terminate?.();
      const started = ocr;
      ocr = undefined;
      if (started) await (await started.catch(() => null))?.terminate();
    },
  };
}
