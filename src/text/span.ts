import type { TextLabelName } from '../spec/types.js';

/**
 * A detected entity: half-open UTF-16 offsets `[start, end)` into the exact input string.
 * `source` names the recognizer (or `blacklist`) that produced it.
 */
export interface Span {
  start: number;
  end: number;
  label: TextLabelName;
  score: number;
  source: string;
}

/** Text order: by start, then longer first. */
export function compareSpans(a: Span, b: Span): number {
  return a.start - b.start || b.end - a.end;
}

/** Whether two half-open ranges share at least one code unit. */
export function overlaps(a: { start: number; end: number }, b: { start: number; end: number }): boolean {
  return a.start < b.end && b.start < a.end;
}

/** First index in `sorted` (ascending by start) whose start is not below `start`: binary search. */
export function indexByStart(sorted: readonly { start: number }[], start: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]!.start < start) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
