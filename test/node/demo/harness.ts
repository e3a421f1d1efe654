// What the demo's end-to-end tests share: the build (dist/demo by Vite into a temporary folder, or DEMO_DIST's), and
// a browser context that aborts and records every request to another origin and records console errors and CSP
// messages of pages, workers and service workers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { build } from 'vite';

export const root = join(import.meta.dirname, '..', '..', '..');
export const LAPTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };
/** The longest single wait (a cold start, a document): about 10× what it takes on a quiet machine. */
export const LOADED = 90_000;

/** What a test run saw that it must not have: requests to other origins, console errors and CSP messages. */
export interface Guard {
  foreign: string[];
  consoleErrors: string[];
}

/**
 * The demo built for a test: DEMO_DIST=dist/demo reuses a build (npm run build:demo); by default a production build
 * into a temporary folder, removed by `remove()`. `buildMs` is null for a reused build.
 */
export async function builtDemo(): Promise<{ dist: string; buildMs: number | null; remove(): void }> {
  if (process.env.DEMO_DIST) return { dist: join(root, process.env.DEMO_DIST), buildMs: null, remove: () => undefined };
  const dist = mkdtempSync(join(tmpdir(), 'demo-dist-'));
  const t0 = Date.now();
  // A production build as `npm run build:demo` makes it (vitest sets NODE_ENV=test, which Vite would follow).
  const env = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: join(root, 'vite.demo.config.ts'), logLevel: 'error', build: { outDir: dist, emptyOutDir: true } });
  } finally {
    process.env.NODE_ENV = env;
  }
  return { dist, buildMs: Date.now() - t0, remove: () => rmSync(dist, { recursive: true, force: true }) };
}

/** A context in which only `origin` answers: any other request is aborted and recorded in `guard`, as console errors are. */
export async function guardedContext(browser: Browser, origin: string, guard: Guard, viewport = LAPTOP): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, acceptDownloads: true, serviceWorkers: 'allow' });
  // Every wait is sized for a loaded 2-core machine (docs/measurements.md): Playwright's own 30 s per action and
  // navigation was not.
  context.setDefaultTimeout(LOADED);
  await context.route('**/*', (route) => {
    const u = route.request().url();
    if (u.startsWith(origin)) return route.continue();
    guard.foreign.push(u);
    return route.abort('blockedbyclient');
  });
  const record = (where: string) => (m: { type(): string; text(): string }) => {
    if (m.type() === 'error' || /Content Security Policy|Refused to/i.test(m.text())) guard.consoleErrors.push(`${where}: ${m.text()}`);
  };
  context.on('serviceworker', (w) => w.on('console', record(`service worker ${w.url()}`)));
  context.on('page', (page) => {
    page.on('console', record('page'));
    page.on('pageerror', (e) => guard.consoleErrors.push(`pageerror: ${e.message}`));
    page.on('worker', (w) => w.on('console', record(`worker ${w.url()}`)));
  });
  return context;
}
