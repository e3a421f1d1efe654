import type { AnonymizedDocument, DocumentCallOptions } from './document-engine.js';
import type { ExternalUploadConfig } from '../spec/types.js';

/** What `workers/document.worker.ts` exposes: the document engine with cloneable arguments (no AbortSignal). */
export interface DocumentApi {
  anonymize(
    bytes: Uint8Array,
    config: ExternalUploadConfig | null,
    options?: Omit<DocumentCallOptions, 'signal'>,
  ): Promise<AnonymizedDocument>;
  close(): Promise<void>;
}
