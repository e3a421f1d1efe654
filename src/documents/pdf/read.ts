import type { PDFPageProxy } from 'pdfjs-dist';
import type { Box } from '../../spec/types.js';
import type { Matrix } from './geometry.js';
import { IDENTITY, apply, invert, multiply, transformBox } from './geometry.js';
import type { Pdfjs } from './pdfjs.js';
import type { GlyphAdvance, ShownGlyph, VerticalExtent } from './text-state.js';
import { GLYPH_UNITS, TextState, glyphBox, isShowOperator } from './text-state.js';

/** One glyph as pdf.js decoded it: its Unicode text and its box on the page (top-left origin, PDF points). */
export interface PdfGlyph {
  text: string;
  box: Box;
  /** Font size on the page (points). */
  size: number;
  /** Baseline position across the line direction (top-left y for horizontal text). */
  base: number;
  /**
   * Text that runs down, up or right-to-left-upside-down on the page as viewed (a page turned by /Rotate): box and
   * baseline turned by a quarter turn so that it runs left to right — what lines and paragraphs are grouped by
   * (`box` stays the place on the page as viewed).
   */
  frame?: { box: Box; base: number };
}

/** What pdf.js reads from one page. */
export interface PdfPageText {
  pageNum: number;
  width: number;
  height: number;
  /** PDF user space → top-left page coordinates (the viewport at scale 1, rotation applied). */
  toPage: Matrix;
  /** Top-left page coordinates → PDF user space. */
  toUser: Matrix;
  glyphs: PdfGlyph[];
  /** Text whose Unicode cannot be trusted (no ToUnicode, private-use or control codes): detection would miss PII. */
  garbled: boolean;
  /** Type3 or vertical fonts: glyph geometry the content-stream redactor does not rewrite. */
  unsafeFonts: boolean;
  imageCount: number;
  /** Where images are painted (top-left page coordinates, clipped to the page): the only places a face can be. */
  imageBoxes: Box[];
  pathCount: number;
}

/** What the reader keeps of a pdf.js font. */
interface ReadFont {
  /** Glyph space → text space: the font matrix's horizontal scale. */
  glyphScale: number;
  extent: VerticalExtent;
}

/** A pdf.js glyph, measured for the text state. */
interface ReadGlyph extends GlyphAdvance {
  text: string;
}

/** pdf.js operator codes of the state and text-showing operators, by their PDF operator names. */
function operatorNames(OPS: Pdfjs['OPS']): Map<number, string> {
  return new Map([
    [OPS.save, 'q'],
    [OPS.restore, 'Q'],
    [OPS.transform, 'cm'],
    [OPS.beginText, 'BT'],
    [OPS.setTextMatrix, 'Tm'],
    [OPS.moveText, 'Td'],
    [OPS.setLeadingMoveText, 'TD'],
    [OPS.nextLine, 'T*'],
    [OPS.setLeading, 'TL'],
    [OPS.setCharSpacing, 'Tc'],
    [OPS.setWordSpacing, 'Tw'],
    [OPS.setHScale, 'Tz'],
    [OPS.setTextRise, 'Ts'],
    [OPS.showText, 'Tj'],
    [OPS.showSpacedText, 'TJ'],
    [OPS.nextLineShowText, "'"],
    [OPS.nextLineSetSpacingShowText, '"'],
  ]);
}

/** A pdf.js glyph list (numbers are TJ adjustments) as the text state's items. */
function glyphItems(list: unknown): Array<number | ReadGlyph> {
  if (!Array.isArray(list)) return [];
  const items: Array<number | ReadGlyph> = [];
  for (const g of list) {
    if (typeof g === 'number') items.push(g);
    else if (g && typeof g === 'object') {
      const glyph = g as { unicode?: string; width?: number; isSpace?: boolean };
      items.push({ text: glyph.unicode ?? '', width: glyph.width ?? 0, wordSpace: Boolean(glyph.isSpace) });
    }
  }
  return items;
}

function isBadText(t: string): boolean {
  if (t === '') return true;
  for (const ch of t) {
    const c = ch.codePointAt(0)!;
    if (c < 0x20 || (c >= 0xe000 && c <= 0xf8ff) || c === 0xfffd) return true;
  }
  return false;
}

/** Quarter turns of the viewed page (y down) that bring text running in direction k × 90° to run left to right. */
const TURNS: readonly Matrix[] = [IDENTITY, [0, -1, 1, 0, 0, 0], [-1, 0, 0, -1, 0, 0], [0, 1, -1, 0, 0, 0]];

/** A shown glyph on the page; white space becomes a zero-height box on the baseline (it only separates words). */
function pageGlyph(g: ShownGlyph<ReadGlyph>, extent: VerticalExtent, toPage: Matrix): PdfGlyph {
  const text = g.glyph.text;
  if (text !== '' && text.trim() === '') return { text: ' ', box: glyphBox(g, { ascent: 0, descent: 0 }, toPage), size: 0, base: 0 };
  const toDevice = multiply(toPage, g.matrix);
  const size = Math.abs(g.size) * Math.hypot(toDevice[2], toDevice[3]);
  const glyph: PdfGlyph = { text, box: glyphBox(g, extent, toPage), size, base: apply(toDevice, g.x, 0)[1] };
  // The text's direction on the viewed page, to the nearest quarter turn.
  const quarter = (((Math.round(Math.atan2(toDevice[1], toDevice[0]) / (Math.PI / 2)) % 4) + 4) % 4) as 0 | 1 | 2 | 3;
  if (quarter !== 0) {
    const toFrame = multiply(TURNS[quarter]!, toPage);
    glyph.frame = { box: glyphBox(g, extent, toFrame), base: apply(multiply(toFrame, g.matrix), g.x, 0)[1] };
  }
  return glyph;
}

/**
 * Reads one page with pdf.js's operator list: every glyph with its own box (the operator list carries per-glyph
 * widths, `getTextContent` only per-run ones), placed by the text state the redactor uses too (`text-state.ts`).
 */
export async function readPage(pdfjs: Pdfjs, page: PDFPageProxy): Promise<PdfPageText> {
  const viewport = page.getViewport({ scale: 1 });
  const toPage = viewport.transform as unknown as Matrix;
  const ops = await page.getOperatorList();
  const OPS = pdfjs.OPS;
  const names = operatorNames(OPS);
  const glyphs: PdfGlyph[] = [];
  let bad = 0;
  let unsafeFonts = false;
  let imageCount = 0;
  const imageBoxes: Box[] = [];
  let pathCount = 0;
  const ts = new TextState<ReadFont>((f) => f.glyphScale);

  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i]!;
    const args = ops.argsArray[i] as unknown[];
    const op = names.get(fn);
    if (op && isShowOperator(op)) {
      for (const g of ts.show(op, args as number[], glyphItems(args[args.length - 1]))) {
        const glyph = pageGlyph(g, ts.state.font!.extent, toPage);
        if (isBadText(glyph.text)) bad++;
        glyphs.push(glyph);
      }
      continue;
    }
    // pdf.js passes `Tm` as one matrix argument, `cm` as six numbers.
    if (op && ts.apply(op, fn === OPS.setTextMatrix ? Array.from(args[0] as ArrayLike<number>) : (args as number[]))) continue;
    switch (fn) {
      case OPS.paintFormXObjectBegin:
        ts.apply('q', []);
        if (args[0] && typeof args[0] === 'object') ts.apply('cm', Array.from(args[0] as ArrayLike<number>));
        break;
      case OPS.paintFormXObjectEnd:
        ts.apply('Q', []);
        break;
      case OPS.setFont: {
        const name = args[0] as string;
        const f = page.commonObjs.has(name) ? (page.commonObjs.get(name) as Record<string, unknown>) : null;
        if (f?.isType3Font || f?.vertical) unsafeFonts = true;
        const extent = { ascent: Math.max(Number(f?.ascent) || 0.8, 0.5), descent: Math.min(Number(f?.descent) || -0.2, 0) };
        ts.setFont({ glyphScale: (f?.fontMatrix as Matrix | undefined)?.[0] ?? GLYPH_UNITS, extent }, args[1] as number);
        break;
      }
      case OPS.paintImageXObject:
      case OPS.paintInlineImageXObject:
      case OPS.paintImageMaskXObject:
        imageCount++;
        // An image fills the unit square of the current transformation.
        imageBoxes.push(clip(transformBox(multiply(toPage, ts.state.ctm), 0, 0, 1, 1), viewport.width, viewport.height));
        break;
      case OPS.paintImageXObjectRepeat:
        // Painted at many places: counted as the whole page.
        imageCount++;
        imageBoxes.push({ x0: 0, y0: 0, x1: viewport.width, y1: viewport.height });
        break;
      case OPS.constructPath:
        pathCount++;
        break;
    }
  }
  const letters = glyphs.filter((g) => g.text !== ' ').length;
  return {
    pageNum: page.pageNumber,
    width: viewport.width,
    height: viewport.height,
    toPage,
    toUser: invert(toPage) ?? IDENTITY,
    glyphs,
    garbled: letters > 0 && bad / letters > 0.1,
    unsafeFonts,
    imageCount,
    imageBoxes: imageBoxes.filter((b) => b.x1 > b.x0 && b.y1 > b.y0),
    pathCount,
  };
}

function clip(b: Box, width: number, height: number): Box {
  return { x0: Math.max(0, b.x0), y0: Math.max(0, b.y0), x1: Math.min(width, b.x1), y1: Math.min(height, b.y1) };
}
