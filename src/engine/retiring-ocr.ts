import type { OcrClient } from '../documents/ocr-client.js';

/** A pool of OCR workers started on first use that can be let go between uses. */
export interface RetiringOcr {
  /** The service; each `recognize` goes to an idle worker running at that moment (one is started if none is idle). */
  get(): Promise<Pick<OcrClient, 'recognize'>>;
  /** Terminates the workers as soon as no recognition is in flight; a later `recognize` starts new ones. */
  release(): Promise<void>;
  /** Terminates the workers now (the engine closes). */
  close(): Promise<void>;
  /** Most workers running at once: how many pages may be recognised in parallel. */
  readonly size: number;
}

/** How many OCR workers a machine with `cores` logical cores runs: one per two cores, 1 to 4 (each holds ~200 MB). */
export function ocrWorkersFor(cores: number): number {
  return Math.max(1, Math.min(4, Math.floor(cores / 2)));
}

/**
 * tesseract's WASM heap grows with the pages it reads and never shrinks, and each worker holds ~200 MB: documents let
 * the workers go when their OCR is done. Callers never hold a worker, only this front, so a release between two pages
 * of another document costs that document a restart, never a failed page. Up to `size` workers run at once, each
 * recognising one page at a time.
 */
export function retiringOcr(start: () => Promise<OcrClient>, size = 1): RetiringOcr {
  /** A started (or starting) worker; boxed, because a promise resolved with a promise would wait for it. */
  type Slot = { client: Promise<OcrClient> };
  let workers: Slot[] = [];
  let idle: Slot[] = [];
  const waiting: Array<(worker: Slot) => void> = [];
  let inFlight = 0;
  let retire: Promise<void> | null = null;
  let retireWhenIdle: (() => void) | null = null;

  const stop = async (all: readonly Slot[]) => {
    await Promise.all(all.map(async (w) => (await w.client.catch(() => null))?.terminate()));
  };
  const acquire = (): Promise<Slot> => {
    const free = idle.pop();
    if (free) return Promise.resolve(free);
    if (workers.length < size) {
      const worker = { client: start() };
      workers.push(worker);
      return Promise.resolve(worker);
    }
    return new Promise((resolve) => waiting.push(resolve));
  };
  const giveBack = (worker: Slot) => {
    const next = waiting.shift();
    if (next) next(worker);
    else idle.push(worker);
  };
  const front: Pick<OcrClient, 'recognize'> = {
    async recognize(png) {
      // A release waiting for the pages in flight stops those workers first; this page goes to a new one.
      while (retire) await retire;
      inFlight++;
      const worker = await acquire();
      try {
        return await (await worker.client).recognize(png);
      } finally {
        giveBack(worker);
        inFlight--;
        if (inFlight === 0) retireWhenIdle?.();
      }
    },
  };
  const takeAll = () => {
    const all = workers;
    workers = [];
    idle = [];
    return all;
  };
  return {
    size,
    get: async () => front,
    release() {
      if (workers.length === 0) return Promise.resolve();
      if (retire) return retire;
      retire = new Promise<void>((resolve) => {
        retireWhenIdle = () => {
          retireWhenIdle = null;
          void stop(takeAll()).finally(() => {
            retire = null;
            resolve();
          });
        };
        if (inFlight === 0) retireWhenIdle();
      });
      return retire;
    },
    close: () => stop(takeAll()),
  };
}
