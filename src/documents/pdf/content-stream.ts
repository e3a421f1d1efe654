/**
 * A PDF content stream as a list of operations. Each operation keeps the byte range it came from, so an operation
 * the redactor leaves alone is written back byte for byte; only changed operations are serialised anew.
 */
import { stringOfCharCodes } from '../../bytes/char-codes.js';

/** An operand of a content-stream operator. */
export type Operand =
  | { kind: 'number'; value: number }
  | { kind: 'name'; value: string }
  | { kind: 'string'; bytes: Uint8Array }
  | { kind: 'array'; items: Operand[] }
  | { kind: 'dict'; entries: Map<string, Operand> }
  | { kind: 'keyword'; value: string };

/** One operator with its operands; `raw` is the original source bytes (operands and operator). */
export interface Operation {
  op: string;
  operands: Operand[];
  raw: Uint8Array;
  /** Inline image data (between `ID` and `EI`), for `BI` only. */
  inlineData?: Uint8Array;
}

/** Thrown for a content stream the parser cannot read; the caller rasterises the page instead. */
export class ContentStreamError extends Error {
  override readonly name = 'ContentStreamError';
}

const WS = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIM = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);

/** Bound on nesting of arrays/dicts in one operand: deeper is hostile, not content. */
const MAX_DEPTH = 32;

class Lexer {
  pos = 0;
  constructor(readonly b: Uint8Array) {}

  skipWs(): void {
    const b = this.b;
    while (this.pos < b.length) {
      const c = b[this.pos]!;
      if (WS.has(c)) this.pos++;
      else if (c === 0x25) {
        while (this.pos < b.length && b[this.pos] !== 0x0a && b[this.pos] !== 0x0d) this.pos++;
      } else break;
    }
  }

  regular(): string {
    const start = this.pos;
    while (this.pos < this.b.length && !WS.has(this.b[this.pos]!) && !DELIM.has(this.b[this.pos]!)) this.pos++;
    return latin1(this.b.subarray(start, this.pos));
  }

  literalString(): Uint8Array {
    const b = this.b;
    const out: number[] = [];
    let depth = 1;
    this.pos++;
    while (this.pos < b.length) {
      const c = b[this.pos++]!;
      if (c === 0x5c) {
        const n = b[this.pos++];
        if (n === undefined) break;
        const map: Record<number, number> = { 0x6e: 10, 0x72: 13, 0x74: 9, 0x62: 8, 0x66: 12, 0x28: 0x28, 0x29: 0x29, 0x5c: 0x5c };
        if (map[n] !== undefined) out.push(map[n]!);
        else if (n >= 0x30 && n <= 0x37) {
          let v = n - 0x30;
          for (let k = 0; k < 2 && b[this.pos]! >= 0x30 && b[this.pos]! <= 0x37; k++) v = v * 8 + (b[this.pos++]! - 0x30);
          out.push(v & 0xff);
        } else if (n === 0x0d) {
          if (b[this.pos] === 0x0a) this.pos++;
        } else if (n !== 0x0a) out.push(n);
      } else if (c === 0x28) {
        depth++;
        out.push(c);
      } else if (c === 0x29) {
        if (--depth === 0) return Uint8Array.from(out);
        out.push(c);
      } else out.push(c);
    }
    throw new ContentStreamError('unterminated string');
  }

  hexString(): Uint8Array {
    const b = this.b;
    this.pos++;
    const digits: number[] = [];
    while (this.pos < b.length && b[this.pos] !== 0x3e) {
      const c = b[this.pos++]!;
      const v = hexValue(c);
      if (v >= 0) digits.push(v);
      else if (!WS.has(c)) throw new ContentStreamError('bad hex string');
    }
    if (this.pos >= b.length) throw new ContentStreamError('unterminated hex string');
    this.pos++;
    if (digits.length % 2) digits.push(0);
    const out = new Uint8Array(digits.length / 2);
    for (let i = 0; i < out.length; i++) out[i] = (digits[2 * i]! << 4) | digits[2 * i + 1]!;
    return out;
  }

  name(): string {
    this.pos++;
    return this.regular().replace(/#([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  }

  /** Next operand, or an operator keyword (`kind: 'keyword'`), or null at the end. */
  next(depth: number): Operand | null {
    this.skipWs();
    const b = this.b;
    if (this.pos >= b.length) return null;
    if (depth > MAX_DEPTH) throw new ContentStreamError('nesting too deep');
    const c = b[this.pos]!;
    if (c === 0x28) return { kind: 'string', bytes: this.literalString() };
    if (c === 0x2f) return { kind: 'name', value: this.name() };
    if (c === 0x3c) {
      if (b[this.pos + 1] === 0x3c) {
        this.pos += 2;
        const entries = new Map<string, Operand>();
        for (;;) {
          this.skipWs();
          if (b[this.pos] === 0x3e && b[this.pos + 1] === 0x3e) {
            this.pos += 2;
            return { kind: 'dict', entries };
          }
          const key = this.next(depth + 1);
          if (!key || key.kind !== 'name') throw new ContentStreamError('bad dictionary');
          const value = this.next(depth + 1);
          if (!value) throw new ContentStreamError('unterminated dictionary');
          entries.set(key.value, value);
        }
      }
      return { kind: 'string', bytes: this.hexString() };
    }
    if (c === 0x5b) {
      this.pos++;
      const items: Operand[] = [];
      for (;;) {
        this.skipWs();
        if (b[this.pos] === 0x5d) {
          this.pos++;
          return { kind: 'array', items };
        }
        const item = this.next(depth + 1);
        if (!item) throw new ContentStreamError('unterminated array');
        if (item.kind === 'keyword' && !['true', 'false', 'null'].includes(item.value))
          throw new ContentStreamError('operator inside array');
        items.push(item);
      }
    }
    if (c === 0x5d || c === 0x3e || c === 0x29 || c === 0x7b || c === 0x7d) throw new ContentStreamError('unexpected delimiter');
    const word = this.regular();
    if (word === '') throw new ContentStreamError('empty token');
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) return { kind: 'number', value: Number(word) };
    // Malformed numbers such as `--5` or `0.0.1` appear in real files; readers take them as 0.
    if (/^[+-.\d]+$/.test(word)) return { kind: 'number', value: 0 };
    return { kind: 'keyword', value: word };
  }
}

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

/** Bytes as a binary (latin1) string. */
export function latin1(bytes: Uint8Array): string {
  return stringOfCharCodes(bytes);
}

/** Finds the end of inline image data: `EI` preceded and followed by white space (or the end). */
function inlineImageEnd(b: Uint8Array, from: number): number {
  for (let i = from; i + 1 < b.length; i++) {
    if (b[i] === 0x45 && b[i + 1] === 0x49 && (i === from || WS.has(b[i - 1]!)) && (i + 2 >= b.length || WS.has(b[i + 2]!))) return i;
  }
  throw new ContentStreamError('unterminated inline image');
}

/** Parses a (decoded) content stream; throws `ContentStreamError` when it is not well formed. */
export function parseContentStream(bytes: Uint8Array, maxOperations = 2_000_000): Operation[] {
  const lx = new Lexer(bytes);
  const ops: Operation[] = [];
  let operands: Operand[] = [];
  lx.skipWs();
  let start = lx.pos;
  for (;;) {
    const t = lx.next(0);
    if (!t) break;
    if (t.kind !== 'keyword' || ['true', 'false', 'null'].includes(t.value)) {
      operands.push(t);
      continue;
    }
    const operation: Operation = { op: t.value, operands, raw: bytes.subarray(start, lx.pos) };
    if (t.value === 'BI') {
      // Inline image: dictionary entries up to ID, one white-space byte, data up to EI.
      const dict = new Map<string, Operand>();
      for (;;) {
        const k = lx.next(1);
        if (!k) throw new ContentStreamError('unterminated inline image');
        if (k.kind === 'keyword' && k.value === 'ID') break;
        const v = lx.next(1);
        if (k.kind !== 'name' || !v) throw new ContentStreamError('bad inline image');
        dict.set(k.value, v);
      }
      const dataStart = lx.pos + 1;
      const end = inlineImageEnd(bytes, dataStart);
      operation.operands = [{ kind: 'dict', entries: dict }];
      operation.inlineData = bytes.subarray(dataStart, Math.max(dataStart, end - 1));
      lx.pos = end + 2;
      operation.raw = bytes.subarray(start, lx.pos);
    }
    ops.push(operation);
    if (ops.length > maxOperations) throw new ContentStreamError('too many operations');
    operands = [];
    lx.skipWs();
    start = lx.pos;
  }
  return ops;
}

function formatNumber(v: number): string {
  if (!Number.isFinite(v)) return '0';
  const r = Math.round(v * 10000) / 10000;
  return Object.is(r, -0) ? '0' : String(r);
}

function serializeOperand(o: Operand): string {
  switch (o.kind) {
    case 'number':
      return formatNumber(o.value);
    case 'name':
      return '/' + o.value.replace(/[^!-~]|[#()<>[\]{}/%]/g, (c) => '#' + c.charCodeAt(0).toString(16).padStart(2, '0'));
    case 'string':
      return '<' + [...o.bytes].map((x) => x.toString(16).padStart(2, '0')).join('') + '>';
    case 'array':
      return '[' + o.items.map(serializeOperand).join(' ') + ']';
    case 'dict':
      return (
        '<<' + [...o.entries].map(([k, v]) => serializeOperand({ kind: 'name', value: k }) + ' ' + serializeOperand(v)).join(' ') + '>>'
      );
    case 'keyword':
      return o.value;
  }
}

/** A new operation from an operator and operands (serialised as text; strings as hex). */
export function makeOperation(op: string, operands: Operand[]): Operation {
  const text = [...operands.map(serializeOperand), op].join(' ');
  const raw = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) raw[i] = text.charCodeAt(i);
  return { op, operands, raw };
}

/** Number operand shorthand. */
export const num = (value: number): Operand => ({ kind: 'number', value });

/** Joins operations into content-stream bytes, one per line. */
export function serializeContentStream(ops: readonly Operation[]): Uint8Array {
  let size = 0;
  for (const o of ops) size += o.raw.length + 1;
  const out = new Uint8Array(size);
  let at = 0;
  for (const o of ops) {
    out.set(o.raw, at);
    at += o.raw.length;
    out[at++] = 0x0a;
  }
  return out;
}
