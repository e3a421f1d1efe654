import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetchHandler } from '../../../../src/http/fetch-handler.js';
import type { LoopbackServer, LoopbackServerOptions } from '../../../../src/platform/node/http-server.js';
import { pathTrick, startLoopbackServer } from '../../../../src/platform/node/http-server.js';
import { createNodeAnonymizer } from '../../../../src/platform/node/service.js';
import type { LocalAnonymizer } from '../../../../src/service/local-service.js';
import { TEXT_LABELS } from '../../../../src/spec/types.js';
import { KEYS, SETUP } from '../../http/conformance.js';
import { pngBytes } from '../../service/harness.js';

const AUTH = { authorization: `Bearer ${KEYS.org}` };

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * Sends a request with node:http: the body is written in 64 KB chunks (chunked unless a Content-Length is given)
 * until `total` bytes went or the answer came; the client then stops sending, as a real one does.
 */
function send(
  url: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; total?: number; chunk?: Buffer; body?: string },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    let answered = false;
    const req = httpRequest(
      { host: u.hostname, port: u.port, path, method: options.method ?? 'GET', headers: options.headers ?? {} },
      (res) => {
        answered = true;
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => {
          resolve({ status: res.statusCode!, headers: res.headers, body });
          req.destroy();
        });
        res.on('error', reject);
      },
    );
    req.on('error', (err) => (answered ? undefined : reject(err)));
    if (options.body !== undefined) {
      req.end(options.body);
      return;
    }
    if (options.total === undefined) {
      req.end();
      return;
    }
    const chunk = options.chunk ?? Buffer.alloc(64 * 1024, 0x61);
    let sent = 0;
    const pump = () => {
      while (!answered && sent < options.total!) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

/** A raw socket: exactly the bytes given, for what node:http will not send. */
function rawExchange(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let data = '';
    socket.on('data', (d) => (data += d.toString()));
    socket.on('close', () => resolve(data));
    socket.on('error', reject);
    socket.setTimeout(20_000, () => socket.destroy());
  });
}

const statusLine = (raw: string) => raw.split('\r\n')[0];

/** The body of a raw HTTP/1.1 answer, de-chunked when it was sent chunked. */
function rawBody(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).toLowerCase();
  let rest = raw.slice(split + 4);
  if (!head.includes('transfer-encoding: chunked')) return rest;
  let body = '';
  for (;;) {
    const eol = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, eol), 16);
    if (!size) return body;
    body += rest.slice(eol + 2, eol + 2 + size);
    rest = rest.slice(eol + 2 + size + 2);
  }
}

let service: LocalAnonymizer;
let server: LoopbackServer;

async function start(options: LoopbackServerOptions = {}): Promise<LoopbackServer> {
  return startLoopbackServer(createFetchHandler(service), options);
}

beforeAll(async () => {
  service = await createNodeAnonymizer({ ner: false, setup: SETUP, textThreads: { threads: 2 } });
  server = await start({ allowedOrigins: ['https://app.example'] });
});
afterAll(async () => {
  await server.close();
  await service.close();
});

const alive = async (s: LoopbackServer = server) => {
  const res = await fetch(`${s.url}/external/v1/text-labels`, { headers: AUTH });
  expect(res.status).toBe(200);
};

describe('bodies over the limits: 413, the connection closed, the server alive', () => {
  it('a chunked 25 MB text body → 413 (no code) while it streams', async () => {
    const res = await send(server.url, '/external/v1/text', {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      total: 25 * 1024 * 1024,
    });
    expect(res.status).toBe(413);
    expect(res.headers['content-type']).toBe('application/problem+json');
    const problem = JSON.parse(res.body) as Record<string, unknown>;
    expect(problem).toMatchObject({ status: 413, title: 'Content Too Large', instance: '/external/v1/text' });
    expect(problem['problemCode']).toBeUndefined();
    await alive();
  });

  it('a chunked 210 MB multipart upload → 413 DOCUMENT_TOO_BIG, nothing stored', async () => {
    const res = await send(server.url, '/external/v1/projects/1/documents', {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'multipart/form-data; boundary=b', 'transfer-encoding': 'chunked' },
      total: 210 * 1024 * 1024,
      chunk: Buffer.alloc(1024 * 1024, 0x61),
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ problemCode: 'DOCUMENT_TOO_BIG', instance: '/external/v1/projects/1/documents' });
    expect((await service.projects(1).documents.list()).totalElements).toBe(0);
    await alive();
  });

  it('a JSON upload body over 200 MB (declared) → 413 DOCUMENT_TOO_BIG before it is read: the payload counts', async () => {
    const res = await send(server.url, '/external/v1/documents/upload', {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json', 'content-length': String(200 * 1024 * 1024 + 1) },
      total: 2 * 1024 * 1024,
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ problemCode: 'DOCUMENT_TOO_BIG', instance: '/external/v1/documents/upload' });
    await alive();
  });

  it('a client that disconnects halfway leaves nothing stored and the server serving', async () => {
    const before = (await service.documents.list()).totalElements;
    await new Promise<void>((resolve) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port: server.port,
        path: '/external/v1/documents/upload',
        method: 'POST',
        headers: { ...AUTH, 'content-type': 'application/json', 'content-length': String(10 * 1024 * 1024) },
      });
      req.on('error', () => resolve());
      req.write('{"content": "' + 'A'.repeat(1024 * 1024));
      setImmediate(() => {
        req.destroy();
        resolve();
      });
    });
    await alive();
    expect((await service.documents.list()).totalElements).toBe(before);
  });

  it('slow headers (slowloris) get 408 and the connection goes; others are served meanwhile', async () => {
    const slow = await start({ headersTimeoutMs: 300, timeoutCheckIntervalMs: 100 });
    try {
      const socket = connect(slow.port, '127.0.0.1');
      let data = '';
      socket.on('data', (d) => (data += d.toString()));
      const closed = new Promise<void>((r) => socket.on('close', () => r()));
      socket.on('error', () => undefined);
      socket.write(`GET /external/v1/text-labels HTTP/1.1\r\nHost: 127.0.0.1:${slow.port}\r\n`);
      const drip = setInterval(() => socket.writable && socket.write('X-Drip: 1\r\n'), 50);
      await alive(slow);
      await closed;
      clearInterval(drip);
      expect(statusLine(data)).toBe('HTTP/1.1 408 Request Timeout');
      await alive(slow);
    } finally {
      await slow.close();
    }
  });
});

describe('an error in a request ends that request with a 500 problem, never the server (fault injection)', () => {
  const faults: Record<string, (request: Request) => Promise<Response>> = {
    'throws synchronously': () => {
      throw new Error('boom');
    },
    rejects: async () => Promise.reject(new TypeError('Cannot read properties of null')),
    'throws a non-error': async () => {
      throw 'plain string' as unknown as Error;
    },
    'returns no response': async () => undefined as unknown as Response,
  };
  for (const [name, handler] of Object.entries(faults)) {
    it(`a handler that ${name}`, async () => {
      const s = await startLoopbackServer(handler);
      try {
        const res = await send(s.url, '/external/v1/text-labels', {});
        expect(res.status).toBe(500);
        expect(res.headers['content-type']).toBe('application/problem+json');
        expect(JSON.parse(res.body)).toEqual({
          title: 'Internal Server Error',
          status: 500,
          detail: 'An internal error occurred.',
          instance: '/',
        });
        expect((await send(s.url, '/x', {})).status).toBe(500);
      } finally {
        await s.close();
      }
    });
  }

  it('a response body that fails midway cuts that connection; the next request is served', async () => {
    let n = 0;
    const s = await startLoopbackServer(async () => {
      if (n++ > 0) return new Response('ok');
      let sent = false;
      const body = new ReadableStream<Uint8Array>({
        pull(c) {
          if (!sent) {
            sent = true;
            c.enqueue(new TextEncoder().encode('partial'));
          } else c.error(new Error('disk gone'));
        },
      });
      return new Response(body, { headers: { 'content-type': 'application/octet-stream' } });
    });
    try {
      const first = await send(s.url, '/a', {}).then(
        () => 'complete',
        (err: NodeJS.ErrnoException) => err.code,
      );
      expect(first).not.toBe('complete');
      const second = await send(s.url, '/b', {});
      expect([second.status, second.body]).toEqual([200, 'ok']);
    } finally {
      await s.close();
    }
  });
});

describe('Host and Origin (DNS rebinding, foreign pages)', () => {
  const get = (headers: Record<string, string>, path = '/external/v1/text-labels', method = 'GET') =>
    send(server.url, path, { method, headers: { ...AUTH, ...headers } });

  it('a foreign Host → 421 problem; the loopback names with the port are served', async () => {
    for (const host of [
      'evil.example',
      `evil.example:${server.port}`,
      '127.0.0.1',
      `127.0.0.1:${server.port + 1}`,
      `0.0.0.0:${server.port}`,
    ]) {
      const res = await get({ host });
      expect(res.status, host).toBe(421);
      expect(JSON.parse(res.body)).toMatchObject({ status: 421, title: 'Misdirected Request', instance: '/external/v1/text-labels' });
    }
    for (const host of [`127.0.0.1:${server.port}`, `localhost:${server.port}`, `LOCALHOST:${server.port}`, `[::1]:${server.port}`]) {
      expect((await get({ host })).status, host).toBe(200);
    }
  });

  it('a foreign Origin → 403 problem; the server’s own origins and no Origin are served', async () => {
    for (const origin of ['https://evil.example', 'null', `http://127.0.0.1:${server.port + 1}`, `https://127.0.0.1:${server.port}`]) {
      const res = await get({ origin });
      expect(res.status, origin).toBe(403);
      expect(JSON.parse(res.body)).toMatchObject({ status: 403, title: 'Forbidden', instance: '/external/v1/text-labels' });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
    for (const origin of [`http://127.0.0.1:${server.port}`, `http://localhost:${server.port}`]) {
      const res = await get({ origin });
      expect(res.status, origin).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('an --allow-origin origin gets CORS for exactly that origin, preflight included', async () => {
    const res = await get({ origin: 'https://app.example' });
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('https://app.example');
    expect(res.headers['vary']).toBe('Origin');
    const pre = await send(server.url, '/external/v1/text', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('https://app.example');
    expect(pre.headers['access-control-allow-methods']).toBe('GET, POST, PUT, DELETE');
    expect(pre.headers['access-control-allow-headers']).toBe('Authorization, Content-Type');
    const foreignPre = await send(server.url, '/external/v1/text', {
      method: 'OPTIONS',
      headers: { origin: 'https://other.example', 'access-control-request-method': 'POST' },
    });
    expect(foreignPre.status).toBe(403);
  });
});

describe('paths: tricks are 400 before routing, any int64 id is looked up', () => {
  it.each([
    '/external/v1/projects/%2e%2e/documents',
    '/external/v1/projects/%2E%2E/documents',
    '/external/v1/projects/1/documents/%2e/status',
    '/external/v1/projects/../documents',
    '/external/v1/documents/1%2fstatus',
    '/external/v1/documents/1%5cstatus',
    '/external/v1//documents',
    '/external/v1/documents/%00/status',
    '/external/v1/documents/%zz/status',
  ])('%s → 400', async (path) => {
    const res = await rawExchange(
      server.port,
      `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nAuthorization: ${AUTH.authorization}\r\nConnection: close\r\n\r\n`,
    );
    expect(statusLine(res)).toBe('HTTP/1.1 400 Bad Request');
    expect(JSON.parse(rawBody(res))).toMatchObject({ status: 400, title: 'Bad Request', instance: '/' });
  });

  it('an absolute-form request target → 400', async () => {
    const res = await rawExchange(
      server.port,
      `GET http://evil.example/external/v1/documents HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: close\r\n\r\n`,
    );
    expect(statusLine(res)).toBe('HTTP/1.1 400 Bad Request');
  });

  it('pathTrick lets canonical paths and queries through', () => {
    expect(pathTrick('/external/v1/documents?name=..%2F..&sort=a')).toBeNull();
    expect(pathTrick('/external/v1/projects/me/')).toBeNull();
    expect(pathTrick('/external/v1/documents/%31/status')).toBeNull();
  });

  it.each(['9223372036854775807', '9007199254740993', '00000000000000000001', '-9223372036854775808'])(
    'GET documents/%s/status → 404 when no document has it',
    async (id) => {
      for (const path of [`/external/v1/documents/${id}/status`, `/external/v1/projects/1/documents/${id}/status`]) {
        const res = await send(server.url, path, { headers: AUTH });
        expect(res.status, path).toBe(404);
        expect(JSON.parse(res.body)).toMatchObject({ status: 404, title: 'Not Found', detail: 'The document does not exist.' });
      }
    },
  );

  it.each(['9223372036854775808', '1.0', '+1', 'abc'])('GET documents/%s/status → 400 INVALID_PATH_PARAM', async (id) => {
    const res = await send(server.url, `/external/v1/documents/${id}/status`, { headers: AUTH });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ problemCode: 'INVALID_PATH_PARAM' });
  });
});

describe('text on worker threads', () => {
  it('a text over the per-request limit → 413; a full queue → 429 with Retry-After', async () => {
    const small = await createNodeAnonymizer({ ner: false, setup: SETUP, maxTextChars: 1000, textThreads: { threads: 1, maxQueued: 1 } });
    const s = await startLoopbackServer(createFetchHandler(small));
    try {
      const post = (text: string) =>
        fetch(`${s.url}/external/v1/text`, {
          method: 'POST',
          headers: { ...AUTH, 'content-type': 'application/json' },
          body: JSON.stringify({ text, textLabels: [...TEXT_LABELS] }),
        });
      const tooLong = await post('a'.repeat(1001));
      expect(tooLong.status).toBe(413);
      expect(await tooLong.json()).toMatchObject({ status: 413, title: 'Content Too Large', instance: '/external/v1/text' });
      const answers = await Promise.all(Array.from({ length: 12 }, () => post('Herr Jonas Weber, Tel. 030 1234567. '.repeat(27))));
      const statuses = answers.map((r) => r.status);
      expect(statuses).toContain(200);
      expect(statuses).toContain(429);
      expect(statuses.every((st) => st === 200 || st === 429)).toBe(true);
      const limited = answers.find((r) => r.status === 429)!;
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(await limited.json()).toMatchObject({ problemCode: 'RATE_LIMIT_EXCEEDED', status: 429 });
    } finally {
      await s.close();
      await small.close();
    }
  });

  it('200 parallel texts with a 1 MB one among them: the small ones and a cheap endpoint finish first', async () => {
    // The shipped model makes the 1 MB text take seconds; the small ones share the other thread.
    const modelService = await createNodeAnonymizer({ setup: SETUP, textThreads: { threads: 2 } });
    const s = await startLoopbackServer(createFetchHandler(modelService));
    try {
      const post = (text: string) =>
        fetch(`${s.url}/external/v1/text`, {
          method: 'POST',
          headers: { ...AUTH, 'content-type': 'application/json' },
          body: JSON.stringify({ text, textLabels: [...TEXT_LABELS], usePseudonyms: true }),
        });
      // Warm both threads (model load) first.
      await Promise.all([post('Herr Jonas Weber'), post('Frau Anna Schneider')]);
      const unit = 'Herr Jonas Weber wohnt in der Goethestraße 5 in München, Tel. 030 1234567, jonas.weber@example.de. ';
      const big = unit.repeat(Math.ceil(1_048_576 / unit.length)).slice(0, 1_048_576);
      const order: string[] = [];
      const bigDone = post(big).then(async (r) => {
        order.push('big');
        return r.status;
      });
      const smalls = Array.from({ length: 199 }, (_, i) =>
        post(`Sehr geehrte Frau Anna Schneider (${i}), bitte rufen Sie 030 1234567 an.`).then(async (r) => {
          order.push('small');
          const body = (await r.json()) as { pseudonymizedText: string };
          return [r.status, body.pseudonymizedText.includes('PER-1')] as const;
        }),
      );
      const cheap = fetch(`${s.url}/external/v1/text-labels`, { headers: AUTH }).then((r) => {
        order.push('cheap');
        return r.status;
      });
      expect(await cheap).toBe(200);
      const smallResults = await Promise.all(smalls);
      expect(smallResults.every(([st, per]) => st === 200 && per)).toBe(true);
      expect(await bigDone).toBe(200);
      expect(order).toHaveLength(201);
      expect(order[order.length - 1]).toBe('big');
    } finally {
      await s.close();
      await modelService.close();
    }
  }, 180_000);
});

describe('the image endpoint named by imageUrl', () => {
  it('imageUrl names the project-scoped endpoint; both workflows serve the image under the PII record’s rules', async () => {
    const original = await pngBytes(7);
    const { documentId: id } = await service.projects(1).documents.upload(original, { name: 'a.png' });
    await service.documents.waitFor(id);
    const record = await service.documents.piis(id);
    const images = record.pageData.flatMap((p) => p.imagesData);
    expect(images.map((i) => [i.xref, i.imageUrl])).toEqual([[0, `http://localhost/external/v1/projects/1/documents/${id}/images/0`]]);
    for (const path of [`/external/v1/documents/${id}/images/0`, `/external/v1/projects/1/documents/${id}/images/0`]) {
      const res = await fetch(`${server.url}${path}`, { headers: AUTH });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(original);
      expect((await fetch(`${server.url}${path}`)).status).toBe(401);
    }
    // Another project's key: the document is not found on its default path, the project is forbidden on the scoped one.
    const asProject2 = { authorization: `Bearer ${KEYS.project2}` };
    expect((await fetch(`${server.url}/external/v1/documents/${id}/images/0`, { headers: asProject2 })).status).toBe(404);
    expect((await fetch(`${server.url}/external/v1/projects/1/documents/${id}/images/0`, { headers: asProject2 })).status).toBe(403);
    const statusOf = async (path: string) => {
      const res = await fetch(`${server.url}${path}`, { headers: AUTH });
      return [res.status, ((await res.json()) as { problemCode?: string }).problemCode ?? null];
    };
    expect(await statusOf(`/external/v1/documents/${id}/images/1`)).toEqual([404, null]);
    expect(await statusOf(`/external/v1/documents/${id}/images/x`)).toEqual([400, 'INVALID_PATH_PARAM']);
    expect(await statusOf(`/external/v1/documents/999999/images/0`)).toEqual([404, null]);
    expect(await statusOf(`/external/v1/projects/3/documents/${id}/images/0`)).toEqual([404, null]);
    // Project 2 keeps no PII: its images are as forbidden as its PII records.
    const { documentId: hr } = await service.projects(2).documents.upload(original);
    await service.documents.waitFor(hr).catch(() => undefined);
    await service.projects(2).documents.waitFor(hr);
    expect(await statusOf(`/external/v1/projects/2/documents/${hr}/images/0`)).toEqual([403, null]);
  });
});
