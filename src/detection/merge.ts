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
 * Drops a model span (source `ner`) that a rule span contains, when the rule scores at most `margin` lower: the
 * rule's fuller reading wins over a confident piece of it, whatever label the model gave the piece (`Royal Berkshire
 * Hospital` by the institution rule over the model's `Royal Berkshire`; `Sparkwell Electrical` by the trade rule over
 * the model's PER `Electrical`). A place or organisation rule's span over the same characters with another label
 * wins too (`Australia` from the place list over the model's ORG). Run before `mergeSpans`, which would keep the piece for its score.
 */
export function preferContaining(spans: readonly Span[], margin = 0.15): Span[] {
  const rules = spans.filter((s) => s.source !== 'ner').sort((a, b) => a.start - b.start || b.end - a.end);
  const dropped = new Set<Span>();
  // The rule span reaching furthest among those starting at or before each model span: one sweep in text order.
  const models = spans.filter((s) => s.source === 'ner').sort((a, b) => a.start - b.start);
  let r = 0;
  let reach: Span | undefined;
  for (const m of models) {
    while (r < rules.length && rules[r]!.start <= m.start) {
      if (!reach || rules[r]!.end > reach.end) reach = rules[r];
      r++;
    }
    if (!reach || reach.end < m.end) continue;
    // Same characters, other label: a place or organisation rule's label wins (`Australia` from the place list over the
    // model's ORG), however sure the model is (`Rostock findet …` is no person). Not a person rule's: it reads a name's
    // shape, which places share (`Newton Steuber`).
    const longer = reach.end - reach.start > m.end - m.start && reach.score >= m.score - margin;
    const relabel = reach.end - reach.start === m.end - m.start && reach.label !== m.label && reach.label !== 'PER';
    if (longer || relabel) dropped.add(m);
  }
  return dropped.size === 0 ? [...spans] : spans.filter((s) => !dropped.has(s));
}

/**
 * Drops an identifier span (OTH) that another OTH span strictly contains where the rest of the fuller one is digits
 * and separators only: the rest of the number (`Vertragsnummer: 0171 2345678`, which the labelled rule reads as
 * `0171` and a contract number's hand-over from the phone rules whole), which would otherwise stay in clear text
 * beside the stronger piece. A fuller span that adds words (`VAT GB 318…` over `GB 318…`) is left to `mergeSpans`.
 */
export function preferFullerIdentifiers(text: string, spans: readonly Span[]): Span[] {
  const ids = spans.filter((s) => s.label === 'OTH').sort((a, b) => a.start - b.start || b.end - a.end);
  const dropped = new Set<Span>();
  const numberRest = (outer: Span, inner: Span) =>
    /^[\d\s./-]*$/u.test(text.slice(outer.start, inner.start)) && /^[\d\s./-]*$/u.test(text.slice(inner.end, outer.end));
  let reach: Span | undefined;
  for (const s of ids) {
    if (reach && reach.end >= s.end && reach.end - reach.start > s.end - s.start && numberRest(reach, s)) dropped.add(s);
    if (!reach || s.end > reach.end) reach = s;
  }
  return dropped.size === 0 ? [...spans] : spans.filter((s) => !dropped.has(s));
}
