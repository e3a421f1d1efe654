import type { TextPiece } from '../../text/pieces.js';
import { RECORD_LINE, softBreaks } from '../layout.js';
import type { PdfParagraph } from './paragraphs.js';
import { PARAGRAPH_GAP } from './paragraphs.js';

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

/** Where a block's last line lies: its lowest edge and its glyphs' height. */
function lastLine(p: PdfParagraph): { bottom: number; height: number } | null {
  const n = p.lines.length;
  if (n === 0) return null;
  let bottom = -Infinity;
  let top = Infinity;
  for (let i = n - 1; i >= 0 && p.lines[i] === p.lines[n - 1]; i--) {
    top = Math.min(top, p.boxes[4 * i + 1]!);
    bottom = Math.max(bottom, p.boxes[4 * i + 3]!);
  }
  return { bottom, height: bottom - top };
}

/** Blocks on consecutive lines: `b`'s first line is the next line after `a`'s last one (as the page reader spaces lines). */
function nextLine(a: PdfParagraph, b: PdfParagraph): boolean {
  const la = lastLine(a);
  const lb = firstLine(b);
  if (la === null || lb === null) return false;
  const gap = lb.bottom - la.bottom;
  return gap > 0.4 * la.height && gap <= PARAGRAPH_GAP * Math.max(la.height, lb.height);
}

/** PDF running text: its widest line spans at least this many font sizes (a glyph box is about the font size tall). */
const RUNNING_FONT_SIZES = 25;

/**
 * The block's text with each wrap of running text (`softBreaks`) read as a space: one character for one, so offsets,
 * boxes, redaction and verification hold. Short lines (an address, a signature), lines the next line's first word
 * would have fitted after, and the rows of a table written as text keep their line breaks.
 */
function unwrapped(p: PdfParagraph): string {
  const count = p.lines.length === 0 ? 0 : p.lines[p.lines.length - 1]! + 1;
  if (count < 2 || !p.text.includes('\n')) return p.text;
  const first = new Array<number>(count).fill(-1);
  const last = new Array<number>(count).fill(-1);
  let height = 0;
  for (let i = 0; i < p.lines.length; i++) {
    const l = p.lines[i]!;
    if (first[l] === -1) first[l] = i;
    last[l] = i;
    height = Math.max(height, p.boxes[4 * i + 3]! - p.boxes[4 * i + 1]!);
  }
  const shapes = first.map((f, l) => {
    if (f === -1) return { width: 0, firstWord: 0, record: false };
    const text = p.text.slice(p.starts[f]!, p.ends[last[l]!]!);
    // The first word: the glyphs before the line's first white space.
    const space = text.search(/\s/u);
    let wordEnd = f;
    while (wordEnd < last[l]! && (space < 0 || p.starts[wordEnd + 1]! < p.starts[f]! + space)) wordEnd++;
    return {
      width: p.boxes[4 * last[l]! + 2]! - p.boxes[4 * f]!,
      firstWord: p.boxes[4 * wordEnd + 2]! - p.boxes[4 * f]!,
      record: RECORD_LINE.test(text),
    };
  });
  const soft = softBreaks(shapes, height, RUNNING_FONT_SIZES);
  const chars = p.text.split('');
  // Each line break stands after its line's last glyph.
  for (let l = 0; l < count; l++) {
    const at = last[l] === -1 ? -1 : p.ends[last[l]!]!;
    if (soft[l] && p.text[at] === '\n') chars[at] = ' ';
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
 * space: one character for one, so offsets hold). Other blocks are joined by a line break when the next one starts on
 * the next line (the rows of a table written with tabs, each wrapped and so a block of its own), else by a blank line;
 * their wrapped lines read as one (`unwrapped`).
 */
export function readingPieces(paragraphs: readonly PdfParagraph[]): TextPiece[] {
  const rowGoesOn = paragraphs.map((p, i) => i + 1 < paragraphs.length && sameRow(p, paragraphs[i + 1]!));
  return paragraphs.map((p, i) => {
    const below = i + 1 < paragraphs.length && nextLine(p, paragraphs[i + 1]!);
    if (!rowGoesOn[i] && !(i > 0 && rowGoesOn[i - 1])) return { text: unwrapped(p), joiner: below ? '\n' : '\n\n' };
    return { text: p.text.replace(/\n/gu, ' '), joiner: rowGoesOn[i] ? '\t' : '\n' };
  });
}
