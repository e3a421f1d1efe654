import { Unzlib } from 'fflate';
import { containsWord, needleOf, originalRange, searchTextOf, wordMatches } from '../../text/word-search.js';
import type { Needle as SearchNeedle } from '../../text/word-search.js';
import type { Box } from '../../spec/types.js';
import type { VerificationLeak, VerificationSummary } from '../adapter.js';
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

/** A text item's box in top-left page coordinates (the viewport at scale 1), from its transform, width and height. */
function itemBox(viewport: { convertToViewportRectangle(r: number[]): number[] }, t: number[], width: number, height: number): Box {
  const x = t[4] ?? 0;
  const y = t[5] ?? 0;
  const h = height || Math.hypot(t[2] ?? 0, t[3] ?? 0);
  const [x0, y0, x1, y1] = viewport.convertToViewportRectangle([x, y, x + width, y + h]) as [number, number, number, number];
  const round = (n: number) => Math.round(n * 100) / 100;
  return { x0: round(Math.min(x0, x1)), y0: round(Math.min(y0, y1)), x1: round(Math.max(x0, x1)), y1: round(Math.max(y0, y1)) };
}

/** The dictionary of a font program (`/Length1`–`3`, a compact font's subtype) or of an image XObject. */
const FONT_OR_IMAGE = /\/Length[123]\b|\/Subtype\s*\/(?:Image|Type1C|CIDFontType0C|OpenType)\b/;

/**
 * Keys whose string values name a font, not content: a CID font's character collection (`/Registry (Adobe)`,
 * `/Ordering (Identity)`), a descriptor's family and glyph list. The document may mention Adobe or Arial; its fonts
 * say so too.
 */
const FONT_IDENTITY_KEYS = new Set(['Registry', 'Ordering', 'FontFamily', 'CharSet']);

/** Keys pdf.js adds to a document's info from its own reading, not from the file's Info dictionary. */
const PDFJS_FACTS = new Set([
  'PDFFormatVersion',
  'Language',
  'EncryptFilterName',
  'IsLinearized',
  'IsAcroFormPresent',
  'IsXFAPresent',
  'IsCollectionPresent',
  'IsSignaturesPresent',
]);

/** Bytes that end a PDF name: white space and delimiters. */
const ENDS_NAME = new Uint8Array(256);
for (const c of ' \t\n\r\f\0()<>[]{}/%') ENDS_NAME[c.charCodeAt(0)] = 1;

/**
 * Bare words that are PDF syntax, never text: file keywords, content-stream operators and CMap keywords. A model may
 * take "false" or "EMC" in a page's text for an entity; in the file's syntax these words are structure.
 */
const SYNTAX_WORDS = new Set(
  [
    // File structure.
    'obj endobj stream endstream xref trailer startxref true false null R f n',
    // Content-stream operators (ISO 32000-1, Annex A).
    'b b* B B* BDC BI BMC BT BX c cm CS cs d d0 d1 Do DP EI EMC ET EX f F f* G g gs h i ID j J K k l m M MP n q Q re RG rg ri s S SC sc SCN scn sh T* Tc Td TD Tf TJ Tj TL Tm Tr Ts Tw Tz v w W W* y \' "',
    // CMap and PostScript keywords of ToUnicode maps.
    'begincmap endcmap begincodespacerange endcodespacerange beginbfchar endbfchar beginbfrange endbfrange',
    'begincidchar endcidchar begincidrange endcidrange beginnotdefrange endnotdefrange usecmap usefont',
    'def dict begin end pop findresource defineresource currentdict',
  ]
    .join(' ')
    .split(' '),
);

/**
 * PDF syntax with its structure blanked (outside literal strings): name tokens (`/Kids`, `/Page` or `/Parent` must
 * not fail a document whose PII includes a person called Page), the bare words of `SYNTAX_WORDS`, the header and
 * end-of-file comments (`%PDF-1.7`, `%%EOF`), and the strings of `FONT_IDENTITY_KEYS`. Text lives in strings, which
 * stay. The output's names are its
 * structure and resource names only (the writer allowlists page, resource and XObject keys).
 */
function withoutSyntax(s: string): string {
  const parts: string[] = [];
  let from = 0;
  let depth = 0;
  const blank = (i: number, j: number) => {
    parts.push(s.slice(from, i), ' '.repeat(j - i));
    from = j;
  };
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (depth > 0) {
      if (c === 0x5c) i++;
      else if (c === 0x28) depth++;
      else if (c === 0x29) depth--;
      continue;
    }
    if (c === 0x28) {
      depth = 1;
      continue;
    }
    // A token starts here only after a delimiter or white space.
    if (i > 0 && !(s.charCodeAt(i - 1) < 256 && ENDS_NAME[s.charCodeAt(i - 1)]) && c !== 0x2f && c !== 0x25) continue;
    let j = i + 1;
    while (j < s.length && !(s.charCodeAt(j) < 256 && ENDS_NAME[s.charCodeAt(j)])) j++;
    if (c === 0x2f && FONT_IDENTITY_KEYS.has(s.slice(i + 1, j))) {
      // The key and its string value: `/Registry (Adobe)`.
      let k = j;
      while (k < s.length && /\s/.test(s[k]!)) k++;
      if (s[k] === '(') {
        let d = 0;
        let e = k;
        for (; e < s.length; e++) {
          if (s[e] === '\\') e++;
          else if (s[e] === '(') d++;
          else if (s[e] === ')' && --d === 0) break;
        }
        blank(i + 1, Math.min(e + 1, s.length));
      } else blank(i + 1, j);
    } else if (c === 0x2f) blank(i + 1, j);
    else if (c === 0x25 && /^%(?:PDF-\d\.\d|%EOF)\b/.test(s.slice(i, i + 9))) blank(i, s.startsWith('%%EOF', i) ? i + 5 : i + 8);
    else if (SYNTAX_WORDS.has(s.slice(i, j))) blank(i, j);
    else continue;
    i = from - 1;
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
 * Each part has its syntax blanked on its own (`withoutSyntax`).
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
    raw.push(withoutSyntax(text.slice(from, start)));
    // Font programs and image samples are glyph outlines and pixels: a font's name table (its designer's copyright)
    // is not the document's text, and images are inspected by their own pixels. Told apart by their dictionary.
    if (FONT_OR_IMAGE.test(text.slice(Math.max(from, m.index - 1024), m.index))) {
      from = end;
      re.lastIndex = end;
      continue;
    }
    const body = inflateSome(bytes.subarray(start, end), 64 * 1024 * 1024);
    if (body) inflated.push(withoutSyntax(latin1(body)));
    // Not zlib: searched raw unless binary (image samples and JPEG data hold no text).
    else if (!looksBinary(text, start, end)) raw.push(withoutSyntax(text.slice(start, end)));
    from = end;
    re.lastIndex = end;
  }
  raw.push(withoutSyntax(text.slice(from)));
  return { raw: raw.join(' '), inflated };
}

/**
 * The part of an item's box that characters [from, to) of its `length` take, as if they were equally wide, along the
 * item's longer side (a vertical item runs down the page): where a leak stands, not the whole line around it.
 */
export function partOfBox(box: Box, from: number, to: number, length: number): Box {
  if (length <= 0 || to <= from) return box;
  const horizontal = box.x1 - box.x0 >= box.y1 - box.y0;
  const [lo, hi] = horizontal ? [box.x0, box.x1] : [box.y0, box.y1];
  const a = lo + ((hi - lo) * from) / length;
  const b = lo + ((hi - lo) * to) / length;
  return horizontal ? { ...box, x0: a, x1: b } : { ...box, y0: a, y1: b };
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
  const leaks: VerificationLeak[] = [];
  const search = (haystack: string, where: string) => {
    const h = searchTextOf(haystack);
    for (const { label, needle } of distinct.values()) if (containsWord(h, needle)) leaks.push({ label, where });
  };
  /** Page text: each leak also says its page and where on it (the boxes of the text items it lies in). */
  const searchPage = (items: ReadonlyArray<{ str: string; hasEOL: boolean; box: Box }>, p: number) => {
    const starts: number[] = [];
    let text = '';
    for (const i of items) {
      starts.push(text.length);
      text += i.str + (i.hasEOL ? '\n' : '\u200b');
    }
    const h = searchTextOf(text);
    const itemAt = (offset: number) => {
      let lo = 0;
      let hi = starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (starts[mid]! <= offset) lo = mid;
        else hi = mid - 1;
      }
      return lo;
    };
    for (const { label, needle } of distinct.values()) {
      const boxes: Box[] = [];
      for (const m of wordMatches(h, needle)) {
        const r = originalRange(h, m.start, m.end);
        for (let k = itemAt(r.start); k <= itemAt(Math.max(r.start, r.end - 1)); k++) {
          const from = Math.max(r.start - starts[k]!, 0);
          const to = Math.min(r.end - starts[k]!, items[k]!.str.length);
          boxes.push(partOfBox(items[k]!.box, from, to, items[k]!.str.length));
        }
      }
      if (boxes.length > 0) leaks.push({ label, where: `text of page ${p}`, page: p, boxes });
    }
  };
  const parts = searchableParts(bytes);
  search(parts.raw, 'raw bytes');
  for (const s of parts.inflated) search(s, 'stream');
  const doc = await openPdfjs(pdfjs, bytes);
  try {
    const meta = await doc.getMetadata().catch(() => null);
    if (meta) {
      // The values the file gives (Title, Author, Custom, …), not the facts pdf.js adds (PDFFormatVersion, IsLinearized…).
      const given = Object.entries((meta.info ?? {}) as Record<string, unknown>).filter(([k]) => !PDFJS_FACTS.has(k));
      search(JSON.stringify({ info: Object.fromEntries(given), xmp: meta.metadata?.getRaw() ?? null }), 'metadata');
    }
    for (let p = 1; p <= doc.numPages; p++) {
      const page = await doc.getPage(p);
      const content = await page.getTextContent();
      const viewport = page.getViewport({ scale: 1 });
      // pdf.js puts the spaces it sees into the items: items are joined with a zero-width space (a boundary, so two
      // items never glue into one word, that a match may still run through: a name split by a font change), and a
      // line break where pdf.js ends a line.
      const items = content.items.flatMap((i) =>
        'str' in i ? [{ str: i.str, hasEOL: i.hasEOL, box: itemBox(viewport, i.transform as number[], i.width, i.height) }] : [],
      );
      searchPage(items, p);
      const before = leaks.length;
      search(JSON.stringify(await page.getAnnotations()), `annotations of page ${p}`);
      for (const l of leaks.slice(before)) l.page = p;
      page.cleanup();
      onPage?.(p);
    }
  } finally {
    await doc.destroy();
  }
  // One entry per label and place, with the boxes of all its occurrences there.
  const unique: VerificationLeak[] = [];
  for (const l of leaks) {
    const same = unique.find((x) => x.label === l.label && x.where === l.where);
    if (!same) unique.push({ ...l, ...(l.boxes ? { boxes: [...l.boxes] } : {}) });
    else if (l.boxes) same.boxes = [...(same.boxes ?? []), ...l.boxes];
  }
  return { passed: unique.length === 0, checked: distinct.size, leaks: unique };
}
