// One bench page in Chromium: this project's Vite config serves it (COOP/COEP, same-origin assets), playwright-core
// drives Debian's chromium, and every request to another origin is aborted and counted.
import { readdirSync, readFileSync } from 'node:fs';
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

/** One sample of the memory of the Chromium processes this bench started. */
export interface MemorySample {
  /** Wall clock (ms since the epoch), comparable with `Date.now()` in the page. */
  at: number;
  /** Sum of the proportional set sizes (PSS: shared pages split between their users) of every Chromium process. */
  pssMB: number;
}

/** PSS of every Chromium process descending from this Node process (Linux /proc), in MB. */
function chromiumPssMB(): number {
  const parent = new Map<number, number>();
  const comm = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      comm.set(Number(entry), stat.slice(stat.indexOf('(') + 1, close));
      parent.set(Number(entry), Number(stat.slice(close + 2).split(' ')[1]));
    } catch {
      // the process ended while we looked
    }
  }
  const ours = (pid: number): boolean => {
    for (let p = parent.get(pid); p !== undefined && p > 1; p = parent.get(p)) if (p === process.pid) return true;
    return false;
  };
  let kb = 0;
  for (const [pid, name] of comm) {
    if (!/chrom/i.test(name) || !ours(pid)) continue;
    try {
      kb += Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
    } catch {
      // gone
    }
  }
  return Math.round(kb / 1024);
}

/**
 * Opens `page` (a path from the project root, with its query) and waits up to 15 minutes for
 * `window[resultName].done`; throws the page's error. Returns the page's result, the browser version and how many
 * requests went to other origins (aborted), with the Chromium processes' memory sampled every 100 ms.
 */
export async function runBenchPage<T extends PageOutcome>(
  page: string,
  resultName: string,
  port: number,
): Promise<{ result: T; version: string; foreign: number; memory: MemorySample[] }> {
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
  const memory: MemorySample[] = [];
  const sampler = setInterval(() => memory.push({ at: Date.now(), pssMB: chromiumPssMB() }), 100);
  try {
    const context = await browser.newContext();
    await context.route('**/*', (route) => {
      if (new URL(route.request().url()).origin === origin) return route.continue();
      foreign++;
      return route.abort();
    });
    const tab = await context.newPage();
    await tab.goto(`${origin}/${page}`);
    await tab.waitForFunction((name) => (window as unknown as Record<string, PageOutcome | undefined>)[name]?.done === true, resultName, {
      timeout: 900_000,
      polling: 500,
    });
    const result = (await tab.evaluate((name) => (window as unknown as Record<string, unknown>)[name], resultName)) as T;
    if (result.error) throw new Error(result.error);
    return { result, version: browser.version(), foreign, memory };
  } finally {
    clearInterval(sampler);
    await browser.close();
    await server.close();
  }
}
