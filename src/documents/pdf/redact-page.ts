import type { PDFContext, PDFDict, PDFObject } from 'pdf-lib';
import { PDFName, PDFRef, PDFStream } from 'pdf-lib';
import type { Box } from '../../spec/types.js';
import type { Operand, Operation } from './content-stream.js';
import { makeOperation, num, parseContentStream, serializeContentStream } from './content-stream.js';
import type { FontMetrics } from './fonts.js';
import { fontMetrics } from './fonts.js';
import type { Matrix, TextParams } from './geometry.js';
import { IDENTITY, apply, contains, intersects, invert, multiply, transformBox } from './geometry.js';
import { arrayOf, dictOf, entry, nameOf, numberOf } from './objects.js';
import { isDecorative } from './images.js';
import { decodeStream } from './streams.js';

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

/** A part of an image XObject to overwrite, in the image's unit square (origin bottom left, as placed). */
export interface ImageRegion {
  ref: PDFRef;
  region: Box;
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

interface GState extends TextParams {
  font: FontMetrics | null;
  render: number;
}

const TEXT_POSITION = new Set(['Td', 'TD', 'Tm', 'T*']);
const SHOW = new Set(['Tj', 'TJ', "'", '"']);
const PATH_BUILD = new Set(['m', 'l', 'c', 'v', 'y', 'h', 're']);
const PATH_PAINT = new Set(['S', 's', 'f', 'F', 'f*', 'B', 'B*', 'b', 'b*', 'n']);
/** Marked content carries /ActualText, /Alt and optional-content membership: never copied. */
const MARKED = new Set(['BDC', 'BMC', 'EMC', 'MP', 'DP']);
const MAX_FORM_DEPTH = 12;

const numbers = (ops: readonly Operand[]): number[] => ops.map((o) => (o.kind === 'number' ? o.value : 0));
const matrixOp = (m: Matrix): Operation => makeOperation('Tm', m.map(num));

/** One glyph of a show operation: its code bytes, whether it stays, and the text matrix where it starts. */
interface PlacedGlyph {
  bytes: Uint8Array;
  keep: boolean;
  tm: Matrix;
  /** TJ adjustment (thousandths of text space) before this glyph. */
  kernBefore: number;
}

class Redactor {
  readonly out: PageRewrite;
  private formNames = 0;

  constructor(
    private readonly ctx: PDFContext,
    private readonly plan: RedactionPlan,
    private readonly pageResources: PDFDict | undefined,
  ) {
    this.out = { content: new Uint8Array(), removedGlyphs: 0, removedInvisibleGlyphs: 0, removedOutsideCrop: 0, removedPaths: 0, removedInlineImages: 0, droppedInlineImages: 0, images: [], drawnImages: [], forms: new Map() };
  }

  private fontOf(resources: PDFDict | undefined, name: string): FontMetrics {
    const fonts = dictOf(this.ctx, resources?.get(PDFName.of('Font')));
    return fontMetrics(this.ctx, dictOf(this.ctx, fonts?.get(PDFName.of(name))));
  }

  private glyphFate(g: GState, tm: Matrix, width: number): 'keep' | 'area' | 'invisible' | 'outside' {
    const trm = multiply(g.ctm, tm);
    const [cx, cy] = apply(trm, ((width * g.size) / 2) * g.hScale, g.rise + 0.3 * g.size);
    if (this.plan.areas.some((a) => contains(a, cx, cy))) return 'area';
    if (g.render === 3 || g.render === 7) return 'invisible';
    if (!contains(this.plan.crop, cx, cy)) return 'outside';
    return 'keep';
  }

  /** Splits a show operation's strings into glyphs, deciding each one's fate and advancing the text matrix. */
  private placeGlyphs(g: GState, tm: Matrix, items: readonly Operand[]): { glyphs: PlacedGlyph[]; tm: Matrix } {
    const font = g.font;
    if (!font) return { glyphs: [], tm };
    const glyphs: PlacedGlyph[] = [];
    let kern = 0;
    let m = tm;
    for (const item of items) {
      if (item.kind === 'number') {
        kern += item.value;
        m = multiply(m, [1, 0, 0, 1, (-item.value / 1000) * g.size * g.hScale, 0]);
        continue;
      }
      if (item.kind !== 'string') continue;
      const n = font.bytesPerCode;
      for (let i = 0; i + n <= item.bytes.length; i += n) {
        const code = n === 1 ? item.bytes[i]! : (item.bytes[i]! << 8) | item.bytes[i + 1]!;
        const width = font.width(code) / 1000;
        if (!font.safe && (this.plan.areas.length > 0 || g.render === 3 || g.render === 7)) throw new UnsafePageError('font without usable metrics');
        const fate = font.safe ? this.glyphFate(g, m, width) : 'keep';
        if (fate === 'area') this.out.removedGlyphs++;
        else if (fate === 'invisible') this.out.removedInvisibleGlyphs++;
        else if (fate === 'outside') this.out.removedOutsideCrop++;
        glyphs.push({ bytes: item.bytes.subarray(i, i + n), keep: fate === 'keep', tm: m, kernBefore: kern });
        kern = 0;
        const advance = (width * g.size + g.charSpacing + (n === 1 && code === 32 ? g.wordSpacing : 0)) * g.hScale;
        m = multiply(m, [1, 0, 0, 1, advance, 0]);
      }
    }
    return { glyphs, tm: m };
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
      bytes.push(...g.bytes);
    }
    flushRun();
  }

  /** Rewrites one content stream (page or form) under `resources`, starting from `ctm`. */
  run(ops: readonly Operation[], resources: PDFDict | undefined, ctm: Matrix, depth: number, formStack: PDFRef[]): { ops: Operation[]; changed: boolean } {
    const result: Operation[] = [];
    let changed = false;
    let g: GState = { ctm, font: null, size: 0, charSpacing: 0, wordSpacing: 0, hScale: 1, rise: 0, leading: 0, render: 0 };
    const stack: GState[] = [];
    let path: Operation[] = [];
    let pathBox: Box | null = null;
    let clipping = false;
    let block: Array<{ op: Operation; glyphs?: PlacedGlyph[]; tlm?: Matrix; lineMove?: boolean }> | null = null;
    let tm: Matrix = IDENTITY;
    let tlm: Matrix = IDENTITY;

    const addPoint = (x: number, y: number) => {
      const [ux, uy] = apply(g.ctm, x, y);
      pathBox = pathBox ? { x0: Math.min(pathBox.x0, ux), y0: Math.min(pathBox.y0, uy), x1: Math.max(pathBox.x1, ux), y1: Math.max(pathBox.y1, uy) } : { x0: ux, y0: uy, x1: ux, y1: uy };
    };
    const moveLine = (x: number, y: number) => {
      tlm = multiply(tlm, [1, 0, 0, 1, x, y]);
      tm = tlm;
    };

    for (const o of ops) {
      const a = numbers(o.operands);
      if (MARKED.has(o.op)) {
        changed = true;
        continue;
      }
      if (block) {
        const entry: { op: Operation; glyphs?: PlacedGlyph[]; tlm?: Matrix; lineMove?: boolean } = { op: o };
        block.push(entry);
        switch (o.op) {
          case 'ET': {
            const rewrite = block.some((e) => e.glyphs?.some((x) => !x.keep));
            if (rewrite) {
              changed = true;
              for (const e of block) this.emitAbsolute(e, result);
            } else for (const e of block) result.push(e.op);
            block = null;
            continue;
          }
          case 'Td':
            moveLine(a[0]!, a[1]!);
            entry.tlm = tlm;
            break;
          case 'TD':
            g.leading = -a[1]!;
            moveLine(a[0]!, a[1]!);
            entry.tlm = tlm;
            break;
          case 'Tm':
            tlm = a.slice(0, 6) as unknown as Matrix;
            tm = tlm;
            entry.tlm = tlm;
            break;
          case 'T*':
            moveLine(0, -g.leading);
            entry.tlm = tlm;
            break;
          case 'Tj':
          case 'TJ':
          case "'":
          case '"': {
            if (o.op === '"') {
              g.wordSpacing = a[0]!;
              g.charSpacing = a[1]!;
            }
            if (o.op === "'" || o.op === '"') {
              moveLine(0, -g.leading);
              entry.tlm = tlm;
              entry.lineMove = true;
            }
            const last = o.operands[o.operands.length - 1];
            const items = last?.kind === 'array' ? last.items : last ? [last] : [];
            const placed = this.placeGlyphs(g, tm, items);
            entry.glyphs = placed.glyphs;
            tm = placed.tm;
            break;
          }
          default:
            this.state(o, a, g, resources);
            if (o.op === 'q') stack.push({ ...g });
            if (o.op === 'Q') g = stack.pop() ?? g;
        }
        continue;
      }
      if (PATH_BUILD.has(o.op)) {
        path.push(o);
        if (o.op === 're') {
          addPoint(a[0]!, a[1]!);
          addPoint(a[0]! + a[2]!, a[1]! + a[3]!);
        } else for (let i = 0; i + 1 < a.length; i += 2) addPoint(a[i]!, a[i + 1]!);
        continue;
      }
      if (o.op === 'W' || o.op === 'W*') {
        clipping = true;
        path.push(o);
        continue;
      }
      if (PATH_PAINT.has(o.op)) {
        const box: Box | null = pathBox;
        const inside = box !== null && o.op !== 'n' && !clipping && this.pathInside(box);
        if (inside) {
          this.out.removedPaths++;
          changed = true;
        } else result.push(...path, o);
        path = [];
        pathBox = null;
        clipping = false;
        continue;
      }
      switch (o.op) {
        case 'Tj':
        case 'TJ':
        case "'":
        case '"':
          // Text shown outside BT/ET is malformed; viewers differ on it, so it is dropped.
          changed = true;
          continue;
        case 'BT':
          block = [{ op: o }];
          tm = IDENTITY;
          tlm = IDENTITY;
          continue;
        case 'q':
          stack.push({ ...g });
          break;
        case 'Q':
          g = stack.pop() ?? g;
          break;
        case 'cm':
          g.ctm = multiply(g.ctm, a.slice(0, 6) as unknown as Matrix);
          break;
        case 'BI':
          if (this.plan.areas.some((area) => intersects(area, transformBox(g.ctm, 0, 0, 1, 1)))) {
            this.out.removedInlineImages++;
            changed = true;
            continue;
          }
          if (this.plan.dropInlineImages && !decorativeInline(o)) {
            this.out.droppedInlineImages++;
            changed = true;
            continue;
          }
          break;
        case 'Do': {
          const replaced = this.xobject(o, g.ctm, resources, depth, formStack);
          if (replaced) {
            changed = true;
            result.push(replaced);
            continue;
          }
          break;
        }
        default:
          this.state(o, a, g, resources);
      }
      result.push(o);
    }
    // An unterminated text block: keep what it showed under the same rules.
    if (block) for (const e of block as Array<{ op: Operation; glyphs?: PlacedGlyph[] }>) this.emitAbsolute(e, result);
    return { ops: result, changed: changed || block !== null };
  }

  private state(o: Operation, a: number[], g: GState, resources: PDFDict | undefined): void {
    switch (o.op) {
      case 'Tf': {
        const name = o.operands[0];
        g.font = name?.kind === 'name' ? this.fontOf(resources, name.value) : null;
        g.size = a[1] ?? 0;
        break;
      }
      case 'Tc':
        g.charSpacing = a[0]!;
        break;
      case 'Tw':
        g.wordSpacing = a[0]!;
        break;
      case 'Tz':
        g.hScale = a[0]! / 100;
        break;
      case 'TL':
        g.leading = a[0]!;
        break;
      case 'Ts':
        g.rise = a[0]!;
        break;
      case 'Tr':
        g.render = a[0]!;
        break;
      case 'cm':
        g.ctm = multiply(g.ctm, a.slice(0, 6) as unknown as Matrix);
        break;
    }
  }

  private emitAbsolute(e: { op: Operation; glyphs?: PlacedGlyph[]; tlm?: Matrix; lineMove?: boolean }, result: Operation[]): void {
    const o = e.op;
    if (TEXT_POSITION.has(o.op)) {
      if (o.op === 'TD') result.push(makeOperation('TL', [num(-numbers(o.operands)[1]!)]));
      result.push(matrixOp(e.tlm!));
      return;
    }
    if (SHOW.has(o.op)) {
      if (o.op === '"') {
        const [aw, ac] = numbers(o.operands);
        result.push(makeOperation('Tw', [num(aw!)]), makeOperation('Tc', [num(ac!)]));
      }
      this.emitRuns(e.glyphs ?? [], (x) => result.push(x));
      // Restores the line matrix for later relative moves; every show operation sets its own matrix.
      if (e.tlm) result.push(matrixOp(e.tlm));
      return;
    }
    result.push(o);
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

  /** Handles `Do`: records image regions under areas; rewrites a form that needs it. Returns a replacing `Do`. */
  private xobject(o: Operation, ctm: Matrix, resources: PDFDict | undefined, depth: number, formStack: PDFRef[]): Operation | null {
    const name = o.operands[0];
    if (name?.kind !== 'name') return null;
    const xobjects = dictOf(this.ctx, resources?.get(PDFName.of('XObject')));
    const ref = xobjects?.get(PDFName.of(name.value));
    const stream = ref instanceof PDFRef ? this.ctx.lookup(ref) : ref;
    if (!(stream instanceof PDFStream)) return null;
    const subtype = nameOf(this.ctx, stream.dict.get(PDFName.of('Subtype')));
    if (subtype === 'Image') {
      if (!(ref instanceof PDFRef)) return null;
      const placed = transformBox(ctm, 0, 0, 1, 1);
      this.out.drawnImages.push({ ref, ctm, placed });
      const inv = invert(ctm);
      for (const area of this.plan.areas) {
        if (!intersects(area, placed) || !inv) continue;
        const r = transformBox(inv, area.x0, area.y0, area.x1, area.y1);
        this.out.images.push({ ref, region: { x0: Math.max(0, r.x0), y0: Math.max(0, r.y0), x1: Math.min(1, r.x1), y1: Math.min(1, r.y1) } });
      }
      return null;
    }
    if (subtype !== 'Form') return null;
    if (depth >= MAX_FORM_DEPTH || (ref instanceof PDFRef && formStack.some((r) => r === ref))) throw new UnsafePageError('form nesting too deep or cyclic');
    const matrix = arrayOf(this.ctx, stream.dict.get(PDFName.of('Matrix'))).map((v) => numberOf(this.ctx, v) ?? 0);
    const formCtm = multiply(ctm, matrix.length === 6 ? (matrix as unknown as Matrix) : IDENTITY);
    const formResources = dictOf(this.ctx, entry(this.ctx, stream.dict, 'Resources')) ?? resources;
    let ops: Operation[];
    try {
      ops = parseContentStream(decodeStream(this.ctx, stream));
    } catch {
      throw new UnsafePageError('unreadable form content');
    }
    const rewritten = this.run(ops, formResources, formCtm, depth + 1, ref instanceof PDFRef ? [...formStack, ref] : formStack);
    if (!rewritten.changed) return null;
    const dict = stream.dict.clone(this.ctx);
    for (const key of ['Filter', 'DecodeParms', 'Length', 'Metadata', 'PieceInfo', 'OC', 'StructParent', 'StructParents']) dict.delete(PDFName.of(key));
    const copy = this.ctx.flateStream(serializeContentStream(rewritten.ops));
    for (const [k, v] of dict.entries()) if (!copy.dict.has(k)) copy.dict.set(k, v as PDFObject);
    const newName = `RdF${++this.formNames}x${depth}`;
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
  const r = new Redactor(ctx, plan, resources);
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
