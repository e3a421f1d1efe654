import type { JobEvents } from '../jobs/events.js';
import { isTerminal } from '../spec/status.js';
import type { ProcessingStatus } from '../spec/types.js';
import type { DocumentStatus } from './document-status.js';

/** Options of `waitFor`. */
export interface WaitOptions {
  /** Called once per status change (the first time with the current status), and as a PROCESSING document moves on. */
  onProgress?: (status: DocumentStatus) => void;
  /** Poll interval besides the change events (other tabs, missed events). Default 1 s. */
  pollMs?: number;
  signal?: AbortSignal;
}

/** Where polling ends besides the spec's terminal statuses: a result that failed verification never comes. */
const FINAL: ReadonlySet<ProcessingStatus> = new Set(['PREVIEW_ERROR']);

/**
 * Resolves with a document's status once it is terminal (COMPLETED, ERROR, QUOTA_EXCEEDED, QUOTA_ERROR) or
 * PREVIEW_ERROR. `current()` is read at once, on each status event of the document and every `pollMs`; progress
 * events of a PROCESSING document reach `onProgress` as they come. Rejects with the error of a failed read, or with
 * the signal's reason.
 */
export function waitForStatus(
  events: JobEvents,
  documentId: number,
  current: () => Promise<DocumentStatus>,
  options: WaitOptions = {},
): Promise<DocumentStatus> {
  return new Promise<DocumentStatus>((resolve, reject) => {
    let last: ProcessingStatus | null = null;
    let settled = false;
    const stop = () => {
      settled = true;
      unsubscribe();
      clearInterval(timer);
      options.signal?.removeEventListener('abort', onAbort);
    };
    const check = async () => {
      if (settled) return;
      try {
        const s = await current();
        if (settled) return;
        if (s.status !== last) {
          last = s.status;
          options.onProgress?.(s);
        }
        if (isTerminal(s.status) || FINAL.has(s.status)) {
          stop();
          resolve(s);
        }
      } catch (err) {
        stop();
        reject(err);
      }
    };
    const onAbort = () => {
      stop();
      reject(options.signal!.reason);
    };
    const unsubscribe = events.subscribe((e) => {
      if (e.type === 'wake' || e.documentId !== documentId || settled) return;
      if (e.type === 'status') void check();
      else if (e.type === 'progress' && last === 'PROCESSING') {
        const { estimatedDurationMs, ...progress } = e.progress;
        options.onProgress?.({ documentId, status: last, progress, estimatedDurationMs });
      }
    });
    const timer = setInterval(() => void check(), options.pollMs ?? 1000);
    options.signal?.addEventListener('abort', onAbort);
    if (options.signal?.aborted) onAbort();
    else void check();
  });
}
