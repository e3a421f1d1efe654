// bench:documents — end to end (read → detect → redact → write → verify) on generated text documents (PDF and DOCX),
// rules only, in Node (the built library in a plain `node` child, see documents-node.mjs) and in Chromium (in the page,
// and through the document worker with the NER model, driven by playwright-core on Debian's chromium; requests to
// other origins are aborted and counted). The peer on the same DOCX: LibreOffice (`soffice --headless`) reading and
// writing it again, the work any tool that rewrites a Word file does, without detection. Not a test.
// Run: npm run bench:documents (builds dist/lib first).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runBenchPage } from '../browser/chromium-page.js';
import { sofficeConvert } from '../office/soffice.js';
import type { BenchFormat, BenchRow } from './documents-inputs.js';
import { BENCH_PAGES, benchInput, benchRow, countsOf } from './documents-inputs.js';

async function nodeRows(format: BenchFormat, dir: string): Promise<BenchRow[]> {
  const files: string[] = [];
  for (const pages of [1, ...BENCH_PAGES[format]]) {
    files.push(join(dir, `${pages}.${format}`));
    writeFileSync(files.at(-1)!, await benchInput(format, pages));
  }
  const out = execFileSync(process.execPath, [join(import.meta.dirname, 'documents-node.mjs'), ...files], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  return out
    .trim()
    .split('\n')
    .map((l, i) => {
      const { seconds, baselineMB, peakMB, result } = JSON.parse(l) as {
        seconds: number;
        baselineMB: number;
        peakMB: number;
        result: Parameters<typeof countsOf>[0];
      };
      return { ...benchRow(format, 'built library, rules only', BENCH_PAGES[format][i]!, seconds, countsOf(result)), baselineMB, peakMB };
    });
}

async function chromiumRows(): Promise<{ rows: BenchRow[]; version: string; foreign: number }> {
  const { result, version, foreign, memory } = await runBenchPage<{ done: boolean; rows: BenchRow[] }>(
    'tools/bench/browser/documents.html',
    '__documents',
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

/** LibreOffice reading and writing the largest DOCX (after a warm-up conversion that starts it once). */
async function peerSeconds(): Promise<number> {
  const pages = BENCH_PAGES.docx.at(-1)!;
  const bytes = await benchInput('docx', pages);
  await sofficeConvert({ 'warm.docx': await benchInput('docx', 1) }, 'docx');
  const t0 = performance.now();
  await sofficeConvert({ 'doc.docx': bytes }, 'docx');
  return (performance.now() - t0) / 1000;
}

const dir = mkdtempSync(join(tmpdir(), 'bench-documents-'));
let node: BenchRow[];
try {
  node = [...(await nodeRows('pdf', dir)), ...(await nodeRows('docx', dir))];
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const peer = await peerSeconds();
const browser = await chromiumRows();
const lines = [
  '| runtime | format | variant | pages | paragraphs | seconds | pages/s | paragraphs/s | memory before | peak memory | entities | verified | output |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
];
const mb = (v: number | undefined) => (v === undefined ? '–' : `${v} MB`);
for (const [name, rows] of [
  [`Node ${process.version}`, node],
  [`Chromium ${browser.version}`, browser.rows],
] as const) {
  for (const r of rows)
    lines.push(
      `| ${name} | ${r.format} | ${r.variant} | ${r.pages} | ${r.paragraphs} | ${r.seconds.toFixed(2)} | ${r.pagesPerSecond.toFixed(1)} | ${r.paragraphsPerSecond.toFixed(0)} | ${mb(r.baselineMB)} | ${mb(r.peakMB)} | ${r.entities} | ${r.verified} | ${r.outputKB} KB |`,
    );
}
const largest = node.filter((r) => r.format === 'docx').at(-1)!;
process.stdout.write(
  `${lines.join('\n')}\n\nMemory: Node, the process's RSS; Chromium, the PSS of all its processes (sampled every 100 ms).\nRequests from Chromium to other origins: ${browser.foreign}.\n` +
    `Peer on the ${largest.pages}-page DOCX: LibreOffice reads and writes it in ${peer.toFixed(2)} s (process start excluded by a warm-up, not its profile load); ` +
    `this engine anonymizes and verifies it in ${largest.seconds.toFixed(2)} s in Node: ratio ${(largest.seconds / peer).toFixed(2)}.\n`,
);
