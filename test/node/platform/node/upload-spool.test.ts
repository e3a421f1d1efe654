import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetchHandler } from '../../../../src/http/fetch-handler.js';
import { uploadSpoolOf } from '../../../../src/platform/node/folder-store.js';
import type { LoopbackServer } from '../../../../src/platform/node/http-server.js';
import { startLoopbackServer } from '../../../../src/platform/node/http-server.js';
import { createNodeAnonymizer } from '../../../../src/platform/node/service.js';
import { spoolFileSinks } from '../../../../src/platform/node/upload-spool.js';
import type { LocalAnonymizer } from '../../../../src/service/local-service.js';
import { KEYS, SETUP } from '../../http/conformance.js';
import { pngBytes } from '../../service/harness.js';

const AUTH = { authorization: `Bearer ${KEYS.org}` };
const mode = async (path: string) => (await stat(path)).mode & 0o777;

describe('spool sinks', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'spool-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('a file streams to a private spool file, comes back as a disk-backed Blob, and is gone after discard', async () => {
    const spool = join(dir, 'a');
    await writeFile(join(dir, 'stray'), 'x');
    const sinks = await spoolFileSinks(spool);
    expect(await mode(spool)).toBe(0o700);
    const sink = sinks(null);
    const chunk = new Uint8Array(64 * 1024);
    const written: Uint8Array[] = [];
    for (let i = 0; i < 200; i++) {
      // The caller reuses its buffer: the sink must have taken a copy.
      chunk.fill(i);
      written.push(chunk.slice());
      sink.write(chunk);
      await sink.ready();
    }
    expect(sink.length).toBe(200 * 64 * 1024);
    const file = await sink.close();
    expect(file).toBeInstanceOf(Blob);
    const names = await readdir(spool);
    expect(names).toHaveLength(1);
    expect(await mode(join(spool, names[0]!))).toBe(0o600);
    expect(Buffer.from(await (file as Blob).arrayBuffer()).equals(Buffer.concat(written))).toBe(true);
    await sink.discard();
    expect(await readdir(spool)).toEqual([]);
  });

  it('holds the writer back (ready) while more than a few MB wait for the disk', async () => {
    const sink = (await spoolFileSinks(join(dir, 'b')))(null);
    expect(sink.ready()).toBeNull();
    for (let i = 0; i < 8; i++) sink.write(new Uint8Array(1024 * 1024));
    const wait = sink.ready();
    expect(wait).toBeInstanceOf(Promise);
    await wait;
    expect(sink.ready()).toBeNull();
    await sink.discard();
  });

  it('files a dead process left in the spool folder are removed when it opens', async () => {
    const spool = join(dir, 'c');
    const first = (await spoolFileSinks(spool))(null);
    first.write(new Uint8Array(10));
    // Written and closed, never discarded: what a process that died after the upload leaves.
    await first.close();
    expect(await readdir(spool)).toHaveLength(1);
    await spoolFileSinks(spool);
    expect(await readdir(spool)).toEqual([]);
    await first.discard();
  });
});

describe('uploads with a data folder stream to disk', () => {
  let data: string;
  let service: LocalAnonymizer;
  let server: LoopbackServer;
  let spool: string;

  beforeAll(async () => {
    data = await mkdtemp(join(tmpdir(), 'spool-data-'));
    spool = uploadSpoolOf(data);
    service = await createNodeAnonymizer({ ner: false, setup: SETUP, dataDir: data });
    server = await startLoopbackServer(createFetchHandler(service, { fileSinks: await spoolFileSinks(spool) }));
  });
  afterAll(async () => {
    await server.close();
    await service.close();
    await rm(data, { recursive: true, force: true });
  });

  /** Starts a multipart upload, sends `head` of the file, and returns a function that sends the rest. */
  function startUpload(file: Uint8Array): {
    finish: () => Promise<{ status: number; body: string }>;
    abort: () => void;
    sent: Promise<void>;
  } {
    const head = Buffer.from(
      '--b\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n',
      'latin1',
    );
    const tail = Buffer.from('\r\n--b--\r\n', 'latin1');
    let answer!: (a: { status: number; body: string }) => void;
    const answered = new Promise<{ status: number; body: string }>((r) => (answer = r));
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: server.port,
        method: 'POST',
        path: '/external/v1/projects/1/documents',
        headers: {
          ...AUTH,
          'content-type': 'multipart/form-data; boundary=b',
          'content-length': String(head.length + file.length + tail.length),
        },
      },
      (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => answer({ status: res.statusCode!, body }));
      },
    );
    req.on('error', () => undefined);
    const half = Math.floor(file.length / 2);
    const sent = new Promise<void>((r) => req.write(Buffer.concat([head, file.subarray(0, half)]), () => r()));
    return {
      sent,
      finish: () => {
        req.end(Buffer.concat([file.subarray(half), tail]));
        return answered;
      },
      abort: () => req.destroy(),
    };
  }

  /** Waits until the spool folder holds a file of at least `bytes`. */
  async function spooled(bytes: number): Promise<string> {
    for (;;) {
      for (const name of await readdir(spool)) {
        if ((await stat(join(spool, name))).size >= bytes) return join(spool, name);
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  it('the half that arrived is on disk (0600) before the body ends; the store takes it and the spool empties', async () => {
    // A PNG padded to 3 MB (bytes after IEND are ignored by readers), so half of it is well past any socket buffer.
    const png = await pngBytes(3);
    const file = new Uint8Array(3 * 1024 * 1024);
    file.set(png);
    const upload = startUpload(file);
    await upload.sent;
    const path = await spooled(1024 * 1024);
    expect(await mode(path)).toBe(0o600);
    const res = await upload.finish();
    expect(res.status).toBe(200);
    const { documentId } = JSON.parse(res.body) as { documentId: number };
    expect(await readdir(spool)).toEqual([]);
    const stored = await readFile(join(data, 'files', `${documentId}.original`));
    expect(stored.equals(Buffer.from(file))).toBe(true);
  });

  it('a default-workflow JSON upload decodes into the spool and leaves it empty', async () => {
    const png = await pngBytes(4);
    const res = await fetch(`${server.url}/external/v1/documents/upload`, {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({ content: Buffer.from(png).toString('base64'), name: 'x.png' }),
    });
    expect(res.status).toBe(200);
    const { documentId } = (await res.json()) as { documentId: number };
    expect((await readFile(join(data, 'files', `${documentId}.original`))).equals(Buffer.from(png))).toBe(true);
    expect(await readdir(spool)).toEqual([]);
  });

  it('an upload the client abandons halfway, or one that is not a document, leaves no spool file and nothing stored', async () => {
    const before = (await service.projects(1).documents.list()).totalElements;
    const upload = startUpload(new Uint8Array(2 * 1024 * 1024));
    await upload.sent;
    await spooled(512 * 1024);
    upload.abort();
    const wrongType = startUpload(new Uint8Array(64 * 1024).fill(7));
    const res = await wrongType.finish();
    expect(res.status).toBe(422);
    expect(JSON.parse(res.body)).toMatchObject({ problemCode: 'INVALID_FILE' });
    for (let i = 0; (await readdir(spool)).length > 0 && i < 200; i++) await new Promise((r) => setTimeout(r, 10));
    expect(await readdir(spool)).toEqual([]);
    expect((await service.projects(1).documents.list()).totalElements).toBe(before);
  });
});
