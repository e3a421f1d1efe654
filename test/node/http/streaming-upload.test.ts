// Uploads are parsed as they stream (multipart and Base64 JSON): bodies cut into small chunks at every awkward place
// give exactly the bytes sent; limits, truncation and bad framing answer as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetchHandler } from '../../../src/http/fetch-handler.js';
import { Base64JsonReader } from '../../../src/http/base64-json.js';
import { ByteSink, memoryFileSinks } from '../../../src/http/byte-sink.js';
import type { PartInfo } from '../../../src/http/multipart.js';
import { MultipartError, MultipartParser, multipartBoundary } from '../../../src/http/multipart.js';
import { DecodedContent } from '../../../src/service/upload.js';
import type { LocalAnonymizer } from '../../../src/service/local-service.js';
import type { DocumentStore } from '../../../src/store/store.js';
import { gatedProcessor, harness } from '../service/harness.js';
import { KEYS, SETUP } from './conformance.js';

const enc = new TextEncoder();
const BOUNDARY = '----split-me-7MA4YWxkTrZu0gW';

/** A file of `n` bytes: PNG magic, then bytes that include CR, LF and dashes (boundary look-alikes). */
function fileOf(n: number): Uint8Array {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = [13, 10, 45, 45, 0x2d, (i * 131) & 0xff][i % 6]!;
  out.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 0);
  // A near miss of the delimiter inside the file.
  if (n > 200) out.set(enc.encode(`\r\n--${BOUNDARY.slice(0, -1)}X`), 100);
  return out;
}

function join(...parts: (string | Uint8Array)[]): Uint8Array {
  const bytes = parts.map((p) => (typeof p === 'string' ? enc.encode(p) : p));
  const out = new Uint8Array(bytes.reduce((n, b) => n + b.length, 0));
  let o = 0;
  for (const b of bytes) {
    out.set(b, o);
    o += b.length;
  }
  return out;
}

function multipartBody(file: Uint8Array, extra = ''): Uint8Array {
  return join(
    'preamble to ignore\r\n',
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="tags"\r\n\r\n[{"key":"k","value":"v"}]\r\n`,
    extra,
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="scan %22a%22.png"\r\nContent-Type: image/png\r\n\r\n`,
    file,
    `\r\n--${BOUNDARY}--\r\nepilogue`,
  );
}

/** A body stream that hands out `bytes` in chunks of the given sizes (cycled). */
function chunked(bytes: Uint8Array, sizes: number[]): ReadableStream<Uint8Array> {
  let at = 0;
  let k = 0;
  return new ReadableStream({
    pull(c) {
      if (at >= bytes.length) return c.close();
      const n = sizes[k++ % sizes.length]!;
      c.enqueue(bytes.slice(at, at + n));
      at += n;
    },
  });
}

/** Parses `body` split at the given sizes; returns the parts with their bytes. */
function parse(body: Uint8Array, sizes: number[]): { info: PartInfo; bytes: Uint8Array }[] {
  const parts: { info: PartInfo; sink: ByteSink }[] = [];
  const parser = new MultipartParser(BOUNDARY, (info) => {
    const sink = new ByteSink(null);
    parts.push({ info, sink });
    return { data: (c) => sink.write(c), end() {} };
  });
  let at = 0;
  for (let k = 0; at < body.length; k++) {
    const n = sizes[k % sizes.length]!;
    parser.write(body.slice(at, at + n));
    at += n;
  }
  parser.end();
  return parts.map((p) => ({ info: p.info, bytes: p.sink.bytes() }));
}

describe('MultipartParser over chunk borders', () => {
  const file = fileOf(5000);
  const body = multipartBody(file);

  it.each([[[1]], [[2]], [[3]], [[7]], [[BOUNDARY.length + 3]], [[1, 5, 64, 3]], [[body.length]]])(
    'chunks of %j: the parts and the file bytes as sent',
    (sizes) => {
      const parts = parse(body, sizes);
      expect(parts.map((p) => p.info)).toEqual([
        { name: 'tags', filename: null },
        { name: 'file', filename: 'scan "a".png' },
      ]);
      expect(new TextDecoder().decode(parts[0]!.bytes)).toBe('[{"key":"k","value":"v"}]');
      expect(parts[1]!.bytes).toEqual(file);
    },
  );

  it('every split point of a small body: the boundary and the part header across two chunks', () => {
    const small = multipartBody(fileOf(40));
    for (let cut = 1; cut < small.length; cut++) {
      let seen = 0;
      const parser = new MultipartParser(BOUNDARY, (info) => {
        seen++;
        const sink = new ByteSink(null);
        return {
          data: (c) => sink.write(c),
          end: () => info.name === 'file' && expect(sink.bytes(), `cut ${cut}`).toEqual(fileOf(40)),
        };
      });
      parser.write(small.slice(0, cut));
      parser.write(small.slice(cut));
      parser.end();
      expect(seen, `cut ${cut}`).toBe(2);
    }
  });

  it('a truncated body, a broken header and a boundary line with junk are MultipartError', () => {
    expect(() => parse(body.slice(0, body.length - 20), [13])).toThrow(MultipartError);
    expect(() => parse(enc.encode(`--${BOUNDARY}\r\nno colon here\r\n\r\nx\r\n--${BOUNDARY}--`), [4])).toThrow(MultipartError);
    expect(() => parse(enc.encode(`--${BOUNDARY}junk\r\n\r\n`), [4])).toThrow(MultipartError);
    expect(() => parse(enc.encode(''), [1])).toThrow(MultipartError);
  });

  it('boundary parameters: quoted, plain, missing, unusable', () => {
    expect(multipartBoundary('multipart/form-data; boundary="a b"')).toBe('a b');
    expect(multipartBoundary('multipart/form-data; charset=utf-8; boundary=xyz')).toBe('xyz');
    expect(multipartBoundary('multipart/form-data')).toBeNull();
    expect(multipartBoundary('multipart/form-data; boundary=')).toBe('');
    expect(multipartBoundary(`multipart/form-data; boundary=${'x'.repeat(71)}`)).toBe('');
  });
});

describe('Base64JsonReader over chunk borders', () => {
  const file = fileOf(3001);
  const b64 = Buffer.from(file).toString('base64');

  async function read(text: string, size: number, hint: number | null = null): Promise<unknown> {
    const bytes = enc.encode(text);
    const r = new Base64JsonReader(hint, 200 * 1024 * 1024, memoryFileSinks);
    for (let at = 0; at < bytes.length; at += size) r.write(bytes.slice(at, at + size));
    return r.end();
  }

  it.each([1, 2, 3, 5, 64, 100_000])('chunks of %i bytes: content decoded, the rest parsed as JSON', async (size) => {
    // Escapes, line breaks and a nested `content` key that must be left alone.
    const content = b64.slice(0, 400) + '\\n' + b64.slice(400, 800) + ' \\t' + b64.slice(800).replace('A', '\\u0041');
    const text = `{"config":{"content":"nested"},"name":"x\\"y","c\\u006fntent":"${content}","tags":[]}`;
    const body = (await read(text, size, text.length)) as Record<string, unknown>;
    expect(body['config']).toEqual({ content: 'nested' });
    expect(body['name']).toBe('x"y');
    expect(body['tags']).toEqual([]);
    expect(body['content']).toBeInstanceOf(DecodedContent);
    expect((body['content'] as DecodedContent).bytes).toEqual(file);
  });

  it('padding, blank and invalid content, and invalid JSON', async () => {
    expect(((await read('{"content":"QUI="}', 1)) as { content: DecodedContent }).content.bytes).toEqual(enc.encode('AB'));
    expect(((await read('{"content":"QQ=="}', 3)) as { content: DecodedContent }).content.bytes).toEqual(enc.encode('A'));
    expect(await read('{"content":""}', 2)).toEqual({ content: '' });
    expect(await read('{"content":" \\n "}', 2)).toEqual({ content: ' ' });
    for (const bad of ['QQ=', 'Q===', 'QQ==QQ==', 'QU*=', 'QUI\u00e9']) {
      expect(((await read(`{"content":"${bad}"}`, 2)) as { content: DecodedContent }).content.bytes, bad).toBeNull();
    }
    expect(await read('{"content":12}', 2)).toEqual({ content: 12 });
    expect(await read('["content","QUJD"]', 2)).toEqual(['content', 'QUJD']);
    for (const bad of ['{"content":"QUJD', '{"content":"QU\u0001JD"}', '{"content":"QU\\xJD"}', '{"content":"QUJD"']) {
      await expect(read(bad, 3), bad).rejects.toThrow('The body is not valid JSON.');
    }
  });
});

describe('streamed uploads through the fetch handler', () => {
  let service: LocalAnonymizer;
  let store: DocumentStore;
  let handler: (r: Request) => Promise<Response>;
  // Documents stay queued (the stored original is what the upload wrote) until the end.
  const processor = gatedProcessor({ anonymize: () => Promise.reject(new Error('not processed in this test')) });

  beforeAll(async () => {
    const h = await harness({ setup: SETUP }, processor);
    service = h.service;
    store = h.store;
    handler = createFetchHandler(service);
  });
  afterAll(async () => {
    processor.release();
    await service.close();
  });

  const post = (path: string, body: ReadableStream<Uint8Array>, contentType: string, length?: number) =>
    handler(
      new Request(`http://localhost/external/v1${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${KEYS.org}`,
          'content-type': contentType,
          ...(length !== undefined ? { 'content-length': String(length) } : {}),
        },
        body,
        duplex: 'half',
      } as RequestInit),
    );
  const multipartType = `multipart/form-data; boundary=${BOUNDARY}`;

  it.each([
    ['declared length, 3-byte chunks', [3], true],
    ['chunked, chunks of 1, 7 and 4096 bytes', [1, 7, 4096], false],
  ] as const)('multipart, %s: 200 and the stored original equals the bytes sent', async (_n, sizes, declared) => {
    const file = fileOf(70_000);
    const body = multipartBody(file, `--${BOUNDARY}\r\nContent-Disposition: form-data; name="other"\r\n\r\nignored\r\n`);
    const res = await post('/projects/1/documents', chunked(body, [...sizes]), multipartType, declared ? body.length : undefined);
    expect(res.status).toBe(200);
    const { documentId } = (await res.json()) as { documentId: number };
    expect(await store.getFile(documentId, 'original')).toEqual(file);
    expect(await store.getDocument(documentId)).toMatchObject({ name: 'scan "a".png', tags: [{ key: 'k', value: 'v' }] });
  });

  it('JSON with Base64 content in 5-byte chunks: 200 and the stored original equals the bytes sent', async () => {
    const file = fileOf(30_000);
    const body = enc.encode(JSON.stringify({ name: 'j.png', content: Buffer.from(file).toString('base64') }));
    const res = await post('/documents/upload', chunked(body, [5]), 'application/json', body.length);
    expect(res.status).toBe(200);
    const { documentId } = (await res.json()) as { documentId: number };
    expect(await store.getFile(documentId, 'original')).toEqual(file);
  });

  it('JSON with invalid Base64 → 422 naming content; invalid JSON → 400', async () => {
    const bad = enc.encode('{"content":"QUJD*"}');
    const res = await post('/documents/upload', chunked(bad, [2]), 'application/json');
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ errors: [{ field: 'content', code: 'InvalidValue' }] });
    const broken = enc.encode('{"content":"QUJD"');
    expect((await post('/documents/upload', chunked(broken, [2]), 'application/json')).status).toBe(400);
  });

  it('a file over the limit → 413 DOCUMENT_TOO_BIG mid-stream: the body is not read to its end', async () => {
    const limit = 200 * 1024 * 1024;
    const head = enc.encode(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\n\r\n`);
    const block = new Uint8Array(1024 * 1024).fill(0x61);
    let sent = 0;
    let pulledAfterLimit = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        if (sent > limit + 1024 * 1024) pulledAfterLimit++;
        if (pulledAfterLimit > 8) return c.close();
        c.enqueue(sent === 0 ? join(head, block) : block);
        sent += block.length;
      },
    });
    const before = (await service.projects(1).documents.list()).totalElements;
    const res = await post('/projects/1/documents', body, multipartType);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ problemCode: 'DOCUMENT_TOO_BIG' });
    expect(sent).toBeLessThan(limit + 4 * 1024 * 1024);
    expect(pulledAfterLimit).toBeLessThan(3);
    expect((await service.projects(1).documents.list()).totalElements).toBe(before);
  });

  it('a truncated multipart body → 400; duplicate file parts → 422; a body that breaks off → 400', async () => {
    const full = multipartBody(fileOf(5000));
    const truncated = await post('/projects/1/documents', chunked(full.slice(0, full.length - 30), [11]), multipartType);
    expect(truncated.status).toBe(400);
    const twice = multipartBody(fileOf(50), `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="b.png"\r\n\r\nxx\r\n`);
    const dup = await post('/projects/1/documents', chunked(twice, [9]), multipartType);
    expect(dup.status).toBe(422);
    expect(await dup.json()).toMatchObject({ problemCode: 'VALIDATION_FAILED', errors: [{ field: 'file' }] });
    let n = 0;
    const breaking = new ReadableStream<Uint8Array>({
      pull(c) {
        if (n++ === 3) return c.error(new Error('connection reset'));
        c.enqueue(full.slice(n * 100, n * 100 + 100));
      },
    });
    expect((await post('/projects/1/documents', breaking, multipartType)).status).toBe(400);
  });
});
