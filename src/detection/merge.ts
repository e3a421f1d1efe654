import type { Span } from '../text/span.js';
import { compareSpans, indexByStart, overlaps } from '../text/span.js';

/**
 * Resolves conflicts between spans so that none overlap (labels.md: spans never nest or overlap).
 * Greedy by strength: higher score first, then the longer span, then the earlier one; a span is kept when it
 * overlaps nothing kept before. An exact duplicate of a kept span is dropped. Output is in text order.
 */
export function mergeSpans(spans: readonly Span[]): Span[] {
  const byStrength = [...spans].sort((a, b) => b.score - a.score || b.end - b.start - (a.end - a.start) || a.start - b.start);
  const kept: Span[] = [];
  // Kept spans sorted by start, for a binary-searched overlap check (inputs can hold 10^5 spans).
  const sorted: Span[] = [];
  for (const s of byStrength) {
    const lo = indexByStart(sorted, s.start);
    const prev = sorted[lo - 1];
    const next = sorted[lo];
    if ((prev && overlaps(prev, s)) || (next && overlaps(next, s))) continue;
    sorted.splice(lo, 0, s);
    kept.push(s);
  }
  return kept.sort(compareSpans);
}

/**
 * Drops a model span (source `ner`) that a rule span of the same label contains, when the rule scores at most
 * `margin` lower: the rule's fuller reading of the entity wins over a confident piece of it (`Royal Berkshire
 * Hospital` by rule over the model's `Royal Berkshire`). Run before `mergeSpans`, which would keep the piece for its
 * score. Each label's spans are swept once in text order against the one reaching furthest so far.
 */
export function preferContaining(spans: readonly Span[], margin = 0.1): Span[] {
  const byStart = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const reach = new Map<string, Span>();
  const dropped = new Set<Span>();
  for (const s of byStart) {
    const outer = reach.get(s.label);
    const contained = outer !== undefined && outer.end >= s.end && outer.end - outer.start > s.end - s.start;
    if (contained && s.source === 'ner' && outer.source !== 'ner' && outer.score >= s.score - margin) {
      dropped.add(s);
      continue;
    }
    if (!outer || s.end > outer.end) reach.set(s.label, s);
  }
  return dropped.size === 0 ? [...spans] : spans.filter((s) => !dropped.has(s));
}
