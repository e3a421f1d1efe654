import type { AnonymizedDocument, DocumentCallOptions } from './document-engine.js';
import type { ExternalUploadConfig } from '../spec/types.js';
import type { DocumentProgress } from '../documents/adapter.js';

/**
 * What `workers/document.worker.ts` exposes: the document engine with cloneable arguments (no AbortSignal); the
 * progress listener is a separate argument, so that it can travel as a comlink proxy.
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
