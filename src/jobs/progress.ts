import type { DocumentPhase, DocumentProgress } from '../documents/adapter.js';

/** Where a processing document is, as the runner last published it. */
export interface LiveProgress extends DocumentProgress {
  /** Remaining time, estimated from this document's own throughput so far; null before the first estimate. */
  estimatedDurationMs: number | null;
}

/**
 * Share of a document's processing time each phase takes, in pipeline order (measured on the corpus with the model
 * on: detection dominates text PDFs, OCR scanned ones; a phase a document skips simply goes by at once).
 */
const PHASES: ReadonlyArray<[DocumentPhase, number]> = [
  // Reading and detecting interleave page by page: one phase, counted in pages read.
  ['detecting', 0.55],
  ['ocr', 0.15],
  ['redacting', 0.15],
  ['verifying', 0.15],
];

/** How much of the document is done (0–1) at `p`: the phases before its own, plus its share of pages. */
export function fractionDone(p: DocumentProgress): number {
  const current = p.phase === 'reading' ? 'detecting' : p.phase;
  let before = 0;
  for (const [phase, weight] of PHASES) {
    if (phase === current) return before + weight * (p.pagesTotal > 0 ? Math.min(1, p.pagesDone / p.pagesTotal) : 0);
    before += weight;
  }
  return before;
}

/**
 * The remaining time of a document that has been processing for `elapsedMs` and is at `p`: the time so far scaled
 * by what is left; null while too little is done to say (under 2 %).
 */
export function estimateRemainingMs(p: DocumentProgress, elapsedMs: number): number | null {
  const f = fractionDone(p);
  if (f < 0.02 || elapsedMs <= 0) return null;
  return Math.max(0, Math.round((elapsedMs * (1 - f)) / f));
}

/**
 * Throttles one document's progress for publishing: a new phase always passes, within a phase at most one update
 * per `intervalMs`, and the last page of a phase always. Returns what to publish, or null.
 */
export function progressThrottle(startedAt: number, now: () => number, intervalMs = 250) {
  let last: { phase: DocumentPhase; at: number } | null = null;
  return (p: DocumentProgress): LiveProgress | null => {
    const t = now();
    const due = !last || last.phase !== p.phase || t - last.at >= intervalMs || p.pagesDone >= p.pagesTotal;
    if (!due) return null;
    last = { phase: p.phase, at: t };
    return { ...p, estimatedDurationMs: estimateRemainingMs(p, t - startedAt) };
  };
}
