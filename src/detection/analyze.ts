import type { ListEntry, TextLabelName } from '../spec/types.js';
import type { Span } from '../text/span.js';
import { ensureLexicons } from './lexicons/store.js';
import { applyWhitelist, blacklistSpans } from './lists.js';
import { mergeSpans, preferContaining, preferFullerIdentifiers } from './merge.js';
import { propagateSpans } from './propagate.js';
import type { DetectContext, Recognizer } from './recognizer.js';

/** Characters that show nothing: whitespace and the zero-width ones (ZWSP, ZWNJ, ZWJ, word joiner, BOM, soft hyphen). */
const INVISIBLE_ONLY = /^[\s\u00ad\u180e\u200b-\u200d\u2060\ufeff]*$/u;

/** Detection options resolved at the API edge. */
export interface AnalyzeOptions {
  labels: ReadonlySet<TextLabelName>;
  blacklist?: readonly ListEntry[];
  whitelist?: readonly ListEntry[];
  /** Spans scoring below this are dropped (blacklist spans score 1). */
  threshold: number;
  language?: DetectContext['language'];
  signal?: AbortSignal;
}

/**
 * The detection pipeline: recognizers for the requested labels → threshold → whitelist → blacklist → a rule's span
 * over the model's piece of it (`preferContaining`), an identifier's fuller reading over a piece (`preferFullerIdentifiers`) → conflict merge → document-level propagation (other occurrences of detected PER/ORG/LOC strings and surnames,
 * whitelist applied to them too). Returns non-overlapping spans in text order. The rules' word lists load on the first
 * call, while a model that starts early loads and runs.
 * Blacklist entries apply whatever labels were requested: they are the user's explicit instruction.
 */
export async function analyze(text: string, recognizers: readonly Recognizer[], options: AnalyzeOptions): Promise<Span[]> {
  const ctx: DetectContext = { labels: options.labels, language: options.language ?? 'auto' };
  if (options.signal) ctx.signal = options.signal;
  const active = recognizers.filter((r) => r.labels.some((l) => options.labels.has(l)));
  // Early starters first (their work runs elsewhere meanwhile, the word lists' first load too); the rules once the
  // lists are there; results stay in recognizer order.
  const lists = ensureLexicons();
  const early = active.map((r) => (r.startsEarly ? Promise.resolve().then(() => r.detect(text, ctx)) : undefined));
  try {
    await lists;
  } catch (err) {
    for (const call of early) call?.catch(() => undefined);
    throw err;
  }
  const calls = active.map((r, i) => early[i] ?? r.detect(text, ctx));
  const found = (await Promise.all(calls))
    .flat()
    .filter((s) => options.labels.has(s.label) && s.score >= options.threshold && s.end > s.start)
    // A model can tag invisible characters; a span that shows nothing names no one.
    .filter((s) => !INVISIBLE_ONLY.test(text.slice(s.start, s.end)));
  const kept = applyWhitelist(text, found, options.whitelist ?? []);
  const merged = mergeSpans([...preferFullerIdentifiers(text, preferContaining(kept)), ...blacklistSpans(text, options.blacklist ?? [])]);
  const propagated = applyWhitelist(text, propagateSpans(text, merged), options.whitelist ?? []);
  return propagated.length === 0 ? merged : mergeSpans([...merged, ...propagated]);
}
