// Node half of bench:pdf, in plain JavaScript on the built library (dist/lib) so that the process holds only the
// engine: under tsx the loader and its source maps of pdf.js alone add ~250 MB of RSS, which is not the engine's.
// Usage (by tools/pdf/bench.ts): node tools/pdf/bench-node.mjs WARMUP.pdf DOC.pdf… → one JSON row per document.
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
  const r = await engine.anonymizeDocument(bytes, null);
  const seconds = (performance.now() - t0) / 1000;
  const pages = r.piiRecord.pageData.reduce((n, p) => Math.max(n, p.pageNum), 0);
  const entities = r.piiRecord.pageData.reduce((n, p) => n + p.textData.detections.ents.length, 0);
  process.stdout.write(
    `${JSON.stringify({ variant: 'built library, rules only', pages, seconds, pagesPerSecond: pages / seconds, entities, verified: r.verification?.passed === true, outputKB: Math.round(r.file.length / 1024), baselineMB: Math.round(baseline / 1e6), peakMB: Math.round(peak / 1e6) })}\n`,
  );
}
clearInterval(sampler);
await engine.close();
