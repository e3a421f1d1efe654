/**
 * Throughput and rough quality, side by side in one run, on fixed PII-dense letters (tools/bench/fixtures):
 * - ours, `anonymizer.text()` with all labels (detection + replacement, the service path),
 * - ours, the pattern/rule recognizers alone via `detect`,
 * - the peer library openredaction (`detect`, which also redacts).
 *
 *   npm run bench [-- --runs N] [--warmup N]
 *
 * Never run in tests: timings depend on the machine. Quality is coverage of hand-listed PII strings (any label),
 * a sanity check, not an evaluation (see tools/eval for that).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { OpenRedaction } from 'openredaction';
import { createAnonymizer } from '../../src/platform/node/text.js';
import { defaultRecognizers } from '../../src/detection/default-recognizers.js';
import { TEXT_LABELS } from '../../src/spec/types.js';
import { formatTable, pct } from '../../tools/eval/table.js';

const fixturesDir = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');

function argNumber(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  const v = i >= 0 ? Number.parseInt(process.argv[i + 1] ?? '', 10) : Number.NaN;
  return v > 0 ? v : fallback;
}

const RUNS = argNumber('--runs', 50);
const WARMUP = argNumber('--warmup', 20);

interface Fixture {
  name: string;
  lang: 'de' | 'en';
  text: string;
  /** Hand-listed PII strings by our label; every whole-word occurrence must be covered. */
  pii: Record<string, string[]>;
}

interface Range {
  start: number;
  end: number;
}

/** A tool under test: returns the ranges it would redact. */
interface Tool {
  name: string;
  run(fixture: Fixture): Promise<Range[]>;
}

function loadFixture(name: string, lang: 'de' | 'en'): Fixture {
  return {
    name,
    lang,
    text: readFileSync(join(fixturesDir, `${name}.txt`), 'utf8'),
    pii: JSON.parse(readFileSync(join(fixturesDir, `${name}.pii.json`), 'utf8')) as Record<string, string[]>,
  };
}

const allLabels = [...TEXT_LABELS];
const engines = {
  de: createAnonymizer({ language: 'de' }),
  en: createAnonymizer({ language: 'en' }),
};
const patternEngines = {
  de: createAnonymizer({ language: 'de', recognizers: defaultRecognizers() }),
  en: createAnonymizer({ language: 'en', recognizers: defaultRecognizers() }),
};
// Learning off: by default it writes a learning store into the working directory. Cache off (the default) so
// repeated runs on the same text measure detection, not a lookup.
const peer = new OpenRedaction({ enableLearning: false, enableCache: false });

const tools: Tool[] = [
  {
    name: 'ours text() all labels',
    async run(f) {
      const r = await engines[f.lang].text({ text: f.text, textLabels: allLabels, usePseudonyms: true });
      return r.detection.detections.map((d) => ({ start: d.startChar, end: d.stopChar }));
    },
  },
  {
    name: 'ours patterns detect()',
    async run(f) {
      return patternEngines[f.lang].detect(f.text, { labels: allLabels });
    },
  },
  {
    name: 'openredaction detect()',
    async run(f) {
      const r = await peer.detect(f.text);
      return r.detections.map((d) => ({ start: d.position[0], end: d.position[1] }));
    },
  },
];

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

async function time(tool: Tool, fixture: Fixture): Promise<{ medianMs: number; minMs: number }> {
  for (let i = 0; i < WARMUP; i++) await tool.run(fixture);
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await tool.run(fixture);
    ms.push(performance.now() - t0);
  }
  return { medianMs: median(ms), minMs: Math.min(...ms) };
}

const isWordChar = (ch: string) => /[\p{L}\p{N}]/u.test(ch);

/** Whole-word occurrences of `value` (so the age "17" does not match inside "0317"). */
function occurrences(text: string, value: string): Range[] {
  const out: Range[] = [];
  for (let i = text.indexOf(value); i >= 0; i = text.indexOf(value, i + 1)) {
    const end = i + value.length;
    if (isWordChar(text.charAt(i - 1)) || isWordChar(text.charAt(end))) continue;
    out.push({ start: i, end });
  }
  return out;
}

/** Whether every non-whitespace character of `r` lies in one of `spans`. */
function covered(text: string, r: Range, spans: readonly Range[]): boolean {
  for (let i = r.start; i < r.end; i++) {
    if (/\s/.test(text.charAt(i))) continue;
    if (!spans.some((s) => s.start <= i && i < s.end)) return false;
  }
  return true;
}

/** Per label: how many listed strings have all their occurrences covered. */
function quality(fixture: Fixture, spans: readonly Range[]): Map<string, { found: number; total: number }> {
  const result = new Map<string, { found: number; total: number }>();
  for (const [label, values] of Object.entries(fixture.pii)) {
    const entry = { found: 0, total: 0 };
    for (const value of values) {
      const occ = occurrences(fixture.text, value);
      if (occ.length === 0) throw new Error(`${fixture.name}.pii.json: "${label}" entry not in the text (entry ${entry.total + 1})`);
      entry.total++;
      if (occ.every((r) => covered(fixture.text, r, spans))) entry.found++;
    }
    result.set(label, entry);
  }
  return result;
}

async function main(): Promise<void> {
  const fixtures = [loadFixture('letter-de', 'de'), loadFixture('letter-en', 'en')];
  const out = process.stdout;
  out.write(`bench: ${RUNS} timed runs after ${WARMUP} warm-up runs per tool and fixture; Node ${process.version}\n\n`);

  const speed: string[][] = [['tool', ...fixtures.flatMap((f) => [`${f.name} ms`, `${f.name} chars/s`]), 'mean chars/s']];
  const throughput = new Map<string, number>();
  for (const tool of tools) {
    const row = [tool.name];
    const rates: number[] = [];
    for (const f of fixtures) {
      const t = await time(tool, f);
      const rate = f.text.length / (t.medianMs / 1000);
      rates.push(rate);
      row.push(t.medianMs.toFixed(2), Math.round(rate).toLocaleString('en-US'));
    }
    const mean = rates.reduce((a, b) => a + b, 0) / rates.length;
    throughput.set(tool.name, mean);
    row.push(Math.round(mean).toLocaleString('en-US'));
    speed.push(row);
  }
  out.write(`throughput (median per call, ${fixtures.map((f) => `${f.name} ${f.text.length} chars`).join(', ')}):\n`);
  out.write(formatTable(speed));
  const peerRate = throughput.get('openredaction detect()') ?? 0;
  for (const tool of tools.slice(0, 2)) {
    const ours = throughput.get(tool.name) ?? 0;
    out.write(`ratio ${tool.name} / openredaction: ${peerRate > 0 ? (ours / peerRate).toFixed(2) : 'n/a'}x\n`);
  }

  const labels = [...new Set(fixtures.flatMap((f) => Object.keys(f.pii)))];
  const qual: string[][] = [['tool', 'fixture', ...labels, 'all', 'spans', 'off-list']];
  for (const tool of tools) {
    for (const f of fixtures) {
      const spans = await tool.run(f);
      const q = quality(f, spans);
      let found = 0;
      let total = 0;
      const cells = labels.map((l) => {
        const e = q.get(l);
        if (!e) return '-';
        found += e.found;
        total += e.total;
        return `${e.found}/${e.total}`;
      });
      const listed = Object.values(f.pii).flatMap((values) => values.flatMap((v) => occurrences(f.text, v)));
      const offList = spans.filter((s) => !listed.some((r) => s.start < r.end && r.start < s.end)).length;
      qual.push([tool.name, f.name, ...cells, `${found}/${total} (${pct(found / total)}%)`, String(spans.length), String(offList)]);
    }
  }
  out.write(`\nrough quality: listed PII strings whose every occurrence is covered by the tool's spans (any label);\n`);
  out.write(`off-list = spans overlapping no listed string (likely false positives; the list is not exhaustive):\n`);
  out.write(formatTable(qual));
}

await main();
