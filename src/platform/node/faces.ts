import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { internalError } from '../../errors/problem.js';
import { nodeModelsDir } from './assets.js';
import { FACE_MODEL_FILES } from '../../inference/face/model-files.js';
import type { FaceServiceOptions, FaceService } from '../../inference/face-service.js';
import { createFaceService } from '../../inference/face-service.js';
import { createOrtFaceNet } from '../../inference/face-session.js';
import { sha256Hex } from '../../bytes/sha256.js';
import { limitWasmTierUp } from './wasm-tiering.js';

async function loadVerified(path: string, sha256: string): Promise<Uint8Array> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(path));
  } catch {
    throw internalError('The face model file is missing.');
  }
  if ((await sha256Hex(bytes)) !== sha256) throw internalError('The face model file does not match its sha256.');
  return bytes;
}

/** Node: BlazeFace back + front from `models/face/` (sha256-checked) on onnxruntime-web's Node build. */
export async function createNodeFaceService(options: FaceServiceOptions = {}, modelsDir = nodeModelsDir()): Promise<FaceService> {
  limitWasmTierUp();
  const ort = await import('onnxruntime-web');
  ort.env.logLevel = 'error';
  const { back, front } = FACE_MODEL_FILES;
  const [backBytes, frontBytes] = await Promise.all([
    loadVerified(join(modelsDir, back.path), back.sha256),
    loadVerified(join(modelsDir, front.path), front.sha256),
  ]);
  const nets = {
    back: await createOrtFaceNet(ort, backBytes, back.inputSize),
    front: await createOrtFaceNet(ort, frontBytes, front.inputSize),
  };
  return createFaceService(nets, options);
}
