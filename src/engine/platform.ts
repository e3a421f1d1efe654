import type { ImageCodec } from '../documents/image/codec.js';
import type { OcrClient } from '../documents/ocr-client.js';
import type { PdfjsSource } from '../documents/pdf/pdfjs.js';
import type { RenderCanvas } from '../documents/pdf/rasterise.js';
import type { FaceService } from '../inference/face-service.js';
import type { NerBackendFactory } from '../inference/ner-backends.js';

/**
 * What differs between Node and the browser for the engines, built once per platform (`src/platform/<name>/`).
 * Everything that starts a model or a worker is a function called on first need, so building a platform is cheap.
 */
export interface EnginePlatform {
  /** Image pixels in and out (Node: pure-JS codecs; browser: createImageBitmap and OffscreenCanvas). */
  codec: ImageCodec;
  /** How pdf.js loads, and where its data files are. */
  pdfjs: PdfjsSource;
  /** A canvas pdf.js renders pages into (rasterised pages, the OCR fallback). */
  createCanvas(width: number, height: number): RenderCanvas;
  /** Starts the face detector; `terminate` (a worker's) is called when the engine closes. */
  startFaces(): Promise<FaceService & { terminate?(): void }>;
  /** Starts one text recognizer (tesseract.js); the engine runs up to `ocrWorkers` of them. */
  startOcr(): Promise<OcrClient>;
  /** How many OCR workers run at once unless the engine is told otherwise (`ocrWorkersFor` the cores it may use). */
  ocrWorkers: number;
  /**
   * Whether OCR workers stay until the engine closes instead of going when a document's OCR is done. A browser tab
   * keeps them: a new worker fetches its files again, which a tab that has gone offline cannot.
   */
  keepOcrWorkers?: boolean;
  /** Where the NER model runs and where its files come from. */
  ner: NerBackendFactory;
}
