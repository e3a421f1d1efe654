import type { DocumentAdapter } from '../documents/adapter.js';
import { sniffFile } from '../documents/sniff.js';
import { creditLimitExceeded, documentTooBig, rateLimitExceeded } from '../errors/problem.js';
import type { Clock } from '../jobs/clock.js';
import { PENDING_STATUSES } from '../jobs/claim.js';
import type { JobEvents } from '../jobs/events.js';
import type { ExternalDocumentTaskStatus } from '../spec/types.js';
import type { ProjectRecord } from '../store/records.js';
import type { DocumentStore } from '../store/store.js';
import type { ParsedUpload } from './upload.js';
import { MAX_UPLOAD_BYTES } from './upload.js';

/** Where uploads go, what they may be, and the bounds on the queue. */
export interface QueueDeps {
  store: DocumentStore;
  events: JobEvents;
  clock: Clock;
  /** The formats an upload may be, in sniffing order. */
  adapters: readonly DocumentAdapter[];
  /** Page credits; unset: unlimited. */
  pages?: number;
  /** Documents waiting or in work, store-wide, beyond which uploads get 429. */
  maxQueued: number;
}

/**
 * Stores an upload in `project` with status COMPUTING_QUOTA and wakes the job runners (this tab's worker, other
 * tabs): 413 over the size limit, 422 for bytes no format claims, 403 when the page credits are spent, 429 when the
 * queue is full. The file (bytes, or a disk-backed Blob) is handed over to the store; a null name becomes
 * `document-<id>.<the format's extension>`.
 */
export async function enqueueUpload(deps: QueueDeps, project: ProjectRecord, upload: ParsedUpload): Promise<ExternalDocumentTaskStatus> {
  const { store, clock } = deps;
  const { file } = upload;
  const size = file instanceof Uint8Array ? file.length : file.size;
  if (size > MAX_UPLOAD_BYTES) throw documentTooBig(MAX_UPLOAD_BYTES);
  const { adapter, sniffed } = await sniffFile(deps.adapters, file);
  if (deps.pages !== undefined && (await store.counters()).pagesUsed >= deps.pages) throw creditLimitExceeded();
  if ((await store.documentsIn(PENDING_STATUSES)).length >= deps.maxQueued) throw rateLimitExceeded(5);
  const now = clock.now();
  const doc = await store.createDocument(
    (id) => ({
      projectId: project.id,
      version: 1,
      name: upload.name ?? `document-${id}.${sniffed.extension}`,
      documentType: adapter.type,
      fileSize: size,
      status: 'COMPUTING_QUOTA',
      anonymizedName: null,
      tags: upload.tags.map((t) => ({ key: t.key, value: t.value })),
      createdAt: now,
      lastModified: now,
      config: upload.config,
      problem: null,
      lease: null,
      attempts: 0,
      pages: 0,
    }),
    file,
  );
  deps.events.publish({ type: 'wake' });
  return { documentId: doc.id, status: doc.status };
}
