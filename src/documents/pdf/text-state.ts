/**
 * The PDF text state machine (ISO 32000-1, 8.4 and 9.3–9.4): graphics state stack, CTM, text and line matrices,
 * text-state parameters and glyph advance. The reader (pdf.js operators, `read.ts`) and the redactor (our own
 * content-stream parse, `redact-page.ts`) both drive this one interpreter, so the boxes PII is found in and the
 * glyphs removed from the content are placed by the same code; only glyph widths come from each side's own fonts.
 */
import type { Box } from '../../spec/types.js';
import type { Matrix } from './geometry.js';
import { IDENTITY, multiply, transformBox } from './geometry.js';

/** The graphics-state parameters that place glyphs; `q` saves them and `Q` restores them. */
export interface GraphicsState<F> {
  ctm: Matrix;
  font: F | null;
  /** Font size (`Tf`); negative sizes turn glyphs by 180°, as the text rendering matrix says. */
  size: number;
  charSpacing: number;
  wordSpacing: number;
  /** Horizontal scaling as a factor (`Tz` / 100). */
  hScale: number;
  rise: number;
  leading: number;
  /** Text rendering mode (`Tr`): 3 and 7 draw nothing. */
  render: number;
}

/** Glyph space → text space of every font but Type3: 1/1000 em. */
export const GLYPH_UNITS = 0.001;

/** What the interpreter needs of one glyph to advance past it. */
export interface GlyphAdvance {
  /** Advance width in glyph space (1/1000 em for every font but Type3). */
  width: number;
  /** Word spacing applies (`isWordSpace`). */
  wordSpace: boolean;
}

/** Word spacing applies to the single-byte code 32 only, never to a byte of a multi-byte code (ISO 32000-1, 9.3.3). */
export function isWordSpace(code: number, bytesPerCode: number): boolean {
  return bytesPerCode === 1 && code === 32;
}

/** The text-showing operators. */
export type ShowOperator = 'Tj' | 'TJ' | "'" | '"';

const SHOW_OPERATORS: ReadonlySet<string> = new Set<ShowOperator>(['Tj', 'TJ', "'", '"']);

/** Whether `op` shows text (and so goes to `TextState.show`, not `apply`). */
export function isShowOperator(op: string): op is ShowOperator {
  return SHOW_OPERATORS.has(op);
}

/** One glyph as shown: where it starts and what it covers. */
export interface ShownGlyph<G> {
  glyph: G;
  /** The text matrix at the glyph's origin: `Tm` for a run starting here. */
  tm: Matrix;
  /** The sum of TJ adjustments (thousandths of text space) between the previous glyph of the operation and this one. */
  kernBefore: number;
  /** Text space of the operation, before horizontal scaling and rise, to user space: CTM × Tm × [Tz 0 0 1 0 Ts]. */
  matrix: Matrix;
  /** The glyph's origin along the line in that space (its advance from the operation's start). */
  x: number;
  /** Advance width of the glyph in that space (glyph width × font size). */
  width: number;
  /** Font size when shown. */
  size: number;
}

/** How far a font's glyphs reach above and below the baseline, per unit font size. */
export interface VerticalExtent {
  ascent: number;
  /** Zero or negative: below the baseline. */
  descent: number;
}

/**
 * Assumed where a font's extent is unknown (the redactor's metrics carry none). Its middle, 0.3 em above the
 * baseline, is where a glyph's centre lies for the redactor.
 */
export const DEFAULT_EXTENT: VerticalExtent = { ascent: 0.8, descent: -0.2 };

/** A glyph's box: its advance by its vertical extent, in user space, or through `outer` (user space → elsewhere). */
export function glyphBox(g: ShownGlyph<unknown>, extent: VerticalExtent = DEFAULT_EXTENT, outer?: Matrix): Box {
  const m = outer ? multiply(outer, g.matrix) : g.matrix;
  return transformBox(m, g.x, extent.descent * g.size, g.x + g.width, extent.ascent * g.size);
}

/** The centre of a glyph's box (default extent) in user space: the point the redactor tests against areas. */
export function glyphCentre(g: ShownGlyph<unknown>): [number, number] {
  const b = glyphBox(g);
  return [(b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2];
}

/** `m` moved by `dx` along its own x axis: `[1 0 0 1 dx 0] × m`, without the intermediate matrix (once per glyph). */
function translateX(m: Matrix, dx: number): Matrix {
  return [m[0], m[1], m[2], m[3], m[4] + dx * m[0], m[5] + dx * m[1]];
}

/**
 * One content stream's text and graphics state. `F` is the caller's font (pdf.js's or our own metrics): the
 * interpreter only keeps it in the state and asks `glyphScale` for its glyph space → text space factor.
 */
export class TextState<F> {
  private s: GraphicsState<F>;
  private readonly stack: Array<GraphicsState<F>> = [];
  private tm: Matrix = IDENTITY;
  private tlm: Matrix = IDENTITY;

  constructor(
    private readonly glyphScale: (font: F) => number,
    ctm: Matrix = IDENTITY,
  ) {
    this.s = { ctm, font: null, size: 0, charSpacing: 0, wordSpacing: 0, hScale: 1, rise: 0, leading: 0, render: 0 };
  }

  /** The current graphics state (change it through `apply`, `setFont` and `show`). */
  get state(): Readonly<GraphicsState<F>> {
    return this.s;
  }

  /** The text line matrix: where the current line started. */
  get lineMatrix(): Matrix {
    return this.tlm;
  }

  /**
   * Applies a state operator with its numeric operands: q Q cm BT Td TD Tm T* TL Tc Tw Tz Ts Tr. Returns false for
   * any other operator (`Tf` goes to `setFont`, text showing to `show`). The text matrices are not part of the
   * graphics state: `q`/`Q` leave them alone.
   */
  apply(op: string, a: readonly number[]): boolean {
    const s = this.s;
    switch (op) {
      case 'q':
        this.stack.push({ ...s });
        break;
      case 'Q':
        this.s = this.stack.pop() ?? s;
        break;
      case 'cm':
        s.ctm = multiply(s.ctm, a.slice(0, 6) as unknown as Matrix);
        break;
      case 'BT':
        this.tm = IDENTITY;
        this.tlm = IDENTITY;
        break;
      case 'Td':
        this.moveLine(a[0]!, a[1]!);
        break;
      case 'TD':
        s.leading = -a[1]!;
        this.moveLine(a[0]!, a[1]!);
        break;
      case 'Tm':
        this.tlm = a.slice(0, 6) as unknown as Matrix;
        this.tm = this.tlm;
        break;
      case 'T*':
        this.moveLine(0, -s.leading);
        break;
      case 'TL':
        s.leading = a[0]!;
        break;
      case 'Tc':
        s.charSpacing = a[0]!;
        break;
      case 'Tw':
        s.wordSpacing = a[0]!;
        break;
      case 'Tz':
        s.hScale = a[0]! / 100;
        break;
      case 'Ts':
        s.rise = a[0]!;
        break;
      case 'Tr':
        s.render = a[0]!;
        break;
      default:
        return false;
    }
    return true;
  }

  /** `Tf`: the font as the caller resolved its resource name, and the size. */
  setFont(font: F | null, size: number): void {
    this.s.font = font;
    this.s.size = size;
  }

  /**
   * Shows glyphs (`items`: TJ adjustments in thousandths of text space, and glyphs of the current font) and advances
   * the text matrix past them. `'` first moves to the next line; `"` also sets word and character spacing from its
   * operands `a`. Without a font nothing is shown.
   */
  show<G extends GlyphAdvance>(op: ShowOperator, a: readonly number[], items: Iterable<number | G>): Array<ShownGlyph<G>> {
    const s = this.s;
    if (op === '"') {
      s.wordSpacing = a[0]!;
      s.charSpacing = a[1]!;
    }
    if (op === "'" || op === '"') this.moveLine(0, -s.leading);
    if (!s.font) return [];
    const advanceScale = s.size * this.glyphScale(s.font);
    const start = this.tm;
    const matrix = multiply(multiply(s.ctm, start), [s.hScale, 0, 0, 1, 0, s.rise]);
    const shown: Array<ShownGlyph<G>> = [];
    let x = 0;
    let kern = 0;
    for (const item of items) {
      if (typeof item === 'number') {
        kern += item;
        x -= (item * s.size) / 1000;
        continue;
      }
      const width = item.width * advanceScale;
      const tm = translateX(start, x * s.hScale);
      shown.push({ glyph: item, tm, kernBefore: kern, matrix, x, width, size: s.size });
      kern = 0;
      x += width + (item.wordSpace ? s.wordSpacing : 0) + s.charSpacing;
    }
    this.tm = translateX(start, x * s.hScale);
    return shown;
  }

  private moveLine(x: number, y: number): void {
    this.tlm = multiply(this.tlm, [1, 0, 0, 1, x, y]);
    this.tm = this.tlm;
  }
}
