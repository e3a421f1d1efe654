import type { TextLabelName } from '../spec/types.js';
import type { Span } from '../text/span.js';

/** What a recognizer may know about the request. */
export interface DetectContext {
  /**
   * Labels to detect; a recognizer may skip work for the others. When a request asks for a name label (PER, LOC,
   * ORG), the pipeline detects every label, so that a span of a label not asked for still wins its words (`REWE` as a
   * firm) and is dropped after the merge instead of leaving the words to a weaker reading (`REWE` as a place).
   */
  labels: ReadonlySet<TextLabelName>;
  /** Labels the request asks for (default `labels`): a model runs, and fails a request, only for these. */
  requested?: ReadonlySet<TextLabelName>;
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
