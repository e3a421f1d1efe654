import { availableParallelism } from 'node:os';
import { DEFAULT_MAX_PIXELS } from '../../documents/image/header.js';
import type { OcrClient } from '../../documents/ocr-client.js';
import { createOcrClient } from '../../documents/ocr-client.js';
import type { ClosableDocumentAnonymizer, DocumentEngineOptions } from '../../engine/document-engine.js';
import { createDocumentEngine } from '../../engine/document-engine.js';
import { ocrWorkersFor } from '../../engine/retiring-ocr.js';
import { systemClock } from '../../jobs/clock.js';
import { memoryEvents } from '../../jobs/events.js';
import { memoryLocks } from '../../jobs/locks.js';
import type { Platform } from '../../service/platform.js';
import { createMemoryStore } from '../../store/memory-store.js';
import { nodeOcrAssets } from './assets.js';
import { createNodeCodec } from './codec.js';
import { createNodeFaceService } from './faces.js';
import { openFolderStore } from './folder-store.js';
import { provideLexicons } from '../../detection/lexicons/store.js';
import { nodeLexicons } from './lexicons.js';
import { nodeNer } from './ner.js';
import { nodePdfjs, nodeRenderCanvas } from './pdfjs.js';
import { limitWasmTierUp } from './wasm-tiering.js';

/** Options of the Node platform. */
export interface NodePlatformOptions {
  /** Pixel budget of the image decoder. Default 50 MP. */
  maxPixels?: number;
  /** A folder that keeps the store across restarts; absent: memory only. */
  dataDir?: string;
}

let stores = 0;

/** tesseract.js with deu+eng from the installed data packages, linked into a folder that goes when it stops. */
async function startNodeOcr(): Promise<OcrClient> {
  limitWasmTierUp();
  const assets = await nodeOcrAssets();
  try {
    const client = await createOcrClient(assets);
    return { recognize: client.recognize, terminate: () => client.terminate().finally(assets.dispose) };
  } catch (err) {
    await assets.dispose();
    throw err;
  }
}

/**
 * Node: pure-JS codecs, pdf.js's legacy build with @napi-rs/canvas, BlazeFace and the NER model on onnxruntime-web's
 * Node build in this thread, tesseract.js; the store in memory or in `dataDir`, events and locks in this process.
 */
export function nodePlatform(options: NodePlatformOptions = {}): Platform {
  const { dataDir } = options;
  provideLexicons(nodeLexicons);
  return {
    codec: createNodeCodec(options.maxPixels ?? DEFAULT_MAX_PIXELS),
    pdfjs: nodePdfjs(),
    createCanvas: nodeRenderCanvas,
    startFaces: () => createNodeFaceService(),
    startOcr: startNodeOcr,
    ocrWorkers: ocrWorkersFor(availableParallelism()),
    ner: nodeNer,
    openStore: async () => (dataDir ? openFolderStore(dataDir) : createMemoryStore(`memory-${process.pid}-${++stores}`)),
    events: memoryEvents,
    locks: memoryLocks(),
    clock: systemClock,
  };
}

/**
 * The document engine in Node. Models and workers start on first use only; `close()` stops them.
 * @example
 * const engine = createNodeDocumentAnonymizer({ ner: false });
 * const { bytes } = await engine.anonymize(pngBytes, { imageAnonymization: { labelsConfig: [{ name: 'face', anonymizationType: 'BLUR' }] } });
 */
export function createNodeDocumentAnonymizer(options: DocumentEngineOptions = {}): ClosableDocumentAnonymizer {
  return createDocumentEngine(nodePlatform(options.maxPixels ? { maxPixels: options.maxPixels } : {}), options);
}
