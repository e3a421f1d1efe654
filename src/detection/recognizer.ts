import type { TextLabelName } from '../spec/types.js';
import type { Span } from '../text/span.js';

/** What a recognizer may know about the request. */
export interface DetectContext {
  /** Labels the request asks for; a recognizer may skip work for the others. */
  labels: ReadonlySet<TextLabelName>;
  /** Language hint; `auto` when unknown. */
  language: 'de' | 'en' | 'auto';
  signal?: AbortSignal;
}

/**
 * One source of spans: a pattern set, a gazetteer, or an NER model behind a worker client.
 * `detect` must not throw for ordinary text; a model recognizer that cannot run throws
 * `textModelUnavailable()` (502).
 */
export interface Recognizer {
  readonly id: string;
  /** Labels this recognizer can produce. */
  readonly labels: readonly TextLabelName[];
  detect(text: string, ctx: DetectContext): Span[] | Promise<Span[]>;
  /**
   * `detect` hands its work to another thread (a model in a worker): the pipeline calls it before the others, so
   * that the worker computes while this thread runs the synchronous recognizers.
   */
  readonly startsEarly?: boolean;
}
