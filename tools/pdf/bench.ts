// bench:pdf — end to end (read → detect → redact → write → verify) on generated text PDFs, rules only, in Node (the
// built library in a plain `node` child, see bench-node.mjs) and in Chromium (the document worker, driven by
// playwright-core on Debian's chromium; requests to other origins are aborted and counted). Not a test.
// Run: npm run bench:pdf (builds dist/lib first).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runBenchPage } from '../../test/bench/chromium-page.js';
import type { BenchRow } from './bench-document.js';
import { BENCH_PAGES, benchPdf } from './bench-document.js';

async function nodeRows(): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-pdf-'));
  try {
    const files: string[] = [];
    for (const pages of [1, ...BENCH_PAGES]) {
      files.push(join(dir, `${pages}.pdf`));
      writeFileSync(files.at(-1)!, await benchPdf(pages));
    }
    const out = execFileSync(process.execPath, [join(import.meta.dirname, 'bench-node.mjs'), ...files], { encoding: 'utf8' });
    return out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as BenchRow);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function chromiumRows(): Promise<{ rows: BenchRow[]; version: string; foreign: number }> {
  const { result, version, foreign, memory } = await runBenchPage<{ done: boolean; rows: BenchRow[] }>(
    'tools/pdf/bench-page.html',
    '__pdf',
    5192,
  );
  // Each document's memory from the samples: the last one before it started, the largest one while it ran.
  const rows = result.rows.map((r) => {
    const before = memory.filter((m) => m.at <= r.startedAt!).at(-1);
    const during = memory.filter((m) => m.at >= r.startedAt! && m.at <= r.endedAt! + 100);
    return { ...r, baselineMB: before?.pssMB, peakMB: Math.max(before?.pssMB ?? 0, ...during.map((m) => m.pssMB)) };
  });
  return { rows, version, foreign };
}

const node = await nodeRows();
const browser = await chromiumRows();
const lines = [
  '| runtime | variant | pages | seconds | pages/s | memory before | peak memory | entities | verified | output |',
  '|---|---|---|---|---|---|---|---|---|---|',
];
const mb = (v: number | undefined) => (v === undefined ? '–' : `${v} MB`);
for (const [name, rows] of [
  [`Node ${process.version}`, node],
  [`Chromium ${browser.version}`, browser.rows],
] as const) {
  for (const r of rows)
    lines.push(
      `| ${name} | ${r.variant} | ${r.pages} | ${r.seconds.toFixed(2)} | ${r.pagesPerSecond.toFixed(1)} | ${mb(r.baselineMB)} | ${mb(r.peakMB)} | ${r.entities} | ${r.verified} | ${r.outputKB} KB |`,
    );
}
process.stdout.write(
  `${lines.join('\n')}\n\nMemory: Node, the process's RSS; Chromium, the PSS of all its processes (sampled every 100 ms).\nRequests from Chromium to other origins: ${browser.foreign}.\n`,
);
