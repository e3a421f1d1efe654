/**
 * Finding a string as a word the way a reader sees it, shared by the redactor (which redacts every further occurrence
 * of a detected string) and the verifier (which fails a document where one survives): one matcher, so the two can
 * never disagree on what counts as an occurrence.
 *
 * Both sides are case-folded and NFKC-normalised (ligatures such as "ﬁ" read as "fi"); white space, hyphens, soft
 * hyphens, zero-width characters and NULs are dropped, remembering where they stood ("gaps"). A match:
 * - starts and ends at a word boundary (a gap or a non-word character; a genitive `s` may follow); NULs alone are no
 *   boundary: they stand between all letters of UTF-16 text read as bytes, and `signe` is no word of `designed` there;
 * - keeps the needle's capitals: a capital of the needle may stand as a capital only (`Müller` is found as `Müller`
 *   and `MÜLLER`, not as `müller`; `Loop` at a sentence start is not `loop` further on), since lowering a capital
 *   turns a name into a common word to a reader, and raising one (a letterhead in capitals) does not;
 * - may run across a gap inside it only where a reader still sees one word: the needle has a separator there too
 *   ("Hans Peter" / "Hans-Peter"), the gap is a hyphenation, a line-break hyphen, a zero-width or item join
 *   ("Mül-\nler", "Mül\u200bler"), or the match is letter-spaced ("M ü l l e r"). A plain space or line break inside
 *   an unspaced needle separates words: "us a" is not "USA".
 */

/** Characters dropped before matching. */
const DROPPED = '[\\s\\u0000\\u00ad\\u200b-\\u200d\\u2060\\ufeff\\-\\u2010-\\u2015\\u2212]';
const DROPPED_RUNS = new RegExp(`${DROPPED}+`, 'g');
/** A dropped run that is only white space: a word separator. */
const WHITE_ONLY = /^\s+$/;
/** A dropped run of NULs only: no boundary (see `glued`). */
const NUL_ONLY = /^\u0000+$/;
const WORD_CHAR = /[\p{L}\p{N}]/u;
/** A base character with the combining marks that follow it: normalised together, so "u\u0308" reads as "ü". */
const CLUSTER_AT = /\P{M}\p{M}*|\p{M}+/uy;
/** A string that opens with a combining mark. */
const MARK = /^\p{M}/u;

/** Shortest needle searched (after normalisation): two letters match everywhere. */
export const MIN_NEEDLE_LENGTH = 3;

/** Case-folded, NFKC-normalised, without the dropped characters. */
export function normalizeForSearch(s: string): string {
  return s.normalize('NFKC').toLowerCase().replace(DROPPED_RUNS, '');
}

/** A text prepared for matching. */
export interface SearchText {
  /** The normalised text. */
  text: string;
  /** Ascending indices into `text` just before which dropped characters stood (`text.length`: at the end). */
  gaps: Int32Array;
  /** For each gap: 1 when it joins a word (hyphen, soft hyphen, zero-width), 2 when it is NULs only, 0 when it is white space only. */
  joins: Uint8Array;
  /** For each index of `text`: where the character (cluster) it came from starts and ends in the original string. */
  origin: Int32Array;
  originEnd: Int32Array;
  /** For each index of `text`: 1 when the character it came from is a capital. */
  capital: Uint8Array;
}

/** A string to find: normalised, with the positions where it had separators itself. */
export interface Needle {
  key: string;
  /** For each index of `key`: 1 where the needle has a capital (which an occurrence must keep). */
  capital: Uint8Array;
  /** Indices into `key` before which the original had dropped characters. */
  gaps: ReadonlySet<number>;
}

/** Prepares a haystack (the original indices are kept, so a match maps back onto the text). */
export function searchTextOf(s: string): SearchText {
  const parts: string[] = [];
  // Per normalised character; NFKC may lengthen a cluster (`ﬃ` → `ffi`), so the buffers grow when needed.
  let origin = new Int32Array(s.length + 16);
  let originEnd = new Int32Array(s.length + 16);
  let capital = new Uint8Array(s.length + 16);
  const gaps: number[] = [];
  const joins: number[] = [];
  let kept = 0;
  let from = 0;
  const room = (n: number) => {
    if (kept + n <= origin.length) return;
    const size = Math.max(origin.length * 2, kept + n);
    const grow = <T extends Int32Array | Uint8Array>(a: T, b: T): T => (b.set(a), b);
    origin = grow(origin, new Int32Array(size));
    originEnd = grow(originEnd, new Int32Array(size));
    capital = grow(capital, new Uint8Array(size));
  };
  const keep = (start: number, end: number) => {
    let i = start;
    while (i < end) {
      // Plain ASCII not followed by a combining mark is its own NFKC form: a run of it is lowered in one go.
      let j = i;
      while (j < end && s.charCodeAt(j) < 0x80 && !(j + 1 < end && startsMark(s, j + 1))) j++;
      if (j > i) {
        room(j - i);
        parts.push(s.slice(i, j).toLowerCase());
        for (let k = i; k < j; k++, kept++) {
          const c = s.charCodeAt(k);
          origin[kept] = k;
          originEnd[kept] = k + 1;
          capital[kept] = c >= 0x41 && c <= 0x5a ? 1 : 0;
        }
        i = j;
        continue;
      }
      CLUSTER_AT.lastIndex = i;
      const cluster = CLUSTER_AT.exec(s)![0];
      const nfkc = cluster.normalize('NFKC');
      const n = nfkc.toLowerCase();
      const isCapital = nfkc !== n ? 1 : 0;
      room(n.length);
      parts.push(n);
      for (let k = 0; k < n.length; k++, kept++) {
        origin[kept] = i;
        originEnd[kept] = i + cluster.length;
        capital[kept] = isCapital;
      }
      i += cluster.length;
    }
  };
  for (const m of s.matchAll(DROPPED_RUNS)) {
    keep(from, m.index);
    gaps.push(kept);
    joins.push(WHITE_ONLY.test(m[0]) ? 0 : NUL_ONLY.test(m[0]) ? 2 : 1);
    from = m.index + m[0].length;
  }
  keep(from, s.length);
  return {
    text: parts.join(''),
    gaps: Int32Array.from(gaps),
    joins: Uint8Array.from(joins),
    origin: origin.slice(0, kept),
    originEnd: originEnd.slice(0, kept),
    capital: capital.slice(0, kept),
  };
}

/** Whether a combining mark starts at `i` (none below U+0300; astral ones are two code units). */
function startsMark(s: string, i: number): boolean {
  return s.charCodeAt(i) >= 0x300 && MARK.test(s.slice(i, i + 2));
}

/** Prepares a needle; null when it is too short to search. */
export function needleOf(s: string): Needle | null {
  const h = searchTextOf(s.trim());
  if (h.text.length < MIN_NEEDLE_LENGTH) return null;
  return { key: h.text, capital: h.capital, gaps: new Set(h.gaps) };
}

/** Index of gap `i` in `h.gaps`, or -1 (binary search). */
function gapIndex(h: SearchText, i: number): number {
  let lo = 0;
  let hi = h.gaps.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const g = h.gaps[mid]!;
    if (g === i) return mid;
    if (g < i) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * A word character at `i` with no gap between it and the match boundary `boundary`, or only NULs: the high bytes of
 * UTF-16 text read as 8-bit (`d\0e\0s\0i\0g\0n\0`) stand between all its letters and part no words.
 */
const glued = (h: SearchText, i: number, boundary: number) => {
  if (i < 0 || i >= h.text.length || !WORD_CHAR.test(h.text[i]!)) return false;
  const g = gapIndex(h, boundary);
  return g < 0 || h.joins[g] === 2;
};

/** Whether every capital of the needle stands as a capital in the occurrence at `start`. */
function capitalsKept(h: SearchText, needle: Needle, start: number): boolean {
  for (let k = 0; k < needle.capital.length; k++) if (needle.capital[k] && !h.capital[start + k]) return false;
  return true;
}

/** Whether every gap strictly inside [start, end) is one a reader reads through (see the module comment). */
function oneWord(h: SearchText, needle: Needle, start: number, end: number): boolean {
  let first = gapIndex(h, start + 1);
  if (first < 0) {
    // The first gap after start + 1.
    let lo = 0;
    let hi = h.gaps.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (h.gaps[mid]! <= start) lo = mid + 1;
      else hi = mid;
    }
    first = lo;
  }
  let inner = 0;
  let spaces = false;
  for (let g = first; g < h.gaps.length && h.gaps[g]! < end; g++) {
    inner++;
    if (h.joins[g] === 0 && !needle.gaps.has(h.gaps[g]! - start)) spaces = true;
  }
  // Letter-spaced: a gap before every character but the first.
  return !spaces || inner === end - start - 1;
}

/**
 * Every occurrence of `needle` in `h` as a word (see the module comment), in normalised coordinates; `end` includes a
 * genitive `s` when one follows.
 */
export function* wordMatches(h: SearchText, needle: Needle): Generator<{ start: number; end: number }> {
  const { key } = needle;
  // Boundaries matter only where the needle itself begins or ends with a word character ("(030) 1234" does not).
  const checkStart = WORD_CHAR.test(key[0]!);
  const checkEnd = WORD_CHAR.test(key[key.length - 1]!);
  for (let i = h.text.indexOf(key); i >= 0; i = h.text.indexOf(key, i + 1)) {
    const end = i + key.length;
    if (checkStart && glued(h, i - 1, i)) continue;
    if (!capitalsKept(h, needle, i)) continue;
    if (!oneWord(h, needle, i, end)) continue;
    if (!checkEnd || !glued(h, end, end)) yield { start: i, end };
    else if (h.text[end] === 's' && !glued(h, end + 1, end + 1)) yield { start: i, end: end + 1 };
  }
}

/** Whether `needle` stands in `h` as a word. */
export function containsWord(h: SearchText, needle: Needle): boolean {
  return !wordMatches(h, needle).next().done;
}

/** The original-string range of a match in normalised coordinates. */
export function originalRange(h: SearchText, start: number, end: number): { start: number; end: number } {
  return { start: h.origin[start]!, end: h.originEnd[end - 1]! };
}
