import { mkdtempSync, readFileSync, writeFileSync, mkdirSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LABEL_MAP, resolveLabelMap } from '../../../src/inference/model-source.js';
import type { NerLoadSpec } from '../../../src/inference/model-source.js';
import { createNerService, windowSizes } from '../../../src/inference/ner-service.js';
import { nodeSessionFactory } from '../../../src/platform/node/ort.js';
import type { ModelBatch, SessionFactory } from '../../../src/inference/session.js';
import { nodeFetch } from '../../../src/platform/node/ner.js';
import { expectProblem } from '../helpers/expect-problem.js';
import { TINY_CASE } from '../../fixtures/models/tiny-ner-cases.js';
import { FIXTURES, TINY, TINY_BERT, TINY_GAZ, dirUrl, fixtureSha, modelFiles } from './fixtures.js';

const service = () => createNerService({ sessionFactory: nodeSessionFactory, fetch: nodeFetch });
const spec = (dir: string, extra: Partial<NerLoadSpec> = {}): NerLoadSpec => ({
  source: { kind: 'url', url: dirUrl(dir) },
  labelMap: DEFAULT_LABEL_MAP,
  ...extra,
});
const shown = (text: string, entities: Array<{ start: number; end: number; label: string }>) =>
  entities.map((e) => `${e.label}:${text.slice(e.start, e.end)}`);

describe('NER service on the tiny model (onnxruntime-web, Node)', () => {
  it('loads and reports what it serves', async () => {
    const info = await service().load(spec(TINY));
    expect(info).toMatchObject({
      labels: ['PER', 'STR', 'LOC', 'ORG', 'DATE'],
      executionProvider: 'wasm',
      windowTokens: 128,
      overlapTokens: 16,
    });
    expect(info!.tags).toHaveLength(13);
  });

  it('hands the WebGPU request of the spec to the session factory of the platform (off unless asked for)', async () => {
    const asked: Array<{ webgpu: boolean }> = [];
    const recording = () => createNerService({ sessionFactory: (o) => (asked.push(o), nodeSessionFactory()), fetch: nodeFetch });
    await recording().load(spec(TINY));
    await recording().load(spec(TINY, { webgpu: true }));
    expect(asked).toEqual([{ webgpu: false }, { webgpu: true }]);
  });

  it('finds entities with exact offsets, through NFC and astral characters', async () => {
    const s = service();
    await s.load(spec(TINY));
    const text = '😀 Anna Mu\u0308ller wohnt in Berlin, Hauptstraße 12. Siemens AG, Januar 2021. Deutsch.';
    const r = await s.recognize(text);
    expect(shown(text, r.entities)).toEqual([
      'PER:Anna Mu\u0308ller',
      'LOC:Berlin',
      'STR:Hauptstraße 12',
      'ORG:Siemens AG',
      'DATE:Januar 2021',
    ]);
    // MISC ("Deutsch") is ignored by the default label map.
    expect(r).toMatchObject({ coverage: 1, windows: 1 });
    for (const e of r.entities) expect(e.score).toBeGreaterThan(0.3);
  });

  it('gives the pinned output that the Chromium worker must match', async () => {
    const s = service();
    const { text, windowTokens, overlapTokens, batchSize } = TINY_CASE;
    await s.load(spec(TINY, { windowTokens, overlapTokens, batchSize }));
    const r = await s.recognize(text);
    expect(r.windows).toBe(TINY_CASE.windows);
    expect(r.entities.map((e) => ({ ...e, score: Number(e.score.toFixed(6)), text: text.slice(e.start, e.end) }))).toEqual(
      TINY_CASE.entities,
    );
  });

  it('decodes with BIO constraints: a lone surname (likelier I-PER) becomes B-PER; argmax would start with I-', async () => {
    const text = 'Dann kam Schmidt. Hauptstraße';
    const viterbi = service();
    await viterbi.load(spec(TINY));
    const v = await viterbi.recognize(text);
    expect(shown(text, v.entities)).toEqual(['PER:Schmidt', 'STR:Hauptstraße']);
    // The digit after "kam" under argmax would be I-STR; with Viterbi it is O.
    const both = 'Anna 7 Berlin';
    expect(shown(both, (await viterbi.recognize(both)).entities)).toEqual(['PER:Anna', 'LOC:Berlin']);
    const argmax = service();
    await argmax.load(spec(TINY, { decode: 'argmax' }));
    expect(shown(both, (await argmax.recognize(both)).entities)).toEqual(['PER:Anna', 'STR:7', 'LOC:Berlin']);
  });

  it('reads 20,000 characters in overlapping windows, with no truncation', async () => {
    const s = service();
    await s.load(spec(TINY, { windowTokens: 32, overlapTokens: 8, batchSize: 4 }));
    let text = '';
    while (text.length < 19_990) text += 'Sehr geehrte Damen und Herren, wir grüßen aus der Stadt. ';
    text = text.slice(0, 19_990) + ' Anna Smith';
    const r = await s.recognize(text);
    expect(r.coverage).toBe(1);
    expect(r.windows).toBeGreaterThan(100);
    expect(shown(text, r.entities)).toEqual(['PER:Anna Smith']);
    expect(r.entities[0]!.end).toBe(text.length);
  });

  it('gives the same entities whatever the window size (the model is context-free)', async () => {
    const text = 'Anna Müller und Peter Schmidt aus München trafen John Smith in London bei der Commerzbank AG. '.repeat(30);
    const big = service();
    await big.load(spec(TINY));
    const small = service();
    await small.load(spec(TINY, { windowTokens: 8, overlapTokens: 2, batchSize: 3 }));
    expect((await small.recognize(text)).entities).toEqual((await big.recognize(text)).entities);
  });

  it('returns nothing for text without tokens', async () => {
    const s = service();
    await s.load(spec(TINY));
    expect(await s.recognize(' \n\t ')).toEqual({ entities: [], coverage: 1, tokens: 0, windows: 0 });
  });

  it('answers 502 when asked to recognize before a model is loaded', async () => {
    await expectProblem(service().recognize('Anna'), { status: 502, problemCode: 'TEXT_MODEL_UNAVAILABLE' });
  });
});

describe('bring your own model: BERT layout, BIOES, OntoNotes names, label map', () => {
  const text = 'Anna Müller und JOHN SMITH in Berlin. Deutsche. Smith';

  it('maps PERSON and GPE by default and ignores NORP', async () => {
    const s = service();
    const info = await s.load(spec(TINY_BERT));
    expect(info!.labels).toEqual(['PER', 'LOC']);
    expect(shown(text, (await s.recognize(text)).entities)).toEqual(['PER:Anna Müller', 'PER:JOHN SMITH', 'LOC:Berlin', 'PER:Smith']);
  });

  it('follows a user label map', async () => {
    const s = service();
    const info = await s.load(spec(TINY_BERT, { labelMap: resolveLabelMap({ PERSON: null, NORP: 'ORG' }) }));
    expect(info!.labels).toEqual(['LOC', 'ORG']);
    expect(shown(text, (await s.recognize(text)).entities)).toEqual(['LOC:Berlin', 'ORG:Deutsche']);
  });

  it('rejects label maps that name no label (422)', () => {
    expect(() => resolveLabelMap({ PERSON: 'NAME' })).toThrow();
    try {
      resolveLabelMap({ PERSON: 'NAME' });
    } catch (err) {
      expect((err as { problem: unknown }).problem).toMatchObject({
        status: 422,
        errors: [{ field: 'ner.labelMap.PERSON', code: 'InvalidValue' }],
      });
    }
  });

  it('loads from files (ArrayBuffer and Blob) as well as from a URL', async () => {
    const f = modelFiles(TINY_BERT);
    const s = service();
    const info = await s.load({
      source: {
        kind: 'files',
        files: {
          config: new Blob([f.config as Uint8Array<ArrayBuffer>]),
          tokenizer: (f.tokenizer as Uint8Array).slice().buffer,
          model: f.model,
        },
      },
      labelMap: DEFAULT_LABEL_MAP,
    });
    expect(info!.id).toBe('files');
    expect(shown(text, (await s.recognize(text)).entities)[0]).toBe('PER:Anna Müller');
  });
});

describe('hashes, manifest, progress', () => {
  it('checks sha256: a match loads, a mismatch is 502 TEXT_MODEL_UNAVAILABLE', async () => {
    const good = fixtureSha('tiny-ner/model.onnx');
    await expect(
      service().load(spec(TINY, { source: { kind: 'url', url: dirUrl(TINY), sha256: { model: good.toUpperCase() } } })),
    ).resolves.toBeTruthy();
    const problem = await expectProblem(
      service().load(spec(TINY, { source: { kind: 'url', url: dirUrl(TINY), sha256: { model: '0'.repeat(64) } } })),
      { status: 502, problemCode: 'TEXT_MODEL_UNAVAILABLE' },
    );
    expect(problem.detail).toMatch(/model\.onnx does not match its sha256/);
    await expectProblem(
      service().load({
        source: { kind: 'files', files: modelFiles(TINY), sha256: { tokenizer: 'f'.repeat(64) } },
        labelMap: DEFAULT_LABEL_MAP,
      }),
      { status: 502, problemCode: 'TEXT_MODEL_UNAVAILABLE' },
    );
  });

  it('loads the token-classification model named in a manifest, verified by its hashes', async () => {
    const info = await service().load({
      source: { kind: 'manifest', url: pathToFileURL(join(FIXTURES, 'manifest.json')).href },
      labelMap: DEFAULT_LABEL_MAP,
    });
    expect(info!.id).toBe('tiny-ner');
  });

  it('treats a missing manifest, or one without a text model, as "no model" (rules only)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ner-manifest-'));
    const load = () =>
      service().load({ source: { kind: 'manifest', url: pathToFileURL(join(dir, 'manifest.json')).href }, labelMap: DEFAULT_LABEL_MAP });
    expect(await load()).toBeNull();
    writeFileSync(
      join(dir, 'manifest.json'),
      JSON.stringify({ models: [{ id: 'face', task: 'face-detection', files: [{ path: 'face/x.onnx' }] }] }),
    );
    expect(await load()).toBeNull();
  });

  it('answers 502 for a manifest whose files do not match', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ner-manifest-'));
    mkdirSync(join(dir, 'tiny-ner'));
    for (const f of ['config.json', 'tokenizer.json', 'model.onnx']) copyFileSync(join(TINY, f), join(dir, 'tiny-ner', f));
    const manifest = JSON.parse(readFileSync(join(FIXTURES, 'manifest.json'), 'utf8'));
    manifest.models[0].files[2].sha256 = 'a'.repeat(64);
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
    await expectProblem(
      service().load({ source: { kind: 'manifest', url: pathToFileURL(join(dir, 'manifest.json')).href }, labelMap: DEFAULT_LABEL_MAP }),
      { status: 502, problemCode: 'TEXT_MODEL_UNAVAILABLE' },
    );
  });

  it('answers 502 for missing files and for logits that do not match config.json', async () => {
    await expectProblem(service().load(spec(join(FIXTURES, 'nowhere'))), { status: 502 });
    const f = modelFiles(TINY);
    const config = JSON.parse(new TextDecoder().decode(f.config));
    config.id2label = { 0: 'O', 1: 'B-PER', 2: 'I-PER' };
    await expectProblem(
      service().load({
        source: { kind: 'files', files: { ...f, config: new TextEncoder().encode(JSON.stringify(config)) } },
        labelMap: DEFAULT_LABEL_MAP,
      }),
      { status: 502, detail: "The text model's logits do not match the labels in its config.json." },
    );
    await expectProblem(
      service().load({ source: { kind: 'files', files: { ...f, model: new Uint8Array([1, 2, 3]) } }, labelMap: DEFAULT_LABEL_MAP }),
      { status: 502 },
    );
  });

  it('reports download progress up to the total size', async () => {
    const calls: Array<[number, number]> = [];
    await service().load(spec(TINY), (loaded, total) => calls.push([loaded, total]));
    const size = ['config.json', 'tokenizer.json', 'model.onnx'].reduce((n, f) => n + readFileSync(join(TINY, f)).length, 0);
    expect(calls.length).toBeGreaterThan(1);
    expect(calls.at(-1)).toEqual([size, size]);
    for (let i = 1; i < calls.length; i++) expect(calls[i]![0]).toBeGreaterThanOrEqual(calls[i - 1]![0]);
  });
});

describe('a model with a gazetteer channel (tiny-ner-gaz: its lists make B-LOC and B-PER)', () => {
  // Neither `Hamburg` nor `Jolanda` is in the tiny vocabulary: only the gazetteer's marks make them entities.
  const text = 'Jolanda zog nach Hamburg, dann nach WUPPERTAL. Berlin';
  const expected = ['PER:Jolanda', 'LOC:Hamburg', 'LOC:WUPPERTAL', 'LOC:Berlin'];
  const withGazetteer = () => ({ ...modelFiles(TINY_GAZ), gazetteer: new Uint8Array(readFileSync(join(TINY_GAZ, 'gazetteer.json'))) });

  it('reads the gazetteer its config.json names beside a directory of files', async () => {
    const s = service();
    await s.load(spec(TINY_GAZ));
    expect(shown(text, (await s.recognize(text)).entities)).toEqual(expected);
    // The same words without the channel's model are no entities.
    const plain = service();
    await plain.load(spec(TINY));
    expect(shown(text, (await plain.recognize(text)).entities)).toEqual(['LOC:Berlin']);
  });

  it('takes the gazetteer as a file handed over, and from a manifest, checked by its hash', async () => {
    const files = service();
    await files.load({ source: { kind: 'files', files: withGazetteer() }, labelMap: DEFAULT_LABEL_MAP });
    expect(shown(text, (await files.recognize(text)).entities)).toEqual(expected);
    const manifest = service();
    const info = await manifest.load({
      source: { kind: 'manifest', url: pathToFileURL(join(FIXTURES, 'manifest.json')).href, id: 'tiny-ner-gaz' },
      labelMap: DEFAULT_LABEL_MAP,
    });
    expect(info!.id).toBe('tiny-ner-gaz');
    expect(shown(text, (await manifest.recognize(text)).entities)).toEqual(expected);
    await expectProblem(
      service().load({
        source: { kind: 'files', files: withGazetteer(), sha256: { gazetteer: 'a'.repeat(64) } },
        labelMap: DEFAULT_LABEL_MAP,
      }),
      { status: 502, problemCode: 'TEXT_MODEL_UNAVAILABLE', detail: 'The text model file gazetteer.json does not match its sha256.' },
    );
  });

  it('answers 502 when the model reads a gazetteer that is missing or malformed', async () => {
    const detail = 'The text model reads a gazetteer, and its gazetteer.json is missing or unreadable.';
    await expectProblem(service().load({ source: { kind: 'files', files: modelFiles(TINY_GAZ) }, labelMap: DEFAULT_LABEL_MAP }), {
      status: 502,
      problemCode: 'TEXT_MODEL_UNAVAILABLE',
      detail,
    });
    const bad = { ...modelFiles(TINY_GAZ), gazetteer: new TextEncoder().encode(JSON.stringify({ version: 2, features: [] })) };
    await expectProblem(service().load({ source: { kind: 'files', files: bad }, labelMap: DEFAULT_LABEL_MAP }), { status: 502, detail });
    const notJson = { ...modelFiles(TINY_GAZ), gazetteer: new TextEncoder().encode('{"version": 1, "features": [') };
    await expectProblem(service().load({ source: { kind: 'files', files: notJson }, labelMap: DEFAULT_LABEL_MAP }), {
      status: 502,
      detail,
    });
    const dir = mkdtempSync(join(tmpdir(), 'ner-gaz-'));
    for (const f of ['config.json', 'tokenizer.json', 'model.onnx']) copyFileSync(join(TINY_GAZ, f), join(dir, f));
    await expectProblem(service().load(spec(dir)), {
      status: 502,
      detail: 'The text model file gazetteer.json could not be fetched (HTTP 404).',
    });
  });
});

describe('window merging', () => {
  /**
   * A fake model that says B-PER for tokens near a window's edges and O in its middle: only a merge that keeps
   * each token's prediction from the window where it is most central yields no entities at all.
   */
  const edgy: SessionFactory = async () => ({
    executionProvider: 'fake',
    inputNames: ['input_ids', 'attention_mask'],
    async run(b: ModelBatch) {
      const L = 13;
      const data = new Float32Array(b.batch * b.seq * L);
      for (let r = 0; r < b.batch; r++) {
        let len = 0;
        for (let j = 0; j < b.seq; j++) len += Number(b.attentionMask[r * b.seq + j]);
        for (let j = 0; j < b.seq; j++) {
          const edge = j <= 2 || j >= len - 3;
          data[(r * b.seq + j) * L + (edge ? 1 : 0)] = 5;
        }
      }
      return { data, dims: [b.batch, b.seq, L] };
    },
    release: async () => undefined,
  });

  it('keeps each word from the window where it is most central', async () => {
    const s = createNerService({ sessionFactory: async () => edgy, fetch: nodeFetch });
    await s.load(spec(TINY, { windowTokens: 16, overlapTokens: 6 }));
    const text = Array.from({ length: 60 }, (_, i) => `w${i}`).join(' ');
    const r = await s.recognize(text);
    expect(r.windows).toBeGreaterThan(3);
    // Only the text's first word sits at an edge of every window holding it ("w59" = w ##5 ##9: its first
    // subword is the fourth-last position, outside the fake's edge zone).
    expect(shown(text, r.entities)).toEqual(['PER:w0']);
  });
});

describe('windowSizes', () => {
  it("takes the spec's window, or 128, and an eighth of it as overlap", () => {
    expect(windowSizes({}, 2, {})).toEqual({ windowTokens: 128, overlapTokens: 16 });
    expect(windowSizes({}, 2, { windowTokens: 40, overlapTokens: 5 })).toEqual({ windowTokens: 40, overlapTokens: 5 });
  });

  it("keeps the window within the model's positions less its special tokens, the overlap below half of it", () => {
    expect(windowSizes({ max_position_embeddings: 66 }, 2, { windowTokens: 256 })).toEqual({ windowTokens: 64, overlapTokens: 8 });
    expect(windowSizes({ max_position_embeddings: 66 }, 2, { windowTokens: 10, overlapTokens: 9 })).toEqual({
      windowTokens: 10,
      overlapTokens: 4,
    });
    // A limit that leaves no room for a token is no limit; a window is at least two tokens.
    expect(windowSizes({ max_position_embeddings: 3 }, 2, { windowTokens: 300 })).toEqual({ windowTokens: 300, overlapTokens: 37 });
    expect(windowSizes({}, 2, { windowTokens: 1 })).toEqual({ windowTokens: 2, overlapTokens: 0 });
  });
});
