import manifest from '../../../lexicons/manifest.json' with { type: 'json' };
import { sha256Hex } from '../../bytes/sha256.js';
import type { LexiconTexts } from '../../detection/lexicons/load.js';
import { readLexicons } from '../../detection/lexicons/load.js';
import type { LexiconEntry, LexiconId, LexiconManifest } from '../../detection/lexicons/manifest.js';
import { internalError } from '../../errors/problem.js';

/** The Cache Storage bucket that keeps the word lists for offline use (as `MODEL_CACHE` keeps the models). */
export const LEXICON_CACHE = 'local-anonymizer-lexicons-v1';

/**
 * The browser: the shipped word lists from the app's own origin (bundled beside the code, or under `assetsBaseUrl`),
 * checked against the manifest bundled with the code. A copy in Cache Storage with the manifest's hash is used first
 * (a Service Worker restarted offline still has them); a stale copy is replaced.
 */
export function browserLexicons(urls: Record<LexiconId, string>): Promise<LexiconTexts> {
  const lexicons = manifest as LexiconManifest;
  const byPath = new Map(lexicons.lexicons.map((e) => [e.path, e]));
  return readLexicons(lexicons, async (path) => {
    const entry = byPath.get(path);
    if (entry === undefined) throw internalError(`The word list ${path} is not in the manifest.`);
    return cachedOrFetched(entry, urls[entry.id]);
  });
}

async function cachedOrFetched(entry: LexiconEntry, url: string): Promise<Uint8Array> {
  const cache = await globalThis.caches?.open(LEXICON_CACHE).catch(() => undefined);
  const hit = await cache?.match(url).catch(() => undefined);
  if (hit !== undefined) {
    const bytes = new Uint8Array(await hit.arrayBuffer());
    if ((await sha256Hex(bytes)) === entry.sha256) return bytes;
    await cache?.delete(url).catch(() => false);
  }
  const res = await fetch(url).catch(() => undefined);
  if (!res?.ok) throw internalError(`The word list ${entry.id} could not be fetched.`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  if ((await sha256Hex(bytes)) === entry.sha256) await cache?.put(url, new Response(bytes.slice())).catch(() => undefined);
  return bytes;
}
