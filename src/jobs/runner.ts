import type { AnonymizedDocument, DocumentCallOptions } from '../engine/document-engine.js';
import { internalError, toAnonymizerError } from '../errors/problem.js';
import type { Clock } from './clock.js';
import type { ExternalUploadConfig, ProblemDetail } from '../spec/types.js';
import type { DocumentRecord } from '../store/records.js';
import type { DocumentStore } from '../store/store.js';
import { afterQuota, claim, PENDING_STATUSES, quotaError } from './claim.js';
import type { JobEvents } from './events.js';
import { progressThrottle } from './progress.js';
import type { Locks } from './locks.js';

/** What processes one document: the document engine (or its worker client). */
export interface DocumentProcessor {
  anonymize(bytes: Uint8Array, config: ExternalUploadConfig | null, options: DocumentCallOptions): Promise<AnonymizedDocument>;
}

/** A job runner's pieces and limits. */
export interface JobRunnerOptions {
  store: DocumentStore;
  processor: DocumentProcessor;
  events: JobEvents;
  locks: Locks;
  clock: Clock;
  /** Documents processed at once by this runner. Default 1 (models and OCR are the bottleneck, not I/O). */
  concurrency?: number;
  /** How long a claim is valid without its lock. Default 30 min. */
  leaseMs?: number;
  /** Attempts before a document that keeps killing its runner ends in ERROR. Default 2. */
  maxAttempts?: number;
  /** Per-document time limit. Default 10 min. */
  jobTimeoutMs?: number;
  /** Credit budget in pages; unset: unlimited. */
  pageBudget?: number;
  /** How often the store is re-scanned for work left by others (dead tabs). Default 5 s. */
  scanIntervalMs?: number;
  /** The engine's base address for image URLs in PII records. */
  imageBaseUrl?: string;
}

/** Moves documents through their statuses; several runners (tabs) may share one store. */
export interface JobRunner {
  readonly owner: string;
  /** Looks for work now. */
  wake(): void;
  /** Resolves once nothing is running or queued for this runner. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A PII record image's address: the project-scoped image endpoint, which every key that may read the document can
 * call (the default-workflow path would resolve to another project for some keys).
 */
export function projectImageUrl(base: string, projectId: number, documentId: number, xref: number): string {
  return `${base.replace(/\/+$/, '')}/external/v1/projects/${projectId}/documents/${documentId}/images/${xref}`;
}

/** `<base>_anonymized.<ext>` (decisions.md). */
export function anonymizedName(original: string, extension: string): string {
  const dot = original.lastIndexOf('.');
  const base = dot > 0 ? original.slice(0, dot) : original;
  return `${base}_anonymized.${extension}`;
}

/**
 * Starts a runner: claims pending documents under their lock, runs the processor with a time limit, and stores
 * the outcome in one transaction (COMPLETED, PREVIEW_ERROR when verification failed, or ERROR with the problem).
 * One failing document never stops the others.
 */
export function startJobRunner(options: JobRunnerOptions): JobRunner {
  const { store, processor, events, locks, clock } = options;
  const owner = crypto.randomUUID();
  const concurrency = options.concurrency ?? 1;
  const leaseMs = options.leaseMs ?? 30 * 60_000;
  const maxAttempts = options.maxAttempts ?? 2;
  const jobTimeoutMs = options.jobTimeoutMs ?? 10 * 60_000;
  const active = new Map<number, Promise<void>>();
  let scanning: Promise<void> | null = null;
  let rescan = false;
  let stopped = false;

  const lockName = (id: number) => `local-anonymizer:${store.name}:document:${id}`;
  const publish = (doc: DocumentRecord | null) => {
    if (doc) events.publish({ type: 'status', documentId: doc.id, status: doc.status });
  };

  /** Ends a document without a result; the original goes too when its project keeps no PII. */
  async function settle(
    id: number,
    status: 'ERROR' | 'QUOTA_EXCEEDED' | 'QUOTA_ERROR',
    problem: ProblemDetail | null,
    dropOriginal: boolean,
  ): Promise<void> {
    const done = await store.complete(id, null, clock.now(), {
      status,
      result: null,
      anonymizedName: null,
      pageData: null,
      dropOriginal,
      pages: 0,
      problem,
    });
    if (done) events.publish({ type: 'status', documentId: id, status });
  }

  /**
   * COMPUTING_QUOTA → UNPROCESSED (queued), QUOTA_EXCEEDED or QUOTA_ERROR; called under the document's lock. Returns
   * the document when it may go on to processing.
   */
  async function quotaStep(id: number): Promise<DocumentRecord | undefined> {
    let doc = await store.getDocument(id);
    const project = doc && (await store.getProject(doc.projectId));
    if (!doc || !project) {
      if (doc) await settle(id, 'ERROR', internalError('The project of the document no longer exists.').problem, true);
      return undefined;
    }
    if (doc.status !== 'COMPUTING_QUOTA') return doc;
    let exhausted: boolean | null;
    try {
      exhausted = options.pageBudget !== undefined && (await store.counters()).pagesUsed >= options.pageBudget;
    } catch {
      exhausted = null;
    }
    const next = exhausted === null ? quotaError(doc, clock.now()) : afterQuota(doc, exhausted, clock.now());
    if (next && next.status !== 'UNPROCESSED') {
      await settle(id, next.status as 'QUOTA_EXCEEDED' | 'QUOTA_ERROR', next.problem, !project.isStoringPII);
      return undefined;
    }
    doc = (await store.update(id, (d) => (d.status === 'COMPUTING_QUOTA' ? next : null))) ?? undefined;
    publish(doc ?? null);
    return doc;
  }

  async function runJob(id: number): Promise<void> {
    const doc = await quotaStep(id);
    if (!doc) return;
    const claimed = claim(doc, owner, clock.now(), leaseMs, maxAttempts);
    if (!claimed) return;
    if (claimed.status === 'ERROR') {
      const project = await store.getProject(doc.projectId);
      return settle(id, 'ERROR', claimed.problem, !project?.isStoringPII);
    }
    const stored = await store.update(id, (d) => (d.status === doc.status ? claimed : null));
    publish(stored);
    if (stored) await process(stored);
  }

  async function process(doc: DocumentRecord): Promise<void> {
    const project = await store.getProject(doc.projectId);
    const bytes = await store.getFile(doc.id, 'original');
    if (!project || !bytes)
      return settle(doc.id, 'ERROR', internalError('The document or its project is missing from the store.').problem, true);
    const controller = new AbortController();
    const timedOut = internalError(`Processing took longer than ${jobTimeoutMs / 1000} s.`);
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The race ends the job even if a processor ignores the abort signal.
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort(timedOut);
        reject(timedOut);
      }, jobTimeoutMs);
    });
    let result: AnonymizedDocument;
    try {
      const throttle = progressThrottle(clock.now(), () => clock.now());
      const call = processor.anonymize(bytes, doc.config, {
        documentId: doc.id,
        defaultConfig: project.config,
        signal: controller.signal,
        onProgress: (p) => {
          const progress = throttle(p);
          if (progress) events.publish({ type: 'progress', documentId: doc.id, progress });
        },
        ...(options.imageBaseUrl ? { imageBaseUrl: options.imageBaseUrl } : {}),
      });
      result = await Promise.race([call, deadline]);
    } catch (err) {
      const problem = controller.signal.aborted ? timedOut.problem : toAnonymizerError(err).problem;
      return settle(doc.id, 'ERROR', problem, !project.isStoringPII);
    } finally {
      clearTimeout(timer);
    }
    publish(
      await store.update(doc.id, (d) =>
        d.lease?.owner === owner && d.status === 'PROCESSING' ? { ...d, status: 'COMPILING', lastModified: clock.now() } : null,
      ),
    );
    const pages = Math.max(1, new Set(result.pageData.map((p) => p.pageNum)).size);
    const base = options.imageBaseUrl ?? 'http://localhost';
    const pageData = result.pageData.map((p) => ({
      ...p,
      imagesData: p.imagesData.map((i) => ({ ...i, imageUrl: projectImageUrl(base, doc.projectId, doc.id, i.xref) })),
    }));
    const verified = result.verification?.passed !== false;
    const done = await store.complete(doc.id, owner, clock.now(), {
      status: verified ? 'COMPLETED' : 'PREVIEW_ERROR',
      result: verified ? result.bytes : null,
      anonymizedName: verified ? anonymizedName(doc.name, result.extension) : null,
      pageData: project.isStoringPII ? pageData : null,
      dropOriginal: !project.isStoringPII,
      pages,
      problem: verified ? null : internalError('The anonymized file could not be verified, so it was not kept.').problem,
    });
    if (!done) return;
    await store.addUsage(pages, 0);
    events.publish({ type: 'status', documentId: doc.id, status: verified ? 'COMPLETED' : 'PREVIEW_ERROR' });
  }

  /** Tries to take the document's lock; resolves as soon as it is known whether this runner got it. */
  function start(id: number): Promise<boolean> {
    let got = false;
    return new Promise<boolean>((acquired) => {
      const job = locks
        .tryRun(lockName(id), async () => {
          got = true;
          acquired(true);
          await runJob(id).catch(() =>
            settle(id, 'ERROR', internalError('Processing failed unexpectedly.').problem, false).catch(() => undefined),
          );
        })
        .then((ran) => {
          if (!ran) acquired(false);
        })
        .finally(() => {
          active.delete(id);
          // A finished job frees a slot; a lock held elsewhere must not make this runner spin.
          if (got) wake();
        });
      active.set(id, job);
    });
  }

  async function scanOnce(): Promise<void> {
    do {
      rescan = false;
      const pending = (await store.documentsIn(PENDING_STATUSES)).sort((a, b) => a.id - b.id);
      for (const doc of pending) {
        if (stopped) break;
        if (active.has(doc.id)) continue;
        if (active.size < concurrency) await start(doc.id);
        // Documents that wait for a free slot are queued (UNPROCESSED) at once, not left in COMPUTING_QUOTA; with a
        // page budget the quota is decided only when their turn comes (earlier documents are charged as they complete).
        else if (doc.status === 'COMPUTING_QUOTA' && options.pageBudget === undefined)
          await locks.tryRun(lockName(doc.id), () => quotaStep(doc.id).then(() => undefined)).catch(() => undefined);
      }
    } while (rescan && !stopped);
  }

  function wake(): void {
    if (stopped) return;
    if (scanning) {
      rescan = true;
      return;
    }
    scanning = scanOnce()
      .catch(() => undefined)
      .finally(() => {
        scanning = null;
      });
  }

  const unsubscribe = events.subscribe((e) => {
    if (e.type === 'wake') wake();
  });
  const timer = clock.setInterval(wake, options.scanIntervalMs ?? 5000);
  wake();

  return {
    owner,
    wake,
    async idle() {
      while (scanning || active.size > 0) {
        await scanning;
        await Promise.all(active.values());
      }
    },
    async stop() {
      stopped = true;
      clock.clearInterval(timer);
      unsubscribe();
      await scanning;
      await Promise.all(active.values());
    },
  };
}
