import { proxy } from 'comlink';
import type { NerBackend, NerModelInfo } from '../../detection/ner/ner-backend.js';
import { NO_ENTITIES } from '../../detection/ner/ner-backend.js';
import { textModelUnavailable } from '../../errors/problem.js';
import type { NerLoadSpec, ProgressCallback } from '../../inference/model-source.js';
import type { TextLabelName } from '../../spec/types.js';
import type { NerApi } from '../../inference/ner-api.js';
import type { WorkerClient } from './worker-client.js';
import { createWorkerClient } from './worker-client.js';

/** Timeouts of the NER worker: loading (download + session), and a run (a base plus a per-character share). */
export interface NerTimeouts {
  loadMs: number;
  runBaseMs: number;
  runPerCharMs: number;
}

/** Defaults: 2 min to load; 30 s + 0.2 ms per character to run (1 MB of text: about 4 min). */
export const DEFAULT_NER_TIMEOUTS: NerTimeouts = { loadMs: 120_000, runBaseMs: 30_000, runPerCharMs: 0.2 };

/** Options of the worker-backed NER client. */
export interface NerWorkerBackendOptions {
  spec: NerLoadSpec;
  declaredLabels: readonly TextLabelName[];
  onProgress?: ProgressCallback;
  /** Starts the worker; default `workers/ner.worker.ts` as a module worker. */
  createWorker?: () => Worker;
  timeouts?: Partial<NerTimeouts>;
}

/** The NER backend in a browser: the service in a module worker, guarded by createWorkerClient. */
export interface NerWorkerBackend extends NerBackend {
  /** Stops the worker; pending calls reject with 502. A later call starts a new one. */
  terminate(): void;
}

function startNerWorker(): Worker {
  return new Worker(new URL('../../../workers/ner.worker.js', import.meta.url), { type: 'module', name: 'ner' });
}

/**
 * A NerBackend over `workers/ner.worker.ts`. The worker starts on first use. A crash, a hang (timeout) or
 * terminate rejects every pending call with 502 `TEXT_MODEL_UNAVAILABLE`; the next call starts a fresh worker.
 * A model that failed to load for another reason (hash mismatch, bad files) stays failed.
 */
export function createNerWorkerBackend(options: NerWorkerBackendOptions): NerWorkerBackend {
  const t = { ...DEFAULT_NER_TIMEOUTS, ...options.timeouts };
  let client: WorkerClient<NerApi> | null = null;
  let loading: Promise<NerModelInfo | null> | null = null;
  /** What `loading` resolved to, once it has (undefined before, and again when a new worker starts loading). */
  let loaded: NerModelInfo | null | undefined;

  function ensure(): { client: WorkerClient<NerApi>; loading: Promise<NerModelInfo | null> } {
    if (!client || !client.alive || !loading) {
      const c = createWorkerClient<NerApi>((options.createWorker ?? startNerWorker)(), {
        timeoutMs: t.loadMs,
        failure: () => textModelUnavailable('The text model worker stopped.'),
      });
      const progress = options.onProgress ? proxy(options.onProgress) : undefined;
      client = c;
      const l = c.call((remote) => remote.load(options.spec, progress), t.loadMs);
      loading = l;
      loaded = undefined;
      l.then(
        (info) => (loading === l ? (loaded = info) : undefined),
        () => undefined,
      );
    }
    return { client, loading };
  }

  return {
    declaredLabels: options.declaredLabels,
    load: () => ensure().loading,
    recognize(text) {
      try {
        const { client: c, loading: l } = ensure();
        const run = (info: NerModelInfo | null) =>
          info ? c.call((remote) => remote.recognize(text), t.runBaseMs + t.runPerCharMs * text.length) : Promise.resolve(NO_ENTITIES);
        // Loaded: posted to the worker at once, so the caller's synchronous work overlaps with the model's.
        return loaded !== undefined ? run(loaded) : l.then(run);
      } catch (err) {
        return Promise.reject(err); // a worker that cannot start fails the call, never the caller's stack
      }
    },
    terminate() {
      client?.terminate();
    },
  };
}
