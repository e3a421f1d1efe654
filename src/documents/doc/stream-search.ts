import type { Needle } from '../../text/word-search.js';
import { originalRange, searchTextOf, wordMatches } from '../../text/word-search.js';
import { decodeCp1252 } from './cp1252.js';

const utf16 = new TextDecoder('utf-16le', { ignoreBOM: true });
const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * One way a stream's bytes can be read as text: 8-bit Windows-1252 (byte i is character i), or UTF-16LE starting at
 * byte 0 or 1 (character i is bytes `align + 2i` and the next).
 */
interface Reading {
  text: string;
  width: 1 | 2;
  align: number;
}

function readings(bytes: Uint8Array): Reading[] {
  const out: Reading[] = [{ text: decodeCp1252(bytes), width: 1, align: 0 }];
  for (const align of [0, 1]) {
    const n = Math.max(0, (bytes.length - align) >> 1);
    out.push({ text: utf16.decode(bytes.subarray(align, align + 2 * n)), width: 2, align });
  }
  return out;
}

/** An occurrence of needle `needle` in a stream: where its letters and digits start, each `width` bytes long. */
export interface StreamHit {
  needle: number;
  width: 1 | 2;
  chars: number[];
}

/**
 * Every occurrence of the needles in a stream's bytes, in each reading, found by the matcher of redaction and
 * verification (`text/word-search.ts`): what the verifier reports, and what the scrub overwrites.
 */
export function findInStream(bytes: Uint8Array, needles: readonly Needle[]): StreamHit[] {
  if (needles.length === 0) return [];
  const hits: StreamHit[] = [];
  for (const r of readings(bytes)) {
    const h = searchTextOf(r.text);
    needles.forEach((needle, i) => {
      for (const m of wordMatches(h, needle)) {
        const { start, end } = originalRange(h, m.start, m.end);
        const chars: number[] = [];
        for (let k = start; k < end; k++) if (WORD_CHAR.test(r.text[k]!)) chars.push(r.align + r.width * k);
        hits.push({ needle: i, width: r.width, chars });
      }
    });
  }
  return hits;
}

/**
 * Overwrites the letters and digits of every occurrence with `*` (one byte, or one UTF-16 unit, as it was read) in
 * place and returns how many occurrences there were: for bytes no edit reaches (slack after the text, copies in
 * binary structures, the Data stream's hyperlink targets).
 */
export function maskInStream(bytes: Uint8Array, needles: readonly Needle[]): number {
  const hits = findInStream(bytes, needles);
  for (const hit of hits)
    for (const at of hit.chars) {
      bytes[at] = 0x2a;
      if (hit.width === 2) bytes[at + 1] = 0;
    }
  return hits.length;
}
