import type { DocumentEngineOptions } from '../../engine/document-engine.js';
import { createDocumentEngine } from '../../engine/document-engine.js';
import type { AnonymizerOptions } from '../../engine/options.js';
import { createTextEngine } from '../../engine/text-engine.js';
import type { LocalAnonymizer, LocalServiceOptions } from '../../service/local-service.js';
import { assembleLocalAnonymizer } from '../../service/local-service.js';
import { nodePlatform } from './platform.js';
import type { TextPoolOptions } from './text-pool.js';
import { createTextPool } from './text-pool.js';

/** The text engine's own options out of the service's (what a pool thread needs, all structured-cloneable). */
function engineOptionsOf(o: NodeAnonymizerOptions): AnonymizerOptions {
  return {
    ...(o.ner !== undefined ? { ner: o.ner } : {}),
    ...(o.threshold !== undefined ? { threshold: o.threshold } : {}),
    ...(o.language !== undefined ? { language: o.language } : {}),
  };
}

/** Options of the Node service: the text engine's (model, recognizers), the document engine's, and the service's. */
export interface NodeAnonymizerOptions extends LocalServiceOptions, AnonymizerOptions {
  /** Options of the document engine (defaults: those of the text engine). */
  documents?: DocumentEngineOptions;
  /** A folder that keeps the store across restarts; absent: memory only. */
  dataDir?: string;
  /**
   * Run text requests on a pool of worker threads (`true`: sized to the cores; or the pool's options) instead of
   * this thread. The pool bounds the queue (429 beyond it); the engine options must then be structured-cloneable.
   * Default: this thread.
   */
  textThreads?: boolean | TextPoolOptions;
}

/**
 * The whole local service in Node: text and document engines in this process, the store in memory (one per
 * instance) or in `dataDir`, a job runner in this process.
 * @example
 * const anonymizer = await createNodeAnonymizer({ ner: false });
 * const { documentId } = await anonymizer.documents.upload({ content: base64OfPng });
 * await anonymizer.documents.waitFor(documentId);
 * const { bytes, fileName } = await anonymizer.documents.result(documentId);
 */
export async function createNodeAnonymizer(options: NodeAnonymizerOptions = {}): Promise<LocalAnonymizer> {
  const documents = options.documents ?? options;
  const platform = nodePlatform({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.documents?.maxPixels ? { maxPixels: options.documents.maxPixels } : {}),
  });
  const engine = createDocumentEngine(platform, documents);
  const pool = options.textThreads
    ? createTextPool(engineOptionsOf(options), options.textThreads === true ? {} : options.textThreads)
    : null;
  return assembleLocalAnonymizer(
    pool && options.maxConcurrentText === undefined ? { ...options, maxConcurrentText: pool.capacity } : options,
    {
      store: await platform.openStore(),
      events: platform.events(),
      locks: platform.locks,
      clock: platform.clock,
      adapters: engine.adapters,
      text: pool ?? createTextEngine(options, platform.ner),
      processor: engine,
      dispose: async () => {
        await pool?.close();
        await engine.close();
      },
    },
  );
}
