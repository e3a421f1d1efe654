// Page side of tools/pdf/bench.ts: the same documents in Chromium, rules only in this page (like the Node row), and
// through the document worker as the app runs it (its default detection: rules and the NER model).
import type { AnonymizedDocument } from '../../src/engine/document-engine.js';
import { createBrowserDocumentAnonymizer } from '../../src/platform/browser/platform.js';
import { startDocumentWorker } from '../../src/platform/browser/document-client.js';
import type { BenchRow } from './bench-document.js';
import { BENCH_PAGES, benchPdf } from './bench-document.js';

declare global {
  interface Window {
    __pdf?: { done: boolean; rows: BenchRow[]; error?: string };
  }
}

async function measure(variant: string, anonymize: (bytes: Uint8Array) => Promise<AnonymizedDocument>, rows: BenchRow[]): Promise<void> {
  await anonymize(await benchPdf(1)); // warm-up: workers, modules, fonts
  for (const pages of BENCH_PAGES) {
    const bytes = await benchPdf(pages);
    await new Promise((r) => setTimeout(r, 300)); // a few memory samples of the baseline
    const startedAt = Date.now();
    const t0 = performance.now();
    const r = await anonymize(bytes);
    const seconds = (performance.now() - t0) / 1000;
    const endedAt = Date.now();
    const entities = r.pageData.reduce((n, p) => n + p.textData.detections.ents.length, 0);
    rows.push({
      variant,
      pages,
      seconds,
      pagesPerSecond: pages / seconds,
      entities,
      verified: r.verification?.passed === true,
      outputKB: Math.round(r.bytes.length / 1024),
      startedAt,
      endedAt,
    });
  }
}

async function main(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const page = createBrowserDocumentAnonymizer(location.href, { ner: false });
  await measure('page, rules only', (bytes) => page.anonymize(bytes, null), rows).finally(() => page.close());
  const worker = startDocumentWorker(900_000);
  await measure('document worker, rules + NER', (bytes) => worker.anonymize(bytes, null), rows).finally(() => worker.terminate());
  return rows;
}

window.__pdf = { done: false, rows: [] };
main().then(
  (rows) => (window.__pdf = { done: true, rows }),
  (err: unknown) => (window.__pdf = { done: true, rows: [], error: String(err) }),
);
