import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnonymizer } from '../../../src/platform/node/text.js';
import type { LocalAnonymizer } from '../../../src/service/local-service.js';
import { createFetchHandler } from '../../../src/http/fetch-handler.js';
import { matchRoute, ROUTES } from '../../../src/http/routes.js';
import { TINY } from '../inference/fixtures.js';
import { harness, pngBytes } from '../service/harness.js';
import { canaryDocx } from '../documents/docx/fixtures.js';
import { fixture } from '../documents/doc/fixtures.js';
import type { Fixtures } from './conformance.js';
import { caller, checkRow, makeFixtures, ROWS, SETUP } from './conformance.js';

let service: LocalAnonymizer;
let fixtures: Fixtures;
const call = caller('http://localhost', (r) => createFetchHandler(service)(r));

beforeAll(async () => {
  service = (await harness({ setup: SETUP })).service;
  fixtures = await makeFixtures(call, await pngBytes());
});
afterAll(() => service.close());

describe('conformance: every row of the spec tables against the fetch handler', () => {
  it.each(ROWS.map((r) => [r.name, r] as const))('%s', async (_name, row) => {
    await checkRow(call, row, fixtures);
  });

  it('every route of the table is reachable and no two share a method and path shape', () => {
    const shapes = ROUTES.map((r) => `${r.method} ${r.pattern.replace(/\{\w+\}/g, '{}')}`);
    expect(new Set(shapes).size).toBe(ROUTES.length);
    for (const r of ROUTES) {
      const path = '/external/v1/' + r.pattern.replace('{projectId}', '1').replace('{documentId}', '2');
      expect(matchRoute(r.method, path)).toMatchObject({ kind: 'found', operation: r.operation });
    }
    expect(matchRoute('GET', '/external/v1/projects/me/')).toEqual({ kind: 'none' });
    expect(matchRoute('DELETE', '/external/v1/projects/me')).toEqual({ kind: 'method', allowed: ['GET'] });
  });
});

describe('statuses that need a configured engine', () => {
  async function configured(options: Parameters<typeof harness>[0], text?: Parameters<typeof createAnonymizer>[0]) {
    const h = await harness({ setup: SETUP, ...options });
    const svc = text
      ? { as: (k: string | null | undefined) => ({ ...h.service.as(k), text: (r: never) => createAnonymizer(text).text(r) }) }
      : h.service;
    return { call: caller('http://localhost', createFetchHandler(svc)), close: () => h.service.close() };
  }
  const b64 = async () => Buffer.from(await pngBytes()).toString('base64');

  it('403 CREDIT_LIMIT_EXCEEDED on upload and text once the budget is spent', async () => {
    const { call: c, close } = await configured({ credits: { pages: 0, characters: 0 } });
    for (const [path, json] of [
      ['/external/v1/documents/upload', { content: await b64() }],
      ['/external/v1/text', { text: 'x', textLabels: ['MAIL'] }],
    ] as const) {
      const res = await c('POST', path, { json });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ problemCode: 'CREDIT_LIMIT_EXCEEDED', instance: path });
    }
    await close();
  });

  it('429 RATE_LIMIT_EXCEEDED with Retry-After on both upload workflows and on text', async () => {
    const { call: c, close } = await configured({ maxQueued: 0, maxConcurrentText: 0 });
    const text = await c('POST', '/external/v1/text', { json: { text: 'x', textLabels: ['MAIL'] } });
    expect(text.status).toBe(429);
    expect(text.headers.get('retry-after')).toBe('1');
    const res = await c('POST', '/external/v1/documents/upload', { json: { content: await b64() } });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toMatchObject({ problemCode: 'RATE_LIMIT_EXCEEDED' });
    const form = new FormData();
    form.append('file', new Blob([(await pngBytes()) as BlobPart]), 'a.png');
    expect((await c('POST', '/external/v1/projects/1/documents', { body: form })).status).toBe(429);
    await close();
  });

  it('502 TEXT_MODEL_UNAVAILABLE when the model cannot load; pattern labels still answer', async () => {
    const { call: c, close } = await configured({}, { ner: { url: TINY, sha256: '0'.repeat(64) } });
    const res = await c('POST', '/external/v1/text', { json: { text: 'Anna wohnt in Köln', textLabels: ['PER'] } });
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ problemCode: 'TEXT_MODEL_UNAVAILABLE', instance: '/external/v1/text' });
    expect((await c('POST', '/external/v1/text', { json: { text: 'am 3. März 2021', textLabels: ['DATE'] } })).status).toBe(200);
    await close();
  });

  it('a client file name keeps its last segment only and comes back in both Content-Disposition forms', async () => {
    const form = new FormData();
    form.append('file', new Blob([(await pngBytes()) as BlobPart]), '../../Übersicht "Akte".png');
    const res = await call('POST', '/external/v1/projects/1/documents', { body: form });
    const { documentId } = (await res.json()) as { documentId: number };
    for (;;) {
      const s = (await (await call('GET', `/external/v1/documents/${documentId}/status`)).json()) as { status: string };
      if (s.status === 'COMPLETED') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const result = await call('GET', `/external/v1/documents/${documentId}/result`);
    expect(result.headers.get('content-disposition')).toBe(
      `attachment; filename="_bersicht _Akte__anonymized.png"; filename*=UTF-8''%C3%9Cbersicht%20%22Akte%22_anonymized.png`,
    );
  });

  it('a DOCX and a DOC upload complete with the spec shapes: Word results, PII records by story', async () => {
    for (const [name, bytes, type, ext, magic] of [
      ['Brief.docx', canaryDocx(), 'DOCX', 'docx', '504b0304'],
      ['Memo.doc', fixture('canaries.doc'), 'DOC', 'doc', 'd0cf11e0'],
    ] as const) {
      const form = new FormData();
      form.append('file', new Blob([bytes as BlobPart]), name);
      const res = await call('POST', '/external/v1/projects/1/documents', { body: form });
      expect(res.status).toBe(200);
      const { documentId } = (await res.json()) as { documentId: number };
      let status: { status: string; documentType?: string };
      for (;;) {
        status = (await (await call('GET', `/external/v1/documents/${documentId}/status`)).json()) as typeof status;
        if (status.status === 'COMPLETED' || status.status === 'ERROR') break;
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(status.status, name).toBe('COMPLETED');
      const result = await call('GET', `/external/v1/documents/${documentId}/result`);
      expect(result.headers.get('content-disposition')).toContain(`_anonymized.${ext}"`);
      expect(
        Buffer.from(await result.arrayBuffer())
          .subarray(0, 4)
          .toString('hex'),
      ).toBe(magic);
      const piis = (await (await call('GET', `/external/v1/documents/${documentId}/result/piis`)).json()) as {
        documentType: string;
        pageData: unknown[];
      };
      expect(piis.documentType).toBe(type);
      expect(piis.pageData.length).toBeGreaterThan(0);
    }
  });
});
