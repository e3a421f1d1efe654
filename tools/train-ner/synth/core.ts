/**
 * Core of the synthetic PII-document generator: a seeded RNG, a document builder that tracks exact UTF-16 entity
 * offsets, and the hold-out rule that keeps some names and sentence patterns out of training.
 */
import type { TextLabelName } from '../../../src/spec/types.js';

/** A document's language. */
export type Lang = 'de' | 'en';

/** How a document writes its headings and blocks: as typed, in capitals, or in Title Case (`case-style.ts`). */
export type CaseStyle = 'plain' | 'upper' | 'title';

export interface Entity {
  start: number;
  end: number;
  label: TextLabelName;
}

/** A rendered piece of text; `label` marks it as one entity span. */
export interface Piece {
  text: string;
  label?: TextLabelName;
}

/** A document's text as it is built: plain strings and entity pieces. */
export type Out = (Piece | string)[];

/** mulberry32: small, fast, seedable. */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }
  /** Picks by weight: [[weight, value], ...]. */
  weighted<T>(items: readonly (readonly [number, T])[]): T {
    const total = items.reduce((s, [w]) => s + w, 0);
    let r = this.next() * total;
    for (const [w, v] of items) {
      r -= w;
      if (r < 0) return v;
    }
    return (items[items.length - 1] as readonly [number, T])[1];
  }
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [items[i], items[j]] = [items[j] as T, items[i] as T];
    }
    return items;
  }
  digits(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += String(this.int(0, 9));
    return s;
  }
}

/** FNV-1a 32-bit hash of a string. */
export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/**
 * Hold-out rule for names and places: a value whose FNV-1a hash (of its lower-cased NFC form) is 0 mod 10 is never
 * used in training data. Evaluation sets of "names the model never saw" should draw only held-out values.
 */
export function isHeldOut(value: string): boolean {
  return fnv1a(value.normalize('NFC').toLowerCase()) % 10 === 0;
}

/** Sentence patterns: every 7th pattern (index % 7 === 3) is held out of training and used only for evaluation. */
export function isHeldOutPattern(index: number): boolean {
  return index % 7 === 3;
}

/** The patterns of one list that belong to a split (the whole list when the split would get none). */
export function patternsOf(list: readonly string[], split: 'train' | 'heldout'): readonly string[] {
  const sel = list.filter((_, i) => (split === 'heldout' ? isHeldOutPattern(i) : !isHeldOutPattern(i)));
  return sel.length > 0 ? sel : list;
}

/** Builds a document from pieces, recording entity offsets. */
export class DocBuilder {
  text = '';
  entities: Entity[] = [];
  add(piece: Piece | string): this {
    if (typeof piece === 'string') {
      this.text += piece;
      return this;
    }
    if (piece.label && piece.text.length > 0) {
      // Spans never include surrounding whitespace.
      const lead = piece.text.length - piece.text.trimStart().length;
      const core = piece.text.trim();
      const start = this.text.length + lead;
      this.entities.push({ start, end: start + core.length, label: piece.label });
    }
    this.text += piece.text;
    return this;
  }
  addAll(pieces: readonly (Piece | string)[]): this {
    for (const p of pieces) this.add(p);
    return this;
  }
}

/** Checks invariants: in range, non-empty, no overlap, no surrounding whitespace. Throws on violation. */
export function validate(text: string, entities: readonly Entity[]): void {
  let lastEnd = -1;
  const sorted = [...entities].sort((a, b) => a.start - b.start);
  for (const e of sorted) {
    if (e.start < 0 || e.end > text.length || e.start >= e.end) throw new Error(`bad span ${JSON.stringify(e)}`);
    if (e.start < lastEnd) throw new Error(`overlap at ${e.start}: ${JSON.stringify(text.slice(e.start, e.end))}`);
    const s = text.slice(e.start, e.end);
    if (s.trim() !== s) throw new Error(`span with whitespace edge: ${JSON.stringify(s)}`);
    lastEnd = e.end;
  }
}
