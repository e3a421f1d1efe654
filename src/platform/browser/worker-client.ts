import { wrap } from 'comlink';
import type { Remote } from 'comlink';
import type { AnonymizerError } from '../../errors/problem.js';
import { installProblemTransfer } from '../../errors/wire.js';

/** Options of a worker client. */
export interface WorkerClientOptions {
  /** A call that takes longer fails with `failure()` and the worker is terminated. */
  timeoutMs: number;
  /** The problem a call fails with when the worker dies, times out or is terminated. */
  failure: () => AnonymizerError;
}

/** A comlink proxy whose calls are guarded: a dead worker never leaves a caller hanging. */
export interface WorkerClient<T> {
  /** Runs `fn` against the worker; rejects with `failure()` on crash, timeout (default: the client's) or terminate. */
  call<R>(fn: (remote: Remote<T>) => Promise<R>, timeoutMs?: number): Promise<R>;
  /** Stops the worker; pending calls reject. */
  terminate(): void;
  readonly alive: boolean;
}

/**
 * Wraps a started worker (comlink `expose`d on the other side). Listens for `error` and `messageerror`,
 * applies a timeout per call, and rejects every pending call when the worker dies — comlink alone would
 * leave them pending forever.
 */
export function createWorkerClient<T>(worker: Worker, options: WorkerClientOptions): WorkerClient<T> {
  installProblemTransfer();
  const remote = wrap<T>(worker);
  const pending = new Set<(err: AnonymizerError) => void>();
  let alive = true;

  const die = () => {
    if (!alive) return;
    alive = false;
    worker.terminate();
    const err = options.failure();
    for (const reject of [...pending]) reject(err);
    pending.clear();
  };
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    die();
  });
  worker.addEventListener('messageerror', die);

  return {
    get alive() {
      return alive;
    },
    call<R>(fn: (remote: Remote<T>) => Promise<R>, timeoutMs = options.timeoutMs): Promise<R> {
      if (!alive) return Promise.reject(options.failure());
      return new Promise<R>((resolve, reject) => {
        // Infinity: no limit (a call that legitimately waits, e.g. for a queue to drain).
        const timer = Number.isFinite(timeoutMs) ? setTimeout(die, timeoutMs) : undefined;
        const settle = () => {
          clearTimeout(timer);
          pending.delete(reject);
        };
        pending.add(reject);
        fn(remote).then(
          (value) => {
            settle();
            resolve(value);
          },
          (err: unknown) => {
            settle();
            reject(err);
          },
        );
      });
    },
    terminate: die,
  };
}
