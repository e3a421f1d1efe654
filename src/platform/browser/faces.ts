import { internalError } from '../../errors/problem.js';
import type { BrowserAssets } from './assets.js';
import type { FaceApi } from '../../inference/face-api.js';
import { FACE_MODEL_FILES } from '../../inference/face/model-files.js';
import type { FaceService } from '../../inference/face-service.js';
import { createFaceService } from '../../inference/face-service.js';
import { createOrtFaceNet } from '../../inference/face-session.js';
import { sha256Hex } from '../../bytes/sha256.js';

async function fetchVerified(url: string, sha256: string): Promise<Uint8Array> {
  let bytes: Uint8Array;
  try {
    const res = await fetch(url);
    if (!res.ok) throw new Error('status');
    bytes = new Uint8Array(await res.arrayBuffer());
  } catch {
    throw internalError('The face model could not be loaded.');
  }
  if ((await sha256Hex(bytes)) !== sha256) throw internalError('The face model file does not match its sha256.');
  return bytes;
}

/**
 * Browser (worker): BlazeFace on onnxruntime-web's WASM build, models fetched from the app's origin and sha256-checked.
 * Note: `ort.env` is per module instance; a worker that also runs the NER model shares these settings.
 */
export async function createBrowserFaceService(urls: BrowserAssets['faces']): Promise<FaceService> {
  // The bundle finds its .wasm through its own `new URL(…, import.meta.url)`, which bundlers copy.
  const ort = await import('onnxruntime-web/wasm');
  // One thread: BlazeFace runs are small and many (one per tile); on 2 cores two threads measured 2× slower.
  ort.env.wasm.numThreads = 1;
  const [back, front] = await Promise.all([
    fetchVerified(urls.back, FACE_MODEL_FILES.back.sha256),
    fetchVerified(urls.front, FACE_MODEL_FILES.front.sha256),
  ]);
  return createFaceService({
    back: await createOrtFaceNet(ort, back, FACE_MODEL_FILES.back.inputSize),
    front: await createOrtFaceNet(ort, front, FACE_MODEL_FILES.front.inputSize),
  });
}

/** The worker's API: the service is created on the first call and reused. */
export function createFaceApi(): FaceApi {
  let service: Promise<FaceService> | undefined;
  return {
    async detect(image, models) {
      service ??= createBrowserFaceService(models);
      return (await service).detect(image);
    },
  };
}
