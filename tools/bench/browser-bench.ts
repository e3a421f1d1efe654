/**
 * NER runtime in Chromium: a programmatic Vite dev server (project root, COOP/COEP so the page is cross-origin
 * isolated) serves tools/bench/browser/index.html; playwright-core drives Debian's chromium (never a downloaded one),
 * aborting and counting every request that is not to the local server (must be 0). Each pass opens every page in a
 * fresh browser context (empty caches):
 * - cold start, one runtime per page: ours 1 and 2 threads, transformers.js 1 and 2 threads (its own ORT build),
 *   transformers.js 1 thread on our ORT module;
 * - throughput, ours and transformers.js in ONE page timed in alternating rounds (machine load hits both alike;
 *   same model, same input): 1 thread, 2 threads, and 1 thread with transformers.js on our ORT module (its
 *   onnxruntime hook: the pipelines compared on the same WASM build);
 * - the product's `text()` through workers/ner.worker.ts, cross-origin isolated (2 threads) and not (1 thread).
 *
 *   npm run bench:browser [-- --model DIR] [--passes N] [--runs N] [--warmup N]
 *
 * Model: --model DIR (inside the project: Vite serves it), else models/ner, else test/fixtures/models/tiny-ner
 * (noted). Never run in tests; no timing assertions.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { loadavg } from 'node:os';
import { extname, join, relative, resolve, sep } from 'node:path';
import type { Browser } from 'playwright-core';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../chromium.js';
import type { Plugin } from 'vite';
import { createServer } from 'vite';
import { formatTable } from '../../tools/eval/table.js';
import type { PageResult, PageStatus } from './ner-common.js';
import { BUDGET_CHARS, fmt, median } from './ner-common.js';
import { argNumber, benchModelDir, describeModel, peerModelLayout, peerPieceTokens, projectRoot } from './ner-model-dir.js';

const PASSES = argNumber('--passes', 3);
const RUNS = argNumber('--runs', 20);
const WARMUP = argNumber('--warmup', 3);
const PAGE_TIMEOUT_MS = argNumber('--page-timeout', 240_000);
const out = (line = '') => process.stdout.write(`${line}\n`);
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

const TYPES: Record<string, string> = {
  '.json': 'application/json',
  '.onnx': 'application/octet-stream',
  '.wasm': 'application/wasm',
  '.mjs': 'text/javascript',
};

/** Serves files of `dir` under `prefix` (no listing, no escaping the directory). */
function serveDir(prefix: string, dir: string) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const path = decodeURIComponent((req.url ?? '').split('?')[0] ?? '');
    if (!path.startsWith(prefix)) return next();
    const file = resolve(dir, `.${path.slice(prefix.length - 1)}`);
    if (!file.startsWith(dir + sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.statusCode = 404;
      res.end();
      return;
    }
    res.setHeader('Content-Type', TYPES[extname(file)] ?? 'application/octet-stream');
    res.setHeader('Content-Length', String(statSync(file).size));
    createReadStream(file).pipe(res);
  };
}

/**
 * COOP/COEP on every response (cross-origin isolation: SharedArrayBuffer, ORT threads) except the page itself when
 * it asks for `coi=0` (a non-isolated page: its workers get 1 thread); the peer's model layout and ORT files.
 */
function benchPlugin(peerRoot: string, peerOrtDir: string): Plugin {
  return {
    name: 'ner-bench',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = req.url ?? '';
        if (!(url.startsWith('/tools/bench/browser/') && /[?&]coi=0\b/.test(url))) {
          res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
          res.setHeader('Cross-Origin-Embedder-Policy', 'require-corp');
        }
        next();
      });
      server.middlewares.use(serveDir('/__peer-model/', peerRoot));
      server.middlewares.use(serveDir('/__peer-ort/', peerOrtDir));
    },
  };
}

/** transformers.js's own onnxruntime-web (nested when its version differs from ours). */
function peerOrtDist(): string {
  const nested = join(projectRoot, 'node_modules', '@huggingface', 'transformers', 'node_modules', 'onnxruntime-web', 'dist');
  return existsSync(nested) ? nested : join(projectRoot, 'node_modules', 'onnxruntime-web', 'dist');
}

interface Mode {
  key: string;
  /** cold: one runtime, for its cold start; pair: ours vs transformers.js throughput; engine: the product's text(). */
  kind: 'cold' | 'pair' | 'engine';
  query: Record<string, string>;
}

async function runPage(browser: Browser, origin: string, query: Record<string, string>, blocked: string[]): Promise<PageResult> {
  const context = await browser.newContext();
  const logs: string[] = [];
  try {
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (new URL(url).origin === origin) return route.continue();
      blocked.push(url);
      return route.abort();
    });
    const page = await context.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') logs.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
    await page.goto(`${origin}/tools/bench/browser/index.html?${new URLSearchParams(query).toString()}`);
    await page.waitForFunction(() => window.__bench?.done === true, undefined, { timeout: PAGE_TIMEOUT_MS, polling: 250 });
    const status = (await page.evaluate(() => window.__bench)) as PageStatus;
    if (!status.done) throw new Error('page not done');
    if ('error' in status) throw new Error(`${status.error}\n${logs.join('\n')}`);
    status.result.series[0]?.notes.push(...logs.filter((l) => !/SharedArrayBuffer|numThreads/i.test(l)).slice(0, 5));
    return status.result;
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  out(
    `NER bench in Chromium (/usr/bin/chromium, headless): ${PASSES} passes x (${WARMUP} warm-up + ${RUNS} timed runs) per mode and fixture`,
  );
  out(`load average at start: ${load()}`);
  const { dir, fallback } = benchModelDir(out);
  out(`model ${describeModel(dir)}`);
  const rel = relative(projectRoot, dir);
  if (rel.startsWith('..')) throw new Error(`--model must lie inside the project (served by Vite): ${dir}`);
  const modelUrl = `/${rel.split(sep).join('/')}/`;
  const layout = peerModelLayout(dir);
  for (const n of layout.notes) out(`peer layout: ${n}`);

  const server = await createServer({
    configFile: false,
    root: projectRoot,
    logLevel: 'warn',
    clearScreen: false,
    server: { host: '127.0.0.1', port: 5190, strictPort: false, hmr: false, watch: null },
    // Found late, deps would make Vite re-optimise and reload a running page: all named up front.
    optimizeDeps: {
      entries: ['tools/bench/browser/index.html'],
      include: ['comlink', 'valibot', '@huggingface/tokenizers', '@huggingface/transformers'],
      exclude: ['onnxruntime-web'],
    },
    worker: { format: 'es' },
    plugins: [benchPlugin(layout.root, peerOrtDist())],
  });
  await server.listen();
  const address = server.httpServer?.address();
  if (!address || typeof address === 'string') throw new Error('no server address');
  const origin = `http://127.0.0.1:${address.port}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const blocked: string[] = [];
  try {
    const common = { model: modelUrl, runs: String(RUNS), warmup: String(WARMUP) };
    // The peer gets pieces of the model's maximum input (what its pipeline takes without truncating).
    const peerFiles = { peerRoot: '/__peer-model/', peerName: layout.name, peerOrt: '/__peer-ort/', window: String(peerPieceTokens(dir)) };
    const peer = { ...peerFiles, peer: 'transformers' };
    const pair = { ...peerFiles, pair: 'transformers' };
    const single = { runs: '1', warmup: '0' };
    const modes: Mode[] = [
      // Cold start: one runtime per fresh page (and one timed call, not reported).
      { key: 'ours-1', kind: 'cold', query: { ...common, ...single, threads: '1' } },
      { key: 'peer-1', kind: 'cold', query: { ...common, ...single, ...peer, threads: '1' } },
      { key: 'ours-2', kind: 'cold', query: { ...common, ...single, threads: '2' } },
      { key: 'peer-2', kind: 'cold', query: { ...common, ...single, ...peer, threads: '2' } },
      { key: 'peer-ours-ort-1', kind: 'cold', query: { ...common, ...single, ...peer, ort: 'ours', threads: '1' } },
      // Throughput: ours and the peer in one page, alternating rounds.
      { key: 'pair-1', kind: 'pair', query: { ...common, ...pair, threads: '1' } },
      { key: 'pair-2', kind: 'pair', query: { ...common, ...pair, threads: '2' } },
      { key: 'pair-ours-ort-1', kind: 'pair', query: { ...common, ...pair, ort: 'ours', threads: '1' } },
      // The product's text(): cold start and throughput.
      { key: 'engine-iso', kind: 'engine', query: { ...common, engine: 'text' } },
      { key: 'engine-1', kind: 'engine', query: { ...common, engine: 'text', coi: '0' } },
    ];
    // One unmeasured visit per mode: Vite transforms and pre-bundles on first request, not in a timed pass.
    out('warming the dev server (one unmeasured visit per mode) ...');
    for (const m of modes) await runPage(browser, origin, { ...m.query, ...single }, blocked);

    const results = new Map<string, PageResult[]>();
    const loadBefore = load();
    for (let pass = 0; pass < PASSES; pass++) {
      for (const m of modes) {
        const r = await runPage(browser, origin, m.query, blocked);
        results.set(m.key, [...(results.get(m.key) ?? []), r]);
      }
    }
    const loadAfter = load();
    report(modes, results, loadBefore, loadAfter, blocked);
    if (fallback) out('(fixture model: rerun when models/ner exists)');
  } finally {
    await browser.close();
    await server.close();
    layout.cleanup();
  }
  if (blocked.length > 0) process.exitCode = 1;
}

/** Timed runs of series `j` of a mode on one fixture, pooled over all passes (rounds stay aligned across series). */
function pooled(rs: readonly PageResult[], j: number, fixture: string): { ms: number[]; tokens: number; chars: number } {
  const all = rs.flatMap((r) => r.series[j]?.fixtures.filter((f) => f.name === fixture) ?? []);
  return { ms: all.flatMap((f) => f.ms), tokens: all[0]?.tokens ?? 0, chars: all[0]?.chars ?? 0 };
}

function report(
  modes: readonly Mode[],
  results: Map<string, PageResult[]>,
  loadBefore: string,
  loadAfter: string,
  blocked: readonly string[],
): void {
  const fixtures = [...results.values()][0]?.[0]?.series[0]?.fixtures.map((f) => f.name) ?? [];
  const rows: string[][] = [
    [
      'runtime',
      'page',
      'isolated',
      'numThreads',
      'fixture',
      'chars',
      'tokens',
      'runs',
      'median ms',
      'min ms',
      `ms/${BUDGET_CHARS} chars`,
      'tokens/s',
      'ours÷peer',
      'paired',
    ],
  ];
  const ratioLines: string[] = [];
  for (const m of modes) {
    if (m.kind === 'cold') continue;
    const rs = results.get(m.key) ?? [];
    const r0 = rs[0];
    if (!r0) continue;
    const perFixture: string[] = [];
    for (const [j, s] of r0.series.entries()) {
      for (const name of fixtures) {
        const p = pooled(rs, j, name);
        const med = median(p.ms);
        let ratio = '';
        let paired = '';
        if (m.kind === 'pair' && j === 0) {
          const peerMs = pooled(rs, 1, name).ms;
          const x = median(peerMs) / med;
          const y = median(p.ms.map((v, k) => (peerMs[k] ?? Number.NaN) / v));
          const z = Math.min(...peerMs) / Math.min(...p.ms);
          ratio = fmt.ratio(x);
          paired = fmt.ratio(y);
          perFixture.push(`${name} ${fmt.ratio(x)} (paired ${fmt.ratio(y)}, on min ${fmt.ratio(z)})`);
        }
        rows.push([
          s.runtime,
          m.key,
          r0.crossOriginIsolated ? 'yes' : 'no',
          s.numThreads < 0 ? '-' : String(s.numThreads),
          name,
          String(p.chars),
          String(p.tokens),
          String(p.ms.length),
          fmt.ms(med),
          fmt.ms(Math.min(...p.ms)),
          fmt.ms((med * BUDGET_CHARS) / p.chars),
          fmt.int(p.tokens / (med / 1000)),
          ratio,
          paired,
        ]);
      }
    }
    if (perFixture.length > 0) ratioLines.push(`ratio ${m.key}: ours / ${r0.series[1]?.runtime ?? 'peer'}: ${perFixture.join('; ')}`);
  }
  out('');
  out('throughput, median per call over all passes; pair pages time ours and transformers.js in alternating rounds');
  out('(ours÷peer = peer median / our median; paired = median over rounds of peer/ours):');
  out(formatTable(rows).trimEnd());
  out(`load average (1/5/15 min): before the passes ${loadBefore}, after them ${loadAfter}`);

  const cold: string[][] = [
    ['runtime', 'page', 'passes', 'model ready ms (median)', 'first result ms (median)', 'first result ms (each pass)'],
  ];
  for (const m of modes) {
    if (m.kind === 'pair') continue;
    const rs = results.get(m.key) ?? [];
    const s0 = rs[0]?.series[0];
    if (!s0) continue;
    const firsts = rs.map((r) => r.series[0]!.coldStart.firstResultMs);
    cold.push([
      s0.runtime,
      m.key,
      String(rs.length),
      fmt.ms(median(rs.map((r) => r.series[0]!.coldStart.loadMs))),
      fmt.ms(median(firsts)),
      firsts.map((x) => x.toFixed(0)).join(' / '),
    ]);
  }
  out('');
  out('cold start, each in a fresh browser context (module import + model fetch + session [+ worker] + first result on letter-de):');
  out(formatTable(cold).trimEnd());
  for (const l of ratioLines) out(l);
  out('target: ours >= 2x transformers.js throughput');
  const notes = new Set(
    [...results.values()].flatMap((rs) => rs.flatMap((r) => r.series.flatMap((s) => s.notes.map((n) => `${s.runtime}: ${n}`)))),
  );
  for (const n of notes) out(`note: ${n}`);
  out(
    `requests to anything but the local server: ${blocked.length}${blocked.length ? ` (${[...new Set(blocked)].slice(0, 5).join(', ')})` : ''}`,
  );
}

await main();
