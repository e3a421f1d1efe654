// Image bench in Chromium: faces in workers/face.worker.ts at 1 MP and 12 MP, OCR per image (tesseract.js in the
// page's nested worker). A Vite dev server (this project's config: COOP/COEP, /vendor/tessdata) serves
// test/bench/browser/images.html; playwright-core drives Debian's chromium and aborts (and counts) any request that
// is not to the local server. Run: npm run bench:images:browser [-- --runs N]
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../chromium.js';
import { createServer } from 'vite';

const root = resolve(import.meta.dirname, '..', '..');
const corpus = resolve(root, '..', 'shared', 'corpus');
const runsAt = process.argv.indexOf('--runs');
const runs = runsAt > 0 ? Number(process.argv[runsAt + 1]) : 3;

const server = await createServer({
  configFile: join(root, 'vite.config.ts'),
  root,
  logLevel: 'warn',
  server: { host: '127.0.0.1', port: 5191, strictPort: false, hmr: false, watch: null },
  optimizeDeps: { entries: ['test/bench/browser/images.html'] },
});
await server.listen();
const origin = server.resolvedUrls!.local[0]!.replace(/\/$/, '');
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});
let foreign = 0;
try {
  const context = await browser.newContext();
  await context.route('**/*', (route) => {
    if (new URL(route.request().url()).origin === origin) return route.continue();
    foreign++;
    return route.abort();
  });
  const page = await context.newPage();
  await page.goto(`${origin}/test/bench/browser/images.html?runs=${runs}&corpus=${encodeURIComponent(corpus)}`);
  await page.waitForFunction(() => window.__images?.done === true, undefined, { timeout: 900_000, polling: 500 });
  const result = (await page.evaluate(() => window.__images))!;
  if (result.error) throw new Error(result.error);
  const lines = ['| step | image | median ms | min ms |', '|---|---|---|---|'];
  for (const r of result.rows) lines.push(`| ${r.step} | ${r.image} | ${Math.round(r.median)} | ${Number.isNaN(r.min) ? '–' : Math.round(r.min)} |`);
  process.stdout.write(`${lines.join('\n')}\n\nChromium ${browser.version()}, ${runs} timed runs after one warm-up; requests to other origins: ${foreign}.\n`);
} finally {
  await browser.close();
  await server.close();
}
