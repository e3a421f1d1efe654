import type * as Ort from 'onnxruntime-web';
import { textModelUnavailable } from '../errors/problem.js';

/** The onnxruntime-web module as loaded by a platform adapter (`onnxruntime-web` in Node, `/wasm` or `/webgpu` in a worker). */
export type OrtModule = Pick<typeof Ort, 'InferenceSession' | 'Tensor'>;

/** One batch of model input: `[batch, seq]` int64 tensors as flat arrays. */
export interface ModelBatch {
  batch: number;
  seq: number;
  inputIds: BigInt64Array;
  attentionMask: BigInt64Array;
  /** For a model with a gazetteer channel: its marks, float32 `[batch, seq, lists]` (gazetteer-features.ts). */
  gazetteer?: { data: Float32Array; lists: number };
}

/** Model output: logits `[batch, seq, labels]`, flat. */
export interface ModelOutput {
  data: Float32Array;
  dims: readonly number[];
}

/** A loaded token-classification model. `run` calls are serialized with each other and with creation. */
export interface NerSession {
  readonly executionProvider: string;
  readonly inputNames: readonly string[];
  run(batch: ModelBatch): Promise<ModelOutput>;
  release(): Promise<void>;
}

/** Turns model bytes into a session; platform adapters provide one. */
export type SessionFactory = (model: Uint8Array) => Promise<NerSession>;

/** A FIFO lock: each task starts when the one before it has settled. */
export function createSerializer(): <T>(task: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const result = tail.then(task, task);
    tail = result.catch(() => undefined);
    return result;
  };
}

/** Options of `createOrtSessionFactory`. */
export interface OrtSessionOptions {
  /** Tried in order; when a GPU provider fails to create the session, `wasm` is tried alone. */
  executionProviders: readonly string[];
  /** Shared lock, so that one model never runs two calls at once and creation never overlaps a run. */
  serialize?: <T>(task: () => Promise<T>) => Promise<T>;
}

/**
 * A session factory over an onnxruntime-web module: checks the HF token-classification contract (inputs
 * `input_ids` and `attention_mask`, optional `token_type_ids` fed with zeros, and `gazetteer` for a model with a
 * gazetteer channel; output `logits` or the first one) and serializes creation and runs.
 */
export function createOrtSessionFactory(ort: OrtModule, options: OrtSessionOptions): SessionFactory {
  const serialize = options.serialize ?? createSerializer();
  return (model) =>
    serialize(async () => {
      let session: Ort.InferenceSession;
      let provider = options.executionProviders[0] ?? 'wasm';
      try {
        session = await ort.InferenceSession.create(model, {
          executionProviders: [...options.executionProviders],
          graphOptimizationLevel: 'all',
        });
      } catch {
        if (provider === 'wasm') throw textModelUnavailable('The text model cannot be loaded by onnxruntime.');
        provider = 'wasm';
        try {
          session = await ort.InferenceSession.create(model, { executionProviders: ['wasm'], graphOptimizationLevel: 'all' });
        } catch {
          throw textModelUnavailable('The text model cannot be loaded by onnxruntime.');
        }
      }
      const inputs = session.inputNames;
      if (!inputs.includes('input_ids') || !inputs.includes('attention_mask')) {
        await session.release();
        throw textModelUnavailable('The text model lacks the inputs input_ids and attention_mask.');
      }
      const known = new Set(['input_ids', 'attention_mask', 'token_type_ids', 'gazetteer']);
      if (inputs.some((name) => !known.has(name))) {
        await session.release();
        throw textModelUnavailable('The text model needs inputs other than input_ids, attention_mask, token_type_ids, gazetteer.');
      }
      const output = session.outputNames.includes('logits') ? 'logits' : session.outputNames[0];
      if (output === undefined) throw textModelUnavailable('The text model has no output.');
      const live = session;
      return {
        executionProvider: provider,
        inputNames: inputs,
        run: (b) =>
          serialize(async () => {
            const dims = [b.batch, b.seq];
            const feeds: Record<string, Ort.Tensor> = {
              input_ids: new ort.Tensor('int64', b.inputIds, dims),
              attention_mask: new ort.Tensor('int64', b.attentionMask, dims),
            };
            if (inputs.includes('token_type_ids')) feeds.token_type_ids = new ort.Tensor('int64', new BigInt64Array(b.batch * b.seq), dims);
            if (inputs.includes('gazetteer')) {
              if (!b.gazetteer) throw textModelUnavailable('The text model reads a gazetteer that was not loaded.');
              feeds.gazetteer = new ort.Tensor('float32', b.gazetteer.data, [...dims, b.gazetteer.lists]);
            }
            const out = await live.run(feeds);
            const logits = out[output];
            if (!logits || logits.type !== 'float32') throw textModelUnavailable('The text model gave no float32 logits.');
            const data = (await logits.getData()) as Float32Array;
            logits.dispose();
            return { data, dims: logits.dims };
          }),
        release: () => serialize(() => live.release()),
      };
    });
}
