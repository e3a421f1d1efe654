import CFB from 'cfb';

/** CFB directory entry types ([MS-CFB] 2.6.1). */
const STREAM = 2;
const STORAGE = 1;

/** The class id of a Word 97–2003 document (`Word.Document.8`), as bytes in file order: a constant, not the input's. */
const WORD_CLSID = '0609020000000000c000000000000046';

/** What the writer must never leave: SheetJS's placeholder stream, which its writer adds to every container. */
const PLACEHOLDER = '\u0001Sh33tJ5';

/**
 * The top level of a Compound File: its streams by upper-cased name ([MS-CFB] compares names case-insensitively, so
 * Word reads a stream named `WORDDOCUMENT` as its WordDocument stream), and the names of its storages (never read).
 */
export interface Container {
  streams: ReadonlyMap<string, Uint8Array>;
  storages: readonly string[];
}

/** The stream of that name, compared as [MS-CFB] compares names. */
export function streamOf(container: Container, name: string): Uint8Array | undefined {
  return container.streams.get(name.toUpperCase());
}

/** Entry content as our own bytes (the parser gives a Buffer or a plain array). */
function bytesOf(content: CFB.CFB$Blob | undefined): Uint8Array {
  return content ? Uint8Array.from(content) : new Uint8Array();
}

/**
 * Reads the top level of a Compound File. A name given twice (case-insensitively, as [MS-CFB] compares names) is
 * refused: Word and LibreOffice might read the other one than we anonymize.
 */
export function readContainer(bytes: Uint8Array): Container {
  const cfb = CFB.read(bytes, { type: 'buffer' });
  const root = cfb.FullPaths[0] ?? '';
  const streams = new Map<string, Uint8Array>();
  const storages: string[] = [];
  const seen = new Set<string>();
  cfb.FileIndex.forEach((entry, i) => {
    const path = cfb.FullPaths[i] ?? '';
    if (i === 0 || !path.startsWith(root)) return;
    const rest = path.slice(root.length);
    const name = rest.endsWith('/') ? rest.slice(0, -1) : rest;
    if (name === '' || name.includes('/')) return;
    if (entry.type !== STREAM && entry.type !== STORAGE) return;
    const key = name.toUpperCase();
    if (seen.has(key)) throw new Error('duplicate entry name');
    seen.add(key);
    if (entry.type === STREAM) streams.set(key, bytesOf(entry.content));
    else storages.push(name);
  });
  return { streams, storages };
}

/**
 * A new Compound File holding exactly `streams` at its top level: written from scratch, so no free sector, old
 * directory entry or timestamp of the input can survive (the writer stores no dates, and every class id is zero
 * except the root's Word class id). SheetJS's writer re-adds its placeholder stream whenever it is missing; an
 * entry of type 0 (unused) under that name passes its check and is left out of the written directory.
 */
export function writeContainer(streams: ReadonlyArray<readonly [string, Uint8Array]>): Uint8Array {
  const cfb = CFB.utils.cfb_new({ CLSID: WORD_CLSID });
  for (const [name, bytes] of streams) CFB.utils.cfb_add(cfb, `/${name}`, bytes);
  const placeholder = CFB.find(cfb, `/${PLACEHOLDER}`);
  if (placeholder) placeholder.type = 0;
  const out: Uint8Array = CFB.write(cfb, { type: 'array' });
  return Uint8Array.from(out);
}
