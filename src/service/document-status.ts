import type { DocumentProgress } from '../documents/adapter.js';
import type { LiveProgress } from '../jobs/progress.js';
import type { ExternalDocumentTaskStatus, ProblemDetail } from '../spec/types.js';
import type { DocumentRecord } from '../store/records.js';

/**
 * A document's status. Our extensions: `problem` says why it failed, in words a person can read; while it is
 * PROCESSING, `progress` says which phase and how many pages, and `estimatedDurationMs` how long it may still take
 * (from its own throughput so far; null before the first estimate).
 */
export interface DocumentStatus extends ExternalDocumentTaskStatus {
  problem?: ProblemDetail;
  progress?: DocumentProgress;
  estimatedDurationMs?: number | null;
}

/** The status of a stored document: its problem when it ended in a failure, and `live` progress while it has one. */
export function statusOf(doc: DocumentRecord, live: LiveProgress | undefined): DocumentStatus {
  return {
    documentId: doc.id,
    status: doc.status,
    ...(doc.problem && (doc.status === 'ERROR' || doc.status === 'PREVIEW_ERROR' || doc.status.startsWith('QUOTA'))
      ? { problem: doc.problem }
      : {}),
    ...(live
      ? {
          progress: { phase: live.phase, pagesDone: live.pagesDone, pagesTotal: live.pagesTotal },
          estimatedDurationMs: live.estimatedDurationMs,
        }
      : {}),
  };
}
