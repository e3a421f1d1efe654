import { invalidFile } from '../errors/problem.js';
import { concatBytes } from '../bytes/concat-bytes.js';
import type { DocumentAdapter, SniffedType } from './adapter.js';

/** A format's claim on a file: the adapter that reads it, and what its sniff rule read. */
export interface Claim {
  adapter: DocumentAdapter;
  sniffed: SniffedType;
}

/** `a, b or c`. */
function either(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/**
 * Decides a file's format from its bytes only, never from a name or MIME type: the first adapter whose sniff rule
 * claims them reads them. The order of `adapters` is precedence, so a polyglot is read as exactly one format. A file
 * that no adapter claims is 422 INVALID_FILE.
 */
export function sniffDocument(adapters: readonly DocumentAdapter[], bytes: Uint8Array): Claim {
  for (const adapter of adapters) {
    const sniffed = adapter.sniff(bytes);
    if (sniffed) return { adapter, sniffed };
  }
  throw invalidFile(`The file type is not supported (${either(adapters.flatMap((a) => a.formats))} expected).`);
}

/** Bytes of a disk-backed file read to sniff it: its head, and its tail (a ZIP's central directory). */
const SNIFF_WINDOW = 64 * 1024;

/** `sniffDocument` for bytes or a (disk-backed) Blob, which is read only at its head and tail. */
export async function sniffFile(adapters: readonly DocumentAdapter[], file: Uint8Array | Blob): Promise<Claim> {
  if (file instanceof Uint8Array) return sniffDocument(adapters, file);
  const head = new Uint8Array(await file.slice(0, SNIFF_WINDOW).arrayBuffer());
  if (file.size <= SNIFF_WINDOW) return sniffDocument(adapters, head);
  const tail = new Uint8Array(await file.slice(Math.max(SNIFF_WINDOW, file.size - SNIFF_WINDOW)).arrayBuffer());
  return sniffDocument(adapters, concatBytes([head, tail]));
}
