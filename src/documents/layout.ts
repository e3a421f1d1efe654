import type { Box } from '../spec/types.js';

/** A word of extracted text: half-open UTF-16 range into the layout text and its box on the page. */
export interface LayoutWord {
  start: number;
  end: number;
  box: Box;
}

/** Text as extracted from a page (OCR, PDF items, …) and where each word of it sits. */
export interface TextLayout {
  text: string;
  words: LayoutWord[];
}

/** A recognised word before layout: its text and box. */
export interface PlacedWord {
  text: string;
  box: Box;
}

/**
 * A gap between two words of a line wider than twice the taller word's height separates columns (a form's label and its value
 * far to the right, a table's cells): it reads as a tab, as in a PDF's text (`pdf/paragraphs.ts`), so a name does not
 * run on into the next field. A word's box is about a capital's height; word spaces are well under one.
 */
const COLUMN_GAP = 2;

/**
 * Builds a layout from lines of words grouped into paragraphs: words joined by a space (a tab across a column gap),
 * lines by a newline (a space after a full line of running text), paragraphs by a blank line, so detection sees
 * ordinary text and every character maps back to one word.
 */
export function layoutFromParagraphs(paragraphs: readonly (readonly (readonly PlacedWord[])[])[]): TextLayout {
  let text = '';
  const words: LayoutWord[] = [];
  paragraphs.forEach((lines, p) => {
    if (p > 0 && text !== '') text += '\n\n';
    const full = fullLines(lines);
    lines.forEach((line, l) => {
      if (l > 0) text += full[l - 1] ? ' ' : '\n';
      line.forEach((w, i) => {
        const prev = line[i - 1];
        const height = prev ? Math.max(prev.box.y1 - prev.box.y0, w.box.y1 - w.box.y0) : 0;
        if (prev) text += w.box.x0 - prev.box.x1 > COLUMN_GAP * height ? '\t' : ' ';
        words.push({ start: text.length, end: text.length + w.text.length, box: w.box });
        text += w.text;
      });
    });
  });
  return { text, words };
}

/** Running text: its widest line spans at least this many word heights (about 25 font sizes; an address is far shorter). */
const RUNNING_LINE = 35;

/**
 * Which lines of a paragraph are full lines of running text, wrapped by the layout rather than ended by their writer:
 * in a paragraph whose widest line is running text, those at least 80 % as wide. The line break after one reads as a
 * space, as in a PDF's text (`pdf/reading.ts`), so what spans the wrap is one to detection; short lines keep theirs.
 */
function fullLines(lines: readonly (readonly PlacedWord[])[]): boolean[] {
  const widths = lines.map((line) => (line.length === 0 ? 0 : line[line.length - 1]!.box.x1 - line[0]!.box.x0));
  const height = Math.max(0, ...lines.flatMap((line) => line.map((w) => w.box.y1 - w.box.y0)));
  const widest = Math.max(0, ...widths);
  return widths.map((w) => height > 0 && widest >= RUNNING_LINE * height && w >= 0.8 * widest);
}

/** Boxes of the words that share at least one character with [start, end): what a redaction must cover. */
export function boxesOfRange(layout: TextLayout, start: number, end: number): Box[] {
  return layout.words.filter((w) => w.start < end && start < w.end).map((w) => w.box);
}

/** The smallest box holding all `boxes`, or null for none. */
export function unionBox(boxes: readonly Box[]): Box | null {
  if (boxes.length === 0) return null;
  return boxes.reduce((u, b) => ({
    x0: Math.min(u.x0, b.x0),
    y0: Math.min(u.y0, b.y0),
    x1: Math.max(u.x1, b.x1),
    y1: Math.max(u.y1, b.y1),
  }));
}
