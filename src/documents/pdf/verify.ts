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

/** Case-folded, compatibility-normalised, without white space, hyphens, soft hyphens and NULs (UTF-16 text). */
export function normalizeForSearch(s: string): string {
  return s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\u0000\u00ad\u200b-\u200d\u2060\ufeff\-\u2010-\u2015\u2212]/g, '');
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

/** Every `stream … endstream` body of a file, inflated where it is zlib data (first 64 MB of each). */
function inflatedStreams(bytes: Uint8Array): string[] {
  const text = latin1(bytes);
  const out: string[] = [];
  const re = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    const body = inflateSome(bytes.subarray(start, end), 64 * 1024 * 1024);
    if (body) out.push(latin1(body));
    re.lastIndex = end;
  }
  return out;
}

/**
 * Re-reads a written PDF and looks for every original PII string: in the raw bytes, in every inflated stream,
 * and in pdf.js's text, metadata and annotations of every page. Any hit is a leak; the caller fails closed.
 */
export async function verifyPdf(pdfjs: PdfjsSource, bytes: Uint8Array, needles: readonly Needle[]): Promise<VerificationSummary> {
  const distinct = new Map<string, string>();
  for (const n of needles) {
    const key = normalizeForSearch(n.text);
    if (key.length >= MIN_NEEDLE_LENGTH && !distinct.has(key)) distinct.set(key, n.label);
  }
  const leaks: VerificationSummary['leaks'] = [];
  const search = (haystack: string, where: string) => {
    const h = normalizeForSearch(haystack);
    for (const [key, label] of distinct) if (h.includes(key)) leaks.push({ label, where });
  };
  search(latin1(bytes), 'raw bytes');
  for (const s of inflatedStreams(bytes)) search(s, 'stream');
  const doc = await openPdfjs(pdfjs, bytes);
  try {
    const meta = await doc.getMetadata().catch(() => null);
    if (meta) search(JSON.stringify({ info: meta.info, xmp: meta.metadata?.getRaw() ?? null }), 'metadata');
    for (let p = 1; p <= doc.numPages; p++) {
      const page = await doc.getPage(p);
      const content = await page.getTextContent();
      search(content.items.map((i) => ('str' in i ? i.str : '')).join(''), `text of page ${p}`);
      search(JSON.stringify(await page.getAnnotations()), `annotations of page ${p}`);
      page.cleanup();
    }
  } finally {
    await doc.destroy();
  }
  const unique = leaks.filter((l, i) => leaks.findIndex((x) => x.label === l.label && x.where === l.where) === i);
  return { passed: unique.length === 0, checked: distinct.size, leaks: unique };
}
