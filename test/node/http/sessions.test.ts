// Our extension `/local/v1/sessions`: LLM round-trip sessions over the fetch handler (create, turns, restore whole and
// streamed, report, vault, delete), their keys, problems, project scope and expiry.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackServer } from '../../../src/platform/node/http-server.js';
import { createFetchHandler } from '../../../src/http/fetch-handler.js';
import { LOCAL_ROUTES, matchRoute } from '../../../src/http/routes.js';
import type { LocalAnonymizer } from '../../../src/service/local-service.js';
import { fakeClock, harness } from '../service/harness.js';
import { caller, KEYS, SETUP } from './conformance.js';

const BASE = 'http://localhost';
const FIRST = 'Sehr geehrte Frau Anna Schmidt, Ihre E-Mail anna.schmidt@example.de ist angekommen.';
const SECOND = 'Bitte rufen Sie Frau Schmidt an, nicht Herrn Bernd Krause.';

let service: LocalAnonymizer;
const clock = fakeClock();
let handler: (request: Request) => Promise<Response>;
const call = caller(BASE, (r) => handler(r));

beforeAll(async () => {
  service = (await harness({ setup: SETUP, clock, sessions: { maxPerKey: 3 } })).service;
  handler = createFetchHandler(service);
});
afterAll(() => service.close());

/** Creates a session and returns its id. */
async function create(json: unknown = {}, key: string = KEYS.org): Promise<string> {
  const res = await call('POST', '/local/v1/sessions', { json, key });
  expect(res.status).toBe(201);
  return ((await res.json()) as { sessionId: string }).sessionId;
}

async function turn(id: string, text: string, key: string = KEYS.org): Promise<string> {
  const res = await call('POST', `/local/v1/sessions/${id}/pseudonymize`, { json: { text }, key });
  expect(res.status).toBe(200);
  return ((await res.json()) as { pseudonymizedText: string }).pseudonymizedText;
}

/** A request whose body the test writes chunk by chunk, and the handler's answer. */
function streamedRestore(id: string) {
  let source!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (source = c) });
  const response = handler(
    new Request(`${BASE}/local/v1/sessions/${id}/restore`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEYS.org}`, 'content-type': 'text/plain; charset=utf-8' },
      body,
      duplex: 'half',
    } as RequestInit),
  );
  return { write: (bytes: Uint8Array) => source.enqueue(bytes), end: () => source.close(), response };
}

const notFoundAt = (instance: string) => ({ title: 'Not Found', status: 404, detail: 'The session does not exist.', instance });
const invalid = (instance: string, errors: unknown[]) => ({
  title: 'Unprocessable Entity',
  status: 422,
  detail: 'The request is invalid.',
  problemCode: 'VALIDATION_FAILED',
  errors,
  instance,
});

describe('a session over HTTP: the whole round trip', () => {
  it('create, two turns with one mapping, restore as JSON and streamed, report, vault, delete', async () => {
    const created = await call('POST', '/local/v1/sessions', { json: {} });
    expect(created.status).toBe(201);
    expect(created.headers.get('content-type')).toBe('application/json');
    const body = (await created.json()) as { sessionId: string };
    expect(body).toEqual({ sessionId: expect.stringMatching(/^ses_[0-9a-f]{32}$/), style: 'labels', scope: 'conversation' });
    const id = body.sessionId;
    const another = await create();
    expect(another).not.toBe(id);
    await call('DELETE', `/local/v1/sessions/${another}`);

    const first = await call('POST', `/local/v1/sessions/${id}/pseudonymize`, { json: { text: FIRST } });
    const firstBody = (await first.json()) as { pseudonymizedText: string; detection: { tokenCount: number; detections: unknown[] } };
    expect(firstBody.pseudonymizedText).toBe('Sehr geehrte Frau PER-1, Ihre E-Mail MAIL-1 ist angekommen.');
    expect(firstBody.detection.tokenCount).toBeGreaterThan(0);
    expect(firstBody.detection.detections[0]).toEqual({
      startChar: 18,
      stopChar: 30,
      label: 'PER',
      text: 'Anna Schmidt',
      pseudonym: 'PER-1',
    });
    expect(await turn(id, SECOND)).toBe('Bitte rufen Sie Frau PER-1 an, nicht Herrn PER-2.');

    expect((await call('GET', `/local/v1/sessions/${id}/report`)).status).toBe(204);
    const whole = await call('POST', `/local/v1/sessions/${id}/restore`, {
      json: { text: 'Ich schreibe **PER-1** und per_2; PER-7 nicht.' },
    });
    expect(whole.status).toBe(200);
    const restored = (await whole.json()) as { text: string; report: { unknown: unknown[]; restored: unknown[] } };
    expect(restored.text).toBe('Ich schreibe **Anna Schmidt** und Bernd Krause; PER-7 nicht.');
    expect(restored.report.unknown).toEqual([{ text: 'PER-7', count: 1 }]);
    expect(await (await call('GET', `/local/v1/sessions/${id}/report`)).json()).toEqual(restored.report);

    // Streamed: a placeholder and a UTF-8 character split between chunks; what a chunk completes comes back before
    // the next chunk is written.
    const bytes = new TextEncoder().encode('Grüße an PER-1 und MAIL-1, von PER-2.');
    const stream = streamedRestore(id);
    stream.write(bytes.slice(0, 3)); // 'Gr' and the first byte of 'ü'
    stream.write(bytes.slice(3, 14)); // …'an PER'
    const res = await stream.response;
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let out = '';
    while (!out.includes('an ')) out += (await reader.read()).value;
    expect(out).toBe('Grüße an ');
    stream.write(bytes.slice(14, 24)); // '-1 und MAI'
    while (!out.includes('und ')) out += (await reader.read()).value;
    expect(out).toBe('Grüße an Anna Schmidt und ');
    stream.write(bytes.slice(24));
    stream.end();
    for (let r = await reader.read(); !r.done; r = await reader.read()) out += r.value;
    expect(out).toBe('Grüße an Anna Schmidt und anna.schmidt@example.de, von Bernd Krause.');
    const report = (await (await call('GET', `/local/v1/sessions/${id}/report`)).json()) as { restored: Array<{ placeholder: string }> };
    expect(report.restored.map((r) => r.placeholder).sort()).toEqual(['MAIL-1', 'PER-1', 'PER-2']);

    const vault = await call('GET', `/local/v1/sessions/${id}/vault`);
    expect(vault.status).toBe(200);
    expect(await vault.json()).toEqual({
      sessionId: id,
      style: 'labels',
      scope: 'conversation',
      entries: [
        { label: 'PER', number: 1, placeholder: 'PER-1', original: 'Anna Schmidt', forms: 2 },
        { label: 'MAIL', number: 1, placeholder: 'MAIL-1', original: 'anna.schmidt@example.de', forms: 1 },
        { label: 'PER', number: 2, placeholder: 'PER-2', original: 'Bernd Krause', forms: 1 },
      ],
    });

    const deleted = await call('DELETE', `/local/v1/sessions/${id}`);
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe('');
    for (const [method, path] of [
      ['GET', `/local/v1/sessions/${id}/vault`],
      ['GET', `/local/v1/sessions/${id}/report`],
      ['DELETE', `/local/v1/sessions/${id}`],
    ] as const) {
      const gone = await call(method, path);
      expect(gone.status).toBe(404);
      expect(gone.headers.get('content-type')).toBe('application/problem+json');
      expect(await gone.json()).toEqual(notFoundAt(path));
    }
  });

  it('a session with labels and style chosen; a turn may narrow the labels', async () => {
    const res = await call('POST', '/local/v1/sessions', { json: { textLabels: ['MAIL'], style: 'surrogates' } });
    const { sessionId: id, style } = (await res.json()) as { sessionId: string; style: string };
    expect(style).toBe('surrogates');
    const text = await turn(id, FIRST);
    expect(text).toContain('Frau Anna Schmidt');
    expect(text).not.toContain('anna.schmidt@example.de');
    const labels = await call('POST', `/local/v1/sessions/${id}/pseudonymize`, { json: { text: FIRST, textLabels: ['PER'] } });
    expect(((await labels.json()) as { pseudonymizedText: string }).pseudonymizedText).toContain('anna.schmidt@example.de');
    await call('DELETE', `/local/v1/sessions/${id}`);
  });

  it('scope none: every turn starts afresh', async () => {
    const id = await create({ scope: 'none' });
    expect(await turn(id, 'Herr Bernd Krause ruft an.')).toBe('Herr PER-1 ruft an.');
    expect(await turn(id, 'Frau Petra Lang ruft an.')).toBe('Frau PER-1 ruft an.');
    const restored = await call('POST', `/local/v1/sessions/${id}/restore`, { json: { text: 'PER-1' } });
    expect(((await restored.json()) as { text: string }).text).toBe('Petra Lang');
    const vault = (await (await call('GET', `/local/v1/sessions/${id}/vault`)).json()) as { scope: string; entries: unknown[] };
    expect(vault.scope).toBe('none');
    expect(vault.entries).toHaveLength(1);
    await call('DELETE', `/local/v1/sessions/${id}`);
  });
});

describe('keys and problems', () => {
  it('401 without a key (no body) and with an unknown key (problem without instance)', async () => {
    const none = await call('POST', '/local/v1/sessions', { json: {}, key: null });
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    expect(await none.text()).toBe('');
    const wrong = await call('GET', '/local/v1/sessions/ses_00/vault', { key: 'not-a-key-0000000000' });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ title: 'Unauthorized', status: 401, detail: 'Missing or invalid API key.' });
  });

  it("another key's session is 404 on every endpoint, whatever the body, and stays untouched", async () => {
    const id = await create({}, KEYS.user);
    await turn(id, FIRST, KEYS.user);
    for (const key of [KEYS.outsider, KEYS.org, KEYS.project3]) {
      for (const [method, path, json] of [
        ['POST', `/local/v1/sessions/${id}/pseudonymize`, { text: '' }],
        ['POST', `/local/v1/sessions/${id}/restore`, { text: 'PER-1' }],
        ['GET', `/local/v1/sessions/${id}/report`, undefined],
        ['GET', `/local/v1/sessions/${id}/vault`, undefined],
        ['DELETE', `/local/v1/sessions/${id}`, undefined],
      ] as const) {
        const res = await call(method, path, { key, ...(json ? { json } : {}) });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(await res.json()).toEqual(notFoundAt(path));
      }
    }
    const vault = await call('GET', `/local/v1/sessions/${id}/vault`, { key: KEYS.user });
    expect(((await vault.json()) as { entries: unknown[] }).entries).toHaveLength(2);
    expect((await call('DELETE', `/local/v1/sessions/${id}`, { key: KEYS.user })).status).toBe(204);
  });

  it('422 VALIDATION_FAILED with errors[] for bodies; 415 and 400 for unreadable ones', async () => {
    const path = '/local/v1/sessions';
    const bad = await call('POST', path, { json: { style: 'fancy', scope: 'forever', projectId: 1.5, textLabels: [] } });
    expect(bad.status).toBe(422);
    expect(bad.headers.get('content-type')).toBe('application/problem+json');
    expect(await bad.json()).toEqual(
      invalid(path, [
        { field: 'style', code: 'InvalidValue', message: 'must be labels or surrogates' },
        { field: 'scope', code: 'InvalidValue', message: 'must be conversation, project or none' },
        { field: 'projectId', code: 'InvalidType', message: 'must be an integer' },
        { field: 'textLabels', code: 'NotEmpty', message: 'must contain at least one label' },
      ]),
    );
    expect(await (await call('POST', path, { json: null })).json()).toEqual(
      invalid(path, [{ field: '$', code: 'NotNull', message: 'must not be null' }]),
    );

    const id = await create();
    const turnPath = `/local/v1/sessions/${id}/pseudonymize`;
    const blank = await call('POST', turnPath, { json: { text: ' \u200b ', textLabels: ['PER', 'NOPE'] } });
    expect(await blank.json()).toEqual(
      invalid(turnPath, [
        { field: 'text', code: 'NotBlank', message: 'must not be blank' },
        { field: 'textLabels[1]', code: 'InvalidValue', message: 'must be a known text label' },
      ]),
    );
    expect(await (await call('POST', turnPath, { json: {} })).json()).toEqual(
      invalid(turnPath, [{ field: 'text', code: 'NotNull', message: 'must not be null' }]),
    );
    const restorePath = `/local/v1/sessions/${id}/restore`;
    expect(await (await call('POST', restorePath, { json: { text: 5 } })).json()).toEqual(
      invalid(restorePath, [{ field: 'text', code: 'InvalidType', message: 'must be of type string' }]),
    );
    const octets = await call('POST', restorePath, { body: 'PER-1', headers: { 'content-type': 'application/octet-stream' } });
    expect(octets.status).toBe(415);
    expect(((await octets.json()) as { detail: string }).detail).toBe('The body must be application/json or text/plain.');
    const broken = await call('POST', path, { body: '{', headers: { 'content-type': 'application/json' } });
    expect(broken.status).toBe(400);
    await call('DELETE', `/local/v1/sessions/${id}`);
  });

  it('404 for paths that name no endpoint, 405 with Allow for a wrong method', async () => {
    const none = await call('GET', '/local/v1/nothing');
    expect(none.status).toBe(404);
    expect(await none.json()).toMatchObject({ status: 404, detail: 'No endpoint has this path.', instance: '/local/v1/nothing' });
    expect((await call('GET', '/local/v1/sessions/x/vault/')).status).toBe(404);
    expect((await call('GET', '/local/v2/sessions')).status).toBe(404);
    const list = await call('GET', '/local/v1/sessions');
    expect(list.status).toBe(405);
    expect(list.headers.get('allow')).toBe('POST');
    const put = await call('PUT', '/local/v1/sessions/abc');
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('DELETE');
    // The spec's namespace does not answer ours, nor ours the spec's.
    expect(matchRoute('POST', '/external/v1/sessions')).toEqual({ kind: 'none' });
    expect(matchRoute('POST', '/local/v1/text')).toEqual({ kind: 'none' });
    for (const r of LOCAL_ROUTES) {
      expect(matchRoute(r.method, '/local/v1/' + r.pattern.replace('{sessionId}', 'ses_1'))).toMatchObject({ operation: r.operation });
    }
  });
});

describe('project scope: opt-in per project, one vault for all its sessions', () => {
  it('refused until the project enables it, then shared across sessions and keys of the project', async () => {
    const path = '/local/v1/sessions';
    const refused = await call('POST', path, { json: { scope: 'project', projectId: 3 }, key: KEYS.user });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual(
      invalid(path, [{ field: 'scope', code: 'InvalidValue', message: "project scope is not enabled in the project's configuration" }]),
    );
    expect((await call('POST', path, { json: { scope: 'project', projectId: 99 } })).status).toBe(404);
    const other = await call('POST', path, { json: { scope: 'project', projectId: 3 }, key: KEYS.outsider });
    expect(other.status).toBe(403);

    // Only an organization key writes a project's configuration.
    const config = { textAnonymization: { labelsConfig: [], sessionScope: 'project' }, imageAnonymization: { labelsConfig: [] } };
    expect((await call('PUT', '/external/v1/projects/3/config', { json: config, key: KEYS.user })).status).toBe(403);
    const wrongValue = await call('PUT', '/external/v1/projects/3/config', { json: { textAnonymization: { sessionScope: 'org' } } });
    expect(await wrongValue.json()).toMatchObject({
      errors: [{ field: 'textAnonymization.sessionScope', code: 'InvalidValue', message: 'must be conversation or project' }],
    });
    const written = await call('PUT', '/external/v1/projects/3/config', { json: config });
    expect(written.status).toBe(200);
    expect(await written.json()).toMatchObject({ textAnonymization: { sessionScope: 'project' } });

    const a = await create({ scope: 'project', projectId: 3 }, KEYS.user);
    const b = await create({ scope: 'project' }, KEYS.project3); // a project key's resolved project is 3
    expect(await turn(a, FIRST, KEYS.user)).toBe('Sehr geehrte Frau PER-1, Ihre E-Mail MAIL-1 ist angekommen.');
    expect(await turn(b, SECOND, KEYS.project3)).toBe('Bitte rufen Sie Frau PER-1 an, nicht Herrn PER-2.');
    const restored = await call('POST', `/local/v1/sessions/${a}/restore`, { json: { text: 'PER-2' }, key: KEYS.user });
    expect(((await restored.json()) as { text: string }).text).toBe('Bernd Krause');
    // Each session still belongs to its key.
    expect((await call('GET', `/local/v1/sessions/${a}/vault`, { key: KEYS.project3 })).status).toBe(404);
    // A conversation session of the same project keeps its own vault.
    const c = await create({ projectId: 3 }, KEYS.user);
    expect(await turn(c, 'Herr Bernd Krause ruft an.', KEYS.user)).toBe('Herr PER-1 ruft an.');

    // Deleting one session keeps the shared vault for the others; the last one takes it along.
    expect((await call('DELETE', `/local/v1/sessions/${a}`, { key: KEYS.user })).status).toBe(204);
    const vault = (await (await call('GET', `/local/v1/sessions/${b}/vault`, { key: KEYS.project3 })).json()) as { entries: unknown[] };
    expect(vault.entries).toHaveLength(3);
    expect((await call('DELETE', `/local/v1/sessions/${b}`, { key: KEYS.project3 })).status).toBe(204);
    const fresh = await create({ scope: 'project', projectId: 3 }, KEYS.user);
    expect(await turn(fresh, 'Herr Bernd Krause ruft an.', KEYS.user)).toBe('Herr PER-1 ruft an.');
    for (const id of [c, fresh]) await call('DELETE', `/local/v1/sessions/${id}`, { key: KEYS.user });
    await call('PUT', '/external/v1/projects/3/config', {
      json: { textAnonymization: { labelsConfig: [] }, imageAnonymization: { labelsConfig: [] } },
    });
  });
});

describe('lifetime', () => {
  it('a session idle for an hour is forgotten; one in use is kept', async () => {
    const idle = await create();
    const used = await create();
    clock.advance(40 * 60 * 1000);
    await turn(used, 'Herr Bernd Krause ruft an.');
    clock.advance(30 * 60 * 1000);
    expect((await call('GET', `/local/v1/sessions/${idle}/vault`)).status).toBe(404);
    expect((await call('GET', `/local/v1/sessions/${used}/vault`)).status).toBe(200);
    await call('DELETE', `/local/v1/sessions/${used}`);
  });

  it('a key holds at most its cap of sessions: 429 with Retry-After until one is deleted or expires', async () => {
    const ids = [await create(), await create(), await create()];
    const over = await call('POST', '/local/v1/sessions', { json: {} });
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBe('3600');
    expect(await over.json()).toMatchObject({ problemCode: 'RATE_LIMIT_EXCEEDED', instance: '/local/v1/sessions' });
    // Other keys are not held back by this one's sessions.
    const others = await create({}, KEYS.user);
    await call('DELETE', `/local/v1/sessions/${ids[0]}`);
    ids[0] = await create();
    clock.advance(60 * 60 * 1000);
    await create();
    for (const id of ids) expect((await call('GET', `/local/v1/sessions/${id}/vault`)).status).toBe(404);
    expect((await call('GET', `/local/v1/sessions/${others}/vault`, { key: KEYS.user })).status).toBe(404);
  });
});

describe('over the loopback server', () => {
  it('a streamed restore answers what a chunk completes while the client is still sending', { timeout: 30_000 }, async () => {
    const id = await create();
    await turn(id, FIRST);
    const server = await startLoopbackServer(handler);
    try {
      const u = new URL(server.url);
      const parts = await new Promise<string[]>((resolve, reject) => {
        const parts: string[] = [];
        const headers = { authorization: `Bearer ${KEYS.org}`, 'content-type': 'text/plain; charset=utf-8' };
        const req = httpRequest(
          { host: u.hostname, port: u.port, path: `/local/v1/sessions/${id}/restore`, method: 'POST', headers },
          (res) => {
            res.setEncoding('utf8');
            res.on('data', (d: string) => {
              parts.push(d);
              // The rest of the answer is sent only once its first part came back.
              if (parts.length === 1) req.end('MAIL-1.');
            });
            res.on('end', () => resolve(parts));
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.write('Hallo PER-1 und ');
      });
      expect(parts[0]).toBe('Hallo Anna Schmidt und ');
      expect(parts.join('')).toBe('Hallo Anna Schmidt und anna.schmidt@example.de.');
    } finally {
      await server.close();
      await call('DELETE', `/local/v1/sessions/${id}`);
    }
  });
});
