import type { FaceBox, RgbaImage } from './face/types.js';

/** What `workers/face.worker.ts` exposes. */
export interface FaceApi {
  /** Face boxes in pixels of `image`. Loads the models on first use. */
  detect(image: RgbaImage): Promise<FaceBox[]>;
}
