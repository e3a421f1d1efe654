import type { DocumentAdapter, DocumentImage } from '../documents/adapter.js';
import { sniffDocument } from '../documents/sniff.js';
import type { Claim } from '../documents/sniff.js';
import { invalidPathParam } from '../errors/problem.js';
import type { PiiPageEntry } from '../spec/types.js';
import type { DocumentStore } from '../store/store.js';

/** An `xref` path segment: a non-negative decimal integer below 2^31, else 400 `INVALID_PATH_PARAM`; null names nothing. */
export function parseImageXref(value: number | string): number | null {
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw invalidPathParam('xref');
    return value >= 0 && value < 2 ** 31 ? value : null;
  }
  if (!/^\d{1,32}$/.test(value)) throw invalidPathParam('xref');
  const n = Number(value);
  return n < 2 ** 31 ? n : null;
}

/**
 * The image that an entry of document `id`'s PII record (`pageData`) names by `xref`, from the stored files: the format
 * that claims the original serves it (`DocumentAdapter.image`). Null when no entry names it, the original is gone,
 * or the format has no image by that number that it can serve.
 */
export async function storedImage(
  store: DocumentStore,
  adapters: readonly DocumentAdapter[],
  id: number,
  pageData: readonly PiiPageEntry[],
  xref: number | string,
): Promise<DocumentImage | null> {
  const x = parseImageXref(xref);
  const page = x === null ? undefined : pageData.find((p) => p.imagesData.some((i) => i.xref === x));
  const original = page ? await store.getFile(id, 'original') : undefined;
  const claim = original ? claimOf(adapters, original) : null;
  if (!claim || !page) return null;
  return claim.adapter.image(original!, claim.sniffed, { xref: x!, pageNum: page.pageNum, result: () => store.getFile(id, 'result') });
}

/** The format of a stored original; null when none claims it any more (the formats differ from those at upload). */
function claimOf(adapters: readonly DocumentAdapter[], original: Uint8Array): Claim | null {
  try {
    return sniffDocument(adapters, original);
  } catch {
    return null;
  }
}
