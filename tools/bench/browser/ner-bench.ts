/**
 * The NER bench page (driven by tools/bench/browser-bench.ts). Modes by query string:
 * - `?threads=1|2`: ours — the NER service (src/inference/ner-service.ts) on this page's thread with
 *   onnxruntime-web/wasm, its WASM from local `?url` files as src/inference/ort-browser.ts does, numThreads set
 *   before the first session;
 * - `?peer=transformers&threads=1|2`: the same model through transformers.js `pipeline('token-classification')`,
 *   local files only (remote off), its own onnxruntime-web build (asyncify WASM) from LOCAL files (it defaults to a
 *   CDN); with `&ort=ours`, on our onnxruntime-web/wasm module instead (its Symbol.for('onnxruntime') hook);
 * - `?pair=transformers&threads=1|2[&ort=ours]`: both in this page, timed in alternating rounds on the same input
 *   (load on the machine then hits both alike): the throughput comparison;
 * - `?engine=text`: the product path, `createAnonymizer().text()` with all labels (rules + the model
 *   in workers/ner.worker.ts, 2 threads when cross-origin isolated, else 1).
 * Common: `model` (served model directory URL), `runs`, `warmup`; peer: `peerRoot`, `peerName`, `peerOrt`, `window`.
 * Cold start (single modes) = runtime module import + model fetch + session + first result. Results: `window.__bench`.
 */
import { createAnonymizer } from '../../../src/platform/browser/text.js';
import { DEFAULT_LABEL_MAP } from '../../../src/inference/model-source.js';
import { createNerService } from '../../../src/inference/ner-service.js';
import { createOrtSessionFactory } from '../../../src/inference/session.js';
import type { NerTokenizer } from '../../../src/inference/tokenizer.js';
import { createTokenizer } from '../../../src/inference/tokenizer.js';
import { TEXT_LABELS } from '../../../src/spec/types.js';
import wasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.wasm?url';
import mjsUrl from 'onnxruntime-web/ort-wasm-simd-threaded.mjs?url';
import type { PageFixtureResult, PageResult, PageSeries, PageStatus, PeerPipeline } from '../ner-common.js';
import { BENCH_FIXTURES, peerChunks } from '../ner-common.js';

declare global {
  interface Window {
    __bench?: PageStatus;
  }
}

const q = new URLSearchParams(location.search);
const num = (name: string, fallback: number) => {
  const v = Number.parseInt(q.get(name) ?? '', 10);
  return v > 0 ? v : fallback;
};
const RUNS = num('runs', 20);
const WARMUP = num('warmup', 3);
const THREADS = num('threads', 1);
const MODEL = new URL(q.get('model') ?? '/models/ner/', location.href).href;
const plural = (n: number) => `${n} thread${n > 1 ? 's' : ''}`;

interface BenchText {
  name: string;
  lang: 'de' | 'en';
  text: string;
  tokens: number;
}

/** Something loaded and ready to be timed on the bench texts. */
interface Runner {
  runtime: string;
  call(i: number): Promise<unknown>;
  numThreads(): number;
  coldStart: { loadMs: number; firstResultMs: number };
  notes: string[];
}

async function fetchText(url: string): Promise<string> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return res.text();
}

/** Ours: the service with onnxruntime-web/wasm, numThreads set before the first session. */
async function loadOurs(texts: readonly BenchText[]): Promise<Runner> {
  const t0 = performance.now();
  const ort = await import('onnxruntime-web/wasm');
  ort.env.wasm.wasmPaths = { wasm: wasmUrl, mjs: mjsUrl };
  ort.env.wasm.numThreads = THREADS;
  const service = createNerService({ sessionFactory: async () => createOrtSessionFactory(ort, { executionProviders: ['wasm'] }) });
  const info = await service.load({ source: { kind: 'url', url: MODEL }, labelMap: DEFAULT_LABEL_MAP, cache: false });
  if (!info) throw new Error('model did not load');
  const loadMs = performance.now() - t0;
  const first = await service.recognize(texts[0]!.text);
  const firstResultMs = performance.now() - t0;
  return {
    runtime: `ours NER service, onnxruntime-web/wasm, ${plural(THREADS)}`,
    call: (i) => service.recognize(texts[i]!.text),
    numThreads: () => ort.env.wasm.numThreads ?? -1,
    coldStart: { loadMs, firstResultMs },
    notes: [
      `provider ${info.executionProvider}, window ${info.windowTokens}/${info.overlapTokens}, ${first.windows} windows on ${texts[0]!.name}`,
    ],
  };
}

/** transformers.js: its own ORT build from local files, or (`sharedOrt`) our onnxruntime-web/wasm module. */
async function loadPeer(texts: readonly BenchText[], tokenizer: NerTokenizer, sharedOrt: boolean): Promise<Runner> {
  const windowTokens = num('window', 256);
  const chunks = texts.map((f) => peerChunks(f.text, tokenizer, windowTokens));
  const peerOrt = new URL(q.get('peerOrt') ?? '/__peer-ort/', location.href).href;
  const t0 = performance.now();
  if (sharedOrt) {
    const ort = await import('onnxruntime-web/wasm');
    ort.env.wasm.wasmPaths = { wasm: wasmUrl, mjs: mjsUrl };
    ort.env.wasm.numThreads = THREADS;
    (globalThis as Record<symbol, unknown>)[Symbol.for('onnxruntime')] = ort;
  }
  const tf = await import('@huggingface/transformers');
  tf.env.allowRemoteModels = false;
  tf.env.allowLocalModels = true;
  tf.env.localModelPath = q.get('peerRoot') ?? '/__peer-model/';
  tf.env.useBrowserCache = false;
  const wasm = tf.env.backends.onnx.wasm;
  if (!wasm) throw new Error('transformers.js exposes no onnx wasm env');
  if (!sharedOrt) {
    // transformers.js points these at a CDN on import; the same build's files, served locally.
    wasm.wasmPaths = { wasm: `${peerOrt}ort-wasm-simd-threaded.asyncify.wasm`, mjs: `${peerOrt}ort-wasm-simd-threaded.asyncify.mjs` };
    wasm.numThreads = THREADS;
  }
  // With the hook its device list is empty ('wasm' is refused): 'auto' plus explicit execution providers.
  const pipe = (await tf.pipeline(
    'token-classification',
    q.get('peerName') ?? 'bench-model',
    sharedOrt ? { device: 'auto', dtype: 'fp32', session_options: { executionProviders: ['wasm'] } } : { device: 'wasm', dtype: 'fp32' },
  )) as unknown as PeerPipeline;
  const loadMs = performance.now() - t0;
  await pipe(chunks[0]!, { aggregation_strategy: 'simple' });
  const firstResultMs = performance.now() - t0;
  return {
    runtime: `transformers.js pipeline, ${sharedOrt ? 'our onnxruntime-web/wasm (hook)' : 'its onnxruntime-web (asyncify WASM)'}, ${plural(THREADS)}`,
    call: (i) => pipe(chunks[i]!, { aggregation_strategy: 'simple' }),
    numThreads: () => wasm.numThreads ?? -1,
    coldStart: { loadMs, firstResultMs },
    notes: [
      `transformers.js ${tf.env.version}, onnxruntime-web ${tf.env.backends.onnx.versions?.web ?? '?'}; pieces ${chunks.map((c) => c.length).join('/')} of <= ${windowTokens} tokens`,
    ],
  };
}

/** The product path: createAnonymizer().text() with all labels, the model in workers/ner.worker.ts. */
async function loadEngine(texts: readonly BenchText[]): Promise<Runner> {
  const isolated = globalThis.crossOriginIsolated === true;
  const allLabels = [...TEXT_LABELS];
  const t0 = performance.now();
  // The shipped model from /models/manifest.json as the product runs it (its label map and filters); another by url.
  const ner = new URL(MODEL).pathname === '/models/ner/' ? {} : { ner: { url: MODEL } };
  const engines = {
    de: createAnonymizer({ language: 'de', ...ner }),
    en: createAnonymizer({ language: 'en', ...ner }),
  };
  const call = (i: number) => {
    const f = texts[i]!;
    return engines[f.lang].text({ text: f.text, textLabels: allLabels, usePseudonyms: true });
  };
  await call(0);
  const firstResultMs = performance.now() - t0;
  // The second engine's worker loads before timing starts.
  for (let i = 1; i < texts.length; i++) await call(i);
  return {
    runtime: `ours text() all labels, product worker (${plural(isolated ? 2 : 1)})`,
    call,
    numThreads: () => -1,
    coldStart: { loadMs: Number.NaN, firstResultMs },
    notes: [],
  };
}

function series(r: Runner, texts: readonly BenchText[], ms: number[][]): PageSeries {
  const fixtures: PageFixtureResult[] = texts.map((f, i) => ({ name: f.name, chars: f.text.length, tokens: f.tokens, ms: ms[i]! }));
  return { runtime: r.runtime, numThreads: r.numThreads(), coldStart: r.coldStart, fixtures, notes: r.notes };
}

/** Warm-up runs, then timed rounds; with two runners, they alternate within each round (order flipped every round). */
async function timeRunners(runners: readonly Runner[], texts: readonly BenchText[]): Promise<number[][][]> {
  const ms = runners.map(() => texts.map((): number[] => []));
  for (let i = 0; i < texts.length; i++) {
    for (let k = 0; k < WARMUP; k++) for (const r of runners) await r.call(i);
    for (let k = 0; k < RUNS; k++) {
      const order = k % 2 === 0 ? runners.map((_, j) => j) : runners.map((_, j) => runners.length - 1 - j);
      for (const j of order) {
        const t0 = performance.now();
        await runners[j]!.call(i);
        ms[j]![i]!.push(performance.now() - t0);
      }
    }
  }
  return ms;
}

async function run(): Promise<PageResult> {
  const raw = await Promise.all(BENCH_FIXTURES.map((f) => fetchText(`/tools/bench/fixtures/${f.name}.txt`)));
  // Our tokenizer: the token count of every row, and the peer's input pieces (prepared before any clock starts).
  const tokenizer = createTokenizer(JSON.parse(await fetchText(new URL('tokenizer.json', MODEL).href)) as unknown);
  const texts: BenchText[] = BENCH_FIXTURES.map((f, i) => ({ ...f, text: raw[i]!, tokens: tokenizer.encode(raw[i]!).ids.length }));
  const sharedOrt = q.get('ort') === 'ours';
  let mode: PageResult['mode'];
  let runners: Runner[];
  if (q.get('pair') === 'transformers') {
    mode = 'pair';
    runners = [await loadOurs(texts), await loadPeer(texts, tokenizer, sharedOrt)];
  } else if (q.get('peer') === 'transformers') {
    mode = 'peer';
    runners = [await loadPeer(texts, tokenizer, sharedOrt)];
  } else if (q.get('engine') === 'text') {
    mode = 'engine';
    runners = [await loadEngine(texts)];
  } else {
    mode = 'ours';
    runners = [await loadOurs(texts)];
  }
  const ms = await timeRunners(runners, texts);
  return {
    mode,
    threads: mode === 'engine' ? (globalThis.crossOriginIsolated ? 2 : 1) : THREADS,
    crossOriginIsolated: globalThis.crossOriginIsolated === true,
    series: runners.map((r, j) => series(r, texts, ms[j]!)),
  };
}

window.__bench = { done: false };
const status = document.getElementById('status');
run().then(
  (result) => {
    window.__bench = { done: true, result };
    if (status) status.textContent = 'done';
  },
  (err: unknown) => {
    const error = err instanceof Error ? `${err.name}: ${err.message}\n${err.stack ?? ''}` : String(err);
    window.__bench = { done: true, error };
    if (status) status.textContent = error;
  },
);
