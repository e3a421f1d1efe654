import type { PartialPseudonymization } from '../../spec/types.js';

/**
 * A resolved partial range over the code points of a match: `[first, last]` inclusive, 0-based.
 * `empty` when the configured range selects no character.
 */
export type PartialRange = { empty: true } | { empty: false; first: number; last: number };

/** Decimal digits of any script: a non-Latin digit identifies a person just as well. */
const DIGIT = /^\p{Nd}$/u;

/** Integer part of a configured position; NaN/Infinity (never valid int32) fall back to the spec defaults. */
function position(value: number, fallback: number): number {
  return Number.isFinite(value) ? Math.trunc(value) : fallback;
}

/**
 * Resolves the spec's 1-based inclusive positions against a string of `length` characters (2.5, decisions.md):
 * start 0 or 1 → first character, start -k → k-th from the end; stop 0 or -1 → last character, stop -k → k-th
 * from the end. A range reaching outside the string is clamped; start after stop (after clamping) is empty.
 */
export function resolvePartialRange(length: number, start: number, stop: number): PartialRange {
  const s = position(start, 1);
  const t = position(stop, -1);
  let first = s > 0 ? s - 1 : s === 0 ? 0 : length + s;
  let last = t > 0 ? t - 1 : t === 0 ? length - 1 : length + t;
  first = Math.max(first, 0);
  last = Math.min(last, length - 1);
  return first > last ? { empty: true } : { empty: false, first, last };
}

/**
 * PARTIAL_PSEUDONYMIZATION. Positions count Unicode code points, not UTF-16 units: an emoji or `𠮷` is one
 * character, and a range never splits a surrogate pair (a combining mark still counts on its own).
 * The selected range is replaced by `pseudonym` once; with `useNumericPartialPseudonymization` only the decimal
 * digits (`\p{Nd}`) in the range become `*` each and every other character stays. An empty range leaves the
 * match unchanged.
 */
export function partialPseudonym(match: string, cfg: PartialPseudonymization): string {
  const chars = Array.from(match);
  const range = resolvePartialRange(chars.length, cfg.partialPseudonymizationStart, cfg.partialPseudonymizationStop);
  if (range.empty) return match;
  const head = chars.slice(0, range.first).join('');
  const middle = chars.slice(range.first, range.last + 1);
  const tail = chars.slice(range.last + 1).join('');
  if (cfg.useNumericPartialPseudonymization) {
    return head + middle.map((c) => (DIGIT.test(c) ? '*' : c)).join('') + tail;
  }
  return head + cfg.pseudonym + tail;
}
