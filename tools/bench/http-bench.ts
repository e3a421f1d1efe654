// Load on the loopback server, bounded and loopback only:
//  1. throughput: POST /external/v1/text from concurrent clients (real HTTP) against direct text() calls;
//  2. soak: for --soak seconds, clients send texts (small ones and a 200 kB one now and then) while a probe calls a
//     cheap endpoint (GET /text-labels) every 20 ms; reports throughput, the probe's p50/p99, 429s, and RSS every 10 s.
//  3. uploads: four parallel 150 MB uploads (multipart with a declared length, multipart chunked, Base64 JSON) to a
//     server in a child process, in memory and with --data; reports the server's peak RSS (VmHWM) per run.
//   npm run bench:http [-- --requests 1000 --clients 8 --soak 180 --part all|text|uploads]
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createNodeAnonymizer } from '../../src/platform/node/service.js';
import { createFetchHandler } from '../../src/http/fetch-handler.js';
import { startLoopbackServer } from '../../src/platform/node/http-server.js';
import { uploadSpoolOf } from '../../src/platform/node/folder-store.js';
import { spoolFileSinks } from '../../src/platform/node/upload-spool.js';
import { TEXT_LABELS } from '../../src/spec/types.js';
import { PENDING_STATUSES } from '../../src/jobs/claim.js';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '1000' },
    clients: { type: 'string', default: '8' },
    soak: { type: 'string', default: '180' },
    part: { type: 'string', default: 'all' },
    'upload-server': { type: 'string' },
    'upload-mb': { type: 'string', default: '150' },
  },
});
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** Peak RSS of this process so far (Linux VmHWM), else null. */
async function peakRssOfSelf(): Promise<number | null> {
  const status = await readFile('/proc/self/status', 'utf8').catch(() => '');
  const m = /VmHWM:\s+(\d+) kB/.exec(status);
  return m ? Number(m[1]) * 1024 : null;
}

if (values['upload-server'] !== undefined) {
  // Child mode: a server for the upload runs; prints its URL and key, and on "report" its peak RSS.
  const dataDir = values['upload-server'] === 'folder' ? await mkdtemp(join(tmpdir(), 'bench-http-')) : null;
  const service = await createNodeAnonymizer({ maxQueued: 1000, ner: false, ...(dataDir ? { dataDir } : {}) });
  // As `serve` wires it: with a data folder, uploads stream to disk.
  const handler = createFetchHandler(service, dataDir ? { fileSinks: await spoolFileSinks(uploadSpoolOf(dataDir)) } : {});
  const server = await startLoopbackServer(handler, 0);
  let sampled = 0;
  const sampler = setInterval(() => (sampled = Math.max(sampled, process.memoryUsage().rss)), 5);
  console.log(JSON.stringify({ url: server.url, key: service.apiKey, rss: process.memoryUsage().rss }));
  for await (const line of createInterface({ input: process.stdin })) {
    if (line !== 'report') continue;
    clearInterval(sampler);
    console.log(JSON.stringify({ hwm: await peakRssOfSelf(), sampled }));
    break;
  }
  await server.close();
  await service.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  process.exit(0);
}
const REQUESTS = Number(values.requests);
const CLIENTS = Number(values.clients);
const SOAK_SECONDS = Math.min(600, Number(values.soak));
const TEXTS = [
  'Sehr geehrte Frau Dr. Anna Schneider, wir bestätigen Ihren Termin am 12. März 2025 in unserer Praxis in der Lindenstraße 14, 10115 Berlin. Rückfragen bitte an anna.schneider@example.de oder 030 1234567.',
  'Herr Jonas Weber (geb. 03.07.1981) wohnt in der Goethestraße 5 in München. Seine IBAN lautet DE89 3704 0044 0532 0130 00; die Deutsche Bahn AG hat ihm am 1. Juli gekündigt.',
  'Dear Mr. John Smith, your order shipped from 221B Baker Street, London on June 4, 2024. Contact us at support@example.com or +44 20 7946 0958.',
];
const BIG = TEXTS.join(' ')
  .repeat(Math.ceil(200_000 / TEXTS.join(' ').length))
  .slice(0, 200_000);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function drive(n: number, clients: number, one: (i: number) => Promise<void>) {
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = next++; i < n; i = next++) {
        const t = performance.now();
        try {
          await one(i);
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return { rps: n / seconds, p50: percentile(latencies, 50), p95: percentile(latencies, 95), errors, seconds };
}

const PART = values.part;
const service = await createNodeAnonymizer({ maxQueued: 1000, textThreads: true });
const server = await startLoopbackServer(createFetchHandler(service), 0);
const body = (text: string) => JSON.stringify({ text, textLabels: [...TEXT_LABELS], usePseudonyms: true });
const headers = { Authorization: `Bearer ${service.apiKey}`, 'Content-Type': 'application/json' };
const postText = async (text: string) => {
  const res = await fetch(`${server.url}/external/v1/text`, { method: 'POST', headers, body: body(text) });
  await res.arrayBuffer();
  return res.status;
};

if (PART === 'all' || PART === 'text') {
  // Warm-up: model load in every thread, and JIT.
  await Promise.all(Array.from({ length: 40 }, (_, i) => postText(TEXTS[i % TEXTS.length]!)));

  const direct = await drive(REQUESTS, CLIENTS, async (i) => {
    await service.text(JSON.parse(body(TEXTS[i % TEXTS.length]!)));
  });
  const http = await drive(REQUESTS, CLIENTS, async (i) => {
    const status = await postText(TEXTS[i % TEXTS.length]!);
    if (status !== 200) throw new Error(String(status));
  });

  const fmt = (r: typeof http) =>
    `${r.rps.toFixed(0).padStart(5)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p95 ${r.p95.toFixed(1).padStart(6)} ms   errors ${r.errors}`;
  console.log(`${REQUESTS} text requests (${TEXTS[0]!.length}–${TEXTS[2]!.length} chars, all labels), ${CLIENTS} concurrent clients`);
  console.log(`  loopback HTTP (text on worker threads)  ${fmt(http)}`);
  console.log(`  direct text() (the same pool)           ${fmt(direct)}`);

  // Soak.
  console.log(`\nsoak: ${SOAK_SECONDS} s, ${CLIENTS} text clients (every 25th text 200 kB), a probe on GET /text-labels every 20 ms`);
  const until = performance.now() + SOAK_SECONDS * 1000;
  const counts = { ok: 0, limited: 0, other: 0, chars: 0 };
  const probe: number[] = [];
  const rss: string[] = [];
  let peakRss = 0;
  const sampler = setInterval(() => {
    const r = process.memoryUsage().rss;
    peakRss = Math.max(peakRss, r);
    rss.push(mb(r));
  }, 10_000);
  const probing = (async () => {
    while (performance.now() < until) {
      const t = performance.now();
      const res = await fetch(`${server.url}/external/v1/text-labels`, { headers });
      await res.arrayBuffer();
      probe.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  let n = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < until) {
        const text = ++n % 25 === 0 ? BIG : TEXTS[n % TEXTS.length]!;
        const status = await postText(text).catch(() => 0);
        if (status === 200) {
          counts.ok++;
          counts.chars += text.length;
        } else if (status === 429) {
          counts.limited++;
          await new Promise((r) => setTimeout(r, 200));
        } else counts.other++;
      }
    }),
  );
  await probing;
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  probe.sort((a, b) => a - b);
  console.log(
    `  texts: ${counts.ok} ok (${(counts.ok / seconds).toFixed(0)} req/s, ${(counts.chars / seconds / 1000).toFixed(0)} k chars/s), ` +
      `${counts.limited} × 429, ${counts.other} other`,
  );
  console.log(
    `  cheap endpoint under text load: ${probe.length} calls, p50 ${percentile(probe, 50).toFixed(1)} ms, p99 ${percentile(probe, 99).toFixed(1)} ms, max ${probe[probe.length - 1]!.toFixed(1)} ms`,
  );
  console.log(`  RSS every 10 s: ${rss.join(', ')} (peak ${mb(peakRss)}, main process; worker threads share it)`);
}
await server.close();
await service.close();

// Uploads.
const FILE_BYTES = Math.round((Number(values['upload-mb']) * 1e6) / 3) * 3;
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** 1 MB of the file (a multiple of 3 bytes, so each block has Base64 of its own): PNG magic first, then noise. */
const BLOCK = Buffer.alloc(3 * 349_525);
for (let i = 0; i < BLOCK.length; i++) BLOCK[i] = (i * 2654435761) >>> 24;
const FIRST = Buffer.from(BLOCK);
FIRST.set(PNG_MAGIC, 0);

type Kind = 'multipart' | 'multipart-chunked' | 'json';
/** The upload's pieces in order (framing and file blocks, generated as they are sent) and its total length. */
function uploadBody(kind: Kind): { pieces: () => Generator<Buffer>; length: number; contentType: string } {
  const blocks = function* (encode: (b: Buffer) => Buffer) {
    for (let sent = 0; sent < FILE_BYTES; sent += BLOCK.length) {
      const b = sent === 0 ? FIRST : BLOCK;
      yield encode(sent + b.length > FILE_BYTES ? b.subarray(0, FILE_BYTES - sent) : b);
    }
  };
  if (kind === 'json') {
    const head = Buffer.from('{"name":"big.png","content":"');
    const tail = Buffer.from('"}');
    const b64 = (b: Buffer) => Buffer.from(b.toString('base64'));
    return {
      pieces: function* () {
        yield head;
        yield* blocks(b64);
        yield tail;
      },
      length: head.length + Math.ceil(FILE_BYTES / 3) * 4 + tail.length,
      contentType: 'application/json',
    };
  }
  const head = Buffer.from(
    '--bench-boundary\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n',
  );
  const tail = Buffer.from('\r\n--bench-boundary--\r\n');
  return {
    pieces: function* () {
      yield head;
      yield* blocks((b) => b);
      yield tail;
    },
    length: head.length + FILE_BYTES + tail.length,
    contentType: 'multipart/form-data; boundary=bench-boundary',
  };
}

/** Uploads one file; resolves with the status code and the document id the answer names. */
function upload(url: string, key: string, kind: Kind): Promise<{ status: number; documentId: number | null }> {
  const body = uploadBody(kind);
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: u.hostname,
        port: u.port,
        method: 'POST',
        path: kind === 'json' ? '/external/v1/documents/upload' : '/external/v1/projects/1/documents',
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': body.contentType,
          ...(kind === 'multipart-chunked' ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(body.length) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = JSON.parse(Buffer.concat(chunks).toString() || 'null') as { documentId?: number } | null;
          resolve({ status: res.statusCode!, documentId: body?.documentId ?? null });
        });
      },
    );
    req.on('error', reject);
    const it = body.pieces();
    const pump = () => {
      for (let r = it.next(); !r.done; r = it.next()) if (!req.write(r.value)) return void req.once('drain', pump);
      req.end();
    };
    pump();
  });
}

/** Polls a document's status until it is no longer queued or processing. */
async function settled(url: string, key: string, documentId: number): Promise<string> {
  for (;;) {
    const res = await fetch(`${url}/external/v1/documents/${documentId}/status`, { headers: { authorization: `Bearer ${key}` } });
    const { status } = (await res.json()) as { status: string };
    if (!(PENDING_STATUSES as readonly string[]).includes(status)) return status;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function uploadRun(store: 'memory' | 'folder', kind: Kind) {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--upload-server', store], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () =>
    JSON.parse(((await lines.next()).value as string | undefined) ?? 'null') as Record<string, number> & { url: string; key: string };
  const ready = await next();
  const t = performance.now();
  const answers = await Promise.all(Array.from({ length: 4 }, () => upload(ready.url, ready.key, kind)));
  const statuses = answers.map((a) => a.status);
  const seconds = (performance.now() - t) / 1000;
  // The peak counts processing too: the report waits until every document has left the queue.
  const finals = await Promise.all(answers.map((a) => (a.documentId === null ? 'none' : settled(ready.url, ready.key, a.documentId))));
  child.stdin.write('report\n');
  const report = await next();
  await new Promise((r) => child.once('exit', r));
  console.log(
    `  ${store.padEnd(6)} ${kind.padEnd(17)} statuses ${statuses.join(',')}  ${seconds.toFixed(1).padStart(5)} s, then ${finals.join(',')}  ` +
      `RSS at start ${mb(ready.rss!)}, peak ${report['hwm'] ? mb(report['hwm']) : '?'} (VmHWM; sampled ${mb(report['sampled']!)})`,
  );
}

if (PART === 'all' || PART === 'uploads') {
  console.log(
    `\nuploads: 4 parallel uploads of ${(FILE_BYTES / 1e6).toFixed(0)} MB each, server in a child process (peak RSS of that process)`,
  );
  for (const store of ['memory', 'folder'] as const) {
    for (const kind of ['multipart', 'multipart-chunked', 'json'] as const) await uploadRun(store, kind);
  }
}
