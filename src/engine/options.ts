import type { NerBackend } from '../detection/ner/ner-backend.js';
import type { Recognizer } from '../detection/recognizer.js';
import type { AdHocRecognizerConfig } from '../spec/types.js';
import type { NerModelOptions } from '../inference/model-source.js';

/** Options of `createAnonymizer`. Every dependency is passed in; nothing is read from globals. */
export interface AnonymizerOptions {
  /**
   * Recognizers to run instead of the built-in ones (and of the NER model, unless `ner` is given). To keep the
   * defaults and the model, use `addRecognizers` and `removeRecognizers`.
   */
  recognizers?: readonly Recognizer[];
  /**
   * Recognizers to run beside the defaults and the model: your own `Recognizer`s, or ad-hoc ones written as data
   * (`AdHocRecognizerConfig`: label, pattern, context words, a validator by name, score).
   */
  addRecognizers?: ReadonlyArray<Recognizer | AdHocRecognizerConfig>;
  /** Ids of recognizers not to run (`defaultRecognizers().map((r) => r.id)` lists the built-in ones; `ner` the model). */
  removeRecognizers?: readonly string[];
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
