/** A code point with the combining marks after it: the smallest unit NFC/NFD/lower-casing act on independently. */
const UNIT = /\P{M}\p{M}*|\p{M}+/gsu;

/** A chunk as normalised, and for each UTF-16 unit of it the original unit range `[from, to)` in the chunk. */
export interface NormalizedChunk {
  normalized: string;
  from: Int32Array;
  to: Int32Array;
}

/** Each UTF-16 unit of an unchanged chunk maps to itself; both halves of a surrogate pair map to the pair. */
function identityOffsets(chunk: string): NormalizedChunk {
  const from = Int32Array.from({ length: chunk.length }, (_, i) => i);
  const to = Int32Array.from({ length: chunk.length }, (_, i) => i + 1);
  for (let i = 0; i + 1 < chunk.length; i++) {
    const c = chunk.charCodeAt(i);
    const d = chunk.charCodeAt(i + 1);
    if (c >= 0xd800 && c < 0xdc00 && d >= 0xdc00 && d < 0xe000) {
      to[i] = i + 2;
      from[i + 1] = i;
      i++;
    }
  }
  return { normalized: chunk, from, to };
}

/**
 * Normalises a chunk and maps it back: the normalizer runs per unit (a code point plus its combining marks), so every
 * normalised character knows the unit it came from. Where per-unit normalisation differs from normalising the whole
 * chunk, every character maps to the whole chunk.
 */
export function normalizedOffsets(chunk: string, normalize: (s: string) => string): NormalizedChunk {
  const normalized = normalize(chunk);
  if (normalized === chunk) return identityOffsets(chunk);
  let joined = '';
  const from: number[] = [];
  const to: number[] = [];
  for (const m of chunk.matchAll(UNIT)) {
    const n = normalize(m[0]);
    joined += n;
    for (let k = 0; k < n.length; k++) {
      from.push(m.index);
      to.push(m.index + m[0].length);
    }
  }
  if (joined === normalized) return { normalized, from: Int32Array.from(from), to: Int32Array.from(to) };
  return { normalized, from: new Int32Array(normalized.length), to: new Int32Array(normalized.length).fill(chunk.length) };
}

/** Finds each string left to right in `hay[from, to)`; unfound ones get the gap between found neighbours. */
export function locateParts(hay: string, parts: readonly string[], from: number, to: number): Array<[number, number]> {
  const found: Array<[number, number] | null> = [];
  let cursor = from;
  for (const part of parts) {
    const at = part.length === 0 ? -1 : hay.indexOf(part, cursor);
    if (at >= 0 && at + part.length <= to) {
      found.push([at, at + part.length]);
      cursor = at + part.length;
    } else found.push(null);
  }
  const out: Array<[number, number]> = [];
  let prevEnd = from;
  for (let i = 0; i < found.length; i++) {
    const f = found[i];
    if (f) {
      out.push(f);
      prevEnd = f[1];
      continue;
    }
    let nextStart = to;
    for (let j = i + 1; j < found.length; j++) {
      const g = found[j];
      if (g) {
        nextStart = g[0];
        break;
      }
    }
    out.push([prevEnd, Math.max(prevEnd, nextStart)]);
  }
  return out;
}
