import type { AnonymizedDocument, DocumentCallOptions } from '../engine/document-engine.js';
import { internalError, toAnonymizerError } from '../errors/problem.js';
import type { ExternalUploadConfig, ProblemDetail } from '../spec/types.js';
import type { DocumentRecord } from '../store/records.js';
import type { DocumentStore } from '../store/store.js';
import { afterQuota, claim, quotaError } from './claim.js';
import type { Clock } from './clock.js';
import { withDeadline } from './deadline.js';
import type { JobEvents } from './events.js';
import { completionOf } from './outcome.js';
import { progressThrottle } from './progress.js';

/** What processes one document: the document engine (or its worker client). */
export interface DocumentProcessor {
  anonymize(bytes: Uint8Array, config: ExternalUploadConfig | null, options: DocumentCallOptions): Promise<AnonymizedDocument>;
}

/** What one document's steps need of its runner: its pieces, its id as a lease owner, and its limits. */
export interface JobContext {
  store: DocumentStore;
  processor: DocumentProcessor;
  events: JobEvents;
  clock: Clock;
  owner: string;
  leaseMs: number;
  maxAttempts: number;
  jobTimeoutMs: number;
  pageBudget: number | undefined;
  imageBaseUrl: string | undefined;
}

type EndStatus = 'ERROR' | 'QUOTA_EXCEEDED' | 'QUOTA_ERROR';

function publish(ctx: JobContext, doc: DocumentRecord | null): void {
  if (doc) ctx.events.publish({ type: 'status', documentId: doc.id, status: doc.status });
}

/** Ends a document without a result; the original goes too when its project keeps no PII. */
export async function settle(
  ctx: JobContext,
  id: number,
  status: EndStatus,
  problem: ProblemDetail | null,
  dropOriginal: boolean,
): Promise<void> {
  const done = await ctx.store.complete(id, null, ctx.clock.now(), {
    status,
    result: null,
    anonymizedName: null,
    pageData: null,
    dropOriginal,
    pages: 0,
    problem,
  });
  if (done) ctx.events.publish({ type: 'status', documentId: id, status });
}

/**
 * COMPUTING_QUOTA → UNPROCESSED (queued), QUOTA_EXCEEDED or QUOTA_ERROR; called under the document's lock. Returns
 * the document when it may go on to processing.
 */
export async function quotaStep(ctx: JobContext, id: number): Promise<DocumentRecord | undefined> {
  const { store, clock } = ctx;
  let doc = await store.getDocument(id);
  const project = doc && (await store.getProject(doc.projectId));
  if (!doc || !project) {
    if (doc) await settle(ctx, id, 'ERROR', internalError('The project of the document no longer exists.').problem, true);
    return undefined;
  }
  if (doc.status !== 'COMPUTING_QUOTA') return doc;
  let exhausted: boolean | null;
  try {
    exhausted = ctx.pageBudget !== undefined && (await store.counters()).pagesUsed >= ctx.pageBudget;
  } catch {
    exhausted = null;
  }
  const next = exhausted === null ? quotaError(doc, clock.now()) : afterQuota(doc, exhausted, clock.now());
  if (next && next.status !== 'UNPROCESSED') {
    await settle(ctx, id, next.status as 'QUOTA_EXCEEDED' | 'QUOTA_ERROR', next.problem, !project.isStoringPII);
    return undefined;
  }
  doc = (await store.update(id, (d) => (d.status === 'COMPUTING_QUOTA' ? next : null))) ?? undefined;
  publish(ctx, doc ?? null);
  return doc;
}

/** One document under its lock: the quota step, the claim (or ERROR after too many attempts), processing. */
export async function runJob(ctx: JobContext, id: number): Promise<void> {
  const doc = await quotaStep(ctx, id);
  if (!doc) return;
  const claimed = claim(doc, ctx.owner, ctx.clock.now(), ctx.leaseMs, ctx.maxAttempts);
  if (!claimed) return;
  if (claimed.status === 'ERROR') {
    const project = await ctx.store.getProject(doc.projectId);
    return settle(ctx, id, 'ERROR', claimed.problem, !project?.isStoringPII);
  }
  const stored = await ctx.store.update(id, (d) => (d.status === doc.status ? claimed : null));
  publish(ctx, stored);
  if (stored) await processDocument(ctx, stored);
}

/** Runs the processor on a claimed document within the time limit and stores the outcome in one transaction. */
async function processDocument(ctx: JobContext, doc: DocumentRecord): Promise<void> {
  const { store, clock, events, owner } = ctx;
  const project = await store.getProject(doc.projectId);
  const bytes = await store.getFile(doc.id, 'original');
  if (!project || !bytes)
    return settle(ctx, doc.id, 'ERROR', internalError('The document or its project is missing from the store.').problem, true);
  const timedOut = internalError(`Processing took longer than ${ctx.jobTimeoutMs / 1000} s.`);
  let result: AnonymizedDocument;
  try {
    result = await withDeadline(
      (signal) => {
        const throttle = progressThrottle(clock.now(), () => clock.now());
        return ctx.processor.anonymize(bytes, doc.config, {
          documentId: doc.id,
          defaultConfig: project.config,
          signal,
          onProgress: (p) => {
            const progress = throttle(p);
            if (progress) events.publish({ type: 'progress', documentId: doc.id, progress });
          },
          ...(ctx.imageBaseUrl ? { imageBaseUrl: ctx.imageBaseUrl } : {}),
        });
      },
      ctx.jobTimeoutMs,
      timedOut,
    );
  } catch (err) {
    return settle(ctx, doc.id, 'ERROR', toAnonymizerError(err).problem, !project.isStoringPII);
  }
  publish(
    ctx,
    await store.update(doc.id, (d) =>
      d.lease?.owner === owner && d.status === 'PROCESSING' ? { ...d, status: 'COMPILING', lastModified: clock.now() } : null,
    ),
  );
  const completion = completionOf(doc, project.isStoringPII, result, ctx.imageBaseUrl);
  if (!(await store.complete(doc.id, owner, clock.now(), completion))) return;
  await store.addUsage(completion.pages, 0);
  events.publish({ type: 'status', documentId: doc.id, status: completion.status });
}
