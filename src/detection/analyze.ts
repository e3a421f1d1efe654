import type { ListEntry, TextLabelName } from '../spec/types.js';
import { TEXT_LABELS } from '../spec/types.js';
import type { Span } from '../text/span.js';
import { ensureLexicons } from './lexicons/store.js';
import { applyWhitelist, BLACKLIST_SOURCE, blacklistSpans } from './lists.js';
import { mergeSpans, preferContaining, preferFullerIdentifiers } from './merge.js';
import { propagateSpans } from './propagate.js';
import { placePairs } from './addresses/place-pairs.js';
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
 * The detection pipeline: recognizers for the requested labels (for every label when a name is requested) → threshold →
 * whitelist → blacklist → a rule's span over the model's piece of it (`preferContaining`), an identifier's fuller
 * reading over a piece (`preferFullerIdentifiers`) → conflict merge → document-level propagation (other occurrences of
 * detected PER/ORG/LOC strings and surnames, whitelist applied to them too) → the requested labels' spans
 * (`requestedOnly`). Returns non-overlapping spans in text order. The rules' word lists load on the first
 * call, while a model that starts early loads and runs.
 * Blacklist entries apply whatever labels were requested: they are the user's explicit instruction.
 */
export async function analyze(text: string, recognizers: readonly Recognizer[], options: AnalyzeOptions): Promise<Span[]> {
  const requested = options.labels;
  // Names compete with every label for their words: detect all, keep the requested after the merge (`detectedLabels`).
  const labels = detectedLabels(requested);
  const ctx: DetectContext = { labels, requested, language: options.language ?? 'auto' };
  if (options.signal) ctx.signal = options.signal;
  const active = recognizers.filter((r) => r.labels.some((l) => labels.has(l)));
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
    .filter((s) => labels.has(s.label) && s.score >= options.threshold && s.end > s.start)
    // A model can tag invisible characters; a span that shows nothing names no one.
    .filter((s) => !INVISIBLE_ONLY.test(text.slice(s.start, s.end)));
  const kept = applyWhitelist(text, found, options.whitelist ?? []);
  const first = mergeSpans([...preferFullerIdentifiers(text, preferContaining(kept)), ...blacklistSpans(text, options.blacklist ?? [])]);
  // The other ends of routes from the places found (`Lübeck – Kiel`).
  const pairs = labels.has('LOC') ? applyWhitelist(text, placePairs(text, first), options.whitelist ?? []) : [];
  const merged = pairs.length === 0 ? first : mergeSpans([...first, ...pairs]);
  const propagated = applyWhitelist(text, propagateSpans(text, merged), options.whitelist ?? []);
  return requestedOnly(text, propagated.length === 0 ? merged : mergeSpans([...merged, ...propagated]), requested);
}

const NAME_LABELS: readonly TextLabelName[] = ['PER', 'LOC', 'ORG'];

/** What a request's detection runs for: every label when it asks for a name (they compete for words), else its own. */
export function detectedLabels(requested: ReadonlySet<TextLabelName>): ReadonlySet<TextLabelName> {
  return NAME_LABELS.some((l) => requested.has(l)) ? new Set([...TEXT_LABELS, ...requested]) : requested;
}

/**
 * The spans of requested labels (and the blacklist's, whatever their label): a span of a label not asked for is
 * dropped, never relabelled. Its words stay unmasked, and so does every other name span of the same words scoring no more
 * (one string, one entity: a model's `REWE` as a place elsewhere in the text is the firm the rules found), which would
 * otherwise be copied back onto them as a further mention.
 */
function requestedOnly(text: string, spans: readonly Span[], requested: ReadonlySet<TextLabelName>): Span[] {
  const kept = (s: Span): boolean => requested.has(s.label) || s.source === BLACKLIST_SOURCE;
  if (spans.every(kept)) return [...spans];
  const dropped = new Map<string, number>();
  for (const s of spans) {
    if (kept(s) || !NAME_LABELS.includes(s.label)) continue;
    const surface = text.slice(s.start, s.end);
    dropped.set(surface, Math.max(dropped.get(surface) ?? 0, s.score));
  }
  return spans.filter(
    (s) =>
      kept(s) &&
      (s.source === BLACKLIST_SOURCE || !NAME_LABELS.includes(s.label) || !(s.score <= (dropped.get(text.slice(s.start, s.end)) ?? -1))),
  );
}
