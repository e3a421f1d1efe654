import type { Span } from './span.js';

/**
 * A piece of a document's text (a paragraph, a table cell, a block of a page) and the whitespace that joins it to the
 * next piece when the pieces are read as one text: a line break by default, a tab between the cells of a table row,
 * a blank line between blocks.
 */
export interface TextPiece {
  text: string;
  joiner?: string;
}

/** The pieces joined into one text, and where each piece starts in it. */
export function joinPieces(pieces: readonly TextPiece[]): { text: string; starts: number[] } {
  const parts: string[] = [];
  const starts: number[] = [];
  let at = 0;
  pieces.forEach((p, i) => {
    starts.push(at);
    parts.push(p.text);
    at += p.text.length;
    if (i < pieces.length - 1) {
      const joiner = p.joiner ?? '\n';
      parts.push(joiner);
      at += joiner.length;
    }
  });
  return { text: parts.join(''), starts };
}

/**
 * The spans of the joined text (sorted, not overlapping) handed back to the pieces, in each piece's own offsets. A span
 * that runs over a joiner (a name across two cells) is cut into one span per piece it touches, whitespace at the cut
 * trimmed; what falls only on joiners is dropped.
 */
export function splitSpans(spans: readonly Span[], pieces: readonly TextPiece[], starts: readonly number[]): Span[][] {
  const out: Span[][] = pieces.map(() => []);
  let i = 0;
  for (const span of spans) {
    while (i < pieces.length - 1 && starts[i]! + pieces[i]!.text.length <= span.start) i++;
    for (let j = i; j < pieces.length && starts[j]! < span.end; j++) {
      const text = pieces[j]!.text;
      let start = Math.max(span.start - starts[j]!, 0);
      let end = Math.min(span.end - starts[j]!, text.length);
      if (span.start < starts[j]!) while (start < end && /\s/u.test(text[start]!)) start++;
      if (span.end > starts[j]! + text.length) while (end > start && /\s/u.test(text[end - 1]!)) end--;
      if (end > start) out[j]!.push({ ...span, start, end });
    }
  }
  return out;
}
