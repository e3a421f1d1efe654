import type { Worker } from 'node:worker_threads';
import type { DocumentProgress } from '../documents/adapter.js';
import type { ClosableDocumentAnonymizer, DocumentEngineOptions } from '../engine/document-engine.js';
import { startModuleThread } from '../platform/node/module-thread.js';
import type { AnonymizerOptions } from '../engine/options.js';
import { AnonymizerError, internalError } from '../errors/problem.js';
import type { ExternalUploadConfig, ProblemDetail } from '../spec/types.js';
import { pagesOf, piiRecordOf, readDocument, writeResult } from './anonymize.js';

/** One document of a batch: where it comes from and where its results go. */
export interface DocumentTask {
  input: string;
  out: string;
  piis?: string;
}

/** What a completed document reports. */
export interface DocumentDone {
  documentType: string;
  pages: number;
}

/** Runs documents one at a time: in this thread, or on a thread of its own. */
export interface DocumentRunner {
  /** Reads, anonymizes and writes one document; rejects with an AnonymizerError (nothing is written then). */
  run(task: DocumentTask, onProgress: (progress: DocumentProgress) => void): Promise<DocumentDone>;
  close(): Promise<void>;
}

/** One document through `engine`: read, anonymize, write (the PII record too when asked). */
export async function anonymizeFile(
  engine: ClosableDocumentAnonymizer,
  config: ExternalUploadConfig | undefined,
  task: DocumentTask,
  onProgress: (progress: DocumentProgress) => void,
): Promise<DocumentDone> {
  const bytes = await readDocument(task.input);
  let last: DocumentProgress | undefined;
  const result = await engine.anonymize(bytes, config ?? null, {
    onProgress: (p) => {
      last = p;
      onProgress(p);
    },
  });
  await writeResult(result, piiRecordOf(task.input, result), task.out, task.piis);
  return { documentType: result.documentType, pages: pagesOf(result, last) };
}

/** A runner on an engine of this thread (shared by every runner made on it; the caller closes the engine). */
export function inThreadRunner(engine: ClosableDocumentAnonymizer, config: ExternalUploadConfig | undefined): DocumentRunner {
  return { run: (task, onProgress) => anonymizeFile(engine, config, task, onProgress), close: async () => undefined };
}

/** What the main thread sends a document thread. */
export type ThreadRequest = { type: 'run'; task: DocumentTask } | { type: 'close' };

/** What a document thread answers. */
export type ThreadReply =
  | { type: 'progress'; progress: DocumentProgress }
  | { type: 'done'; done: DocumentDone }
  | { type: 'failed'; problem: ProblemDetail }
  | { type: 'closed' };

/** The data a document thread starts with (structured-cloned). */
export interface ThreadData {
  engineOptions: AnonymizerOptions & Pick<DocumentEngineOptions, 'verificationFallback' | 'ocrWorkers'>;
  config: ExternalUploadConfig | undefined;
}

/** A new thread running `document-thread` beside this file (see `startModuleThread`). */
function startThread(workerData: ThreadData): Worker {
  return startModuleThread(import.meta.url, 'document-thread', workerData);
}

/** Whether the engine options can go to a thread (no functions, no custom recognizers or backends). */
export function cloneable(value: unknown): boolean {
  try {
    structuredClone(value);
    return true;
  } catch {
    return false;
  }
}

/** How long a closing thread may take to stop its engine (tesseract) before it is terminated. */
const CLOSE_LIMIT_MS = 10_000;

/**
 * A runner with its own engine on a `worker_threads` thread, started on first use: a second core works on the
 * batch, and this thread stays free to draw the progress bar. A thread that dies fails its document (500) and the
 * next document gets a new thread.
 */
export function threadRunner(data: ThreadData): DocumentRunner {
  let worker: Worker | undefined;
  let current: { resolve(done: DocumentDone): void; reject(err: unknown): void; onProgress(p: DocumentProgress): void } | undefined;

  function start(): Worker {
    const w = startThread(data);
    w.on('message', (reply: ThreadReply) => {
      if (reply.type === 'progress') current?.onProgress(reply.progress);
      else if (reply.type === 'done' || reply.type === 'failed') {
        const job = current;
        current = undefined;
        if (reply.type === 'done') job?.resolve(reply.done);
        else job?.reject(new AnonymizerError(reply.problem));
      }
    });
    const died = () => {
      if (worker !== w) return;
      worker = undefined;
      const job = current;
      current = undefined;
      job?.reject(internalError('The document thread stopped unexpectedly.'));
    };
    w.on('error', died);
    w.on('exit', died);
    return w;
  }

  return {
    run(task, onProgress) {
      return new Promise<DocumentDone>((resolve, reject) => {
        current = { resolve, reject, onProgress };
        worker ??= start();
        worker.postMessage({ type: 'run', task } satisfies ThreadRequest);
      });
    },
    async close() {
      const w = worker;
      worker = undefined;
      if (!w) return;
      const exited = new Promise<void>((resolve) => w.once('exit', () => resolve()));
      w.postMessage({ type: 'close' } satisfies ThreadRequest);
      const limit = setTimeout(() => void w.terminate(), CLOSE_LIMIT_MS);
      await exited;
      clearTimeout(limit);
    },
  };
}
