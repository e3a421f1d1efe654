import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngBytes } from '../../service/harness.js';
import type { Call, Fixtures } from '../../http/conformance.js';
import { caller, checkRow, KEYS, makeFixtures, ROWS, SETUP } from '../../http/conformance.js';

const ROOT = join(import.meta.dirname, '..', '..', '..', '..');
const CLI = join(ROOT, 'test', 'node', 'cli', 'run-cli.ts');

/** Starts `serve` from source in a child process; resolves with its URL and the lines it printed. */
async function serve(args: string[]): Promise<{ child: ChildProcessWithoutNullStreams; url: string; lines: string[] }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'serve', '--port', '0', ...args], { cwd: ROOT });
  const lines: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    let buf = '';
    child.stdout.on('data', (d: Buffer) => {
      buf += d.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(buf);
      if (m) {
        // The key line follows the listening line in the same write burst; give it a moment.
        setTimeout(() => {
          lines.push(...buf.split('\n').filter(Boolean));
          resolve(m[1]!);
        }, 50);
      }
    });
    child.once('exit', (code) => reject(new Error(`serve exited ${code}`)));
  });
  return { child, url, lines };
}
const stop = (child: ChildProcessWithoutNullStreams) =>
  new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });

let dir: string;
let server: Awaited<ReturnType<typeof serve>>;
let fixtures: Fixtures;
const call: Call = (method, path, options) => caller(server.url, (r) => fetch(r))(method, path, options);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'la-serve-'));
  await writeFile(join(dir, 'keys.json'), JSON.stringify(SETUP));
  server = await serve(['--keys', join(dir, 'keys.json')]);
  fixtures = await makeFixtures(call, await pngBytes());
});
afterAll(async () => {
  await stop(server.child);
  await rm(dir, { recursive: true, force: true });
});

/** Raw HTTP, for what fetch will not send (a false Content-Length, 64 KB of headers). */
function raw(
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const u = new URL(path, server.url);
    const req = httpRequest(
      { host: u.hostname, port: u.port, path: u.pathname, method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      },
    );
    req.on('error', reject);
    if (options.body) req.write(options.body);
    // The body is never finished: the server must answer without waiting for 300 MB.
    if (options.method !== 'POST') req.end();
  });
}

describe('conformance over real HTTP: `serve` on 127.0.0.1', () => {
  it('prints the listening line, and binds the loopback address only', () => {
    expect(server.lines[0]).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.lines.some((l) => l.startsWith('api key:'))).toBe(false);
  });

  const overHttp = ROWS.filter((r) => !r.inProcessOnly);
  it.each(overHttp.map((r) => [r.name, r] as const))('%s', async (_name, row) => {
    await checkRow(call, row, fixtures);
  });

  it('413 on a declared size over 200 MB, answered before the body is sent', async () => {
    const res = await raw('/external/v1/projects/1/documents', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${KEYS.org}`,
        'content-type': 'multipart/form-data; boundary=b',
        'content-length': String(300 * 1024 * 1024),
      },
      body: Buffer.alloc(1024),
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ problemCode: 'DOCUMENT_TOO_BIG', instance: '/external/v1/projects/1/documents' });
  });

  it('huge headers get 431 and the server keeps serving', async () => {
    // Node answers 431 and closes; the close can reach the client before the answer does (a reset), never a 200.
    const outcome = await raw('/external/v1/text-labels', {
      headers: { authorization: `Bearer ${KEYS.org}`, 'x-junk': 'a'.repeat(64 * 1024) },
    }).then(
      (res) => res.status,
      (err: NodeJS.ErrnoException) => err.code,
    );
    expect(['431', 'ECONNRESET', 'EPIPE']).toContain(String(outcome));
    expect((await call('GET', '/external/v1/text-labels')).status).toBe(200);
  });

  it('an unchanged client of the remote service works against it (upload, poll, download, delete)', async () => {
    const out = join(dir, 'out.png');
    await writeFile(join(dir, 'in.png'), await pngBytes(3));
    const child = spawn(process.execPath, [join(ROOT, 'examples', 'remote-client.mjs'), join(dir, 'in.png'), out, '0.1'], {
      env: { ...process.env, BASE_URL: server.url, API_KEY: KEYS.org },
    });
    let log = '';
    child.stdout.on('data', (d: Buffer) => (log += d.toString()));
    child.stderr.on('data', (d: Buffer) => (log += d.toString()));
    const code = await new Promise((r) => child.once('exit', r));
    expect(code, log).toBe(0);
    expect(log).toMatch(/uploaded \d+ \(COMPUTING_QUOTA\)/);
    expect(log).toMatch(/status COMPLETED/);
    expect(log).toMatch(/deleted/);
    expect([...(await readFile(out)).subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
  });
});

describe('serve without --keys, and with --data', () => {
  it('generates an organization key, prints it, and answers with it', async () => {
    const s = await serve([]);
    try {
      const line = s.lines.find((l) => l.startsWith('api key: '));
      expect(line).toMatch(/^api key: la_org_[0-9a-f]{64}$/);
      const key = line!.slice('api key: '.length);
      const res = await fetch(`${s.url}/external/v1/projects/me`, { headers: { authorization: `Bearer ${key}` } });
      expect(res.status).toBe(200);
      expect(((await res.json()) as Array<{ name: string }>).map((p) => p.name)).toEqual(['Default project']);
    } finally {
      expect(await stop(s.child)).toBe(0);
    }
  });

  it('keeps documents in the data folder across a restart', async () => {
    const data = join(dir, 'data');
    const keys = ['--keys', join(dir, 'keys.json'), '--data', data];
    let s = await serve(keys);
    const c = () => caller(s.url, (r) => fetch(r));
    const f = await makeFixtures(c(), await pngBytes());
    expect(await stop(s.child)).toBe(0);
    s = await serve(keys);
    try {
      const res = await c()('GET', `/external/v1/documents/${f.done1}/result`);
      expect(res.status).toBe(200);
      expect((await c()('GET', `/external/v1/documents/${f.done1}/status`)).status).toBe(200);
      // Uploads streamed through the data folder's private spool, which they left empty.
      expect((await stat(join(data, 'uploads'))).mode & 0o777).toBe(0o700);
      expect(await readdir(join(data, 'uploads'))).toEqual([]);
    } finally {
      await stop(s.child);
    }
  });
});

describe('serve --help', () => {
  it('documents the options and the keys file, and exits 0', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'serve', '--help'], { cwd: ROOT });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    expect(await new Promise((r) => child.once('exit', r))).toBe(0);
    for (const s of [
      '--port N',
      '--keys FILE',
      '--data DIR',
      '127.0.0.1',
      '"kind": "PROJECT"',
      'api key: <key>',
      '--allow-origin O',
      'mode 0700',
      'written 0600, whatever the umask',
      '(else 421)',
      '(else 403)',
      'characters per text (else 413)',
      '429 with Retry-After',
    ])
      expect(out).toContain(s);
  });
});
