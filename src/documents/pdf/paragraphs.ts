import type { Box } from '../../spec/types.js';
import type { TextLayout } from '../layout.js';
import { unionBox } from '../layout.js';
import type { PdfGlyph } from './read.js';

/** A paragraph of a page: its text (lines joined by `\n`) and one layout entry per glyph, with its line index. */
export interface PdfParagraph {
  layout: TextLayout;
  /** Line of each layout word (same index), to merge glyph boxes line by line. */
  lineOf: number[];
}

interface Line {
  glyphs: Array<{ glyph: PdfGlyph; spaceBefore: boolean }>;
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
/** Baselines further apart than this many line sizes start a new paragraph. */
const PARAGRAPH_GAP = 1.7;

/** Where a glyph is for grouping: on the unturned page when the page is turned (see `PdfGlyph.frame`). */
const at = (g: PdfGlyph): { box: Box; base: number } => g.frame ?? g;

function groupLines(glyphs: readonly PdfGlyph[]): Line[] {
  const lines: Line[] = [];
  let line: Line | null = null;
  let pendingSpace = false;
  for (const g of glyphs) {
    if (g.text === ' ' || (g.text.trim() === '' && g.text !== '')) {
      pendingSpace = true;
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
      line = { glyphs: [{ glyph: g, spaceBefore: false }], base: here.base, size };
      lines.push(line);
    } else {
      line.glyphs.push({ glyph: g, spaceBefore: pendingSpace || here.box.x0 - last.box.x1 > SPACE_GAP * size });
      line.size = Math.max(line.size, size);
    }
    pendingSpace = false;
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
  for (const line of groupLines(glyphs)) {
    const gap = prev ? line.base - prev.base : 0;
    if (!prev || gap <= 0.4 * prev.size || gap > PARAGRAPH_GAP * Math.max(prev.size, line.size)) paragraphs.push([line]);
    else paragraphs[paragraphs.length - 1]!.push(line);
    prev = line;
  }
  return paragraphs.map((lines) => {
    let text = '';
    const words: TextLayout['words'] = [];
    const lineOf: number[] = [];
    lines.forEach((line, l) => {
      const joined = l > 0 && hyphenated(lines[l - 1]!, line);
      if (l > 0 && !joined) text += '\n';
      line.glyphs.forEach(({ glyph, spaceBefore }, g) => {
        if (spaceBefore) text += ' ';
        // A line-end hyphen of a word broken across lines stays on the page but not in the text: detection reads
        // "Jungfernstieg 30" where the page shows "Jungfern-" and "stieg 30" (its glyph maps to no characters).
        const dropped = g === line.glyphs.length - 1 && l + 1 < lines.length && hyphenated(line, lines[l + 1]!);
        words.push({ start: text.length, end: text.length + (dropped ? 0 : glyph.text.length), box: glyph.box });
        lineOf.push(l);
        if (!dropped) text += glyph.text;
      });
    });
    return { layout: { text, words }, lineOf };
  });
}

const HYPHENS = new Set(['-', '\u00ad', '\u2010']);

/** A word broken across two lines: `line` ends in a hyphen after a letter and `next` goes on in lower case. */
function hyphenated(line: Line, next: Line): boolean {
  const g = line.glyphs;
  const last = g[g.length - 1]?.glyph.text;
  const before = g[g.length - 2];
  const first = next.glyphs[0]?.glyph.text ?? '';
  return (
    last !== undefined &&
    HYPHENS.has(last) &&
    before !== undefined &&
    !g[g.length - 1]!.spaceBefore &&
    /\p{L}$/u.test(before.glyph.text) &&
    /^\p{Ll}/u.test(first)
  );
}

/** Boxes of the glyphs in [start, end), merged line by line (one box per line the range touches). */
export function lineBoxesOfRange(p: PdfParagraph, start: number, end: number): Box[] {
  const byLine = new Map<number, Box[]>();
  p.layout.words.forEach((w, i) => {
    if (w.start < end && start < w.end) {
      const l = p.lineOf[i]!;
      byLine.set(l, [...(byLine.get(l) ?? []), w.box]);
    }
  });
  return [...byLine.values()].map((boxes) => unionBox(boxes)!);
}
