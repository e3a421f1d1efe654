import type { FaceBox, RgbaImage } from './face/types.js';

/** What `workers/face.worker.ts` exposes. */
export interface FaceApi {
  /** Face boxes in pixels of `image`. Loads the models (from `models`, sha256-checked) on first use. */
  detect(image: RgbaImage, models: { back: string; front: string }): Promise<FaceBox[]>;
}
