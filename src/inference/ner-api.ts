import type { NerModelInfo, NerRecognition } from '../detection/ner/ner-backend.js';
import type { NerLoadSpec, ProgressCallback } from './model-source.js';

/**
 * What the NER service offers, the same in-process (Node) and behind `workers/ner.worker.ts` (browser). Arguments
 * and results are structured-cloneable; `onProgress` crosses the worker boundary as a comlink proxy.
 */
export interface NerApi {
  /** Loads (or replaces) the model. Null: the spec names the shipped manifest and no model is shipped. */
  load(spec: NerLoadSpec, onProgress?: ProgressCallback): Promise<NerModelInfo | null>;
  /** Entities in `text`; 502 when no model is loaded or it fails. */
  recognize(text: string): Promise<NerRecognition>;
}
