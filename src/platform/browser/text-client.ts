import { internalError } from '../../errors/problem.js';
import type { TextWorkerApi } from '../../engine/text-api.js';
import type { WorkerClient } from './worker-client.js';
import { createWorkerClient } from './worker-client.js';

/** Starts the text engine in a module worker, so long texts never block the page. */
export function startTextWorker(timeoutMs = 60_000): WorkerClient<TextWorkerApi> {
  const worker = new Worker(new URL('../../../workers/text.worker.js', import.meta.url), { type: 'module', name: 'text-engine' });
  return createWorkerClient<TextWorkerApi>(worker, {
    timeoutMs,
    failure: () => internalError('The text engine worker stopped.'),
  });
}
