import type * as Ort from 'onnxruntime-web';
import { internalError } from '../errors/problem.js';
import type { BlazeFaceOutput, FaceNet } from './face/types.js';
import type { OrtModule } from './session.js';
import { createSerializer } from './session.js';

/**
 * Beside `session.ts` (token classification): a BlazeFace ONNX session (keijiro's Barracuda export, input `input:0`
 * NHWC float `[1, size, size, 3]`, outputs `Identity:0`…`Identity_3:0`) as a FaceNet. Runs are serialized.
 */
export async function createOrtFaceNet(ort: OrtModule, model: Uint8Array, inputSize: number): Promise<FaceNet> {
  const serialize = createSerializer();
  let session: Ort.InferenceSession;
  try {
    session = await ort.InferenceSession.create(model, {
      executionProviders: ['wasm'],
      graphOptimizationLevel: 'all',
      logSeverityLevel: 3,
    });
  } catch {
    throw internalError('The face model cannot be loaded.');
  }
  const input = session.inputNames[0]!;
  const names = ['Identity:0', 'Identity_1:0', 'Identity_2:0', 'Identity_3:0'];
  if (!names.every((n) => session.outputNames.includes(n))) throw internalError('The face model has unexpected outputs.');
  return {
    inputSize,
    run: (data) =>
      serialize(async (): Promise<BlazeFaceOutput> => {
        const out = await session.run({ [input]: new ort.Tensor('float32', data, [1, inputSize, inputSize, 3]) });
        const get = (n: string) => out[n]!.data as Float32Array;
        return { scores: [get(names[0]!), get(names[1]!)], boxes: [get(names[2]!), get(names[3]!)] };
      }),
  };
}
