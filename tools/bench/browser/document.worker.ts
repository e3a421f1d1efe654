// The document engine in a module worker of its own, for the document bench and the browser tests of the engine
// (apps run documents in workers/jobs.worker.ts). Builds it from src/ and exposes it.
import { expose, transfer } from 'comlink';
import type { AnonymizedDocument, DocumentCallOptions } from '../../../src/engine/document-engine.js';
import type { DocumentProgress } from '../../../src/documents/adapter.js';
import { installProblemTransfer } from '../../../src/errors/wire.js';
import { createBrowserDocumentAnonymizer } from '../../../src/platform/browser/platform.js';
import type { ExternalUploadConfig } from '../../../src/spec/types.js';

/**
 * What the worker exposes: the document engine with cloneable arguments (no AbortSignal); the progress listener is a
 * separate argument, so that it can travel as a comlink proxy.
 */
export interface DocumentApi {
  anonymize(
    bytes: Uint8Array,
    config: ExternalUploadConfig | null,
    options?: Omit<DocumentCallOptions, 'signal' | 'onProgress'>,
    onProgress?: (progress: DocumentProgress) => void,
  ): Promise<AnonymizedDocument>;
  close(): Promise<void>;
}

installProblemTransfer();
const engine = createBrowserDocumentAnonymizer(self.location.href, { faces: 'this-thread' });

const api: DocumentApi = {
  anonymize: async (bytes, config, options, onProgress) => {
    const result = await engine.anonymize(bytes, config, { ...options, ...(onProgress ? { onProgress } : {}) });
    return transfer(result, [result.bytes.buffer]);
  },
  close: () => engine.close(),
};
expose(api);
