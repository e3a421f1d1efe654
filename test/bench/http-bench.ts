// Load on the loopback server: 1,000 POST /external/v1/text from 8 concurrent clients (real HTTP), against the same
// requests as direct text() calls in the same process, on the same engine (rules + the shipped model).
//   npm run bench:http [-- --requests 1000 --clients 8]
import { parseArgs } from 'node:util';
import { createNodeAnonymizer } from '../../src/platform/node/service.js';
import { createFetchHandler } from '../../src/http/fetch-handler.js';
import { startLoopbackServer } from '../../src/platform/node/http-server.js';
import { TEXT_LABELS } from '../../src/spec/types.js';

const { values } = parseArgs({ options: { requests: { type: 'string', default: '1000' }, clients: { type: 'string', default: '8' } } });
const REQUESTS = Number(values.requests);
const CLIENTS = Number(values.clients);
const TEXTS = [
  'Sehr geehrte Frau Dr. Anna Schneider, wir bestätigen Ihren Termin am 12. März 2025 in unserer Praxis in der Lindenstraße 14, 10115 Berlin. Rückfragen bitte an anna.schneider@example.de oder 030 1234567.',
  'Herr Jonas Weber (geb. 03.07.1981) wohnt in der Goethestraße 5 in München. Seine IBAN lautet DE89 3704 0044 0532 0130 00; die Deutsche Bahn AG hat ihm am 1. Juli gekündigt.',
  'Dear Mr. John Smith, your order shipped from 221B Baker Street, London on June 4, 2024. Contact us at support@example.com or +44 20 7946 0958.',
];

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

const service = await createNodeAnonymizer({ maxQueued: 1000 });
const server = await startLoopbackServer(createFetchHandler(service), 0);
const body = (i: number) => JSON.stringify({ text: TEXTS[i % TEXTS.length], textLabels: [...TEXT_LABELS], usePseudonyms: true });
const headers = { Authorization: `Bearer ${service.apiKey}`, 'Content-Type': 'application/json' };

// Warm-up: model load and JIT.
for (let i = 0; i < 20; i++) await service.text(JSON.parse(body(i)));

const direct = await drive(REQUESTS, CLIENTS, async (i) => {
  await service.text(JSON.parse(body(i)));
});
const http = await drive(REQUESTS, CLIENTS, async (i) => {
  const res = await fetch(`${server.url}/external/v1/text`, { method: 'POST', headers, body: body(i) });
  if (res.status !== 200) throw new Error(String(res.status));
  await res.arrayBuffer();
});

const fmt = (r: typeof http) =>
  `${r.rps.toFixed(0).padStart(5)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p95 ${r.p95.toFixed(1).padStart(6)} ms   errors ${r.errors}`;
console.log(`${REQUESTS} text requests (${TEXTS[0]!.length}–${TEXTS[2]!.length} chars, all labels), ${CLIENTS} concurrent clients`);
console.log(`  loopback HTTP  ${fmt(http)}`);
console.log(`  direct text()  ${fmt(direct)}`);
console.log(`  HTTP / direct throughput: ${(http.rps / direct.rps).toFixed(2)}×`);
await server.close();
await service.close();
