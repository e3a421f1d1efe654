import type { PDFContext, PDFDict, PDFObject } from 'pdf-lib';
import { PDFName, PDFRef, PDFStream } from 'pdf-lib';
import type { Box } from '../../spec/types.js';
import type { Operand, Operation } from './content-stream.js';
import { makeOperation, num, parseContentStream, serializeContentStream } from './content-stream.js';
import type { FontMetrics } from './fonts.js';
import { fontMetrics } from './fonts.js';
import type { Matrix } from './geometry.js';
import { IDENTITY, apply, contains, intersects, invert, multiply, transformBox } from './geometry.js';
import type { ImageRegion } from './images.js';
import { isDecorative } from './images.js';
import { arrayOf, dictOf, entry, nameOf, numberOf } from './objects.js';
import { decodeStream } from './streams.js';
import type { GlyphAdvance, ShowOperator, ShownGlyph } from './text-state.js';
import { GLYPH_UNITS, TextState, glyphCentre, isShowOperator, isWordSpace } from './text-state.js';

/** Thrown when a page cannot be rewritten safely; the caller rasterises it. The message is a reason, never text. */
export class UnsafePageError extends Error {
  override readonly name = 'UnsafePageError';
}

/** What the redactor removes, in PDF user space of the page. */
export interface RedactionPlan {
  /** Areas whose glyphs, paths and image pixels go. */
  areas: readonly Box[];
  /** Glyphs whose centre lies outside this box are removed (hidden beyond the crop box). */
  crop: Box;
  /**
   * Drop every inline image (`BI … EI`) that is not decorative: they are not inspected, and the `face` label asks
   * that no face survive, so they go as undecodable image XObjects are filled (fail closed).
   */
  dropInlineImages?: boolean;
}

/** One use of an image XObject on a page: the object, its placing matrix and its placed box in user space. */
export interface DrawnImage {
  ref: PDFRef;
  ctm: Matrix;
  placed: Box;
}

/** An inline image's declared size (`W`/`Width`, `H`/`Height`) is decorative; an image without one is not. */
function decorativeInline(o: Operation): boolean {
  const dict = o.operands[0]?.kind === 'dict' ? o.operands[0].entries : undefined;
  const size = (...keys: string[]) => keys.map((k) => dict?.get(k)).find((v) => v?.kind === 'number')?.value as number | undefined;
  const w = size('W', 'Width');
  const h = size('H', 'Height');
  return w !== undefined && h !== undefined && isDecorative(w, h);
}

/** What one page's rewrite did. */
export interface PageRewrite {
  content: Uint8Array;
  removedGlyphs: number;
  removedInvisibleGlyphs: number;
  removedOutsideCrop: number;
  removedPaths: number;
  removedInlineImages: number;
  /** Inline images dropped by `dropInlineImages` (not under a PII box). */
  droppedInlineImages: number;
  images: ImageRegion[];
  /** Every image XObject the page draws (directly or in a form) and where (user space), repeated per use. */
  drawnImages: DrawnImage[];
  /** Form XObjects rewritten for this page: resource name → new stream. */
  forms: Map<string, PDFStream>;
}

const TEXT_POSITION = new Set(['Td', 'TD', 'Tm', 'T*']);
const PATH_BUILD = new Set(['m', 'l', 'c', 'v', 'y', 'h', 're']);
const PATH_PAINT = new Set(['S', 's', 'f', 'F', 'f*', 'B', 'B*', 'b', 'b*', 'n']);
/** Marked content carries /ActualText, /Alt and optional-content membership: never copied. */
const MARKED = new Set(['BDC', 'BMC', 'EMC', 'MP', 'DP']);
const MAX_FORM_DEPTH = 12;

const numbers = (ops: readonly Operand[]): number[] => ops.map((o) => (o.kind === 'number' ? o.value : 0));
const matrixOp = (m: Matrix): Operation => makeOperation('Tm', m.map(num));

/** One character code of a shown string. */
interface CodeGlyph extends GlyphAdvance {
  bytes: Uint8Array;
}

/** A shown glyph and whether it stays. */
interface PlacedGlyph extends ShownGlyph<CodeGlyph> {
  keep: boolean;
}

/** An operation of an open text block, kept until `ET` decides whether the block is copied or re-emitted. */
interface BlockEntry {
  op: Operation;
  /** The glyphs of a text-showing operation. */
  glyphs?: PlacedGlyph[];
  /** The line matrix after a text move (also the line move of `'` and `"`). */
  tlm?: Matrix;
  /** A path or image operation's output under the redaction rules: written in place of `op`. */
  drawn?: Operation[];
}

/** One content stream (page or form) being rewritten. */
interface StreamRewrite {
  readonly resources: PDFDict | undefined;
  readonly depth: number;
  /** The forms being rewritten around this stream, outermost first (cycle check). */
  readonly formStack: PDFRef[];
  readonly text: TextState<FontMetrics>;
  readonly out: Operation[];
  changed: boolean;
  /** The text block since `BT`, or null outside one. */
  block: BlockEntry[] | null;
  /** The path under construction, its bounding box in user space, and whether it clips. */
  path: Operation[];
  pathBox: Box | null;
  clipping: boolean;
}

/** A show operation's operands as TJ adjustments and character codes, split by the font's code length. */
function codeGlyphs(font: FontMetrics, items: readonly Operand[]): Array<number | CodeGlyph> {
  const out: Array<number | CodeGlyph> = [];
  const n = font.bytesPerCode;
  for (const item of items) {
    if (item.kind === 'number') out.push(item.value);
    else if (item.kind === 'string') {
      for (let i = 0; i + n <= item.bytes.length; i += n) {
        const code = n === 1 ? item.bytes[i]! : (item.bytes[i]! << 8) | item.bytes[i + 1]!;
        out.push({ bytes: item.bytes.subarray(i, i + n), width: font.width(code), wordSpace: isWordSpace(code, n) });
      }
    }
  }
  return out;
}

class Redactor {
  readonly out: PageRewrite;
  private formNames = 0;

  constructor(
    private readonly ctx: PDFContext,
    private readonly plan: RedactionPlan,
  ) {
    this.out = {
      content: new Uint8Array(),
      removedGlyphs: 0,
      removedInvisibleGlyphs: 0,
      removedOutsideCrop: 0,
      removedPaths: 0,
      removedInlineImages: 0,
      droppedInlineImages: 0,
      images: [],
      drawnImages: [],
      forms: new Map(),
    };
  }

  /** Rewrites one content stream (page or form) under `resources`, starting from `ctm`. */
  run(
    ops: readonly Operation[],
    resources: PDFDict | undefined,
    ctm: Matrix,
    depth: number,
    formStack: PDFRef[],
  ): { ops: Operation[]; changed: boolean } {
    const s: StreamRewrite = {
      resources,
      depth,
      formStack,
      text: new TextState<FontMetrics>(() => GLYPH_UNITS, ctm),
      out: [],
      changed: false,
      block: null,
      path: [],
      pathBox: null,
      clipping: false,
    };
    for (const o of ops) {
      if (MARKED.has(o.op)) s.changed = true;
      else if (s.block) this.blockOp(s, s.block, o);
      else if (!this.pathOp(s, o, s.out) && !this.textOp(s, o) && !this.imageOp(s, o, s.out)) {
        this.stateOp(s, o);
        s.out.push(o);
      }
    }
    // An unterminated text block: keep what it showed under the same rules.
    if (s.block) for (const e of s.block) this.emitAbsolute(e, s.out);
    return { ops: s.out, changed: s.changed || s.block !== null };
  }

  /** Graphics and text state operators, anywhere in the stream; the operation itself is kept by the caller. */
  private stateOp(s: StreamRewrite, o: Operation): void {
    const a = numbers(o.operands);
    if (o.op !== 'Tf') {
      s.text.apply(o.op, a);
      return;
    }
    const name = o.operands[0];
    s.text.setFont(name?.kind === 'name' ? this.fontOf(s.resources, name.value) : null, a[1] ?? 0);
  }

  private fontOf(resources: PDFDict | undefined, name: string): FontMetrics {
    const fonts = dictOf(this.ctx, resources?.get(PDFName.of('Font')));
    return fontMetrics(this.ctx, dictOf(this.ctx, fonts?.get(PDFName.of(name))));
  }

  /** Text outside a block: `BT` opens one; text shown outside BT/ET is malformed, viewers differ on it: dropped. */
  private textOp(s: StreamRewrite, o: Operation): boolean {
    if (isShowOperator(o.op)) {
      s.changed = true;
      return true;
    }
    if (o.op !== 'BT') return false;
    s.text.apply('BT', []);
    s.block = [{ op: o }];
    return true;
  }

  /** One operation inside a text block: recorded with its glyphs and line matrix; `ET` closes the block. */
  private blockOp(s: StreamRewrite, block: BlockEntry[], o: Operation): void {
    const entry: BlockEntry = { op: o };
    block.push(entry);
    if (o.op === 'ET') {
      s.block = null;
      if (!block.some((e) => e.glyphs?.some((g) => !g.keep))) s.out.push(...block.flatMap((e) => e.drawn ?? [e.op]));
      else {
        s.changed = true;
        for (const e of block) this.emitAbsolute(e, s.out);
      }
    } else if (isShowOperator(o.op)) {
      entry.glyphs = this.placeGlyphs(s, o.op, o);
      if (o.op === "'" || o.op === '"') entry.tlm = s.text.lineMatrix;
    } else if (!this.drawInBlock(s, entry, o)) {
      this.stateOp(s, o);
      if (TEXT_POSITION.has(o.op)) entry.tlm = s.text.lineMatrix;
    }
  }

  /**
   * A path or image drawn inside a text block (not conforming, but viewers draw it): the rules outside a block apply,
   * and what they emit is written in place of the operation when the block is written.
   */
  private drawInBlock(s: StreamRewrite, entry: BlockEntry, o: Operation): boolean {
    const drawn: Operation[] = [];
    if (!this.pathOp(s, o, drawn) && !this.imageOp(s, o, drawn)) return false;
    entry.drawn = drawn;
    return true;
  }

  /** Shows a text operation's glyphs through the text state, deciding each one's fate. */
  private placeGlyphs(s: StreamRewrite, op: ShowOperator, o: Operation): PlacedGlyph[] {
    const last = o.operands[o.operands.length - 1];
    const items = last?.kind === 'array' ? last.items : last ? [last] : [];
    const { font, render } = s.text.state;
    const shown = s.text.show(op, numbers(o.operands), font ? codeGlyphs(font, items) : []);
    if (!font || shown.length === 0) return [];
    const invisible = render === 3 || render === 7;
    if (!font.safe) {
      if (this.plan.areas.length > 0 || invisible) throw new UnsafePageError('font without usable metrics');
      return shown.map((g) => Object.assign(g, { keep: true }));
    }
    // The shown glyphs are ours: marking them in place spares a copy of every glyph of the page.
    const placed = shown as PlacedGlyph[];
    for (const g of placed) {
      const fate = this.glyphFate(g, invisible);
      if (fate === 'area') this.out.removedGlyphs++;
      else if (fate === 'invisible') this.out.removedInvisibleGlyphs++;
      else if (fate === 'outside') this.out.removedOutsideCrop++;
      g.keep = fate === 'keep';
    }
    return placed;
  }

  private glyphFate(g: ShownGlyph<unknown>, invisible: boolean): 'keep' | 'area' | 'invisible' | 'outside' {
    const [cx, cy] = glyphCentre(g);
    if (this.plan.areas.some((a) => contains(a, cx, cy))) return 'area';
    if (invisible) return 'invisible';
    if (!contains(this.plan.crop, cx, cy)) return 'outside';
    return 'keep';
  }

  /** Surviving glyphs as runs, each positioned absolutely: `Tm` then `TJ` with only the kerning inside the run. */
  private emitRuns(glyphs: readonly PlacedGlyph[], emit: (o: Operation) => void): void {
    let run: Operand[] = [];
    let bytes: number[] = [];
    const flushString = () => {
      if (bytes.length > 0) run.push({ kind: 'string', bytes: Uint8Array.from(bytes) });
      bytes = [];
    };
    const flushRun = () => {
      flushString();
      if (run.length > 0) emit(makeOperation('TJ', [{ kind: 'array', items: run }]));
      run = [];
    };
    let inRun = false;
    for (const g of glyphs) {
      if (!g.keep) {
        flushRun();
        inRun = false;
        continue;
      }
      if (!inRun) {
        emit(matrixOp(g.tm));
        inRun = true;
      } else if (g.kernBefore !== 0) {
        flushString();
        run.push(num(g.kernBefore));
      }
      bytes.push(...g.glyph.bytes);
    }
    flushRun();
  }

  private emitAbsolute(e: BlockEntry, result: Operation[]): void {
    const o = e.op;
    if (TEXT_POSITION.has(o.op)) {
      if (o.op === 'TD') result.push(makeOperation('TL', [num(-numbers(o.operands)[1]!)]));
      result.push(matrixOp(e.tlm!));
      return;
    }
    if (isShowOperator(o.op)) {
      if (o.op === '"') {
        const [aw, ac] = numbers(o.operands);
        result.push(makeOperation('Tw', [num(aw!)]), makeOperation('Tc', [num(ac!)]));
      }
      this.emitRuns(e.glyphs ?? [], (x) => result.push(x));
      // Restores the line matrix for later relative moves; every show operation sets its own matrix.
      if (e.tlm) result.push(matrixOp(e.tlm));
      return;
    }
    result.push(...(e.drawn ?? [o]));
  }

  /** Path construction and painting (kept ones go to `out`): a painted path mostly inside an area is dropped; clipping paths stay. */
  private pathOp(s: StreamRewrite, o: Operation, out: Operation[]): boolean {
    if (PATH_BUILD.has(o.op)) {
      const a = numbers(o.operands);
      s.path.push(o);
      if (o.op === 're') {
        this.addPoint(s, a[0]!, a[1]!);
        this.addPoint(s, a[0]! + a[2]!, a[1]! + a[3]!);
      } else for (let i = 0; i + 1 < a.length; i += 2) this.addPoint(s, a[i]!, a[i + 1]!);
    } else if (o.op === 'W' || o.op === 'W*') {
      s.clipping = true;
      s.path.push(o);
    } else if (PATH_PAINT.has(o.op)) {
      if (s.pathBox !== null && o.op !== 'n' && !s.clipping && this.pathInside(s.pathBox)) {
        this.out.removedPaths++;
        s.changed = true;
      } else out.push(...s.path, o);
      s.path = [];
      s.pathBox = null;
      s.clipping = false;
    } else return false;
    return true;
  }

  private addPoint(s: StreamRewrite, x: number, y: number): void {
    const [ux, uy] = apply(s.text.state.ctm, x, y);
    const b = s.pathBox;
    s.pathBox = b
      ? { x0: Math.min(b.x0, ux), y0: Math.min(b.y0, uy), x1: Math.max(b.x1, ux), y1: Math.max(b.y1, uy) }
      : { x0: ux, y0: uy, x1: ux, y1: uy };
  }

  private pathInside(box: Box): boolean {
    const b = { x0: box.x0 - 0.5, y0: box.y0 - 0.5, x1: box.x1 + 0.5, y1: box.y1 + 0.5 };
    const area = (b.x1 - b.x0) * (b.y1 - b.y0);
    return this.plan.areas.some((a) => {
      const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
      const h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
      return w > 0 && h > 0 && (w * h) / area >= 0.5;
    });
  }

  /** XObjects and inline images; a kept one is copied, a rewritten form is drawn under its new name. */
  private imageOp(s: StreamRewrite, o: Operation, out: Operation[]): boolean {
    if (o.op === 'BI') {
      if (this.dropInline(s, o)) s.changed = true;
      else out.push(o);
      return true;
    }
    if (o.op !== 'Do') return false;
    const replaced = this.xobject(s, o);
    if (replaced) s.changed = true;
    out.push(replaced ?? o);
    return true;
  }

  /** Whether an inline image goes: under an area, or not decorative when the plan drops inline images. */
  private dropInline(s: StreamRewrite, o: Operation): boolean {
    if (this.plan.areas.some((area) => intersects(area, transformBox(s.text.state.ctm, 0, 0, 1, 1)))) {
      this.out.removedInlineImages++;
      return true;
    }
    if (this.plan.dropInlineImages && !decorativeInline(o)) {
      this.out.droppedInlineImages++;
      return true;
    }
    return false;
  }

  /** `Do`: an image is recorded where drawn; a form is rewritten. Returns the `Do` of a rewritten form. */
  private xobject(s: StreamRewrite, o: Operation): Operation | null {
    const name = o.operands[0];
    if (name?.kind !== 'name') return null;
    const xobjects = dictOf(this.ctx, s.resources?.get(PDFName.of('XObject')));
    const ref = xobjects?.get(PDFName.of(name.value));
    const stream = ref instanceof PDFRef ? this.ctx.lookup(ref) : ref;
    if (!(stream instanceof PDFStream)) return null;
    const subtype = nameOf(this.ctx, stream.dict.get(PDFName.of('Subtype')));
    if (subtype === 'Image' && ref instanceof PDFRef) this.image(ref, s.text.state.ctm);
    if (subtype !== 'Form') return null;
    return this.form(s, stream, ref instanceof PDFRef ? ref : null);
  }

  /** Records an image use, and the parts of the image (its unit square) under areas for overwriting. */
  private image(ref: PDFRef, ctm: Matrix): void {
    const placed = transformBox(ctm, 0, 0, 1, 1);
    this.out.drawnImages.push({ ref, ctm, placed });
    const inv = invert(ctm);
    if (!inv) return;
    for (const area of this.plan.areas) {
      if (!intersects(area, placed)) continue;
      const r = transformBox(inv, area.x0, area.y0, area.x1, area.y1);
      this.out.images.push({ ref, region: { x0: Math.max(0, r.x0), y0: Math.max(0, r.y0), x1: Math.min(1, r.x1), y1: Math.min(1, r.y1) } });
    }
  }

  /** Rewrites a form XObject's content; when it changed, a copy for this page. Returns the copy's `Do`. */
  private form(s: StreamRewrite, stream: PDFStream, ref: PDFRef | null): Operation | null {
    if (s.depth >= MAX_FORM_DEPTH || (ref && s.formStack.includes(ref))) throw new UnsafePageError('form nesting too deep or cyclic');
    const matrix = arrayOf(this.ctx, stream.dict.get(PDFName.of('Matrix'))).map((v) => numberOf(this.ctx, v) ?? 0);
    const formCtm = multiply(s.text.state.ctm, matrix.length === 6 ? (matrix as unknown as Matrix) : IDENTITY);
    const formResources = dictOf(this.ctx, entry(this.ctx, stream.dict, 'Resources')) ?? s.resources;
    let ops: Operation[];
    try {
      ops = parseContentStream(decodeStream(this.ctx, stream));
    } catch {
      throw new UnsafePageError('unreadable form content');
    }
    const rewritten = this.run(ops, formResources, formCtm, s.depth + 1, ref ? [...s.formStack, ref] : s.formStack);
    if (!rewritten.changed) return null;
    const dict = stream.dict.clone(this.ctx);
    for (const key of ['Filter', 'DecodeParms', 'Length', 'Metadata', 'PieceInfo', 'OC', 'StructParent', 'StructParents']) {
      dict.delete(PDFName.of(key));
    }
    const copy = this.ctx.flateStream(serializeContentStream(rewritten.ops));
    for (const [k, v] of dict.entries()) if (!copy.dict.has(k)) copy.dict.set(k, v as PDFObject);
    const newName = `RdF${++this.formNames}x${s.depth}`;
    this.out.forms.set(newName, copy);
    return makeOperation('Do', [{ kind: 'name', value: newName }]);
  }
}

/**
 * Rewrites a page's content: glyphs whose centre lies in a redaction area, invisible glyphs (render mode 3/7) and
 * glyphs outside the crop box are removed; a text block that lost a glyph is re-emitted with every surviving run
 * positioned absolutely (so no advance or kerning of removed glyphs survives); filled or stroked paths mostly inside
 * an area are dropped; images under an area are reported for pixel overwriting (wherever they are used); inline
 * images under an area are dropped; marked content (ActualText, Alt, optional-content tags) is removed. Forms that
 * change are copied for this page. Throws `UnsafePageError` when this cannot be done safely.
 */
export function redactPageContent(ctx: PDFContext, content: Uint8Array, resources: PDFDict | undefined, plan: RedactionPlan): PageRewrite {
  let ops: Operation[];
  try {
    ops = parseContentStream(content);
  } catch {
    throw new UnsafePageError('unreadable content stream');
  }
  const r = new Redactor(ctx, plan);
  const { ops: rewritten } = r.run(ops, resources, IDENTITY, 0, []);
  // Balance the graphics state so that what is drawn afterwards (the replacements) starts from the page's own.
  let depth = 0;
  for (const o of rewritten) {
    if (o.op === 'q') depth++;
    else if (o.op === 'Q') depth = Math.max(0, depth - 1);
  }
  const tail = Array.from({ length: depth }, () => makeOperation('Q', []));
  r.out.content = serializeContentStream([makeOperation('q', []), ...rewritten, ...tail, makeOperation('Q', [])]);
  return r.out;
}
