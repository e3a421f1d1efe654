// Node half of bench:documents, in plain JavaScript on the built library (dist/lib) so that the process holds only the
// engine: under tsx the loader and its source maps of pdf.js alone add ~250 MB of RSS, which is not the engine's.
// Usage (by documents-bench.ts): node documents-node.mjs WARMUP DOC… → one JSON line per document: seconds, memory, the result.
import { readFileSync } from 'node:fs';
import { createNodeDocumentAnonymizer } from '../../dist/lib/src/node.js';

const [warmup, ...docs] = process.argv.slice(2);
const engine = createNodeDocumentAnonymizer({ ner: false });
let peak = 0;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
await engine.anonymize(new Uint8Array(readFileSync(warmup)), null);
for (const file of docs) {
  const bytes = new Uint8Array(readFileSync(file));
  const baseline = process.memoryUsage().rss;
  peak = baseline;
  const t0 = performance.now();
  const r = await engine.anonymize(bytes, null);
  const seconds = (performance.now() - t0) / 1000;
  const { pageData, verification } = r;
  const result = { pageData, verification, bytes: { length: r.bytes.length } };
  process.stdout.write(`${JSON.stringify({ seconds, baselineMB: Math.round(baseline / 1e6), peakMB: Math.round(peak / 1e6), result })}\n`);
}
clearInterval(sampler);
await engine.close();
