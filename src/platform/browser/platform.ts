import { createOcrClient } from '../../documents/ocr-client.js';
import type { ClosableDocumentAnonymizer, DocumentEngineOptions } from '../../engine/document-engine.js';
import { createDocumentEngine } from '../../engine/document-engine.js';
import { ocrWorkersFor } from '../../engine/retiring-ocr.js';
import type { NerBackendFactory } from '../../inference/ner-backends.js';
import { systemClock } from '../../jobs/clock.js';
import { broadcastEvents } from '../../jobs/events.js';
import { webLocks } from '../../jobs/locks.js';
import type { Platform } from '../../service/platform.js';
import { openDocumentStore } from '../../store/store.js';
import { createCanvasCodec } from './codec.js';
import { startFaceWorker } from './face-client.js';
import { createBrowserFaceService } from './faces.js';
import { browserAssets } from './assets.js';
import { provideLexicons } from '../../detection/lexicons/store.js';
import { browserLexicons } from './lexicons.js';
import { browserNer } from './ner.js';
import { browserPdfjs, browserRenderCanvas } from './pdfjs.js';

/** Options of the browser platform. */
export interface BrowserPlatformOptions {
  /** The IndexedDB database, also the name of the status channel. Default `local-anonymizer`. */
  storeName?: string;
  /** Where faces are detected: a worker of their own (from a page), or this thread (already a worker). Default worker. */
  faces?: 'worker' | 'this-thread';
  /** Where the NER model runs. Default: `workers/ner.worker.ts` (a Service Worker passes its relay). */
  ner?: NerBackendFactory;
  /**
   * A folder that holds every file of the browser build (`local-anonymizer assets DIR` writes it), for apps that host
   * them themselves (strict CSPs, their own CDN). Default: the package's files as the app's bundler copied them.
   */
  assetsBaseUrl?: string;
}

/**
 * The browser (pages and workers): createImageBitmap/OffscreenCanvas codec, pdf.js (its own nested worker) rendering
 * into OffscreenCanvas, tesseract.js (its own nested worker) and models with same-origin files resolved against
 * `base`; the store in IndexedDB, status changes over a BroadcastChannel, Web Locks between tabs.
 */
export function browserPlatform(base: string, options: BrowserPlatformOptions = {}): Platform {
  const storeName = options.storeName ?? 'local-anonymizer';
  const assets = browserAssets(base, options.assetsBaseUrl);
  provideLexicons(() => browserLexicons(assets.lexicons));
  return {
    codec: createCanvasCodec(),
    pdfjs: browserPdfjs(assets.pdfjs),
    createCanvas: browserRenderCanvas,
    startFaces: () =>
      options.faces === 'this-thread' ? createBrowserFaceService(assets.faces) : Promise.resolve(startFaceWorker(assets.faces)),
    startOcr: () => createOcrClient(assets.ocr),
    // A tab shares its memory with the page: at most two tesseract workers (~200 MB each).
    ocrWorkers: Math.min(2, ocrWorkersFor(globalThis.navigator?.hardwareConcurrency ?? 2)),
    keepOcrWorkers: true,
    ner: options.ner ?? browserNer(base, assets),
    openStore: () => openDocumentStore(storeName),
    events: () => broadcastEvents(storeName),
    locks: webLocks(),
    clock: systemClock,
  };
}

/**
 * The document engine in the browser: workers start on first use; `close()` stops them. Apps' documents run in
 * `workers/jobs.worker.ts`, which builds its own.
 */
export function createBrowserDocumentAnonymizer(
  base: string = globalThis.location.href,
  options: DocumentEngineOptions & Pick<BrowserPlatformOptions, 'faces' | 'assetsBaseUrl'> = {},
): ClosableDocumentAnonymizer {
  const { faces, assetsBaseUrl, ...engineOptions } = options;
  return createDocumentEngine(
    browserPlatform(base, { ...(faces ? { faces } : {}), ...(assetsBaseUrl !== undefined ? { assetsBaseUrl } : {}) }),
    engineOptions,
  );
}
