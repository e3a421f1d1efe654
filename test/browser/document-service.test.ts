import { afterEach, describe, expect, it } from 'vitest';
import { createBrowserAnonymizer } from '../../src/platform/browser/service.js';
import type { LocalAnonymizer } from '../../src/service/local-service.js';
import { AnonymizerError } from '../../src/errors/problem.js';
import type { JobsClient } from '../../src/platform/browser/jobs-client.js';
import { startJobsWorker } from '../../src/platform/browser/jobs-client.js';
import type { OrganizationSetup } from '../../src/service/setup.js';
import type { ExternalUploadConfig, ProblemDetail } from '../../src/spec/types.js';
import { dumpStore } from '../../src/store/store.js';

/**
 * A tiny quota, simulated at the IndexedDB API: every `add`/`put` of a value holding more than `bytes` bytes fails
 * with the QuotaExceededError Chromium raises. (CDP `Storage.overrideQuotaForOrigin` reports itself active but
 * Chromium 14x under Playwright still accepted 5 MB writes, in incognito and in a persistent profile alike.)
 */
function limitStorage(bytes: number): () => void {
  const proto = IDBObjectStore.prototype;
  const { add, put } = proto;
  const size = (v: unknown): number =>
    v instanceof Uint8Array ? v.byteLength : v && typeof v === 'object' ? Object.values(v).reduce<number>((n, x) => n + size(x), 0) : 0;
  const guard = <F extends (...a: never[]) => IDBRequest>(f: F) =>
    function (this: IDBObjectStore, ...args: Parameters<F>) {
      if (size(args[0]) > bytes) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return f.apply(this, args);
    } as unknown as F;
  proto.add = guard(add);
  proto.put = guard(put);
  return () => {
    proto.add = add;
    proto.put = put;
  };
}

const BARE = { textAnonymization: { labelsConfig: [] }, imageAnonymization: { labelsConfig: [] } };
const ORG = 'org-key-0000000000000001';
const USER = 'user-key-000000000000001';
const PROJECT2 = 'proj-key-000000000000002';
const setup: OrganizationSetup = {
  projects: [
    { id: 1, name: 'Default', config: BARE },
    { id: 2, name: 'HR', isStoringPII: false, config: BARE },
    { id: 3, name: 'Legal', documentCorrection: true, config: BARE },
  ],
  users: [{ id: 10, projectIds: [1, 3] }],
  keys: [
    { kind: 'ORGANIZATION', key: ORG },
    { kind: 'USER', key: USER, userId: 10 },
    { kind: 'PROJECT', key: PROJECT2, projectId: 2 },
  ],
};

async function png(width = 64, height = 48, noise = false): Promise<Uint8Array> {
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d')!;
  if (noise) {
    const img = ctx.createImageData(width, height);
    crypto.getRandomValues(img.data.subarray(0, Math.min(img.data.length, 65536)));
    for (let i = 65536; i < img.data.length; i += 65536) crypto.getRandomValues(img.data.subarray(i, Math.min(img.data.length, i + 65536)));
    for (let i = 3; i < img.data.length; i += 4) img.data[i] = 255;
    ctx.putImageData(img, 0, 0);
  } else {
    ctx.fillStyle = '#3a7';
    ctx.fillRect(0, 0, width, height);
    ctx.fillStyle = '#000';
    ctx.font = '28px sans-serif';
    ctx.fillText('Max Mustermann, Hauptstraße 5', 10, height / 2);
  }
  return new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
}
const b64 = (bytes: Uint8Array) => {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
};
const storeName = () => `test-${crypto.randomUUID()}`;

async function problemOf(action: Promise<unknown> | (() => unknown)): Promise<ProblemDetail> {
  try {
    await (typeof action === 'function' ? action() : action);
  } catch (err) {
    expect(err).toBeInstanceOf(AnonymizerError);
    return (err as AnonymizerError).problem;
  }
  throw new Error('expected a problem');
}

const services: LocalAnonymizer[] = [];
const workers: JobsClient[] = [];
afterEach(async () => {
  for (const w of workers.splice(0)) await w.stop();
  for (const s of services.splice(0)) await s.close();
});
async function service(options: Parameters<typeof createBrowserAnonymizer>[0] = {}) {
  const s = await createBrowserAnonymizer({ ner: false, setup, ...options });
  services.push(s);
  return s;
}
async function jobsWorker(name: string) {
  const w = await startJobsWorker({ storeName: name, ner: false, runner: { scanIntervalMs: 200 } });
  workers.push(w);
  return w;
}

describe('document service on the real IndexedDB store, documents processed in the jobs worker', () => {
  it('every endpoint of 4.1–4.3 succeeds, and deletion leaves nothing in any store', async () => {
    const name = storeName();
    const s = await service({ storeName: name });
    const org = s.as(ORG);
    expect((await org.projectsMe()).map((p) => p.id)).toEqual([1, 2, 3]);
    expect(await org.defaultConfig()).toEqual(BARE);
    expect(await org.projects(2).config()).toEqual(BARE);
    expect(org.textLabels()).toHaveLength(8);
    expect(org.imageLabels().map((l) => l.name)).toEqual(['face', 'text']);

    const input = await png();
    const up = await org.documents.upload({ content: b64(input), tags: [{ key: 'k', value: 'v' }] });
    expect(up).toEqual({ documentId: 1, status: 'COMPUTING_QUOTA' });
    const seen: string[] = [];
    expect(await org.documents.waitFor(1, { onProgress: (p) => seen.push(p.status), pollMs: 100 })).toEqual({
      documentId: 1,
      status: 'COMPLETED',
    });
    expect(seen.at(-1)).toBe('COMPLETED');
    expect(await org.documents.status(1)).toEqual({ documentId: 1, status: 'COMPLETED' });
    const result = await org.documents.result(1);
    expect(result.fileName).toBe('document-1_anonymized.png');
    expect([...result.bytes.subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
    expect((await org.documents.original(1)).bytes).toEqual(input);
    expect((await org.documents.piis(1)).pageData[0]!.pageNum).toBe(1);
    expect((await org.documents.list({ tagKeyValues: 'k=v' })).totalElements).toBe(1);

    const scoped = org.projects(2).documents;
    const up2 = await scoped.upload(new Blob([input as BlobPart]), { name: 'scan.png' });
    expect((await scoped.waitFor(up2.documentId, { pollMs: 100 })).status).toBe('COMPLETED');
    expect((await scoped.result(up2.documentId)).fileName).toBe('scan_anonymized.png');
    expect((await scoped.list()).content.map((d) => d.original)).toEqual(['scan.png']);

    await org.documents.delete(1);
    await scoped.delete(up2.documentId);
    const dump = await dumpStore(name);
    expect(dump.documents).toEqual([]);
    expect(dump.files).toEqual([]);
    expect(dump.piis).toEqual([]);
  });

  it('every error status of 4.1–4.3 with its problemCode', async () => {
    const s = await service({ storeName: storeName(), maxQueued: 1, runner: { concurrency: 1 } });
    const org = s.as(ORG);
    const input = await png();
    const cases: Array<[string, () => Promise<unknown> | unknown, Partial<ProblemDetail>]> = [
      ['401 unknown key', () => s.as('nope-nope-nope-nope-nope'), { status: 401 }],
      ['403 project not accessible', () => s.as(USER).projects(2).config(), { status: 403 }],
      ['404 unknown project', () => org.projects(9).documents.list(), { status: 404 }],
      ['404 unknown document', () => org.documents.status(77), { status: 404 }],
      ['400 INVALID_PATH_PARAM', () => org.documents.result('7x'), { status: 400, problemCode: 'INVALID_PATH_PARAM' }],
      ['422 blank content', () => org.documents.upload({ content: ' ' }), { status: 422, problemCode: 'VALIDATION_FAILED' }],
      [
        '422 invalid config',
        () => org.documents.upload({ content: b64(input), config: { textAnonymization: { labelsConfig: [{ name: 'XYZ' }] } } as never }),
        { status: 422, problemCode: 'VALIDATION_FAILED' },
      ],
      ['422 INVALID_FILE', () => org.documents.upload({ content: btoa('hello') }), { status: 422, problemCode: 'INVALID_FILE' }],
      [
        '413 DOCUMENT_TOO_BIG',
        () => org.projects(1).documents.upload({ size: 2 ** 28, arrayBuffer: async () => new ArrayBuffer(0) } as unknown as Blob),
        { status: 413, problemCode: 'DOCUMENT_TOO_BIG' },
      ],
    ];
    for (const [label, call, expected] of cases) expect(await problemOf(call), label).toMatchObject(expected);

    // NO_PII_STORED, PII endpoint 403s, 422 original before completion, 404 result before completion, 429.
    const hr = s.as(PROJECT2).documents;
    const a = await hr.upload({ content: b64(input) });
    expect(await problemOf(hr.upload({ content: b64(input) }))).toMatchObject({ status: 429, problemCode: 'RATE_LIMIT_EXCEEDED' });
    expect(await problemOf(hr.original(a.documentId))).toMatchObject({ status: 403, problemCode: 'NO_PII_STORED' });
    await hr.waitFor(a.documentId, { pollMs: 100 });
    expect((await problemOf(hr.piis(a.documentId))).status).toBe(403);
    const legal = s.as(USER).projects(3).documents;
    const b = await legal.upload(input);
    expect((await problemOf(legal.original(b.documentId))).status).toBe(422);
    expect((await problemOf(legal.result(b.documentId))).status).toBe(404);
    await legal.waitFor(b.documentId, { pollMs: 100 });
    expect((await problemOf(legal.piis(b.documentId))).status).toBe(403);
  });

  it('403 CREDIT_LIMIT_EXCEEDED on both upload workflows and text once the budget is spent', async () => {
    const s = await service({ storeName: storeName(), credits: { pages: 0, characters: 0 } });
    const input = await png();
    for (const call of [
      () => s.documents.upload({ content: b64(input) }),
      () => s.projects(1).documents.upload(input),
      () => s.text({ text: 'x', textLabels: ['MAIL'] }),
    ]) {
      expect(await problemOf(call)).toMatchObject({ status: 403, problemCode: 'CREDIT_LIMIT_EXCEEDED' });
    }
  });

  it('a full disk: upload → 507 STORAGE_LIMIT_EXCEEDED, nothing half-stored, and the store works afterwards', async () => {
    const name = storeName();
    const s = await service({ storeName: name });
    const big = await png(1200, 1200, true);
    const restore = limitStorage(64 * 1024);
    try {
      expect(await problemOf(s.documents.upload({ content: b64(big) }))).toMatchObject({
        status: 507,
        problemCode: 'STORAGE_LIMIT_EXCEEDED',
      });
    } finally {
      restore();
    }
    const dump = await dumpStore(name);
    expect(dump.documents).toEqual([]);
    expect(dump.files).toEqual([]);
    const ok = await s.documents.upload({ content: b64(await png()) });
    expect((await s.documents.waitFor(ok.documentId, { pollMs: 100 })).status).toBe('COMPLETED');
  });
});

describe('jobs across workers and tabs (Web Locks)', () => {
  it('a worker killed mid-job: the next runner takes the document over and completes it', async () => {
    const name = storeName();
    const s = await service({ storeName: name, noRunner: true });
    const first = await jobsWorker(name);
    // OCR of text in the image keeps the job busy long enough to kill it midway.
    const ocr: ExternalUploadConfig = {
      textAnonymization: { labelsConfig: [{ name: 'PER', config: null }] },
      imageAnonymization: { labelsConfig: [{ name: 'text', anonymizationType: 'MASK' }] },
    };
    const { documentId } = await s.documents.upload({ content: b64(await png(900, 200)), config: ocr });
    while ((await s.documents.status(documentId)).status !== 'PROCESSING') await new Promise((r) => setTimeout(r, 10));
    first.terminate();
    expect((await s.documents.status(documentId)).status).toBe('PROCESSING');
    await jobsWorker(name);
    const final = await s.documents.waitFor(documentId, { pollMs: 100 });
    expect(final.status).toBe('COMPLETED');
    expect((await dumpStore(name)).documents).toEqual([expect.objectContaining({ id: documentId, attempts: 2, lease: null })]);
  }, 120_000);

  it('two tabs: each document is processed by exactly one runner', async () => {
    const name = storeName();
    const tab1 = await service({ storeName: name, noRunner: true });
    const tab2 = await service({ storeName: name, noRunner: true });
    await jobsWorker(name);
    await jobsWorker(name);
    const input = b64(await png());
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push((await (i % 2 ? tab1 : tab2).documents.upload({ content: input })).documentId);
    expect(new Set(ids).size).toBe(6);
    for (const id of ids) expect((await tab1.documents.waitFor(id, { pollMs: 100 })).status).toBe('COMPLETED');
    const docs = (await dumpStore(name)).documents as Array<{ attempts: number }>;
    expect(docs.map((d) => d.attempts)).toEqual([1, 1, 1, 1, 1, 1]);
  });
});

describe('retention in the browser store (fake clock)', () => {
  it('purges completed documents after their hours, leaving nothing', async () => {
    const name = storeName();
    let now = Date.now();
    const clock = { now: () => now, setInterval: () => 0, clearInterval: () => undefined };
    const s = await service({
      storeName: name,
      clock,
      setup: { projects: [{ id: 1, name: 'P', deleteCompletedDocumentsAfterHours: 2, config: BARE }] },
    });
    const { documentId } = await s.documents.upload({ content: b64(await png()) });
    await s.documents.waitFor(documentId, { pollMs: 100 });
    now += 3_600_000;
    expect(await s.purge()).toBe(0);
    now += 5_400_000;
    expect(await s.purge()).toBe(1);
    const dump = await dumpStore(name);
    expect([dump.documents, dump.files, dump.piis]).toEqual([[], [], []]);
  });
});
