import type { Edit } from '../../replacement/apply.js';
import type { DocStreams, DrawingRoot, StreamKey } from './drawings.js';
import { u16, u32 } from './le.js';
import { walkRecords } from './officeart.js';
import { asWritten, fitReplacement } from './redact-text.js';

/** Property tables of a shape ([MS-ODRAW] 2.2.9 OfficeArtFOPT, 2.2.10 secondary, 2.2.11 tertiary). */
const PROPERTY_TABLES = new Set([0xf00b, 0xf121, 0xf122]);
/** The property ids of shape texts: `name` is an identifier (propagation only), the others are read as text. */
const TEXT_PROPERTIES = new Map<number, DrawingText['kind']>([
  [0x0380, 'name'], // wzName: "Picture 3", or whatever the author typed
  [0x0381, 'text'], // wzDescription: alt text
  [0x038d, 'text'], // wzTooltip
  [0x00c0, 'text'], // gtextUNICODE: WordArt
]);
/** pihlShape: a shape's hyperlink, a binary IHlink whose strings (URL, location, display name) are read as texts. */
const HYPERLINK = 0x0382;
const COMPLEX = 0x8000;
const utf16 = new TextDecoder('utf-16le', { ignoreBOM: true });

/** A UTF-16 text of a shape property, from byte `at` of its stream. */
export interface DrawingText {
  kind: 'name' | 'text';
  stream: StreamKey;
  at: number;
  text: string;
}

/** The string at [at, end) up to its terminating NUL. */
function stringAt(bytes: Uint8Array, at: number, end: number): string {
  const s = utf16.decode(bytes.subarray(at, at + ((end - at) & ~1)));
  const nul = s.indexOf('\u0000');
  return nul < 0 ? s : s.slice(0, nul);
}

/** Runs of at least three printable UTF-16 units (at even offsets) in binary data: the strings of a hyperlink. */
function printableRuns(bytes: Uint8Array, at: number, end: number): Array<{ at: number; text: string }> {
  const runs: Array<{ at: number; text: string }> = [];
  let start = -1;
  for (let i = at; i <= end; i += 2) {
    const unit = i + 2 <= end ? u16(bytes, i) : 0;
    if (unit >= 0x20 && unit < 0xfffe) {
      if (start < 0) start = i;
      continue;
    }
    if (start >= 0 && i - start >= 6) runs.push({ at: start, text: stringAt(bytes, start, i) });
    start = -1;
  }
  return runs;
}

/**
 * How many bytes of complex data property `id` takes. An array (IMsoArray: count, allocated count, element size,
 * elements) is sometimes sized without its 6-byte header, as Office and LibreOffice write pVertices and the other
 * geometry arrays; POI and LibreOffice read it the same way. Texts are never arrays.
 */
function complexSize(bytes: Uint8Array, id: number, at: number, op: number): number {
  if (TEXT_PROPERTIES.has(id) || id === HYPERLINK || op < 6) return op;
  const cb = u16(bytes, at + 4);
  // An element size of 0xFFF0 and up is negative: a quarter of its magnitude is the element's size.
  const element = cb >= 0xfff0 ? (0x10000 - cb) >> 2 : cb;
  return u16(bytes, at) * element === op ? op + 6 : op;
}

/**
 * The texts of every shape property table under the roots: names, alt texts, tooltips, WordArt and hyperlink strings.
 * A table's complex data follows its fixed 6-byte entries in their order; a table whose complex data does not fill
 * its record exactly is not read (its offsets cannot be trusted, and a wrong guess would write into other data).
 */
export function drawingTexts(streams: DocStreams, roots: readonly DrawingRoot[]): { texts: DrawingText[]; unreadTables: number } {
  const texts: DrawingText[] = [];
  let unreadTables = 0;
  for (const root of roots) {
    const bytes = streams[root.stream]!;
    for (const rec of walkRecords(bytes, root.record)) {
      if (!PROPERTY_TABLES.has(rec.type)) continue;
      const found: DrawingText[] = [];
      let at = rec.dataAt + 6 * rec.instance;
      for (let i = 0; i < rec.instance && at <= rec.end; i++) {
        const opid = u16(bytes, rec.dataAt + 6 * i);
        if (!(opid & COMPLEX)) continue;
        const id = opid & 0x3fff;
        const size = complexSize(bytes, id, at, u32(bytes, rec.dataAt + 6 * i + 2));
        const end = at + size;
        if (end > rec.end) break;
        const kind = TEXT_PROPERTIES.get(id);
        if (kind) found.push({ kind, stream: root.stream, at, text: stringAt(bytes, at, end) });
        else if (id === HYPERLINK)
          for (const run of printableRuns(bytes, at, end)) found.push({ kind: 'text', stream: root.stream, ...run });
        at = end;
      }
      if (at === rec.end) texts.push(...found);
      else unreadTables++;
    }
  }
  return { texts, unreadTables };
}

/**
 * Writes each edit into the shape's text in place, the same length (`fitReplacement`, as in the document text).
 * Returns the edits as written, without the padding.
 */
export function redactDrawingText(bytes: Uint8Array, dt: DrawingText, edits: readonly Edit[]): Edit[] {
  return edits.map((edit) => {
    const fitted = fitReplacement(edit.replacement, edit.end - edit.start);
    for (let k = 0; k < fitted.length; k++) {
      const unit = fitted.charCodeAt(k);
      bytes[dt.at + 2 * (edit.start + k)] = unit & 0xff;
      bytes[dt.at + 2 * (edit.start + k) + 1] = unit >> 8;
    }
    return asWritten(edit, fitted.trimEnd());
  });
}
