/**
 * Runs the engine's `detect` over an eval JSONL file and prints entity-level and char-level scores.
 *
 *   npm run eval -- <file.jsonl> [--labels PER,LOC] [--limit N] [--kind K] [--json out.json] [--errors N] [--auto-language] [--self-check]
 *
 * Scored labels per record: the record's own `labels`, else the sidecar `<name>.labels.json`, else every label in
 * the gold file; then intersected with --labels. The engine is asked for exactly those labels.
 * --kind K scores only records of that kind (synthetic documents: letter, email, form, chat, prose, cv, hr, ticket,
 * medical, court, invoice, thread, table).
 * Dataset text is printed only with --errors N (that many false positives and false negatives, with context).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Anonymizer } from '../../src/engine/text-engine.js';
import { TEXT_LABELS } from '../../src/spec/types.js';
import type { TextLabelName } from '../../src/spec/types.js';
import { addScores, emptyErrors, scoreDocument, summarize } from './score.js';
import type { ErrorCounts, LabelCounts, ScoreSpan, Summary } from './score.js';
import { formatTable, pct } from './table.js';
import type { EvalRecord, LabelsSidecar } from './types.js';
import { isLabel, sortLabels } from './types.js';

interface Args {
  file: string;
  labels: TextLabelName[] | null;
  limit: number | null;
  /** Only records of this `kind` (synthetic sets). */
  kind: string | null;
  json: string | null;
  errors: number;
  autoLanguage: boolean;
  /** Predict the gold spans themselves: checks the harness and data end to end without the engine (must score 100). */
  selfCheck: boolean;
  /** A candidate model directory (Hugging Face layout) instead of the shipped one. */
  model: string | null;
  /** Windowing of the model (subwords per window, shared with the next), instead of the service's default. */
  window: number | null;
  overlap: number | null;
  /** Cut-off for model spans (mean tag probability) instead of the shipped model's. */
  minScore: number | null;
}

function usage(message: string): never {
  process.stderr.write(
    `${message}\nusage: npm run eval -- <file.jsonl> [--labels PER,LOC] [--limit N] [--kind K] [--json out.json] [--errors N] [--auto-language] [--self-check] [--model DIR] [--window N] [--overlap N] [--min-score X]\n`,
  );
  process.exit(2);
}

function parseArgs(argv: readonly string[]): Args {
  const args: Args = {
    file: '',
    labels: null,
    limit: null,
    kind: null,
    json: null,
    errors: 0,
    autoLanguage: false,
    selfCheck: false,
    model: null,
    window: null,
    overlap: null,
    minScore: null,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    const value = () => argv[++i] ?? usage(`${a} needs a value`);
    if (a === '--labels') {
      const labels = value()
        .split(',')
        .map((l) => l.trim().toUpperCase())
        .filter((l) => l !== '');
      const bad = labels.filter((l) => !isLabel(l));
      if (bad.length > 0) usage(`unknown label(s): ${bad.join(', ')} (known: ${TEXT_LABELS.join(', ')})`);
      args.labels = labels as TextLabelName[];
    } else if (a === '--limit') {
      args.limit = Number.parseInt(value(), 10);
      if (!(args.limit > 0)) usage('--limit needs a positive number');
    } else if (a === '--kind') args.kind = value();
    else if (a === '--json') args.json = value();
    else if (a === '--errors') args.errors = Math.max(0, Number.parseInt(value(), 10) || 0);
    else if (a === '--auto-language') args.autoLanguage = true;
    else if (a === '--self-check') args.selfCheck = true;
    else if (a === '--model') args.model = value();
    else if (a === '--window') args.window = Number.parseInt(value(), 10);
    else if (a === '--overlap') args.overlap = Number.parseInt(value(), 10);
    else if (a === '--min-score') args.minScore = Number.parseFloat(value());
    else if (a.startsWith('--')) usage(`unknown option ${a}`);
    else if (args.file === '') args.file = a;
    else usage(`unexpected argument ${a}`);
  }
  if (args.file === '') usage('missing <file.jsonl>');
  return args;
}

function readRecords(file: string, limit: number | null, kind: string | null): EvalRecord[] {
  const records: EvalRecord[] = [];
  const lines = readFileSync(file, 'utf8').split('\n');
  for (let i = 0; i < lines.length && (limit === null || records.length < limit); i++) {
    const line = lines[i] as string;
    if (line.trim() === '') continue;
    let record: EvalRecord;
    try {
      record = JSON.parse(line) as EvalRecord;
    } catch {
      throw new Error(`${file}:${i + 1}: not valid JSON`);
    }
    if (kind === null || record.kind === kind) records.push(record);
  }
  return records;
}

function readSidecar(file: string): LabelsSidecar | null {
  const path = file.replace(/\.jsonl$/, '') + '.labels.json';
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as LabelsSidecar) : null;
}

interface Totals {
  perLabel: Map<string, LabelCounts>;
  errors: ErrorCounts;
}

const newTotals = (): Totals => ({ perLabel: new Map(), errors: emptyErrors() });

function context(text: string, s: ScoreSpan): string {
  const before = text.slice(Math.max(0, s.start - 30), s.start);
  const after = text.slice(s.end, s.end + 30);
  return `${before}[[${s.label}|${text.slice(s.start, s.end)}]]${after}`.replace(/\s+/g, ' ');
}

function labelTable(summary: Summary): string {
  const rows: string[][] = [['label', 'gold', 'pred', 'TP', 'P', 'R', 'F1', 'charR', 'charR-any']];
  for (const r of [...summary.rows, summary.micro]) {
    rows.push([
      r.label,
      String(r.gold),
      String(r.pred),
      String(r.tp),
      pct(r.precision),
      pct(r.recall),
      pct(r.f1),
      pct(r.charRecall),
      pct(r.charRecallAny),
    ]);
  }
  return formatTable(rows);
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (!existsSync(args.file)) usage(`no such file: ${args.file} (run npm run eval:convert first)`);
  const records = readRecords(args.file, args.limit, args.kind);
  const sidecar = readSidecar(args.file);
  const fileLabels = sortLabels(records.flatMap((r) => r.entities.map((e) => e.label)));
  const defaultLabels = sidecar?.labels ?? fileLabels;
  if (sidecar?.reportOnly) process.stdout.write('NOTE: report-only (test) split: report these numbers, never tune on them.\n');

  // One engine per language hint; records carry their language. Imported lazily so --self-check runs even while
  // the engine does not build.
  const engineModule = args.selfCheck ? null : await import('../../src/platform/node/text.js');
  const engines = new Map<string, Anonymizer>();
  // --window, --overlap, --min-score tune the shipped model (the engine keeps its label map and other filters);
  // --model runs a candidate exactly as the shipped model is run, the tuning on top.
  const tuning = {
    ...(args.window !== null ? { windowTokens: args.window } : {}),
    ...(args.overlap !== null ? { overlapTokens: args.overlap } : {}),
    ...(args.minScore !== null ? { minScore: args.minScore } : {}),
  };
  const ner = args.model
    ? { url: resolve(args.model), tuning: 'shipped' as const, ...tuning }
    : Object.keys(tuning).length > 0
      ? tuning
      : undefined;
  const engineFor = (lang: string): Anonymizer => {
    if (!engineModule) throw new Error('engine not loaded');
    const language = args.autoLanguage ? 'auto' : lang === 'de' || lang === 'en' ? lang : 'auto';
    let engine = engines.get(language);
    if (!engine) engines.set(language, (engine = engineModule.createAnonymizer({ language, ...(ner ? { ner } : {}) })));
    return engine;
  };
  const detect = async (record: EvalRecord, labels: TextLabelName[]): Promise<ScoreSpan[]> =>
    args.selfCheck ? record.entities : engineFor(record.lang).detect(record.text, { labels });

  // Warm-up outside the timed loop: lazy model loading and JIT would otherwise count against throughput.
  if (!args.selfCheck) {
    for (const lang of new Set(records.map((r) => r.lang))) {
      await engineFor(lang).detect('Herr Max Mustermann, Musterstraße 1, 12345 Musterstadt, Tel. 030 1234567, 1. Januar 2020.', {
        labels: [...TEXT_LABELS],
      });
    }
  }

  const totals = newTotals();
  const bySource = new Map<string, Totals>();
  const scoredLabels = new Set<TextLabelName>();
  let chars = 0;
  let seconds = 0;
  let failures = 0;
  let skipped = 0;
  const fpExamples: string[] = [];
  const fnExamples: string[] = [];

  for (const record of records) {
    let labels = record.labels ?? defaultLabels;
    if (args.labels) labels = labels.filter((l) => args.labels?.includes(l));
    if (labels.length === 0) {
      skipped++;
      continue;
    }
    for (const l of labels) scoredLabels.add(l);
    let pred: ScoreSpan[];
    const t0 = performance.now();
    try {
      pred = await detect(record, labels);
    } catch (e) {
      failures++;
      if (failures <= 3) process.stderr.write(`detect failed on ${record.id}: ${(e as Error).message}\n`);
      continue;
    } finally {
      seconds += (performance.now() - t0) / 1000;
    }
    chars += record.text.length;
    const score = scoreDocument({ text: record.text, gold: record.entities, pred, labels, ignore: record.ignore ?? [] });
    addScores(totals, score);
    const source = record.source ?? 'all';
    if (!bySource.has(source)) bySource.set(source, newTotals());
    addScores(bySource.get(source) as Totals, score);
    if (fpExamples.length < args.errors)
      for (const s of score.falsePositives.slice(0, 2)) fpExamples.push(`${record.id}: ${context(record.text, s)}`);
    if (fnExamples.length < args.errors)
      for (const s of score.falseNegatives.slice(0, 2)) fnExamples.push(`${record.id}: ${context(record.text, s)}`);
  }

  const order = [...TEXT_LABELS];
  const summary = summarize(totals.perLabel, totals.errors, order);
  const scored = records.length - skipped - failures;
  const out = process.stdout;
  out.write(
    `\n${args.selfCheck ? 'SELF-CHECK (gold as predictions) ' : ''}${args.file}: ${scored} records, ${chars} chars, labels ${sortLabels(scoredLabels).join(',')}`,
  );
  out.write(
    `${args.kind ? ` (--kind ${args.kind})` : ''}${args.limit ? ` (--limit ${args.limit})` : ''}${skipped ? `, ${skipped} without scored labels` : ''}${failures ? `, ${failures} FAILED` : ''}\n\n`,
  );
  out.write(labelTable(summary));
  out.write(
    `\nmicro F1 ${pct(summary.micro.f1)}   macro F1 ${pct(summary.macroF1)}   char recall ${pct(summary.micro.charRecall)}   char recall (any label) ${pct(summary.micro.charRecallAny)}\n`,
  );
  const e = summary.errors;
  out.write(
    `errors: FP wrong-label ${e.wrongLabel}, FP boundary ${e.boundary}, FP boundary+label ${e.boundaryAndLabel}, FP spurious ${e.spurious}; ` +
      `FN missed ${e.missed}; predictions in ignore ranges ${e.ignored}\n`,
  );
  const throughput = seconds > 0 ? chars / seconds : 0;
  out.write(`throughput: ${Math.round(throughput).toLocaleString('en-US')} chars/s (${seconds.toFixed(2)} s in detect)\n`);

  const perSource: Record<string, { records: number; micro: Summary['micro']; macroF1: number }> = {};
  if (bySource.size > 1) {
    const rows: string[][] = [['source', 'gold', 'pred', 'TP', 'P', 'R', 'F1', 'charR', 'charR-any']];
    for (const [source, t] of bySource) {
      const s = summarize(t.perLabel, t.errors, order);
      const m = s.micro;
      perSource[source] = { records: records.filter((r) => (r.source ?? 'all') === source).length, micro: m, macroF1: s.macroF1 };
      rows.push([
        source,
        String(m.gold),
        String(m.pred),
        String(m.tp),
        pct(m.precision),
        pct(m.recall),
        pct(m.f1),
        pct(m.charRecall),
        pct(m.charRecallAny),
      ]);
    }
    out.write(`\nper source (micro over the labels each source annotates):\n${formatTable(rows)}`);
  }

  if (args.errors > 0) {
    out.write(
      `\nfalse positives (first ${Math.min(args.errors, fpExamples.length)}):\n${fpExamples
        .slice(0, args.errors)
        .map((l) => `  ${l}\n`)
        .join('')}`,
    );
    out.write(
      `false negatives (first ${Math.min(args.errors, fnExamples.length)}):\n${fnExamples
        .slice(0, args.errors)
        .map((l) => `  ${l}\n`)
        .join('')}`,
    );
  }

  if (args.json) {
    const report = {
      file: args.file,
      records: scored,
      chars,
      seconds,
      charsPerSecond: throughput,
      labels: sortLabels(scoredLabels),
      summary,
      perSource,
    };
    writeFileSync(args.json, JSON.stringify(report, null, 2) + '\n');
    out.write(`\nwrote ${args.json}\n`);
  }
  if (failures > 0) process.exitCode = 1;
}

await main();
