import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../../src/bytes/sha256.js';
import { findNerModel, nerFileRefs, parseManifest, verifySha256 } from '../../../src/inference/manifest.js';
import {
  DEFAULT_LABEL_MAP,
  MODEL_CACHE,
  directoryRefs,
  fetchModelFiles,
  fileHashes,
  loadModelFiles,
  mapEntityType,
  mapTargets,
  resolveLabelMap,
} from '../../../src/inference/model-source.js';
import { expectProblem } from '../helpers/expect-problem.js';
import { TINY, fixtureSha } from './fixtures.js';

/** A Cache Storage stand-in: one bucket, Map-backed. */
function fakeCaches() {
  const store = new Map<string, Uint8Array>();
  const opened: string[] = [];
  const cache = {
    match: async (url: string) => (store.has(url) ? new Response(store.get(url)! as Uint8Array<ArrayBuffer>) : undefined),
    put: async (url: string, res: Response) => void store.set(url, new Uint8Array(await res.arrayBuffer())),
    delete: async (url: string) => store.delete(url),
  };
  const caches = { open: async (name: string) => (opened.push(name), cache) } as unknown as CacheStorage;
  return { caches, store, opened };
}

/** fetch over the tiny model's directory at http://app.test/m/, counting requests. */
function fakeFetch() {
  const requests: string[] = [];
  const fetch = async (url: string) => {
    requests.push(url);
    const name = url.slice(url.lastIndexOf('/') + 1);
    try {
      const body = readFileSync(join(TINY, name));
      return new Response(new Uint8Array(body), { headers: { 'content-length': String(body.length) } });
    } catch {
      return new Response(null, { status: 404 });
    }
  };
  return { fetch, requests };
}

describe('label maps', () => {
  it.each([
    ['PER', 'PER'],
    ['PERSON', 'PER'],
    ['person', 'PER'],
    ['GPE', 'LOC'],
    ['ORGANIZATION', 'ORG'],
    ['MISC', null],
    ['NORP', null],
    ['DATE', 'DATE'],
    ['STR', 'STR'],
  ])('default: %s → %s', (type, label) => {
    expect(mapEntityType(DEFAULT_LABEL_MAP, type)).toBe(label);
  });

  it('merges a user map over the default', () => {
    const map = resolveLabelMap({ PERSON: null, FAC: 'STR', MISC: 'OTH' });
    expect(mapEntityType(map, 'PERSON')).toBeNull();
    expect(mapEntityType(map, 'PER')).toBe('PER');
    expect(mapEntityType(map, 'FAC')).toBe('STR');
    expect(mapTargets(map)).toEqual(['PER', 'STR', 'LOC', 'ORG', 'DATE', 'OTH']);
    expect(mapTargets(DEFAULT_LABEL_MAP)).toEqual(['PER', 'STR', 'LOC', 'ORG', 'DATE']);
  });
});

describe('manifest', () => {
  const manifest = {
    models: [
      { id: 'faces', task: 'face-detection', files: [{ path: 'face/model.onnx' }] },
      {
        id: 'ner-small',
        task: 'token-classification',
        files: ['config.json', 'tokenizer.json', 'model.onnx', 'tokenizer_config.json'].map((f, i) => ({
          path: `ner/${f}`,
          sha256: String(i).repeat(64),
          bytes: 10,
        })),
      },
    ],
  };

  it('finds the text model and resolves its files against the manifest URL', () => {
    const m = findNerModel(parseManifest(manifest))!;
    expect(m.id).toBe('ner-small');
    expect(nerFileRefs(m, 'https://app.example/models/manifest.json')).toEqual({
      config: { url: 'https://app.example/models/ner/config.json', sha256: '0'.repeat(64), bytes: 10 },
      tokenizer: { url: 'https://app.example/models/ner/tokenizer.json', sha256: '1'.repeat(64), bytes: 10 },
      model: { url: 'https://app.example/models/ner/model.onnx', sha256: '2'.repeat(64), bytes: 10 },
    });
  });

  it('rejects a malformed manifest, and a text model without hashes, with 502', async () => {
    await expectProblem(() => parseManifest({ model: [] }), { status: 502, problemCode: 'TEXT_MODEL_UNAVAILABLE' });
    const noHash = {
      models: [{ id: 'x', files: [{ path: 'config.json' }, { path: 'tokenizer.json' }, { path: 'model.onnx', sha256: 'zz' }] }],
    };
    await expectProblem(() => findNerModel(parseManifest(noHash)), { status: 502 });
  });

  it('hashes with WebCrypto', async () => {
    expect(await sha256Hex(new TextEncoder().encode('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    await expect(
      verifySha256(new TextEncoder().encode('abc'), 'BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD', 'x'),
    ).resolves.toBeUndefined();
    await expectProblem(verifySha256(new Uint8Array(1), '0'.repeat(64), 'model.onnx'), {
      status: 502,
      detail: 'The text model file model.onnx does not match its sha256.',
    });
  });

  it('accepts one hash string as the hash of model.onnx', () => {
    expect(fileHashes('ab')).toEqual({ model: 'ab' });
    expect(directoryRefs('http://app.test/m', { model: 'AB' }).model).toEqual({ url: 'http://app.test/m/model.onnx', sha256: 'ab' });
  });
});

describe('the shipped manifest', () => {
  const load = (res: Response) =>
    loadModelFiles({ kind: 'manifest', url: 'http://app.test/models/manifest.json' }, { fetch: async () => res });

  it('is absent on 404 and on an HTML fallback page (rules only)', async () => {
    expect(await load(new Response(null, { status: 404 }))).toBeNull();
    expect(
      await load(new Response('<!doctype html><html></html>', { headers: { 'content-type': 'text/html; charset=utf-8' } })),
    ).toBeNull();
  });

  it('is a 502 when the server fails or the manifest is not JSON', async () => {
    await expectProblem(load(new Response(null, { status: 500 })), { status: 502, problemCode: 'TEXT_MODEL_UNAVAILABLE' });
    await expectProblem(load(new Response('{nope', { headers: { 'content-type': 'application/json' } })), { status: 502 });
  });
});

describe('Cache Storage', () => {
  const hashes = { config: fixtureSha('tiny-ner/config.json'), model: fixtureSha('tiny-ner/model.onnx') };
  const refs = directoryRefs('http://app.test/m/', hashes);

  it('caches files with a known hash and serves them from the cache the next time', async () => {
    const c = fakeCaches();
    const first = fakeFetch();
    const a = await fetchModelFiles(refs, { fetch: first.fetch, caches: c.caches });
    expect(first.requests).toHaveLength(3);
    expect(c.opened).toEqual([MODEL_CACHE]);
    // tokenizer.json has no expected hash: never cached.
    expect([...c.store.keys()].sort()).toEqual(['http://app.test/m/config.json', 'http://app.test/m/model.onnx']);
    const second = fakeFetch();
    const progress: Array<[number, number]> = [];
    const b = await fetchModelFiles(refs, { fetch: second.fetch, caches: c.caches }, { onProgress: (l, t) => progress.push([l, t]) });
    expect(second.requests).toEqual(['http://app.test/m/tokenizer.json']);
    expect(b).toEqual(a);
    const total = a.config.length + a.tokenizer.length + a.model.length;
    expect(progress.at(-1)).toEqual([total, total]);
  });

  it('replaces a cached copy that no longer matches its hash', async () => {
    const c = fakeCaches();
    c.store.set('http://app.test/m/model.onnx', new Uint8Array([1, 2, 3]));
    const f = fakeFetch();
    const got = await fetchModelFiles(refs, { fetch: f.fetch, caches: c.caches });
    expect(f.requests).toContain('http://app.test/m/model.onnx');
    expect(c.store.get('http://app.test/m/model.onnx')).toEqual(got.model);
  });

  it('never caches a download that fails its hash check', async () => {
    const c = fakeCaches();
    const f = fakeFetch();
    await expectProblem(
      fetchModelFiles(directoryRefs('http://app.test/m/', { model: 'e'.repeat(64) }), { fetch: f.fetch, caches: c.caches }),
      { status: 502 },
    );
    expect(c.store.has('http://app.test/m/model.onnx')).toBe(false);
  });
});
