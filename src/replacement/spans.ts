import type { Span } from '../text/span.js';

/**
 * Guards the replacement layer's precondition: spans lie inside `text`, are non-empty, sorted by start and do not
 * overlap (detection merges them first). A violation is a programming error, so it throws a plain `RangeError`.
 */
export function assertOrderedSpans(text: string, spans: readonly Span[]): void {
  let previousEnd = 0;
  for (let i = 0; i < spans.length; i++) {
    const s = spans[i]!;
    const inside = Number.isInteger(s.start) && Number.isInteger(s.end) && s.start >= 0 && s.end <= text.length;
    if (!inside || s.start >= s.end) {
      throw new RangeError(`span ${i} [${s.start}, ${s.end}) is empty or outside the text (length ${text.length})`);
    }
    if (s.start < previousEnd) {
      throw new RangeError(`span ${i} [${s.start}, ${s.end}) is out of order or overlaps the previous span`);
    }
    previousEnd = s.end;
  }
}

/** Whether a UTF-16 offset falls between the two halves of a surrogate pair. */
export function splitsSurrogatePair(text: string, offset: number): boolean {
  if (offset <= 0 || offset >= text.length) return false;
  const before = text.charCodeAt(offset - 1);
  const after = text.charCodeAt(offset);
  return before >= 0xd800 && before <= 0xdbff && after >= 0xdc00 && after <= 0xdfff;
}
