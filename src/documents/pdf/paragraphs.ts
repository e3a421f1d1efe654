import type { Box } from '../../spec/types.js';
import { unionBox, wordBreak } from '../layout.js';
import type { PdfGlyph } from './read.js';

/**
 * A paragraph of a page: its text (lines joined by `\n`) and, per glyph, its range in the text, its box and its line.
 * Packed into typed arrays: a long document holds every page's paragraphs until its PII record is built, and a glyph
 * as objects costs ten times its four numbers.
 */
export interface PdfParagraph {
  text: string;
  /** Glyph `i` covers `text[starts[i], ends[i])` (empty for a dropped line-end hyphen). */
  starts: Int32Array;
  ends: Int32Array;
  /** Glyph `i`'s box: `boxes[4i .. 4i+3]` = x0, y0, x1, y1 (top-left page coordinates). */
  boxes: Float64Array;
  /** Line of each glyph within the paragraph, to merge glyph boxes line by line. */
  lines: Uint32Array;
}

interface Line {
  /** `columnBefore`: the gap before the glyph is a column's, read as a tab (see `COLUMN_SPACE`). */
  glyphs: Array<{ glyph: PdfGlyph; spaceBefore: boolean; columnBefore: boolean }>;
  base: number;
  size: number;
}

/**
 * A gap wider than this share of the font size reads as a space between words. TeX and tight justification set word
 * gaps of 0.1–0.2 em without space characters; pdf.js (and so the verifier, and a reader copying text) takes a gap
 * above 0.102 em for a space, and the reader of the redactor must see the same words.
 */
const SPACE_GAP = 0.1;
/** A gap wider than this many font sizes on one baseline starts a new line (another column). */
const COLUMN_GAP = 3;
/**
 * A gap of two space characters or more, or one wider than this many font sizes (twice that over one space character),
 * separates columns on one line (`Name: Grace Okonjo   DOB: 12.03.1961`, a form's fields, a table's cells): it reads as
 * a tab, so detection sees the columns (a name does not run on into the next field's label). Justified text stretches
 * its single spaces to about half an em.
 */
const COLUMN_SPACE = 1;
/** Baselines further apart than this many line sizes start a new paragraph. */
export const PARAGRAPH_GAP = 1.7;

/** Where a glyph is for grouping: on the unturned page when the page is turned (see `PdfGlyph.frame`). */
const at = (g: PdfGlyph): { box: Box; base: number } => g.frame ?? g;

function groupLines(glyphs: readonly PdfGlyph[]): Line[] {
  const lines: Line[] = [];
  let line: Line | null = null;
  let pendingSpaces = 0;
  for (const g of glyphs) {
    if (g.text === ' ' || (g.text.trim() === '' && g.text !== '')) {
      pendingSpaces++;
      continue;
    }
    const lastGlyph = line?.glyphs[line.glyphs.length - 1]?.glyph;
    const last = lastGlyph && at(lastGlyph);
    const here = at(g);
    const size = Math.max(g.size, 1);
    const sameLine =
      line !== null &&
      last !== undefined &&
      Math.abs(here.base - line.base) <= 0.4 * Math.max(size, line.size) &&
      here.box.x0 >= last.box.x1 - 0.5 * size &&
      here.box.x0 - last.box.x1 <= COLUMN_GAP * size;
    if (!sameLine || !line || !last) {
      line = { glyphs: [{ glyph: g, spaceBefore: false, columnBefore: false }], base: here.base, size };
      lines.push(line);
    } else {
      const gap = here.box.x0 - last.box.x1;
      line.glyphs.push({
        glyph: g,
        spaceBefore: pendingSpaces > 0 || gap > SPACE_GAP * size,
        columnBefore: pendingSpaces > 1 || gap > (pendingSpaces === 0 ? COLUMN_SPACE : 2 * COLUMN_SPACE) * size,
      });
      line.size = Math.max(line.size, size);
    }
    pendingSpaces = 0;
  }
  return lines;
}

/**
 * Groups a page's glyphs (in content order) into lines (one baseline, no backward jump, no column-wide gap) and
 * lines into paragraphs (consecutive lines less than `PARAGRAPH_GAP` line sizes apart, going down the page).
 */
export function groupParagraphs(glyphs: readonly PdfGlyph[]): PdfParagraph[] {
  const paragraphs: Line[][] = [];
  let prev: Line | null = null;
  const lines = groupLines(glyphs);
  for (const [i, line] of lines.entries()) {
    const gap = prev ? line.base - prev.base : 0;
    const next = lines[i + 1];
    if (
      !prev ||
      gap <= 0.4 * prev.size ||
      gap > PARAGRAPH_GAP * Math.max(prev.size, line.size) ||
      backToAnotherColumn(prev, line) ||
      // The first cell of a row (`Name`, then `Kundennr.` beside it): not the last line of the block above.
      (next !== undefined && Math.abs(next.base - line.base) <= 0.4 * line.size && extent(next).x0 > extent(line).x1)
    )
      paragraphs.push([line]);
    else paragraphs[paragraphs.length - 1]!.push(line);
    prev = line;
  }
  return paragraphs.map((lines) => {
    const count = lines.reduce((n, line) => n + line.glyphs.length, 0);
    const p: PdfParagraph = {
      text: '',
      starts: new Int32Array(count),
      ends: new Int32Array(count),
      boxes: new Float64Array(4 * count),
      lines: new Uint32Array(count),
    };
    let text = '';
    let i = 0;
    const widest = lines.reduce((most, line) => Math.max(most, width(line)), 0);
    const joins = lines.map((line, l) => (l + 1 < lines.length ? lineJoin(line, lines[l + 1]!, widest) : null));
    lines.forEach((line, l) => {
      if (l > 0 && joins[l - 1] === null) text += '\n';
      line.glyphs.forEach(({ glyph, spaceBefore, columnBefore }, g) => {
        if (spaceBefore) text += columnBefore ? '\t' : ' ';
        // A line-end hyphen of a word broken across lines stays on the page but not in the text: detection reads
        // "Jungfernstieg 30" where the page shows "Jungfern-" and "stieg 30" (its glyph maps to no characters).
        const dropped = g === line.glyphs.length - 1 && joins[l] === 'drop-hyphen';
        p.starts[i] = text.length;
        p.ends[i] = text.length + (dropped ? 0 : glyph.text.length);
        p.boxes[4 * i] = glyph.box.x0;
        p.boxes[4 * i + 1] = glyph.box.y0;
        p.boxes[4 * i + 2] = glyph.box.x1;
        p.boxes[4 * i + 3] = glyph.box.y1;
        p.lines[i] = l;
        i++;
        if (!dropped) text += glyph.text;
      });
    });
    p.text = text;
    return p;
  });
}

/** A line's left and right edge. */
function extent(line: Line): { x0: number; x1: number } {
  return { x0: at(line.glyphs[0]!.glyph).box.x0, x1: at(line.glyphs[line.glyphs.length - 1]!.glyph).box.x1 };
}

/**
 * Whether `line` goes back to another column rather than on with `prev`'s text: it starts far left of where `prev`
 * started, and the two are not centred on one another (a centred block's lines start where their length puts them).
 * A table drawn cell by cell goes from a row's last cell (`130`, the wrapped end of a phone number) to the next row's
 * first (`Arian Siegelaub`), one line below: two cells, not one paragraph.
 */
function backToAnotherColumn(prev: Line, line: Line): boolean {
  const a = extent(prev);
  const b = extent(line);
  const em = Math.max(prev.size, line.size);
  return b.x0 < a.x0 - 2 * em && Math.abs((a.x0 + a.x1) / 2 - (b.x0 + b.x1) / 2) > 2 * em;
}

/** The last word of a line (from its last space on), and the first word of a line. */
const lastWord = (line: Line): string => {
  let g = line.glyphs.length - 1;
  while (g > 0 && !line.glyphs[g]!.spaceBefore) g--;
  return line.glyphs
    .slice(g)
    .map((x) => x.glyph.text)
    .join('');
};
const firstWord = (line: Line): string => {
  let g = 1;
  while (g < line.glyphs.length && !line.glyphs[g]!.spaceBefore) g++;
  return line.glyphs
    .slice(0, g)
    .map((x) => x.glyph.text)
    .join('');
};

/**
 * How a line goes on into the next one of its block (`wordBreak`): the line fills the block when it is one word as
 * wide as the block's widest line (within half an em).
 */
function lineJoin(line: Line, next: Line, widest: number): 'drop-hyphen' | 'join' | null {
  const filled = line.glyphs.every((x) => !x.spaceBefore) && width(line) >= widest - 0.5 * line.size;
  return wordBreak(lastWord(line), firstWord(next), filled);
}

/** A line's width. */
function width(line: Line): number {
  const { x0, x1 } = extent(line);
  return x1 - x0;
}

/** Glyph `i`'s box. */
function boxAt(p: PdfParagraph, i: number): Box {
  const b = p.boxes;
  return { x0: b[4 * i]!, y0: b[4 * i + 1]!, x1: b[4 * i + 2]!, y1: b[4 * i + 3]! };
}

/** Indices of the glyphs that share at least one character with [start, end). */
function glyphsOfRange(p: PdfParagraph, start: number, end: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < p.starts.length; i++) if (p.starts[i]! < end && start < p.ends[i]!) out.push(i);
  return out;
}

/** Boxes of the glyphs that share at least one character with [start, end): what a redaction must cover. */
export function paragraphBoxesOfRange(p: PdfParagraph, start: number, end: number): Box[] {
  return glyphsOfRange(p, start, end).map((i) => boxAt(p, i));
}

/** Boxes of the glyphs in [start, end), merged line by line (one box per line the range touches). */
export function lineBoxesOfRange(p: PdfParagraph, start: number, end: number): Box[] {
  const byLine = new Map<number, Box[]>();
  for (const i of glyphsOfRange(p, start, end)) {
    const l = p.lines[i]!;
    byLine.set(l, [...(byLine.get(l) ?? []), boxAt(p, i)]);
  }
  return [...byLine.values()].map((boxes) => unionBox(boxes)!);
}
