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
 * A gap between two words of a line wider than twice the taller word's height separates columns (a form's label and
 * its value far to the right, a table's cells): it reads as a tab, as in a PDF's text (`pdf/paragraphs.ts`), so a name
 * does not run on into the next field. A word's box is about a capital's height; word spaces are well under one.
 */
const COLUMN_GAP = 2;

/** What stands before word `i` of a line: a tab across a column gap, else a space. */
function gapBefore(line: readonly PlacedWord[], i: number): '\t' | ' ' {
  const prev = line[i - 1]!;
  const w = line[i]!;
  const height = Math.max(prev.box.y1 - prev.box.y0, w.box.y1 - w.box.y0);
  return w.box.x0 - prev.box.x1 > COLUMN_GAP * height ? '\t' : ' ';
}

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
        if (i > 0) text += gapBefore(line, i);
        words.push({ start: text.length, end: text.length + w.text.length, box: w.box });
        text += w.text;
      });
    });
  });
  return { text, words };
}

/** A line of a block as `softBreaks` weighs it: its width, its first word's width, whether it is a table's record. */
export interface LineShape {
  width: number;
  firstWord: number;
  /** A row of a table written as text (`a | b | c`, `a;b;c`, cells apart): its break is its end. */
  record: boolean;
}

/** A line of text that is a table's record: tab-separated, or two `|` or two `;`. */
export const RECORD_LINE = /\t|\|.*\||;.*;/u;

/**
 * Which line breaks of a block are the layout's wraps of running text rather than its writer's: the block's widest line
 * spans at least `running` × `height` (an address block is far narrower); the line is at least 80 % as wide as the
 * widest, is no table record, and the next line's first word would not have fitted after it (within 95 % of the
 * widest). A wrap reads as a space, so a name, number or firm broken across it (`Manchester` / `M17 1HG`, `(312)` /
 * `555-0133`, `Solicitors` / `LLP`) is one to detection; the others stay line breaks. Index `l`: the break after line
 * `l`.
 */
export function softBreaks(lines: readonly LineShape[], height: number, running: number): boolean[] {
  const widest = Math.max(0, ...lines.map((l) => l.width));
  return lines.map(
    (line, l) =>
      l + 1 < lines.length &&
      height > 0 &&
      widest >= running * height &&
      !line.record &&
      line.width >= 0.8 * widest &&
      line.width + 0.3 * height + lines[l + 1]!.firstWord > 0.95 * widest,
  );
}

/** OCR running text: its widest line spans this many word heights (about 25 font sizes; a word box is cap-high). */
const RUNNING_WORD_HEIGHTS = 35;

/** The break after each line of an OCR paragraph: a wrap of running text (`softBreaks`) or a line break. */
function fullLines(lines: readonly (readonly PlacedWord[])[]): boolean[] {
  const height = Math.max(0, ...lines.flatMap((line) => line.map((w) => w.box.y1 - w.box.y0)));
  const shapes = lines.map((line) => ({
    width: line.length === 0 ? 0 : line[line.length - 1]!.box.x1 - line[0]!.box.x0,
    firstWord: line.length === 0 ? 0 : line[0]!.box.x1 - line[0]!.box.x0,
    // The line as it reads: its cells apart make it a record too.
    record: RECORD_LINE.test(line.map((w, i) => (i > 0 ? gapBefore(line, i) : '') + w.text).join('')),
  }));
  return softBreaks(shapes, height, RUNNING_WORD_HEIGHTS);
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
