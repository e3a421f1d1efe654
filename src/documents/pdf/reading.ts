import type { TextPiece } from '../../text/pieces.js';
import type { PdfParagraph } from './paragraphs.js';

/** Where a block's first line lies: its left and right edge and its baseline (the glyphs' lowest edge). */
function firstLine(p: PdfParagraph): { x0: number; x1: number; bottom: number; height: number } | null {
  let x0 = Infinity;
  let x1 = -Infinity;
  let bottom = -Infinity;
  let top = Infinity;
  for (let i = 0; i < p.lines.length && p.lines[i] === 0; i++) {
    x0 = Math.min(x0, p.boxes[4 * i]!);
    top = Math.min(top, p.boxes[4 * i + 1]!);
    x1 = Math.max(x1, p.boxes[4 * i + 2]!);
    bottom = Math.max(bottom, p.boxes[4 * i + 3]!);
  }
  return x0 === Infinity ? null : { x0, x1, bottom, height: bottom - top };
}

/** Whether block `b` continues block `a`'s row: its first line on the same baseline, to the right of `a`'s. */
function sameRow(a: PdfParagraph, b: PdfParagraph): boolean {
  const la = firstLine(a);
  const lb = firstLine(b);
  return la !== null && lb !== null && Math.abs(la.bottom - lb.bottom) <= 0.3 * Math.max(la.height, lb.height) && lb.x0 >= la.x1;
}

/**
 * A page's blocks as detection reads them, in content order. Blocks side by side whose first lines share a baseline
 * are the cells of a table row (or a form's fields): they join with tabs and the row ends with a line break, so the
 * row reads as a line of columns under the table's header; a cell's wrapped lines read as one (each line break a
 * space: one character for one, so offsets hold). Other blocks are joined by a blank line.
 */
export function readingPieces(paragraphs: readonly PdfParagraph[]): TextPiece[] {
  const rowGoesOn = paragraphs.map((p, i) => i + 1 < paragraphs.length && sameRow(p, paragraphs[i + 1]!));
  return paragraphs.map((p, i) => {
    if (!rowGoesOn[i] && !(i > 0 && rowGoesOn[i - 1])) return { text: p.text, joiner: '\n\n' };
    return { text: p.text.replace(/\n/gu, ' '), joiner: rowGoesOn[i] ? '\t' : '\n' };
  });
}
