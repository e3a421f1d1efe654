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
  const put = (w: PlacedWord, shown = w.text) => {
    words.push({ start: text.length, end: text.length + shown.length, box: w.box });
    text += shown;
  };
  // Runs of blocks on consecutive lines (`nextLine`): one may hold a table whose rows tesseract split into blocks.
  const blocks = paragraphs.flatMap(splitAtGaps);
  const runs: Array<Array<Array<readonly PlacedWord[]>>> = [];
  blocks.forEach((block, b) =>
    b > 0 && (nextLine(blocks[b - 1]!, block) || nextRow(blocks[b - 1]!, block)) ? runs[runs.length - 1]!.push(block) : runs.push([block]),
  );
  for (const run of runs) {
    if (text !== '') text += '\n\n';
    const table = tableColumns(run.flat());
    let index = 0;
    run.forEach((lines, b) => {
      const full = fullLines(lines);
      const joins = lineJoins(lines);
      lines.forEach((line, l) => {
        if (table !== null && index++ >= table.header) return;
        if (b > 0 || l > 0) text += l === 0 ? '\n' : joins[l - 1] !== null ? '' : full[l - 1] ? ' ' : '\n';
        line.forEach((w, i) => {
          if (i > 0) text += gapBefore(line, i);
          // A writer's hyphen at the line end stays on the page (the word's box) but not in the text.
          put(w, i === line.length - 1 && joins[l] === 'drop-hyphen' ? w.text.slice(0, -1) : w.text);
        });
      });
    });
    if (table === null) continue;
    const rows = tableRows(run.flat().slice(table.header), table.starts);
    // How far right each column's words reach: a word that reaches as far filled its cell.
    const right = table.starts.map((_, c) =>
      rows.reduce((most, row) => row[c]!.reduce((m, f) => f.reduce((r, w) => Math.max(r, w.box.x1), m), most), -Infinity),
    );
    rows.forEach((row, r) => {
      if (r > 0 || table.header > 0) text += '\n';
      row.forEach((cell, c) => {
        if (c > 0) text += '\t';
        cell.forEach((fragment, f) => {
          const next = cell[f + 1];
          const join = next ? wordBreak(fragment[fragment.length - 1]!.text, next[0]!.text, filled(fragment, right[c]!)) : null;
          fragment.forEach((w, i) => {
            if (i > 0) text += ' ';
            put(w, i === fragment.length - 1 && join === 'drop-hyphen' ? w.text.slice(0, -1) : w.text);
          });
          if (next && join === null) text += ' ';
        });
      });
    });
  }
  return { text, words };
}

/**
 * A scanned table's columns: where its header line's cells start (a word after a gap wider than a word space), each
 * start shared by cells of at least half the lines below (within a quarter of a word's height: a table's cells start
 * at their column's edge, the words of running text anywhere and after a word space), the header's first word and two
 * more at least. The header is one of the run's first three lines, without numbers, with three lines at least below it.
 */
function tableColumns(lines: readonly (readonly PlacedWord[])[]): { header: number; starts: number[] } | null {
  const height = medianHeight(lines);
  for (let h = 0; h < Math.min(3, lines.length - 3); h++) {
    // A header names its columns: no numbers (a chat's `12.06.24, 19:04 - Jana:` lines have columns too), and no `|`
    // (a table drawn in characters is read as text by the table rule).
    if (lines[h]!.some((w) => /[\d|]/u.test(w.text))) continue;
    const below = lines.slice(h + 1).map((line) => cellStarts(line, height));
    const starts = cellStarts(lines[h]!, height).filter(
      (x, i) => i === 0 || 2 * below.filter((line) => line.some((s) => Math.abs(s - x) <= 0.25 * height)).length >= below.length,
    );
    if (starts.length >= 3) return { header: h, starts };
  }
  return null;
}

/** A gap between two cells of a scanned table: wider than this many word heights (a word space is about a third). */
const CELL_GAP = 0.7;

/** Where a line's cells start: its first word, and every word after a gap wider than a (stretched) word space. */
function cellStarts(line: readonly PlacedWord[], height: number): number[] {
  return line.filter((w, i) => i === 0 || w.box.x0 - line[i - 1]!.box.x1 > CELL_GAP * height).map((w) => w.box.x0);
}

/** A fragment of a cell: the words of one line in one column. A cell: its fragments, line by line. */
type Fragment = readonly PlacedWord[];

/**
 * A scanned table's rows: a line with a word in every column starts a row, the lines after it with fewer go on in its
 * cells (cells wrapped in narrow columns: `Frederike` / `Teufler`, `teufler1950@stadt-` / `verwaltung.de`); each row
 * as its cells, each cell as its fragments.
 */
function tableRows(lines: readonly (readonly PlacedWord[])[], starts: readonly number[]): Fragment[][][] {
  const rows: Fragment[][][] = [];
  for (const line of lines) {
    const tolerance = 0.6 * Math.max(...line.map((w) => w.box.y1 - w.box.y0));
    const cells: PlacedWord[][] = starts.map(() => []);
    let column = 0;
    for (const w of line) {
      column = Math.max(
        column,
        starts.findLastIndex((x) => x <= w.box.x0 + tolerance),
      );
      cells[column]!.push(w);
    }
    const row = rows[rows.length - 1];
    if (!row || cells.every((cell) => cell.length > 0)) rows.push(cells.map((cell) => (cell.length > 0 ? [cell] : [])));
    else cells.forEach((cell, c) => cell.length > 0 && row[c]!.push(cell));
  }
  return rows;
}

/** A fragment filled its column: one word reaching (within a word height) as far right as the column's words reach. */
function filled(fragment: Fragment, right: number): boolean {
  const w = fragment[0]!;
  return fragment.length === 1 && w.box.x1 >= right - (w.box.y1 - w.box.y0);
}

/** Word heights (a word box is about a capital's height) a line's top may lie below the last one's in one paragraph. */
const PARAGRAPH_PITCH = 2.2;

/**
 * A paragraph as tesseract groups it, split where a line lies further below the last than running lines do (a blank
 * line between them: `Assignee: Marisol Delgado` and, a line lower, `Requester: …`), as the PDF reader splits blocks.
 */
function splitAtGaps(lines: readonly (readonly PlacedWord[])[]): Array<Array<readonly PlacedWord[]>> {
  const height = medianHeight(lines);
  const groups: Array<Array<readonly PlacedWord[]>> = [];
  lines.forEach((line, l) => {
    if (l === 0 || top(line) - top(lines[l - 1]!) > PARAGRAPH_PITCH * height) groups.push([line]);
    else groups[groups.length - 1]!.push(line);
  });
  return groups;
}

/**
 * Whether block `b` starts on the line after block `a`'s last (tesseract makes every line of a letterhead or an
 * address a paragraph of its own): then they join by a line break, as the PDF reader joins such blocks, not by a blank
 * line, which ends an address block or a table.
 */
function nextLine(a: readonly (readonly PlacedWord[])[], b: readonly (readonly PlacedWord[])[]): boolean {
  const last = a[a.length - 1];
  const first = b[0];
  if (!last || !first || last.length === 0 || first.length === 0) return false;
  const height = medianHeight([last, first]);
  const pitch = top(first) - top(last);
  return pitch > 0 && pitch <= PARAGRAPH_PITCH * height;
}

/** Word heights a table row may lie below the last one's first line: the last one wrapped onto a second line. */
const ROW_PITCH = 3.5;

/**
 * Whether block `b` is the next row of a table whose last row (or header) block `a` ends: its first line starts cells
 * where `a`'s last line does (three at least, within a quarter of a word's height), further below than `nextLine`
 * allows since a wrapped header or row (`Kundennr` / `.`) is two lines tall.
 */
function nextRow(a: readonly (readonly PlacedWord[])[], b: readonly (readonly PlacedWord[])[]): boolean {
  const last = a[a.length - 1];
  const first = b[0];
  if (!last || !first || last.length < 3 || first.length < 3) return false;
  const height = medianHeight([last, first]);
  const pitch = top(first) - top(last);
  if (pitch <= 0 || pitch > ROW_PITCH * height) return false;
  const lower = cellStarts(first, height);
  return cellStarts(last, height).filter((x) => lower.some((s) => Math.abs(s - x) <= 0.25 * height)).length >= 3;
}

/**
 * A line's top: the median top of its words, not the highest, since tesseract may give one word a box that reaches up
 * into the line above (`0314615` under a wrapped header's `.`) and the line would seem a paragraph of its own.
 */
function top(line: readonly PlacedWord[]): number {
  const tops = line.map((w) => w.box.y0).sort((x, y) => x - y);
  return tops[Math.floor((tops.length - 1) / 2)] ?? 0;
}

/** The median height of the lines' word boxes. */
function medianHeight(lines: readonly (readonly PlacedWord[])[]): number {
  const heights = lines.flatMap((line) => line.map((w) => w.box.y1 - w.box.y0)).sort((x, y) => x - y);
  return heights[Math.floor(heights.length / 2)] ?? 0;
}

/** How each line of a paragraph goes on into the next (`wordBreak`): a line of one word fills it when it is as wide as the widest. */
function lineJoins(lines: readonly (readonly PlacedWord[])[]): Array<'drop-hyphen' | 'join' | null> {
  const width = (line: readonly PlacedWord[]) => (line.length === 0 ? 0 : line[line.length - 1]!.box.x1 - line[0]!.box.x0);
  const widest = Math.max(0, ...lines.map(width));
  return lines.map((line, l) => {
    const next = lines[l + 1];
    const last = line[line.length - 1];
    if (!next || next.length === 0 || !last) return null;
    const height = last.box.y1 - last.box.y0;
    return wordBreak(last.text, next[0]!.text, line.length === 1 && width(line) >= widest - 0.5 * height);
  });
}

const HYPHENS = new Set(['-', '\u00ad', '\u2010']);
/** An e-mail address or a web address: its hyphens are its own, never a writer's word break. */
const ADDRESS_PART = /@|:\/\/|^www\.|\.\p{Ll}{2,}(?:\/|$)/u;

/**
 * How a line's last word goes on into the next line's first word without a line break, or null where the break is one
 * (shared by the PDF reader and the OCR layout):
 * - `drop-hyphen`: a word hyphenated at the line end (`Jungfern-` / `stieg 30`): the hyphen is the writer's, not the word's;
 * - `join`: a word that goes on over the break as written: after a hyphen of the word itself (`Baden-` / `Württemberg`,
 *   `INV-` / `787849`, `stadt-` / `verwaltung.de` in an address), or broken where it filled the whole line (`filled`:
 *   the line is this one word, as wide as its block's widest line) inside a number, a word or an address (`27.09.193`
 *   / `8`, `Geburtsda` / `tum`, `jodie@yahoo.d` / `e`): a word wider than a narrow table cell is broken anywhere.
 */
export function wordBreak(last: string, next: string, filled: boolean): 'drop-hyphen' | 'join' | null {
  const end = last.slice(-1);
  const before = last.slice(-2, -1);
  const first = next.charAt(0);
  if (HYPHENS.has(end) && /[\p{L}\d]/u.test(before)) {
    if (/\p{Ll}/u.test(first)) return /\p{L}/u.test(before) && !ADDRESS_PART.test(last + next) ? 'drop-hyphen' : 'join';
    return /[\p{Lu}\d]/u.test(first) ? 'join' : null;
  }
  const goesOn =
    /[@._/]/u.test(first) ||
    (/\d/u.test(end) && /\d/u.test(first)) ||
    (/\p{L}/u.test(end) && /\p{Ll}/u.test(first)) ||
    (/[@._/]/u.test(end) && /[\p{Ll}\d]/u.test(first));
  return filled && last.length > 1 && goesOn ? 'join' : null;
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
