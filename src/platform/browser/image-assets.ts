/// <reference types="vite/client" />
import tesseractWorkerUrl from 'tesseract.js/dist/worker.min.js?url';
import tesseractCoreUrl from 'tesseract.js-core/tesseract-core-simd-lstm.wasm.js?url';
import faceBackUrl from '../../../models/face/face_detection_back_256x256_barracuda.onnx?url';
import faceFrontUrl from '../../../models/face/face_detection_front_128x128_barracuda.onnx?url';
import type { OcrAssets } from '../../documents/ocr-client.js';

/** Same-origin path where vite.assets.ts serves `<code>.traineddata.gz`. */
export const TESSDATA_PATH = '/vendor/tessdata';

/**
 * Browser: tesseract's worker and core (SIMD + LSTM build, WASM inlined) bundled by Vite, traineddata from the
 * app's origin. Absolute URLs, because tesseract starts a nested worker that resolves them itself.
 */
export function browserOcrAssets(base: string, languages: readonly string[] = ['deu', 'eng']): OcrAssets {
  return {
    langPath: new URL(TESSDATA_PATH, base).href,
    languages,
    workerPath: new URL(tesseractWorkerUrl, base).href,
    corePath: new URL(tesseractCoreUrl, base).href,
  };
}

/** Browser: same-origin URLs of the BlazeFace models (bundled by Vite from models/face/). */
export function browserFaceModelUrls(base: string): { back: string; front: string } {
  return { back: new URL(faceBackUrl, base).href, front: new URL(faceFrontUrl, base).href };
}
