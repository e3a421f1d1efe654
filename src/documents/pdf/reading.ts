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

/** Running text: its widest line spans at least this many font sizes (an address block's lines are far shorter). */
const RUNNING_LINE = 25;
/** A line of running text at least this share of the block's widest line is full: the next line is its wrap. */
const FULL_LINE = 0.8;

/**
 * The block's text with each soft line break read as a space (one character for one, so offsets hold): in running
 * text a line that fills the block's width was wrapped there by the layout, not ended by its writer, and a name,
 * number or firm broken across it (`Manchester` / `M17 1HG`, `(312)` / `555-0133`, `Solicitors` / `LLP`) is one
 * to detection. Short lines (an address, a signature, a list) keep their line breaks.
 */
function unwrapped(p: PdfParagraph): string {
  const lineCount = p.lines.length === 0 ? 0 : p.lines[p.lines.length - 1]! + 1;
  if (lineCount < 2) return p.text;
  const x0 = new Array<number>(lineCount).fill(Infinity);
  const x1 = new Array<number>(lineCount).fill(-Infinity);
  let height = 0;
  for (let i = 0; i < p.lines.length; i++) {
    const l = p.lines[i]!;
    x0[l] = Math.min(x0[l]!, p.boxes[4 * i]!);
    x1[l] = Math.max(x1[l]!, p.boxes[4 * i + 2]!);
    height = Math.max(height, p.boxes[4 * i + 3]! - p.boxes[4 * i + 1]!);
  }
  const widths = x0.map((a, l) => x1[l]! - a);
  const widest = Math.max(...widths);
  if (height <= 0 || widest < RUNNING_LINE * height) return p.text;
  const chars = p.text.split('');
  // Each line break stands after the last character of its line: the line of the glyph that ends right before it.
  let g = 0;
  for (let t = 0; t < p.text.length; t++) {
    if (p.text[t] !== '\n') continue;
    while (g + 1 < p.starts.length && p.starts[g + 1]! < t) g++;
    if (widths[p.lines[g]!]! >= FULL_LINE * widest) chars[t] = ' ';
  }
  return chars.join('');
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
 * space: one character for one, so offsets hold). Other blocks are joined by a blank line, their wrapped lines read
 * as one (`unwrapped`).
 */
export function readingPieces(paragraphs: readonly PdfParagraph[]): TextPiece[] {
  const rowGoesOn = paragraphs.map((p, i) => i + 1 < paragraphs.length && sameRow(p, paragraphs[i + 1]!));
  return paragraphs.map((p, i) => {
    if (!rowGoesOn[i] && !(i > 0 && rowGoesOn[i - 1])) return { text: unwrapped(p), joiner: '\n\n' };
    return { text: p.text.replace(/\n/gu, ' '), joiner: rowGoesOn[i] ? '\t' : '\n' };
  });
}
