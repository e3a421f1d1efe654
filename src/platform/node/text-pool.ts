import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { AnonymizerOptions } from '../../engine/options.js';
import type { Anonymizer, DetectCallOptions, TextCallOptions } from '../../engine/text-engine.js';
import { AnonymizerError, internalError, rateLimitExceeded } from '../../errors/problem.js';
import { imageLabels, textLabels } from '../../spec/labels.js';
import type { ProblemDetail, PseudonymizedText, TextRequest } from '../../spec/types.js';
import type { Span } from '../../text/span.js';
import { startModuleThread } from './module-thread.js';

/** A task sent to a pool thread (structured-cloned: no signal, no functions). */
export type PoolTask =
  | { id: number; op: 'text'; request: TextRequest; options: Omit<TextCallOptions, 'signal'> }
  | { id: number; op: 'detect'; text: string; options: Omit<DetectCallOptions, 'signal'> };

/** A pool thread's answer to one task. */
export type PoolReply =
  { id: number; ok: true; result: unknown } | { id: number; ok: false; problem: ProblemDetail; retryAfterSeconds?: number };

/** Size and bounds of the text pool. */
export interface TextPoolOptions {
  /** Threads running the engine. Default: the machine's cores (at least 2, at most 8). */
  threads?: number;
  /** Tasks waiting for a thread beyond which calls get 429. Default 256. */
  maxQueued?: number;
  /** Characters waiting for a thread beyond which calls get 429 (a lone task is always taken). Default 4,000,000. */
  maxQueuedChars?: number;
  /**
   * Texts of at least this many characters are "large": they may occupy all threads but one, so small texts always
   * find a free thread. Default 65,536.
   */
  largeChars?: number;
}

/** The text engine on worker threads: the event loop stays free for the HTTP face while texts run. */
export interface TextPool extends Anonymizer {
  readonly threads: number;
  /** Tasks running and waiting: the pool's whole bound, for the service's in-flight limit. */
  readonly capacity: number;
  /** Terminates the threads; queued calls are rejected. */
  close(): Promise<void>;
}

interface Job {
  task: PoolTask;
  size: number;
  resolve(value: unknown): void;
  reject(err: unknown): void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

interface Thread {
  worker: Worker;
  job: Job | null;
}

/** Rough engine speed per thread (rules and model, all labels) for a `Retry-After` estimate. */
const CHARS_PER_SECOND = 100_000;

/** A new thread running `text-thread` beside this file (see `startModuleThread`). */
function startThread(workerData: unknown): Worker {
  return startModuleThread(import.meta.url, 'text-thread', workerData);
}

function textSize(request: TextRequest): number {
  const text = (request as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text.length : 0;
}

/**
 * Starts a pool of `node:worker_threads` that each run the same text engine (`engineOptions` must be
 * structured-cloneable: `ner: false` or a model `url`/`files`, no custom recognizers or callbacks). Tasks wait in one
 * bounded queue (count and characters; beyond it 429 with `Retry-After`); a small task never waits behind large
 * ones while a thread is free, because large ones may hold all threads but one. A thread that dies fails its task
 * with 500 and is replaced.
 */
export function createTextPool(engineOptions: AnonymizerOptions = {}, options: TextPoolOptions = {}): TextPool {
  const size = Math.max(1, options.threads ?? Math.min(8, Math.max(2, availableParallelism())));
  const maxQueued = options.maxQueued ?? 256;
  const maxQueuedChars = options.maxQueuedChars ?? 4_000_000;
  const largeChars = options.largeChars ?? 65_536;
  const threads: Thread[] = [];
  const queue: Job[] = [];
  let queuedChars = 0;
  let nextId = 1;
  let closed = false;

  function spawn(): Thread {
    const thread: Thread = {
      worker: startThread({ options: engineOptions }),
      job: null,
    };
    thread.worker.on('message', (reply: PoolReply) => {
      const job = thread.job;
      if (!job || job.task.id !== reply.id) return;
      thread.job = null;
      job.signal?.removeEventListener('abort', job.onAbort!);
      if (reply.ok) job.resolve(reply.result);
      else {
        const err = new AnonymizerError(reply.problem);
        if (reply.retryAfterSeconds !== undefined) err.retryAfterSeconds = reply.retryAfterSeconds;
        job.reject(err);
      }
      dispatch();
    });
    const died = () => {
      const i = threads.indexOf(thread);
      if (i === -1) return;
      threads.splice(i, 1);
      thread.job?.reject(internalError('The text thread stopped unexpectedly.'));
      thread.job = null;
      if (!closed) {
        threads.push(spawn());
        dispatch();
      }
    };
    thread.worker.on('error', died);
    thread.worker.on('exit', died);
    return thread;
  }
  for (let i = 0; i < size; i++) threads.push(spawn());

  function dispatch(): void {
    for (const thread of threads) {
      if (thread.job || queue.length === 0) continue;
      const largeRunning = threads.filter((t) => t.job && t.job.size >= largeChars).length;
      const mayTakeLarge = size === 1 || largeRunning < size - 1;
      const i = queue.findIndex((j) => j.size < largeChars || mayTakeLarge);
      if (i === -1) return;
      const [job] = queue.splice(i, 1);
      queuedChars -= job!.size;
      thread.job = job!;
      try {
        thread.worker.postMessage(job!.task);
      } catch {
        thread.job = null;
        job!.reject(internalError('The request could not be passed to a text thread.'));
      }
    }
  }

  function submit<T>(task: PoolTask, chars: number, signal: AbortSignal | undefined): Promise<T> {
    if (closed) return Promise.reject(internalError('The text engine is closed.'));
    if (signal?.aborted) return Promise.reject(signal.reason);
    const full = queue.length >= maxQueued || (queue.length > 0 && queuedChars + chars > maxQueuedChars);
    if (full && threads.every((t) => t.job)) {
      const seconds = Math.ceil((queuedChars + chars) / (CHARS_PER_SECOND * size));
      return Promise.reject(rateLimitExceeded(Math.min(60, Math.max(1, seconds))));
    }
    return new Promise<T>((resolve, reject) => {
      const job: Job = { task, size: chars, resolve: resolve as (v: unknown) => void, reject };
      if (signal) {
        job.signal = signal;
        job.onAbort = () => {
          const i = queue.indexOf(job);
          if (i === -1) return; // already running: it finishes, the caller has gone
          queue.splice(i, 1);
          queuedChars -= job.size;
          reject(signal.reason);
        };
        signal.addEventListener('abort', job.onAbort, { once: true });
      }
      queue.push(job);
      queuedChars += chars;
      dispatch();
    });
  }

  return {
    threads: size,
    capacity: size + maxQueued,
    text(request: TextRequest, callOptions: TextCallOptions = {}): Promise<PseudonymizedText> {
      const { signal, ...rest } = callOptions;
      return submit({ id: nextId++, op: 'text', request, options: rest }, textSize(request), signal);
    },
    detect(text: string, callOptions: DetectCallOptions = {}): Promise<Span[]> {
      const { signal, ...rest } = callOptions;
      return submit({ id: nextId++, op: 'detect', text, options: rest }, typeof text === 'string' ? text.length : 0, signal);
    },
    getTextLabels: textLabels,
    getImageLabels: imageLabels,
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(internalError('The text engine is closed.'));
      queuedChars = 0;
      for (const t of threads) t.job?.reject(internalError('The text engine is closed.'));
      await Promise.all(threads.splice(0).map((t) => t.worker.terminate()));
    },
  };
}
