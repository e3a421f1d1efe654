import 'fake-indexeddb/auto';
import { memoryEvents } from '../jobs/events.js';
import { memoryLocks } from '../jobs/locks.js';
import { openFolderStore } from '../store/folder-store.js';
import { openDocumentStore } from '../store/store.js';
import type { AnonymizerOptions } from './options.js';
import { createAnonymizer } from './anonymizer.js';
import type { LocalAnonymizer, LocalServiceOptions } from './local-anonymizer.js';
import { assembleLocalAnonymizer } from './local-anonymizer.js';
import type { PlatformDocumentOptions } from './node-documents.js';
import { createNodeDocumentAnonymizer } from './node-documents.js';

/** Options of the Node service: the text engine's (model, recognizers), the document engine's, and the service's. */
export interface NodeAnonymizerOptions extends LocalServiceOptions, AnonymizerOptions {
  /** Options of the document engine (defaults: those of the text engine). */
  documents?: PlatformDocumentOptions;
  /** A folder that keeps the store across restarts; absent: memory only. */
  dataDir?: string;
}

let instances = 0;

/**
 * The whole local service in Node: text and document engines in this process, the store in memory (IndexedDB
 * semantics through fake-indexeddb, one database per instance) or in `dataDir`, a job runner in this process.
 * @example
 * const anonymizer = await createNodeAnonymizer({ ner: false });
 * const { documentId } = await anonymizer.documents.upload({ content: base64OfPng });
 * await anonymizer.documents.waitFor(documentId);
 * const { bytes, fileName } = await anonymizer.documents.result(documentId);
 */
export async function createNodeAnonymizer(options: NodeAnonymizerOptions = {}): Promise<LocalAnonymizer> {
  const text = createAnonymizer(options);
  const engine = createNodeDocumentAnonymizer(options.documents ?? options);
  const store = options.dataDir
    ? await openFolderStore(options.dataDir)
    : await openDocumentStore(`local-anonymizer-${process.pid}-${++instances}-${Date.now()}`);
  return assembleLocalAnonymizer(options, {
    store,
    events: memoryEvents(),
    locks: memoryLocks(),
    text,
    processor: engine,
    dispose: () => engine.close(),
  });
}
