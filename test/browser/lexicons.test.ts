import { commands } from 'vitest/browser';
import { afterEach, describe, expect, it } from 'vitest';
import { browserAssets } from '../../src/platform/browser/assets.js';
import { browserLexicons, LEXICON_CACHE } from '../../src/platform/browser/lexicons.js';

declare module 'vitest/browser' {
  interface BrowserCommands {
    setOffline: (offline: boolean) => Promise<void>;
  }
}

const urls = browserAssets(globalThis.location.href).lexicons;

afterEach(async () => {
  await commands.setOffline(false);
});

describe('the word lists in the browser', () => {
  it('come from the bundled files, checked against the manifest, and stay for offline use', async () => {
    await caches.delete(LEXICON_CACHE);
    const online = await browserLexicons(urls);
    expect(online.places.split('\n')).toContain('Wuppertal');
    await commands.setOffline(true);
    const offline = await browserLexicons(urls);
    expect(offline).toEqual(online);
  });

  it('replace a cached copy that no longer matches its hash', async () => {
    const cache = await caches.open(LEXICON_CACHE);
    await cache.put(urls.places, new Response('Nowhere\n'));
    const texts = await browserLexicons(urls);
    expect(texts.places.split('\n')).toContain('Wuppertal');
    expect(await (await cache.match(urls.places))!.text()).toBe(texts.places);
  });

  it('fail with a 500 naming the list when it can be had neither from the cache nor the network', async () => {
    await caches.delete(LEXICON_CACHE);
    await commands.setOffline(true);
    await expect(browserLexicons(urls)).rejects.toMatchObject({
      problem: { status: 500, detail: expect.stringMatching(/^The word list .+ could not be fetched\.$/) },
    });
  });
});
