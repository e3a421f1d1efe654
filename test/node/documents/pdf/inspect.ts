// What a second reader sees in a PDF: raw bytes, every inflated stream, pdf.js text (with positions) and metadata.
// Platform-neutral (the Chromium tests use it too): pdf.js comes from the caller.
import { inflateSync, unzlibSync } from 'fflate';
import type { PdfjsSource } from '../../../../src/documents/pdf/pdfjs.js';
import { openPdfjs } from '../../../../src/documents/pdf/pdfjs.js';

export interface Evidence {
  raw: string;
  streams: string[];
  text: string;
  /** Text runs with their origin and direction (degrees, counter-clockwise in user space). */
  items: Array<{ page: number; str: string; x: number; y: number; angle: number }>;
  meta: string;
  annotations: string;
}

const latin1 = (b: Uint8Array) => new TextDecoder('latin1').decode(b);

function streams(bytes: Uint8Array): string[] {
  const text = latin1(bytes);
  const out: string[] = [];
  const re = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    const body = bytes.subarray(start, end);
    for (const f of [unzlibSync, inflateSync]) {
      try {
        out.push(latin1(f(body)));
        break;
      } catch {
        // not zlib/deflate data
      }
    }
    out.push(latin1(body));
    re.lastIndex = end;
  }
  return out;
}

/** Reads everything a second reader sees in `bytes`, with pdf.js from `source`. */
export async function evidenceWith(source: PdfjsSource, bytes: Uint8Array): Promise<Evidence> {
  const doc = await openPdfjs(source, bytes);
  const items: Evidence['items'] = [];
  let annotations = '';
  for (let p = 1; p <= doc.numPages; p++) {
    const page = await doc.getPage(p);
    for (const i of (await page.getTextContent()).items)
      if ('str' in i && i.str.trim() !== '')
        items.push({
          page: p,
          str: i.str,
          x: i.transform[4],
          y: i.transform[5],
          angle: Math.round((Math.atan2(i.transform[1], i.transform[0]) * 180) / Math.PI),
        });
    annotations += JSON.stringify(await page.getAnnotations());
  }
  const meta = await doc.getMetadata();
  await doc.destroy();
  return {
    raw: latin1(bytes),
    streams: streams(bytes),
    text: items.map((i) => i.str).join(' '),
    items,
    meta: JSON.stringify({ info: meta.info, xmp: meta.metadata?.getRaw() ?? null }),
    annotations,
  };
}

/** Every place a canary could hide, as one list of [where, content]. */
export function places(e: Evidence): Array<[string, string]> {
  return [
    ['raw', e.raw],
    ...e.streams.map((s, i): [string, string] => [`stream ${i}`, s]),
    ['text', e.text],
    ['meta', e.meta],
    ['annotations', e.annotations],
  ];
}

/** Where `canary` occurs (case-insensitive, also as UTF-16BE). */
export function whereFound(e: Evidence, canary: string): string[] {
  const c = canary.toLowerCase();
  return places(e)
    .filter(([, s]) =>
      s
        .replace(/\u0000/g, '')
        .toLowerCase()
        .includes(c),
    )
    .map(([w]) => w);
}
