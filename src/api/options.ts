import type { Recognizer } from '../detection/recognizer.js';

/** Options of `createAnonymizer`. Every dependency is passed in; nothing is read from globals. */
export interface AnonymizerOptions {
  /** Recognizers to run; defaults to the built-in pattern and rule recognizers. */
  recognizers?: readonly Recognizer[];
  /** Spans scoring below this are dropped. Default 0.5. */
  threshold?: number;
  /** Language hint for recognizers. Default `auto`. */
  language?: 'de' | 'en' | 'auto';
}

/** Default score threshold: weak pattern shapes need a context word to pass it. */
export const DEFAULT_THRESHOLD = 0.5;
