import { internalError } from '../../errors/problem.js';
import type { JobsWorkerApi, JobsWorkerOptions } from '../../jobs/jobs-api.js';
import { createWorkerClient } from './worker-client.js';

/** A running jobs worker: `stop()` lets running work finish; `terminate()` kills it (its locks are released). */
export interface JobsClient {
  idle(): Promise<void>;
  stop(): Promise<void>;
  terminate(): void;
}

/** Starts `workers/jobs.worker.ts`, the job runner of this tab, processing documents of the store off the main thread. */
export async function startJobsWorker(options: JobsWorkerOptions): Promise<JobsClient> {
  const worker = new Worker(new URL('../../../workers/jobs.worker.js', import.meta.url), { type: 'module', name: 'jobs' });
  // No call timeout: `idle` may wait for long documents; each document has its own limit inside the worker.
  const client = createWorkerClient<JobsWorkerApi>(worker, {
    timeoutMs: Infinity,
    failure: () => internalError('The jobs worker stopped.'),
  });
  await client.call((remote) => remote.start(options));
  return {
    idle: () => client.call((remote) => remote.idle()),
    async stop() {
      if (client.alive) await client.call((remote) => remote.stop()).catch(() => undefined);
      client.terminate();
    },
    terminate: () => client.terminate(),
  };
}
