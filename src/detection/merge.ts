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
