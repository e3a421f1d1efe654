// Page side of documents-bench.ts: the same documents in Chromium, rules only in this page (like the Node row), and through the
// document worker as the app runs it (its default detection: rules and the NER model).
import type { AnonymizedDocument } from '../../../src/engine/document-engine.js';
import { createBrowserDocumentAnonymizer } from '../../../src/platform/browser/platform.js';
import { startDocumentWorker } from './document-client.js';
import type { BenchFormat, BenchRow } from '../documents-inputs.js';
import { BENCH_PAGES, benchInput, benchRow, countsOf } from '../documents-inputs.js';

declare global {
  interface Window {
    __documents?: { done: boolean; rows: BenchRow[]; error?: string };
  }
}

async function measure(
  format: BenchFormat,
  variant: string,
  anonymize: (bytes: Uint8Array) => Promise<AnonymizedDocument>,
  rows: BenchRow[],
): Promise<void> {
  await anonymize(await benchInput(format, 1)); // warm-up: workers, modules, fonts
  for (const pages of BENCH_PAGES[format]) {
    const bytes = await benchInput(format, pages);
    await new Promise((r) => setTimeout(r, 300)); // a few memory samples of the baseline
    const startedAt = Date.now();
    const t0 = performance.now();
    const r = await anonymize(bytes);
    const seconds = (performance.now() - t0) / 1000;
    rows.push({ ...benchRow(format, variant, pages, seconds, countsOf(r)), startedAt, endedAt: Date.now() });
  }
}

async function main(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const format of ['pdf', 'docx'] as const) {
    const page = createBrowserDocumentAnonymizer(location.href, { ner: false });
    await measure(format, 'page, rules only', (bytes) => page.anonymize(bytes, null), rows).finally(() => page.close());
    const worker = startDocumentWorker(900_000);
    await measure(format, 'document worker, rules + NER', (bytes) => worker.anonymize(bytes, null), rows).finally(() => worker.terminate());
  }
  return rows;
}

window.__documents = { done: false, rows: [] };
main().then(
  (rows) => (window.__documents = { done: true, rows }),
  (err: unknown) => (window.__documents = { done: true, rows: [], error: String(err) }),
);
