import type { JobRunnerOptions } from './runner.js';
import type { NerModelOptions } from '../inference/model-source.js';

/** How `workers/jobs.worker.ts` is started: which store, the runner's limits, and the text model for documents. */
export interface JobsWorkerOptions {
  storeName: string;
  runner?: Pick<JobRunnerOptions, 'concurrency' | 'leaseMs' | 'maxAttempts' | 'jobTimeoutMs' | 'scanIntervalMs'>;
  pageBudget?: number;
  baseUrl?: string;
  /** The NER model for text in documents: false (rules only), a bring-your-own model, or absent (the shipped one). */
  ner?: false | NerModelOptions;
  /** A self-hosted folder with the package's files; absent: the bundled files. */
  assetsBaseUrl?: string;
}

/** What `workers/jobs.worker.ts` exposes. */
export interface JobsWorkerApi {
  start(options: JobsWorkerOptions): Promise<void>;
  /** Resolves once this worker has nothing running or queued. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}
