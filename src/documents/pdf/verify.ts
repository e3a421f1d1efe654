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
const DROPPED = /[\s\u0000\u00ad\u200b-\u200d\u2060\ufeff\-\u2010-\u2015\u2212]/;
const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Case-folded, compatibility-normalised, without white space, hyphens, soft hyphens and NULs (UTF-16 text). */
export function normalizeForSearch(s: string): string {
  return [...s.normalize('NFKC').toLowerCase()].filter((c) => !DROPPED.test(c)).join('');
}

/**
 * A haystack normalised like the needles, remembering where dropped characters stood: a match may span them
 * (`Mül-\nler`, `Hans  Müller`, pdf.js items split inside a name), and they count as word boundaries.
 */
interface Haystack {
  text: string;
  /** gap[i]: some dropped character stood just before text[i] (gap[text.length]: at the end). */
  gap: boolean[];
}

function haystackOf(s: string): Haystack {
  let text = '';
  const gap: boolean[] = [];
  let dropped = false;
  for (const c of s.normalize('NFKC').toLowerCase()) {
    if (DROPPED.test(c)) {
      dropped = true;
      continue;
    }
    for (let k = 0; k < c.length; k++) gap.push(k === 0 && dropped);
    text += c;
    dropped = false;
  }
  gap.push(dropped);
  return { text, gap };
}

/** A word character directly at `i` of the haystack (no dropped character between it and the match). */
const glued = (h: Haystack, i: number, boundary: number) => !h.gap[boundary] && i >= 0 && i < h.text.length && WORD_CHAR.test(h.text[i]!);

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

const DELIMITER_OR_SPACE = /[\s()<>[\]{}/%]/;

/**
 * PDF syntax with its name tokens blanked (outside literal strings): `/Kids`, `/Page` or `/Parent` are structure,
 * not text, and must not fail a document whose PII includes a person called Page. The output's names are its
 * structure and resource names only (the writer allowlists page, resource and XObject keys); text lives in strings.
 */
function withoutNames(s: string): string {
  const out = s.split('');
  let depth = 0;
  for (let i = 0; i < out.length; i++) {
    const c = out[i]!;
    if (depth > 0) {
      if (c === '\\') i++;
      else if (c === '(') depth++;
      else if (c === ')') depth--;
    } else if (c === '(') depth = 1;
    else if (c === '/') for (let j = i + 1; j < out.length && !DELIMITER_OR_SPACE.test(out[j]!); j++) out[j] = ' ';
  }
  return out.join('');
}

/**
 * A file split for searching: `raw` is its bytes as PDF syntax with every zlib-compressed stream body left out
 * (its random bytes would open strings that never close), `inflated` the decompressed bodies (first 64 MB of each).
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
    else raw.push(withoutNames(text.slice(start, end)));
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
