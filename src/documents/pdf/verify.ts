import { Unzlib } from 'fflate';
import { containsWord, needleOf, searchTextOf } from '../../text/word-search.js';
import type { Needle as SearchNeedle } from '../../text/word-search.js';
import type { VerificationSummary } from '../adapter.js';
import { latin1 } from './content-stream.js';
import type { PdfjsSource } from './pdfjs.js';
import { openPdfjs } from './pdfjs.js';

/** An original PII string to look for, with its label (the label alone is reported). */
export interface Needle {
  label: string;
  text: string;
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
 * and in pdf.js's text, metadata and annotations of every page (`onPage` after each). Any hit as a word is a leak;
 * the caller fails closed.
 */
export async function verifyPdf(
  pdfjs: PdfjsSource,
  bytes: Uint8Array,
  needles: readonly Needle[],
  onPage?: (pagesDone: number) => void,
): Promise<VerificationSummary> {
  const distinct = new Map<string, { label: string; needle: SearchNeedle }>();
  for (const n of needles) {
    const needle = needleOf(n.text);
    const id = needle ? `${needle.key}|${[...needle.gaps].join(',')}` : '';
    if (needle && !distinct.has(id)) distinct.set(id, { label: n.label, needle });
  }
  const leaks: VerificationSummary['leaks'] = [];
  const search = (haystack: string, where: string) => {
    const h = searchTextOf(haystack);
    for (const { label, needle } of distinct.values()) if (containsWord(h, needle)) leaks.push({ label, where });
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
      // pdf.js puts the spaces it sees into the items: items are joined with a zero-width space (a boundary, so two
      // items never glue into one word, that a match may still run through: a name split by a font change), and a
      // line break where pdf.js ends a line.
      search(content.items.map((i) => ('str' in i ? i.str + (i.hasEOL ? '\n' : '\u200b') : '')).join(''), `text of page ${p}`);
      search(JSON.stringify(await page.getAnnotations()), `annotations of page ${p}`);
      page.cleanup();
      onPage?.(p);
    }
  } finally {
    await doc.destroy();
  }
  const unique = leaks.filter((l, i) => leaks.findIndex((x) => x.label === l.label && x.where === l.where) === i);
  return { passed: unique.length === 0, checked: distinct.size, leaks: unique };
}
