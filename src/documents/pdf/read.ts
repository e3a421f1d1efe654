import type { PDFPageProxy } from 'pdfjs-dist';
import type { Box } from '../../spec/types.js';
import type { Matrix, TextParams } from './geometry.js';
import { IDENTITY, invert, multiply, transformBox } from './geometry.js';
import type { Pdfjs } from './pdfjs.js';

/** One glyph as pdf.js decoded it: its Unicode text and its box on the page (top-left origin, PDF points). */
export interface PdfGlyph {
  text: string;
  box: Box;
  /** Font size on the page (points). */
  size: number;
  /** Baseline position across the line direction (top-left y for horizontal text). */
  base: number;
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
  pathCount: number;
}

interface TextState extends TextParams {
  font: { fontMatrix: Matrix; vertical: boolean; ascent: number; descent: number; type3: boolean } | null;
}

const DEFAULT_FONT_MATRIX: Matrix = [0.001, 0, 0, 0.001, 0, 0];

function isBadText(t: string): boolean {
  if (t === '') return true;
  for (const ch of t) {
    const c = ch.codePointAt(0)!;
    if (c < 0x20 || (c >= 0xe000 && c <= 0xf8ff) || c === 0xfffd) return true;
  }
  return false;
}

/**
 * Reads one page with pdf.js's operator list: every glyph with its own box (the operator list carries per-glyph
 * widths, `getTextContent` only per-run ones), from the text state as pdf.js's canvas renderer tracks it.
 */
export async function readPage(pdfjs: Pdfjs, page: PDFPageProxy): Promise<PdfPageText> {
  const viewport = page.getViewport({ scale: 1 });
  const toPage = viewport.transform as unknown as Matrix;
  const ops = await page.getOperatorList();
  const OPS = pdfjs.OPS;
  const glyphs: PdfGlyph[] = [];
  let bad = 0;
  let unsafeFonts = false;
  let imageCount = 0;
  let pathCount = 0;

  let s: TextState = { ctm: IDENTITY, font: null, size: 0, charSpacing: 0, wordSpacing: 0, hScale: 1, rise: 0, leading: 0 };
  const stack: TextState[] = [];
  let tm: Matrix = IDENTITY;
  let tlm: Matrix = IDENTITY;
  const moveText = (x: number, y: number) => {
    tlm = multiply(tlm, [1, 0, 0, 1, x, y]);
    tm = tlm;
  };

  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i];
    const args = ops.argsArray[i] as unknown[];
    switch (fn) {
      case OPS.save:
        stack.push({ ...s });
        break;
      case OPS.restore:
        s = stack.pop() ?? s;
        break;
      case OPS.transform:
        s.ctm = multiply(s.ctm, args as unknown as Matrix);
        break;
      case OPS.paintFormXObjectBegin:
        stack.push({ ...s });
        if (Array.isArray(args[0]) || (args[0] && typeof args[0] === 'object')) s.ctm = multiply(s.ctm, Array.from(args[0] as ArrayLike<number>) as unknown as Matrix);
        break;
      case OPS.paintFormXObjectEnd:
        s = stack.pop() ?? s;
        break;
      case OPS.beginText:
        tm = IDENTITY;
        tlm = IDENTITY;
        break;
      case OPS.setFont: {
        const f = page.commonObjs.has(args[0] as string) ? (page.commonObjs.get(args[0] as string) as Record<string, unknown>) : null;
        const fm = (f?.fontMatrix as Matrix | undefined) ?? DEFAULT_FONT_MATRIX;
        const type3 = Boolean(f?.isType3Font);
        const vertical = Boolean(f?.vertical);
        if (type3 || vertical) unsafeFonts = true;
        s.font = { fontMatrix: Array.from(fm) as unknown as Matrix, vertical, type3, ascent: Number(f?.ascent) || 0.8, descent: Number(f?.descent) || -0.2 };
        s.size = args[1] as number;
        break;
      }
      case OPS.setTextMatrix:
        tlm = Array.from(args[0] as ArrayLike<number>) as unknown as Matrix;
        tm = tlm;
        break;
      case OPS.moveText:
        moveText(args[0] as number, args[1] as number);
        break;
      case OPS.setLeadingMoveText:
        s.leading = -(args[1] as number);
        moveText(args[0] as number, args[1] as number);
        break;
      case OPS.nextLine:
        moveText(0, -s.leading);
        break;
      case OPS.setLeading:
        s.leading = args[0] as number;
        break;
      case OPS.setCharSpacing:
        s.charSpacing = args[0] as number;
        break;
      case OPS.setWordSpacing:
        s.wordSpacing = args[0] as number;
        break;
      case OPS.setHScale:
        s.hScale = (args[0] as number) / 100;
        break;
      case OPS.setTextRise:
        s.rise = args[0] as number;
        break;
      case OPS.nextLineShowText:
      case OPS.nextLineSetSpacingShowText:
      case OPS.showText:
      case OPS.showSpacedText: {
        if (fn === OPS.nextLineSetSpacingShowText) {
          s.wordSpacing = args[0] as number;
          s.charSpacing = args[1] as number;
        }
        if (fn === OPS.nextLineShowText || fn === OPS.nextLineSetSpacingShowText) moveText(0, -s.leading);
        const list = args[args.length - 1] as unknown[];
        if (!Array.isArray(list) || !s.font) break;
        const font = s.font;
        const size = s.size;
        const advanceScale = size * font.fontMatrix[0];
        let x = 0;
        const trm = multiply(multiply(s.ctm, tm), [s.hScale, 0, 0, 1, 0, s.rise]);
        const toDevice = multiply(toPage, trm);
        const lo = Math.min(font.descent, 0) * Math.abs(size);
        const hi = Math.max(font.ascent, 0.5) * Math.abs(size);
        for (const g of list) {
          if (typeof g === 'number') {
            x -= (g * size) / 1000;
            continue;
          }
          if (!g || typeof g !== 'object') continue;
          const glyph = g as { unicode?: string; width?: number; isSpace?: boolean };
          const width = (glyph.width ?? 0) * advanceScale;
          const advance = width + (glyph.isSpace ? s.wordSpacing : 0) + s.charSpacing;
          const text = glyph.unicode ?? '';
          if (text.trim() !== '' || text === '') {
            if (isBadText(text)) bad++;
            const box = transformBox(toDevice, x, lo, x + width, hi);
            const base = transformBox(toDevice, x, 0, x, 0);
            const deviceSize = Math.abs(size) * Math.hypot(toDevice[2], toDevice[3]);
            glyphs.push({ text, box, size: deviceSize, base: base.y0 });
          } else {
            glyphs.push({ text: ' ', box: transformBox(toDevice, x, 0, x + width, 0), size: 0, base: 0 });
          }
          x += advance;
        }
        tm = multiply(tm, [1, 0, 0, 1, x * s.hScale, 0]);
        break;
      }
      case OPS.paintImageXObject:
      case OPS.paintInlineImageXObject:
      case OPS.paintImageMaskXObject:
      case OPS.paintImageXObjectRepeat:
        imageCount++;
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
    pathCount,
  };
}
