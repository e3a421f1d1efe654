import { afterEach, describe, expect, it, vi } from 'vitest';
import { frontDecode, NAMES } from '../../src/detection/lexicons/front-coding.js';
import { browserAssets } from '../../src/platform/browser/assets.js';
import { browserLexicons, LEXICON_CACHE } from '../../src/platform/browser/lexicons.js';

const urls = browserAssets(globalThis.location.href).lexicons;

/** What Cache Storage holds for a URL now. */
async function cachedText(url: string): Promise<string | undefined> {
  return (await (await caches.open(LEXICON_CACHE)).match(url))?.text();
}

/**
 * Offline as the page's code sees it: every fetch fails with the browser's TypeError. In the page, not through the
 * runner's network cut (commands.setOffline): under a full CI run, with a Service Worker test before it, every
 * command of this file once hung until its timeout, hooks included.
 */
function goOffline(): void {
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the word lists in the browser', () => {
  it('come from the bundled files, checked against the manifest, and stay for offline use', async () => {
    await caches.delete(LEXICON_CACHE);
    const online = await browserLexicons(urls);
    expect(frontDecode(online.places.trimEnd(), NAMES)).toContain('Wuppertal');
    // The cache is written after the lists are handed over.
    const ids = Object.keys(urls) as (keyof typeof urls)[];
    await expect.poll(() => Promise.all(ids.map((id) => cachedText(urls[id])))).toEqual(ids.map((id) => online[id]));
    goOffline();
    const offline = await browserLexicons(urls);
    expect(offline).toEqual(online);
  });

  it('never use a kept copy that does not match its hash, and replace it once online', async () => {
    const cache = await caches.open(LEXICON_CACHE);
    await cache.put(urls.places, new Response('Nowhere\n'));
    goOffline();
    await expect(browserLexicons(urls)).rejects.toMatchObject({
      problem: { status: 500, detail: 'The word list places could not be fetched.' },
    });
    vi.unstubAllGlobals();
    const texts = await browserLexicons(urls);
    expect(frontDecode(texts.places.trimEnd(), NAMES)).toContain('Wuppertal');
    await expect.poll(() => cachedText(urls.places)).toBe(texts.places);
  });

  it('fail with a 500 naming the list when it can be had neither from the cache nor the network', async () => {
    await caches.delete(LEXICON_CACHE);
    goOffline();
    await expect(browserLexicons(urls)).rejects.toMatchObject({
      problem: { status: 500, detail: expect.stringMatching(/^The word list .+ could not be fetched\.$/) },
    });
  });
});
