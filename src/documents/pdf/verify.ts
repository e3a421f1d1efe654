import { Unzlib } from 'fflate';
import type { VerificationSummary } from '../adapter.js';
import { latin1 } from './content-stream.js';
import type { PdfjsSource } from './pdfjs.js';
import { openPdfjs } from './pdfjs.js';

/** An original PII string to look for, with its label (the label alone is reported). */
export interface Needle {
  label: string;
  text: string;
}

/** Needles shorter than this after normalisation are not searched: two letters match everywhere. */
export const MIN_NEEDLE_LENGTH = 3;

/** Characters dropped before searching: white space, hyphens, soft hyphens, zero-width characters and NULs. */
const DROPPED = '[\\s\\u0000\\u00ad\\u200b-\\u200d\\u2060\\ufeff\\-\\u2010-\\u2015\\u2212]';
const DROPPED_RUNS = new RegExp(`${DROPPED}+`, 'g');
const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Case-folded, compatibility-normalised, without white space, hyphens, soft hyphens and NULs (UTF-16 text). */
export function normalizeForSearch(s: string): string {
  return s.normalize('NFKC').toLowerCase().replace(DROPPED_RUNS, '');
}

/**
 * A haystack normalised like the needles, remembering where dropped characters stood: a match may span them
 * (`Mül-\nler`, `Hans  Müller`, pdf.js items split inside a name), and they count as word boundaries.
 */
interface Haystack {
  text: string;
  /** Ascending indices into `text` just before which some dropped characters stood (`text.length`: at the end). */
  gaps: Int32Array;
}

function haystackOf(s: string): Haystack {
  const t = s.normalize('NFKC').toLowerCase();
  const parts: string[] = [];
  const gaps: number[] = [];
  let from = 0;
  let kept = 0;
  for (const m of t.matchAll(DROPPED_RUNS)) {
    parts.push(t.slice(from, m.index));
    kept += m.index - from;
    gaps.push(kept);
    from = m.index + m[0].length;
  }
  parts.push(t.slice(from));
  return { text: parts.join(''), gaps: Int32Array.from(gaps) };
}

/** Whether dropped characters stood just before `text[i]` (binary search in the gap list). */
function gapAt(h: Haystack, i: number): boolean {
  let lo = 0;
  let hi = h.gaps.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const g = h.gaps[mid]!;
    if (g === i) return true;
    if (g < i) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/** A word character directly at `i` of the haystack (no dropped character between it and the match). */
const glued = (h: Haystack, i: number, boundary: number) =>
  i >= 0 && i < h.text.length && !gapAt(h, boundary) && WORD_CHAR.test(h.text[i]!);

/**
 * True when the needle stands in the haystack as a word of its own, or with a genitive `s` (what propagation
 * redacts too). Inside a longer word it is a different word ("Ann" in "announce", "rose" in "arose"): no leak.
 */
function containsWord(h: Haystack, key: string): boolean {
  // Boundaries matter only where the needle itself begins or ends with a word character ("(030) 1234" does not).
  const checkStart = WORD_CHAR.test(key[0]!);
  const checkEnd = WORD_CHAR.test(key[key.length - 1]!);
  for (let i = h.text.indexOf(key); i >= 0; i = h.text.indexOf(key, i + 1)) {
    const end = i + key.length;
    if (checkStart && glued(h, i - 1, i)) continue;
    if (!checkEnd || !glued(h, end, end)) return true;
    if (h.text[end] === 's' && !glued(h, end + 1, end + 1)) return true;
  }
  return false;
}

function inflateSome(data: Uint8Array, max: number): Uint8Array | null {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const z = new Unzlib((c) => {
    if (size < max) chunks.push(c);
    size += c.length;
  });
  try {
    z.push(data, true);
  } catch {
    if (chunks.length === 0) return null;
  }
  const out = new Uint8Array(Math.min(size, max));
  let at = 0;
  for (const c of chunks) {
    const part = c.subarray(0, out.length - at);
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Bytes that end a PDF name: white space and delimiters. */
const ENDS_NAME = new Uint8Array(256);
for (const c of ' \t\n\r\f\0()<>[]{}/%') ENDS_NAME[c.charCodeAt(0)] = 1;

/**
 * PDF syntax with its name tokens blanked (outside literal strings): `/Kids`, `/Page` or `/Parent` are structure,
 * not text, and must not fail a document whose PII includes a person called Page. The output's names are its
 * structure and resource names only (the writer allowlists page, resource and XObject keys); text lives in strings.
 */
function withoutNames(s: string): string {
  const parts: string[] = [];
  let from = 0;
  let depth = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (depth > 0) {
      if (c === 0x5c) i++;
      else if (c === 0x28) depth++;
      else if (c === 0x29) depth--;
    } else if (c === 0x28) depth = 1;
    else if (c === 0x2f) {
      let j = i + 1;
      while (j < s.length && !(s.charCodeAt(j) < 256 && ENDS_NAME[s.charCodeAt(j)])) j++;
      parts.push(s.slice(from, i + 1), ' '.repeat(j - i - 1));
      from = j;
      i = j - 1;
    }
  }
  parts.push(s.slice(from));
  return parts.join('');
}

/** Whether a stream body is binary (image samples, JPEG, fonts): more than 10 % of its first 1,024 bytes unprintable. */
function looksBinary(text: string, start: number, end: number): boolean {
  const stop = Math.min(end, start + 1024);
  let odd = 0;
  for (let i = start; i < stop; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c > 0x7e) odd++;
  }
  return odd * 10 > stop - start;
}

/**
 * A file split for searching: `raw` is its bytes as PDF syntax with every zlib-compressed or binary stream body left
 * out (random bytes would open strings that never close), `inflated` the decompressed bodies (first 64 MB of each).
 * Each part has its names blanked on its own.
 */
function searchableParts(bytes: Uint8Array): { raw: string; inflated: string[] } {
  const text = latin1(bytes);
  const raw: string[] = [];
  const inflated: string[] = [];
  const re = /stream\r?\n/g;
  let from = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    raw.push(withoutNames(text.slice(from, start)));
    const body = inflateSome(bytes.subarray(start, end), 64 * 1024 * 1024);
    if (body) inflated.push(withoutNames(latin1(body)));
    // Not zlib: searched raw unless binary (image samples and JPEG data hold no text).
    else if (!looksBinary(text, start, end)) raw.push(withoutNames(text.slice(start, end)));
    from = end;
    re.lastIndex = end;
  }
  raw.push(withoutNames(text.slice(from)));
  return { raw: raw.join(' '), inflated };
}

/**
 * Re-reads a written PDF and looks for every original PII string: in the raw bytes, in every inflated stream,
 * and in pdf.js's text, metadata and annotations of every page. Any hit as a word is a leak; the caller fails
 * closed.
 */
export async function verifyPdf(pdfjs: PdfjsSource, bytes: Uint8Array, needles: readonly Needle[]): Promise<VerificationSummary> {
  const distinct = new Map<string, string>();
  for (const n of needles) {
    const key = normalizeForSearch(n.text);
    if (key.length >= MIN_NEEDLE_LENGTH && !distinct.has(key)) distinct.set(key, n.label);
  }
  const leaks: VerificationSummary['leaks'] = [];
  const search = (haystack: string, where: string) => {
    const h = haystackOf(haystack);
    for (const [key, label] of distinct) if (containsWord(h, key)) leaks.push({ label, where });
  };
  const parts = searchableParts(bytes);
  search(parts.raw, 'raw bytes');
  for (const s of parts.inflated) search(s, 'stream');
  const doc = await openPdfjs(pdfjs, bytes);
  try {
    const meta = await doc.getMetadata().catch(() => null);
    if (meta) search(JSON.stringify({ info: meta.info, xmp: meta.metadata?.getRaw() ?? null }), 'metadata');
    for (let p = 1; p <= doc.numPages; p++) {
      const page = await doc.getPage(p);
      const content = await page.getTextContent();
      // Items joined with a space: a boundary, so two items never glue into one word, and a match may still span it.
      search(content.items.map((i) => ('str' in i ? i.str : '')).join(' '), `text of page ${p}`);
      search(JSON.stringify(await page.getAnnotations()), `annotations of page ${p}`);
      page.cleanup();
    }
  } finally {
    await doc.destroy();
  }
  const unique = leaks.filter((l, i) => leaks.findIndex((x) => x.label === l.label && x.where === l.where) === i);
  return { passed: unique.length === 0, checked: distinct.size, leaks: unique };
}
