import type { DocumentStore } from '../store/store.js';
import type { DocumentRecord } from '../store/records.js';
import { PENDING_STATUSES } from './claim.js';
import type { Clock } from './clock.js';
import type { DocumentProcessor, JobContext } from './document-job.js';
import { quotaStep, runJob, settle } from './document-job.js';
import { internalError } from '../errors/problem.js';
import type { JobEvents } from './events.js';
import type { Locks } from './locks.js';

export type { DocumentProcessor } from './document-job.js';

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

/** A runner's schedule: the documents it runs now, and its scan of the store. */
interface Schedule {
  ctx: JobContext;
  locks: Locks;
  concurrency: number;
  active: Map<number, Promise<void>>;
  scanning: Promise<void> | null;
  /** A wake-up came during a scan: scan again when it ends. */
  rescan: boolean;
  stopped: boolean;
}

function lockName(store: DocumentStore, id: number): string {
  return `local-anonymizer:${store.name}:document:${id}`;
}

/**
 * What a scan does with a pending document: leave it (already running here), start it (a slot is free), queue it
 * (it waits for a slot: UNPROCESSED at once rather than left in COMPUTING_QUOTA; with a page budget its quota is
 * decided only when its turn comes, earlier documents being charged as they complete) or nothing yet.
 */
export function scanAction(
  doc: Pick<DocumentRecord, 'id' | 'status'>,
  active: ReadonlyMap<number, unknown>,
  concurrency: number,
  pageBudget: number | undefined,
): 'running' | 'start' | 'queue' | 'wait' {
  if (active.has(doc.id)) return 'running';
  if (active.size < concurrency) return 'start';
  return doc.status === 'COMPUTING_QUOTA' && pageBudget === undefined ? 'queue' : 'wait';
}

/** Tries to take the document's lock and run its job; resolves as soon as it is known whether this runner got it. */
function start(s: Schedule, id: number): Promise<boolean> {
  let got = false;
  return new Promise<boolean>((acquired) => {
    const job = s.locks
      .tryRun(lockName(s.ctx.store, id), async () => {
        got = true;
        acquired(true);
        await runJob(s.ctx, id).catch(() =>
          settle(s.ctx, id, 'ERROR', internalError('Processing failed unexpectedly.').problem, false).catch(() => undefined),
        );
      })
      .then((ran) => {
        if (!ran) acquired(false);
      })
      .finally(() => {
        s.active.delete(id);
        // A finished job frees a slot; a lock held elsewhere must not make this runner spin.
        if (got) wake(s);
      });
    s.active.set(id, job);
  });
}

/** Scans the store for pending documents, again while wake-ups came during the scan. */
async function scan(s: Schedule): Promise<void> {
  do {
    s.rescan = false;
    const pending = (await s.ctx.store.documentsIn(PENDING_STATUSES)).sort((a, b) => a.id - b.id);
    for (const doc of pending) {
      if (s.stopped) break;
      const action = scanAction(doc, s.active, s.concurrency, s.ctx.pageBudget);
      if (action === 'start') await start(s, doc.id);
      else if (action === 'queue')
        await s.locks.tryRun(lockName(s.ctx.store, doc.id), () => quotaStep(s.ctx, doc.id).then(() => undefined)).catch(() => undefined);
    }
  } while (s.rescan && !s.stopped);
}

/** Looks for work now, or once the scan under way ends. */
function wake(s: Schedule): void {
  if (s.stopped) return;
  if (s.scanning) {
    s.rescan = true;
    return;
  }
  s.scanning = scan(s)
    .catch(() => undefined)
    .finally(() => {
      s.scanning = null;
    });
}

/**
 * Starts a runner: claims pending documents under their lock, runs the processor with a time limit, and stores
 * the outcome in one transaction (COMPLETED, PREVIEW_ERROR when verification failed, or ERROR with the problem).
 * One failing document never stops the others.
 */
export function startJobRunner(options: JobRunnerOptions): JobRunner {
  const { events, clock } = options;
  const s: Schedule = {
    ctx: {
      store: options.store,
      processor: options.processor,
      events,
      clock,
      owner: crypto.randomUUID(),
      leaseMs: options.leaseMs ?? 30 * 60_000,
      maxAttempts: options.maxAttempts ?? 2,
      jobTimeoutMs: options.jobTimeoutMs ?? 10 * 60_000,
      pageBudget: options.pageBudget,
      imageBaseUrl: options.imageBaseUrl,
    },
    locks: options.locks,
    concurrency: options.concurrency ?? 1,
    active: new Map(),
    scanning: null,
    rescan: false,
    stopped: false,
  };
  const unsubscribe = events.subscribe((e) => {
    if (e.type === 'wake') wake(s);
  });
  const timer = clock.setInterval(() => wake(s), options.scanIntervalMs ?? 5000);
  wake(s);

  return {
    owner: s.ctx.owner,
    wake: () => wake(s),
    async idle() {
      while (s.scanning || s.active.size > 0) {
        await s.scanning;
        await Promise.all(s.active.values());
      }
    },
    async stop() {
      s.stopped = true;
      clock.clearInterval(timer);
      unsubscribe();
      await s.scanning;
      await Promise.all(s.active.values());
    },
  };
}
