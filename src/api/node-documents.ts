import { createNodeCodec } from '../documents/image/node-codec.js';
import { DEFAULT_MAX_PIXELS } from '../documents/image/header.js';
import { createNodeFaceService } from '../inference/face-node.js';
import type { FaceService } from '../inference/face-service.js';
import type { OcrClient } from '../runtime/ocr-client.js';
import { createOcrClient } from '../runtime/ocr-client.js';
import { nodeOcrAssets } from '../runtime/node-assets.js';
import type { ImageAdapterDeps } from '../documents/image/image-adapter.js';
import { createImageAdapter } from '../documents/image/image-adapter.js';
import type { DocumentAnonymizer, DocumentAnonymizerDeps } from './documents.js';
import { createDocumentAnonymizer } from './documents.js';
import { createPdfAdapter } from '../documents/pdf/pdf-adapter.js';
import { createPageRasteriser } from '../documents/pdf/rasterise.js';
import { nodePdfjs, nodeRenderCanvas } from '../runtime/document-pdf-node.js';

/** A document engine that owns workers: `close()` stops them (tesseract keeps a Node process alive otherwise). */
export interface ClosableDocumentAnonymizer extends DocumentAnonymizer {
  close(): Promise<void>;
}

/** Options of the platform wirings: the engine's own, plus the image adapter's budget and noise source. */
export type PlatformDocumentOptions = Omit<DocumentAnonymizerDeps, 'adapters'> & Pick<ImageAdapterDeps, 'maxPixels' | 'random'>;

/**
 * Node wiring: pure-JS codecs, BlazeFace on onnxruntime-web's Node build, tesseract.js with deu+eng from the
 * installed data packages. Models and workers start on first use only.
 */
export function createNodeDocumentAnonymizer(
  options: PlatformDocumentOptions = {},
): ClosableDocumentAnonymizer {
  const { maxPixels, random, ...engineOptions } = options;
  let faces: Promise<FaceService> | undefined;
  let ocr: Promise<OcrClient> | undefined;
  const codec = createNodeCodec(maxPixels ?? DEFAULT_MAX_PIXELS);
  const detectors: ImageAdapterDeps['detectors'] = {
    faces: () => (faces ??= createNodeFaceService()),
    ocr: () =>
      (ocr ??= nodeOcrAssets().then(async (assets) => {
        try {
          const client = await createOcrClient(assets);
          return { recognize: client.recognize, terminate: () => client.terminate().finally(assets.dispose) };
        } catch (err) {
          await assets.dispose();
          throw err;
        }
      })),
  };
  const image = createImageAdapter({ codec, detectors, ...(maxPixels ? { maxPixels } : {}), ...(random ? { random } : {}) });
  const pdfjs = nodePdfjs();
  const pdf = createPdfAdapter({ pdfjs, pixels: codec, detectors, ...(random ? { random } : {}), rasteriser: createPageRasteriser({ pdfjs, codec, detectors, createCanvas: nodeRenderCanvas }) });
  const engine = createDocumentAnonymizer({ ...engineOptions, adapters: [image, pdf] });
  return {
    anonymize: (bytes, config, callOptions) => engine.anonymize(bytes, config, callOptions),
    anonymizeDocument: (bytes, config, callOptions) => engine.anonymizeDocument(bytes, config, callOptions),
    async close() {
      const started = ocr;
      ocr = undefined;
      faces = undefined;
      if (started) await (await started.catch(() => null))?.terminate();
    },
  };
}
