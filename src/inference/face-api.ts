import type { FaceBox } from './face/types.js';

/** RGBA pixels that cross a worker boundary (the buffer is transferred). */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** What `workers/face.worker.ts` exposes. */
export interface FaceApi {
  /** Face boxes in pixels of `image`. Loads the models on first use. */
  detect(image: RgbaImage): Promise<FaceBox[]>;
}
