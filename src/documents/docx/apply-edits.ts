import type { Edit } from '../../replacement/apply.js';
import type { Piece, Segment } from './segments.js';
import { remove, setText } from './xml.js';

/**
 * Writes a segment's edits back into its pieces. Each replacement goes into the first text piece the original
 * touched (keeping that run's formatting); the rest of the original is cut from the pieces it spanned, and a tab or
 * break inside it goes. Text outside the edits is left exactly as it was. `encode` turns a piece's new text into what
 * is stored (a hyperlink target is a URI).
 */
export function applySegmentEdits(segment: Segment, edits: readonly Edit[], encode: (s: string) => string = (s) => s): void {
  if (edits.length === 0) return;
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  const texts = segment.pieces.filter((p) => !p.mark);
  const anchorOf = new Map<Edit, Piece>();
  for (const e of sorted) {
    const anchor = texts.find((p) => p.start + p.text.length > e.start && p.start < e.end);
    if (anchor) anchorOf.set(e, anchor);
  }
  for (const piece of segment.pieces) {
    const from = piece.start;
    const to = piece.start + piece.text.length;
    const touching = sorted.filter((e) => e.start < to && from < e.end);
    if (touching.length === 0) continue;
    if (piece.mark) {
      remove(piece.el);
      continue;
    }
    let out = '';
    let cursor = from;
    for (const e of touching) {
      out += piece.text.slice(cursor - from, Math.max(e.start, from) - from);
      if (anchorOf.get(e) === piece) out += e.replacement;
      cursor = Math.min(e.end, to);
    }
    out += piece.text.slice(cursor - from);
    write(piece, encode(out));
  }
}

function write(piece: Piece, text: string): void {
  if (piece.attr) piece.el.setAttribute(piece.attr, text);
  else setText(piece.el, text);
}
