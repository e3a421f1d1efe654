import { proxy, transfer } from 'comlink';
import type { AnonymizedDocument, DocumentCallOptions } from '../../../src/engine/document-engine.js';
import { internalError } from '../../../src/errors/problem.js';
import { createWorkerClient } from '../../../src/platform/browser/worker-client.js';
import type { ExternalUploadConfig } from '../../../src/spec/types.js';
import type { DocumentApi } from './document.worker.js';

/** The document engine in a module worker; a crashed or stuck worker rejects instead of hanging. */
export interface DocumentClient {
  anonymize(
    bytes: Uint8Array,
    config: ExternalUploadConfig | null,
    options?: Omit<DocumentCallOptions, 'signal'>,
  ): Promise<AnonymizedDocument>;
  terminate(): Promise<void>;
}

/** Starts `tools/bench/browser/document.worker.ts`. `timeoutMs` bounds each document (model and OCR start included). */
export function startDocumentWorker(timeoutMs = 300_000): DocumentClient {
  const worker = new Worker(new URL('./document.worker.ts', import.meta.url), { type: 'module', name: 'documents' });
  const client = createWorkerClient<DocumentApi>(worker, { timeoutMs, failure: () => internalError('The document worker stopped.') });
  return {
    anonymize(bytes, config, options = {}) {
      const copy = bytes.slice();
      const { onProgress, ...rest } = options;
      // The listener stays here; the worker calls it through a proxy (a function cannot be cloned).
      return client.call((remote) =>
        remote.anonymize(transfer(copy, [copy.buffer]), config, rest, onProgress ? proxy(onProgress) : undefined),
      );
    },
    async terminate() {
      if (client.alive) await client.call((remote) => remote.close()).catch(() => undefined);
      client.terminate();
    },
  };
}
