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
 * checked against the manifest bundled with the code. The network (and so the HTTP cache) first: opening Cache
 * Storage costs a fresh page more than the lists' own download. A list that cannot be fetched comes from the copy kept
 * in Cache Storage when that has the manifest's hash (a Service Worker restarted offline still detects); lists fetched
 * and checked are kept there afterwards, without holding up the first detection.
 */
export async function browserLexicons(urls: Record<LexiconId, string>): Promise<LexiconTexts> {
  const lexicons = manifest as LexiconManifest;
  const byPath = new Map(lexicons.lexicons.map((e) => [e.path, e]));
  const fetched: Array<[url: string, bytes: Uint8Array]> = [];
  const texts = await readLexicons(lexicons, async (path) => {
    const entry = byPath.get(path);
    if (entry === undefined) throw internalError(`The word list ${path} is not in the manifest.`);
    const url = urls[entry.id];
    const res = await fetch(url).catch(() => undefined);
    if (res?.ok) {
      const bytes = new Uint8Array(await res.arrayBuffer());
      fetched.push([url, bytes]);
      return bytes;
    }
    const cached = await cachedCopy(url, entry);
    if (cached === undefined) throw internalError(`The word list ${entry.id} could not be fetched.`);
    return cached;
  });
  // Every list matched its hash (readLexicons checked): those from the network are kept for offline use.
  if (fetched.length > 0) void keep(fetched);
  return texts;
}

async function openCache(): Promise<Cache | undefined> {
  return globalThis.caches?.open(LEXICON_CACHE).catch(() => undefined);
}

/** The kept copy of a list when it has the manifest's hash. */
async function cachedCopy(url: string, entry: LexiconEntry): Promise<Uint8Array | undefined> {
  const hit = await (await openCache())?.match(url).catch(() => undefined);
  if (hit === undefined) return undefined;
  const bytes = new Uint8Array(await hit.arrayBuffer());
  return (await sha256Hex(bytes)) === entry.sha256 ? bytes : undefined;
}

async function keep(lists: ReadonlyArray<readonly [url: string, bytes: Uint8Array]>): Promise<void> {
  const cache = await openCache();
  await Promise.all(lists.map(([url, bytes]) => cache?.put(url, new Response(bytes.slice())).catch(() => undefined)));
}
