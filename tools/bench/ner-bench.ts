/**
 * NER runtime throughput in Node, side by side in one run (tools/bench/fixtures letters, ~2,000 chars each):
 * - ours: the NER service in-process (the engine's own code: src/runtime/ner-node.ts → onnxruntime-web's node
 *   build, WASM, 1 thread), `recognize(text)`;
 * - the same model through transformers.js (`@huggingface/transformers`) `pipeline('token-classification')`,
 *   local files only, on the same onnxruntime-web module (transformers.js in Node offers only onnxruntime-node;
 *   its `Symbol.for('onnxruntime')` hook hands it ours instead, so both run the same WASM with 1 thread),
 *   timed interleaved with ours;
 * - ours, the whole `createAnonymizer({ ner }).text()` with all labels (rules + model + replacement);
 * - transformers.js on its default Node runtime, onnxruntime-node (native CPU, 1 intra-op thread), in a child
 *   process: a labelled extra row, not the WASM ratio.
 *
 *   npm run bench:ner [-- --model DIR] [--runs N] [--warmup N] [--no-native] [--window N --overlap N --batch N]
 *
 * Model: --model DIR, else models/ner, else test/fixtures/models/tiny-ner (noted). Never run in tests; no timing
 * assertions. Tokens are our tokenizer's subwords of the whole text (no specials), the same count for every row.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createAnonymizer } from '../../src/platform/node/text.js';
import type { NerModelInfo } from '../../src/detection/ner/ner-backend.js';
import type { NerLoadSpec } from '../../src/inference/model-source.js';
import { DEFAULT_LABEL_MAP } from '../../src/inference/model-source.js';
import { createTokenizer } from '../../src/inference/tokenizer.js';
import { nodeNerService } from '../../src/platform/node/ner.js';
import { TEXT_LABELS } from '../../src/spec/types.js';
import { formatTable } from '../../tools/eval/table.js';
import type { PeerPipeline, Timing } from './ner-common.js';
import { BENCH_FIXTURES, BUDGET_CHARS, fmt, median, peerChunks, timingOf } from './ner-common.js';
import {
  argNumber,
  argValue,
  benchModelDir,
  describeModel,
  peerModelLayout,
  peerPieceTokens,
  projectRoot,
  readFixture,
} from './ner-model-dir.js';

const RUNS = argNumber('--runs', 30);
const WARMUP = argNumber('--warmup', 5);
const CHILD = process.argv.includes('--native-peer-child');
const out = (line = '') => process.stdout.write(`${line}\n`);
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

type TransformersModule = typeof import('@huggingface/transformers');

/** What the native child prints. */
interface NativeResult {
  loadMs: number;
  result: Record<string, Timing>;
  load: string;
}

/** transformers.js with local files only, its caches off, pointed at the temp layout. */
async function importTransformers(localModelPath: string): Promise<TransformersModule> {
  const tf = await import('@huggingface/transformers');
  tf.env.allowRemoteModels = false;
  tf.env.allowLocalModels = true;
  tf.env.localModelPath = localModelPath.endsWith('/') ? localModelPath : `${localModelPath}/`;
  tf.env.useFSCache = false;
  tf.env.useWasmCache = false;
  return tf;
}

async function peerPipeline(tf: TransformersModule, name: string, runtime: 'wasm' | 'native'): Promise<PeerPipeline> {
  // Device 'wasm' is refused in Node ("Unsupported device"): with the onnxruntime hook the device list is empty,
  // so 'auto' plus explicit execution providers; natively 'cpu' with one intra-op thread, like our one WASM thread.
  const pipe =
    runtime === 'wasm'
      ? await tf.pipeline('token-classification', name, {
          device: 'auto',
          dtype: 'fp32',
          session_options: { executionProviders: ['wasm'] },
        })
      : await tf.pipeline('token-classification', name, {
          device: 'cpu',
          dtype: 'fp32',
          session_options: { intraOpNumThreads: 1, interOpNumThreads: 1 },
        });
  return pipe as unknown as PeerPipeline;
}

interface Row {
  runtime: string;
  fixture: string;
  chars: number;
  tokens: number;
  timing: Timing;
  peerMs?: number;
}

function rowCells(r: Row): string[] {
  const { medianMs, minMs, runs } = r.timing;
  return [
    r.runtime,
    r.fixture,
    String(r.chars),
    String(r.tokens),
    String(runs),
    fmt.ms(medianMs),
    fmt.ms(minMs),
    fmt.ms((medianMs * BUDGET_CHARS) / r.chars),
    fmt.int(r.tokens / (medianMs / 1000)),
    r.peerMs === undefined ? '' : fmt.ratio(r.peerMs / medianMs),
  ];
}

const HEAD = ['runtime', 'fixture', 'chars', 'tokens', 'runs', 'median ms', 'min ms', `ms/${BUDGET_CHARS} chars`, 'tokens/s', 'ours÷peer'];

/** Child process: transformers.js on onnxruntime-node; prints one JSON line. */
async function nativeChild(): Promise<void> {
  const root = argValue('--peer-root')!;
  const name = argValue('--peer-name')!;
  const window = argNumber('--window', 256);
  const tokenizer = createTokenizer(JSON.parse(readFileSync(join(root, name, 'tokenizer.json'), 'utf8')));
  const tf = await importTransformers(root);
  const t0 = performance.now();
  const pipe = await peerPipeline(tf, name, 'native');
  const loadMs = performance.now() - t0;
  const result: Record<string, Timing> = {};
  for (const f of BENCH_FIXTURES) {
    const chunks = peerChunks(readFixture(f.name), tokenizer, window);
    for (let i = 0; i < WARMUP; i++) await pipe(chunks, { aggregation_strategy: 'simple' });
    const ms: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now();
      await pipe(chunks, { aggregation_strategy: 'simple' });
      ms.push(performance.now() - s);
    }
    result[f.name] = timingOf(ms);
  }
  out(JSON.stringify({ loadMs, result, load: load() }));
}

async function main(): Promise<void> {
  out(
    `NER bench (Node ${process.version}, ${cpus().length} cores ${cpus()[0]?.model ?? ''}): ${RUNS} timed runs after ${WARMUP} warm-up runs`,
  );
  out(`load average at start: ${load()}`);
  const { dir, fallback } = benchModelDir(out);
  out(`model ${describeModel(dir)}`);
  const layout = peerModelLayout(dir);
  for (const n of layout.notes) out(`peer layout: ${n}`);

  // One onnxruntime-web module for both. transformers.js would point its wasmPaths at a CDN on import; these are the
  // very files the node build loads by default (ort-wasm-simd-threaded.{mjs,wasm} next to it).
  const ort = await import('onnxruntime-web');
  const ortDist = new URL('../../node_modules/onnxruntime-web/dist/', import.meta.url).href;
  ort.env.wasm.wasmPaths = { mjs: `${ortDist}ort-wasm-simd-threaded.mjs`, wasm: `${ortDist}ort-wasm-simd-threaded.wasm` };
  ort.env.wasm.numThreads = 1;
  (globalThis as Record<symbol, unknown>)[Symbol.for('onnxruntime')] = ort;
  // Time inside ORT's session.run, per job: what is left of a call is the runtime's own work around the model.
  const inOrt = { ms: 0 };
  const proto = (ort.InferenceSession as unknown as { prototype: { run: (...args: unknown[]) => Promise<unknown> } }).prototype;
  const run = proto.run;
  proto.run = async function timedRun(this: unknown, ...args: unknown[]) {
    const s = performance.now();
    try {
      return await run.apply(this, args);
    } finally {
      inOrt.ms += performance.now() - s;
    }
  };

  const texts = BENCH_FIXTURES.map((f) => ({ ...f, text: readFixture(f.name) }));
  const modelUrl = `${pathToFileURL(dir).href}/`;

  // Ours: the engine's Node service, cold (ORT's WASM is compiled here, first in the process).
  const service = nodeNerService();
  let t0 = performance.now();
  // --window / --overlap / --batch: the service's windowing (default: what the engine uses).
  const windowing: Pick<NerLoadSpec, 'windowTokens' | 'overlapTokens' | 'batchSize'> = {};
  if (argValue('--window') !== undefined) windowing.windowTokens = argNumber('--window', 256);
  if (argValue('--overlap') !== undefined) windowing.overlapTokens = Math.max(0, Number.parseInt(argValue('--overlap') ?? '', 10) || 0);
  if (argValue('--batch') !== undefined) windowing.batchSize = argNumber('--batch', 8);
  const info: NerModelInfo | null = await service.load({
    source: { kind: 'url', url: modelUrl },
    labelMap: DEFAULT_LABEL_MAP,
    ...windowing,
  });
  if (!info) throw new Error('model did not load');
  const oursLoadMs = performance.now() - t0;
  const first = await service.recognize(texts[0]!.text);
  const oursFirstMs = performance.now() - t0;
  out(
    `ours: provider ${info.executionProvider}, numThreads ${ort.env.wasm.numThreads}, window ${info.windowTokens} overlap ${info.overlapTokens} tokens; ` +
      `load ${oursLoadMs.toFixed(0)} ms, load+first result ${oursFirstMs.toFixed(0)} ms (${first.tokens} tokens, ${first.windows} windows, ${first.entities.length} entities)`,
  );
  const tokenizer = createTokenizer(JSON.parse(readFileSync(join(dir, 'tokenizer.json'), 'utf8')));

  // Peer: transformers.js on the same ORT module (after ours: ORT's WASM is already initialised for it).
  const tf = await importTransformers(layout.root);
  t0 = performance.now();
  const pipe = await peerPipeline(tf, layout.name, 'wasm');
  const peerLoadMs = performance.now() - t0;
  const sessions = Object.values((pipe as unknown as { model: { sessions: Record<string, unknown> } }).model.sessions);
  const OrtSession = ort.InferenceSession as unknown as abstract new () => object;
  const onOurOrt = sessions.length > 0 && sessions.every((s) => s instanceof OrtSession);
  out(
    `peer: transformers.js ${tf.env.version}, ${onOurOrt ? 'onnxruntime-web (WASM, same module as ours)' : 'NOT on onnxruntime-web'}; pipeline ready in ${peerLoadMs.toFixed(0)} ms (ORT already initialised)`,
  );
  if (!onOurOrt) throw new Error('transformers.js did not take the onnxruntime-web module');

  // The shipped model as the product runs it (its label map and filters); another model by its url.
  const shipped = resolve(dir) === resolve(projectRoot, 'models', 'ner');
  const nerOption = shipped ? { ...windowing } : { url: dir, ...windowing };
  const engines = {
    de: createAnonymizer({ language: 'de', ner: nerOption }),
    en: createAnonymizer({ language: 'en', ner: nerOption }),
  };
  const allLabels = [...TEXT_LABELS];
  const textCall = (lang: 'de' | 'en', text: string) => engines[lang].text({ text, textLabels: allLabels, usePseudonyms: true });

  const rulesOnly = {
    de: createAnonymizer({ language: 'de', ner: false }),
    en: createAnonymizer({ language: 'en', ner: false }),
  };

  const peerPieces = peerPieceTokens(dir);
  const rows: Row[] = [];
  const loadBefore = load();
  const peerTokenNotes: string[] = [];
  const ratioNotes: string[] = [];
  const ortNotes: string[] = [];
  for (const f of texts) {
    const chunks = peerChunks(f.text, tokenizer, peerPieces);
    const peerTokenizer = (pipe as unknown as { tokenizer: { encode(t: string): number[] } }).tokenizer;
    const specials = tokenizer.prefix.length + tokenizer.suffix.length;
    const peerTokens = chunks.reduce((n, c) => n + peerTokenizer.encode(c).length - specials, 0);
    const r = await service.recognize(f.text);
    const withNer = (await textCall(f.lang, f.text)).detection.detections.length;
    const withoutNer = (await rulesOnly[f.lang].text({ text: f.text, textLabels: allLabels, usePseudonyms: true })).detection.detections
      .length;
    peerTokenNotes.push(
      `${f.name}: ours ${r.tokens} tokens in ${r.windows} overlapping windows (coverage ${r.coverage}), ${r.entities.length} entities; ` +
        `peer ${peerTokens} tokens in ${chunks.length} pieces; text() detections ${withNer} with the model, ${withoutNer} rules only`,
    );
    const jobs = {
      ours: () => service.recognize(f.text),
      peer: () => pipe(chunks, { aggregation_strategy: 'simple' }),
      text: () => textCall(f.lang, f.text),
      rules: () => rulesOnly[f.lang].text({ text: f.text, textLabels: allLabels, usePseudonyms: true }),
    };
    const ms: Record<keyof typeof jobs, number[]> = { ours: [], peer: [], text: [], rules: [] };
    const ortMs: Record<keyof typeof jobs, number[]> = { ours: [], peer: [], text: [], rules: [] };
    const keys = Object.keys(jobs) as Array<keyof typeof jobs>;
    for (let i = 0; i < WARMUP; i++) for (const k of keys) await jobs[k]();
    // Interleaved rounds: load from background jobs hits all four alike.
    for (let i = 0; i < RUNS; i++) {
      for (const k of keys) {
        inOrt.ms = 0;
        const s = performance.now();
        await jobs[k]();
        ms[k].push(performance.now() - s);
        ortMs[k].push(inOrt.ms);
      }
    }
    const peer = timingOf(ms.peer);
    const paired = median(ms.ours.map((v, k) => ms.peer[k]! / v));
    const onMin = peer.minMs / Math.min(...ms.ours);
    ratioNotes.push(`${f.name} ${fmt.ratio(peer.medianMs / median(ms.ours))} (paired ${fmt.ratio(paired)}, on min ${fmt.ratio(onMin)})`);
    const oursOrt = median(ortMs.ours);
    const peerOrt = median(ortMs.peer);
    ortNotes.push(
      `${f.name}: inside ORT ours ${fmt.ms(oursOrt)} ms (+${fmt.ms(median(ms.ours) - oursOrt)} around it), peer ${fmt.ms(peerOrt)} ms ` +
        `(+${fmt.ms(peer.medianMs - peerOrt)}); ratio if ours did nothing around ORT: ${fmt.ratio(peer.medianMs / oursOrt)}`,
    );
    const base = { fixture: f.name, chars: f.text.length, tokens: r.tokens };
    rows.push({ ...base, runtime: 'ours NER service (ORT-web WASM, 1 thread)', timing: timingOf(ms.ours), peerMs: peer.medianMs });
    rows.push({ ...base, runtime: 'transformers.js pipeline (same ORT-web WASM, 1 thread)', timing: peer });
    rows.push({ ...base, runtime: 'ours text() all labels, rules+NER (1 thread)', timing: timingOf(ms.text) });
    rows.push({ ...base, runtime: 'ours text() all labels, rules only (ner: false)', timing: timingOf(ms.rules) });
  }
  const loadAfter = load();

  let native: NativeResult | null = null;
  let nativeNote = '';
  if (!process.argv.includes('--no-native')) {
    const child = spawnSync(
      process.execPath,
      [
        ...process.execArgv,
        fileURLToPath(import.meta.url),
        '--native-peer-child',
        '--peer-root',
        layout.root,
        '--peer-name',
        layout.name,
        '--window',
        String(peerPieces),
        '--runs',
        String(RUNS),
        '--warmup',
        String(WARMUP),
      ],
      { cwd: projectRoot, encoding: 'utf8', timeout: 600_000 },
    );
    const last = child.stdout.trim().split('\n').pop() ?? '';
    try {
      native = JSON.parse(last) as NativeResult;
    } catch {
      nativeNote = `native peer failed (exit ${child.status}): ${(child.stderr || last).trim().split('\n').slice(-3).join(' | ')}`;
    }
  }
  layout.cleanup();

  out('');
  out(`throughput, median per call, interleaved rounds (ours÷peer = peer median / our median: our throughput as a multiple of the peer's;`);
  out(`paired = median over rounds of peer/ours):`);
  const table = [HEAD, ...rows.map(rowCells)];
  if (native) {
    for (const f of texts) {
      const t = native.result[f.name];
      if (!t) continue;
      const tokens = rows.find((r) => r.fixture === f.name)?.tokens ?? 0;
      table.push(
        rowCells({
          runtime: 'transformers.js on onnxruntime-node (native CPU, 1 thread)*',
          fixture: f.name,
          chars: f.text.length,
          tokens,
          timing: t,
        }),
      );
    }
  }
  out(formatTable(table).trimEnd());
  out(`load average (1/5/15 min): before the timing block ${loadBefore}, after it ${loadAfter}`);
  for (const n of peerTokenNotes) out(`tokens: ${n}`);
  if (native)
    out(
      `* child process after the interleaved block, pipeline load ${native.loadMs.toFixed(0)} ms, load average then ${native.load}; not the WASM comparison`,
    );
  if (nativeNote) out(nativeNote);

  out(`ratio ours / transformers.js (same WASM runtime, 1 thread): ${ratioNotes.join('; ')} (target >= 2x)`);
  for (const n of ortNotes) out(`time in session.run, median per call: ${n}`);
  const per2k = (prefix: string) =>
    rows
      .filter((r) => r.runtime.startsWith(prefix))
      .map((r) => `${r.fixture} ${fmt.ms((r.timing.medianMs * BUDGET_CHARS) / r.chars)}`)
      .join(', ');
  out(
    `text() all labels, ms per ${BUDGET_CHARS} chars: rules+NER ${per2k('ours text() all labels, rules+NER')}; rules only ${per2k('ours text() all labels, rules only')} (budget: 20 ms on one WASM thread)`,
  );
  if (fallback) out('(fixture model: rerun when models/ner exists)');
}

if (CHILD) await nativeChild();
else await main();
