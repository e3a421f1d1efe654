import type { NerBackend } from '../detection/ner/ner-backend.js';
import type { Recognizer } from '../detection/recognizer.js';
import type { NerModelOptions } from '../inference/model-source.js';

/** Options of `createAnonymizer`. Every dependency is passed in; nothing is read from globals. */
export interface AnonymizerOptions {
  /** Recognizers to run; defaults to the built-in pattern and rule recognizers (plus the NER model, see `ner`). */
  recognizers?: readonly Recognizer[];
  /**
   * The NER model. Absent: the shipped model (`models/manifest.json`; Node: read from the package on disk,
   * browser: from the app's own origin), loaded lazily on first need, and only when `recognizers` is not given;
   * without a shipped model, rules only. `false`: rules only. An object: a bring-your-own Hugging Face
   * token-classification export (`url` or `files`, optional `sha256`, `labelMap`, `onProgress`).
   */
  ner?: false | NerModelOptions;
  /** A NER backend to use instead of the platform default (tests, custom runtimes). Ignored when `ner` is false. */
  nerBackend?: NerBackend;
  /** Spans scoring below this are dropped. Default 0.5. */
  threshold?: number;
  /** Language hint for recognizers. Default `auto`. */
  language?: 'de' | 'en' | 'auto';
}

/** Default score threshold: weak pattern shapes need a context word to pass it. */
export const DEFAULT_THRESHOLD = 0.5;
