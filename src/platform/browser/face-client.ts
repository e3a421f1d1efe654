import { transfer } from 'comlink';
import { internalError } from '../../errors/problem.js';
import type { Raster } from '../../documents/image/raster.js';
import type { FaceBox } from '../../inference/face/types.js';
import type { FaceApi } from '../../inference/face-api.js';
import { createWorkerClient } from './worker-client.js';

/** Face detection in a module worker; a crashed or stuck worker rejects instead of hanging. */
export interface FaceClient {
  detect(image: Raster): Promise<FaceBox[]>;
  terminate(): void;
}

/** Starts `workers/face.worker.ts` with the models at `models`. `timeoutMs` bounds each call, model loading included. */
export function startFaceWorker(models: { back: string; front: string }, timeoutMs = 120_000, createWorker?: () => Worker): FaceClient {
  const worker =
    createWorker?.() ?? new Worker(new URL('../../../workers/face.worker.js', import.meta.url), { type: 'module', name: 'faces' });
  const client = createWorkerClient<FaceApi>(worker, { timeoutMs, failure: () => internalError('The face detector stopped.') });
  return {
    detect(image) {
      // A copy crosses (transferred), so the caller keeps its pixels.
      const data = new Uint8ClampedArray(image.data);
      return client.call((remote) => remote.detect(transfer({ width: image.width, height: image.height, data }, [data.buffer]), models));
    },
    terminate: () => client.terminate(),
  };
}
