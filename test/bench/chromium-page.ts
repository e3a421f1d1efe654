// One bench page in Chromium: this project's Vite config serves it (COOP/COEP, same-origin assets), playwright-core
// drives Debian's chromium, and every request to another origin is aborted and counted.
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../chromium.js';

const root = resolve(import.meta.dirname, '..', '..');

/** What a bench page publishes on `window[resultName]` when it is finished. */
export interface PageOutcome {
  done: boolean;
  error?: string;
}

/**
 * Opens `page` (a path from the project root, with its query) and waits up to 15 minutes for
 * `window[resultName].done`; throws the page's error. Returns the page's result, the browser version and how many
 * requests went to other origins (aborted).
 */
export async function runBenchPage<T extends PageOutcome>(page: string, resultName: string, port: number): Promise<{ result: T; version: string; foreign: number }> {
  const server = await createServer({
    configFile: join(root, 'vite.config.ts'),
    root,
    logLevel: 'warn',
    server: { host: '127.0.0.1', port, strictPort: false, hmr: false, watch: null },
    optimizeDeps: { entries: [page.split('?')[0]!] },
  });
  await server.listen();
  const origin = server.resolvedUrls!.local[0]!.replace(/\/$/, '');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  let foreign = 0;
  try {
    const context = await browser.newContext();
    await context.route('**/*', (route) => {
      if (new URL(route.request().url()).origin === origin) return route.continue();
      foreign++;
      return route.abort();
    });
    const tab = await context.newPage();
    await tab.goto(`${origin}/${page}`);
    await tab.waitForFunction((name) => (window as unknown as Record<string, PageOutcome | undefined>)[name]?.done === true, resultName, { timeout: 900_000, polling: 500 });
    const result = (await tab.evaluate((name) => (window as unknown as Record<string, unknown>)[name], resultName)) as T;
    if (result.error) throw new Error(result.error);
    return { result, version: browser.version(), foreign };
  } finally {
    await browser.close();
    await server.close();
  }
}
