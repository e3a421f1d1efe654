import { wrap } from 'comlink';
import type { Remote } from 'comlink';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAssets } from '../../src/platform/browser/assets.js';
import { createAnonymizer } from '../../src/platform/browser/text.js';
import { AnonymizerError } from '../../src/errors/problem.js';
import { installProblemTransfer } from '../../src/errors/wire.js';
import { DEFAULT_LABEL_MAP, MODEL_CACHE } from '../../src/inference/model-source.js';
import { browserSessionFactory, hasWebGpuAdapter } from '../../src/platform/browser/ort.js';
import type { NerLoadSpec } from '../../src/inference/model-source.js';
import { createNerWorkerBackend } from '../../src/platform/browser/ner-client.js';
import type { NerApi } from '../../src/inference/ner-api.js';
import { TINY_CASE } from '../fixtures/models/tiny-ner-cases.js';

/** The tiny models, served by vitest's own server from the project root (a path other than /models/). */
const BASE = new URL('/test/fixtures/models/', location.href).href;
const MANIFEST = `${BASE}manifest.json`;
const manifest = (await (await fetch(MANIFEST)).json()) as { models: Array<{ files: Array<{ path: string; sha256: string }> }> };
const sha = (path: string) => manifest.models.flatMap((m) => m.files).find((f) => f.path === path)!.sha256;

const urlSpec = (dir: string, extra: Partial<NerLoadSpec> = {}): NerLoadSpec => ({
  source: { kind: 'url', url: `${BASE}${dir}/` },
  labelMap: DEFAULT_LABEL_MAP,
  ...extra,
});

type Probe = NerApi & { resources(): string[]; isolated(): boolean };

/** A worker with the same service as workers/ner.worker.ts that can also list what it fetched. */
function probe(): { remote: Remote<Probe>; worker: Worker } {
  installProblemTransfer();
  const worker = new Worker(new URL('../fixtures/models/probe-ner.worker.ts', import.meta.url), { type: 'module' });
  return { remote: wrap<Probe>(worker), worker };
}

async function caught(p: Promise<unknown>): Promise<AnonymizerError> {
  const err = await p.catch((e: unknown) => e);
  expect(err).toBeInstanceOf(AnonymizerError);
  return err as AnonymizerError;
}

const workers: Worker[] = [];
beforeAll(async () => {
  await caches.delete(MODEL_CACHE);
});
afterAll(() => {
  for (const w of workers) w.terminate();
});

describe('NER worker (onnxruntime-web WASM in Chromium)', () => {
  it('loads the WebGPU build only when asked for and an adapter exists', async () => {
    let asked = 0;
    const withAdapter = { gpu: { requestAdapter: async () => (asked++, {}) } };
    await browserSessionFactory({ webgpu: false }, withAdapter);
    expect(asked).toBe(0);
    // This project starts chromium with --disable-gpu: no adapter, so even a request falls back to WASM.
    expect(await hasWebGpuAdapter()).toBe(false);
    await browserSessionFactory({ webgpu: true });
    expect(performance.getEntriesByType('resource').some((e) => e.name.includes('asyncify'))).toBe(false);
  });

  it('runs the tiny model and gives exactly the output Node gives', async () => {
    const { windowTokens, overlapTokens, batchSize, text } = TINY_CASE;
    const backend = createNerWorkerBackend({
      spec: urlSpec('tiny-ner', { windowTokens, overlapTokens, batchSize }),
      declaredLabels: ['PER'],
    });
    const info = await backend.load();
    // WebGPU only when asked for: the default is the WASM build.
    expect(info).toMatchObject({ executionProvider: 'wasm', labels: ['PER', 'STR', 'LOC', 'ORG', 'DATE'] });
    const r = await backend.recognize(text);
    expect(r.windows).toBe(TINY_CASE.windows);
    expect(r.coverage).toBe(1);
    expect(r.entities.map((e) => ({ ...e, score: Number(e.score.toFixed(6)), text: text.slice(e.start, e.end) }))).toEqual(
      TINY_CASE.entities,
    );
    backend.terminate();
  });

  it('loads a model from another path through a manifest (hash-checked), with threads when isolated, fetching only from this origin', async () => {
    const { remote, worker } = probe();
    workers.push(worker);
    const progress: Array<[number, number]> = [];
    const { proxy } = await import('comlink');
    const info = await remote.load(
      { source: { kind: 'manifest', url: MANIFEST }, labelMap: DEFAULT_LABEL_MAP },
      proxy((loaded: number, total: number) => void progress.push([loaded, total])),
    );
    expect(info!.id).toBe('tiny-ner');
    expect(progress.at(-1)![0]).toBe(progress.at(-1)![1]);
    expect(await remote.isolated()).toBe(true);
    const r = await remote.recognize('Anna Müller in Berlin');
    expect(r.entities.map((e) => e.label)).toEqual(['PER', 'LOC']);
    const fetched = await remote.resources();
    expect(fetched.some((u) => u.endsWith('/tiny-ner/model.onnx'))).toBe(true);
    expect(fetched.some((u) => /ort-wasm-simd-threaded.*\.wasm/.test(u))).toBe(true);
    const pageFetched = performance.getEntriesByType('resource').map((e) => e.name);
    const origins = new Set([...fetched, ...pageFetched].map((u) => new URL(u).origin));
    expect([...origins]).toEqual([location.origin]);
  });

  it('serves a hash-checked model from Cache Storage the second time', async () => {
    const { remote, worker } = probe();
    workers.push(worker);
    await remote.load({ source: { kind: 'manifest', url: MANIFEST }, labelMap: DEFAULT_LABEL_MAP });
    const fetched = await remote.resources();
    expect(fetched.some((u) => u.endsWith('/tiny-ner/model.onnx'))).toBe(false);
    expect(fetched.some((u) => u.endsWith('/manifest.json'))).toBe(true);
  });

  it('loads a bring-your-own BERT export from a URL and maps its labels', async () => {
    const backend = createNerWorkerBackend({
      spec: urlSpec('tiny-ner-bert', {
        source: { kind: 'url', url: `${BASE}tiny-ner-bert`, sha256: { model: sha('tiny-ner-bert/model.onnx') } },
      }),
      declaredLabels: ['PER', 'LOC'],
    });
    const text = 'Anna Mu\u0308ller und JOHN SMITH in Berlin.';
    const r = await backend.recognize(text);
    expect(r.entities.map((e) => `${e.label}:${text.slice(e.start, e.end)}`)).toEqual([
      'PER:Anna Mu\u0308ller',
      'PER:JOHN SMITH',
      'LOC:Berlin',
    ]);
    backend.terminate();
  });

  it('rejects a wrong sha256 with the 502 problem, across the boundary', async () => {
    const backend = createNerWorkerBackend({
      spec: urlSpec('tiny-ner', { source: { kind: 'url', url: `${BASE}tiny-ner/`, sha256: { model: '0'.repeat(64) } } }),
      declaredLabels: ['PER'],
    });
    const err = await caught(backend.load());
    expect(err.problem).toEqual({
      title: 'Bad Gateway',
      status: 502,
      detail: 'The text model file model.onnx does not match its sha256.',
      problemCode: 'TEXT_MODEL_UNAVAILABLE',
    });
    // The failure is kept: a later call fails the same way without a new download.
    expect((await caught(backend.recognize('Anna'))).problem.status).toBe(502);
    backend.terminate();
  });

  it('rejects callers of a crashed worker with 502, and starts a fresh worker for later calls', async () => {
    const crashing = URL.createObjectURL(
      new Blob(['self.onmessage = () => setTimeout(() => { throw new Error("boom"); });'], { type: 'text/javascript' }),
    );
    let started = 0;
    const backend = createNerWorkerBackend({
      spec: urlSpec('tiny-ner'),
      declaredLabels: ['PER'],
      createWorker: () => {
        started++;
        const w = new Worker(crashing);
        workers.push(w);
        return w;
      },
    });
    const [a, b] = await Promise.all([caught(backend.load()), caught(backend.recognize('Anna'))]);
    expect(a.problem).toMatchObject({ status: 502, problemCode: 'TEXT_MODEL_UNAVAILABLE', detail: 'The text model worker stopped.' });
    expect(b.problem.status).toBe(502);
    await caught(backend.recognize('Anna'));
    expect(started).toBe(2);
  });

  it('rejects a call that hangs past its timeout', async () => {
    const silent = URL.createObjectURL(new Blob(['self.onmessage = () => {};'], { type: 'text/javascript' }));
    const backend = createNerWorkerBackend({
      spec: urlSpec('tiny-ner'),
      declaredLabels: ['PER'],
      createWorker: () => new Worker(silent),
      timeouts: { loadMs: 200 },
    });
    expect((await caught(backend.load())).problem.status).toBe(502);
  });
});

describe('the engine in the browser with a NER model', () => {
  it('uses the worker for model labels and keeps pattern labels working when the model is broken', async () => {
    const engine = createAnonymizer({ ner: { url: '/test/fixtures/models/tiny-ner/' } });
    const r = await engine.text({ text: 'Die Commerzbank in Berlin. Berlin!', textLabels: ['ORG', 'LOC'], usePseudonyms: true });
    expect(r.pseudonymizedText).toBe('Die ORG-1 in LOC-1. LOC-1!');
    const broken = createAnonymizer({ ner: { url: '/test/fixtures/models/tiny-ner/', sha256: 'f'.repeat(64) } });
    expect((await caught(broken.text({ text: 'Anna', textLabels: ['PER'] }))).problem.status).toBe(502);
    expect((await broken.text({ text: 'Mail: a@b.de', textLabels: ['MAIL'], usePseudonyms: true })).pseudonymizedText).toBe('Mail: MAIL-1');
  });

  it('reads every file from one self-hosted folder with assetsBaseUrl', async () => {
    const assets = browserAssets(location.href, '/hosted/');
    expect(assets.ner.model).toBe(`${location.origin}/hosted/models/ner/model.onnx`);
    expect(assets.ocr).toMatchObject({ langPath: `${location.origin}/hosted/vendor/tessdata`, languages: ['deu', 'eng'] });
    expect(assets.pdfjs.dataDir).toBe(`${location.origin}/hosted/vendor/pdfjs/`);
    // The dev server hosts the same layout at its root: the model loads from there.
    const engine = createAnonymizer({ assetsBaseUrl: '/' });
    const text = 'Gestern traf Angela Merkel in Hamburg den Bürgermeister.';
    const spans = await engine.detect(text, { labels: ['PER'] });
    expect(spans.filter((s) => s.source === 'ner').map((s) => text.slice(s.start, s.end))).toEqual(['Angela Merkel']);
  });

  it('uses the model the package ships (its own files, hash-checked) by default', async () => {
    const engine = createAnonymizer();
    const text = 'Gestern traf Angela Merkel in Hamburg den Bürgermeister.';
    const r = await engine.detect(text, { labels: ['PER', 'LOC'] });
    expect(r.filter((s) => s.source === 'ner').map((s) => `${s.label}:${text.slice(s.start, s.end)}`)).toEqual([
      'PER:Angela Merkel',
      'LOC:Hamburg',
    ]);
  });
});
