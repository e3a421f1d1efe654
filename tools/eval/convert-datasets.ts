/**
 * Converts the NER datasets in `../shared/data/` into eval JSONL files in `.eval/data/` (gitignored: dataset text
 * never enters the repository). See docs/eval-datasets.md for the label mappings and what they cannot match.
 *
 *   npm run eval:convert [-- --data <dir>] [--out <dir>]
 *
 * Absent files are skipped with a printed reason, so the script runs with any subset of the data.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { TextLabelName } from '../../src/spec/types.js';
import { sentenceToRecord, tableMapper } from './datasets/bio.js';
import type { TaggedSentence } from './datasets/bio.js';
import { parseTwoColumn } from './datasets/conll.js';
import { ioToBio, parseConll2003 } from './datasets/conll2003.js';
import type { TaggedDocument } from './datasets/conll2003.js';
import { CONLLU_LABELS, CONLLU_MAPPING, parseConllu } from './datasets/conllu.js';
import { EHRI_LABELS, ehriMapper } from './datasets/ehri.js';
import { BTC_LABELS, BTC_MAPPING, IO_SET_LABELS, IO_SET_MAPPING, secMapper } from './datasets/english-sets.js';
import { EUROPEANA_LABELS, EUROPEANA_MAPPING, parseEuropeana } from './datasets/europeana.js';
import { GERMEVAL_LABELS, GERMEVAL_MAPPING, parseGermEval } from './datasets/germeval.js';
import { grasccoToRecord, parseGrascco } from './datasets/grascco.js';
import { HIPE_LABELS, HIPE_MAPPING, parseHipe } from './datasets/hipe.js';
import { LER_LABELS, LER_MAPPING } from './datasets/ler.js';
import { MOBILITY_LABELS, mapMobility, parseSmartData, smartDataToRecord } from './datasets/mobility.js';
import { cleanSocialSpans, devSplit, fixDates, glueSocialMarks, trimTrailingPunctuation } from './datasets/split.js';
import { WNUT_LABELS, WNUT_MAPPING } from './datasets/wnut.js';
import type { EvalRecord, LabelsSidecar, MappedLabel } from './types.js';
import { formatTable } from './table.js';
import { sortLabels } from './types.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const dataDir = resolve(argValue('--data') ?? join(repoRoot, '..', 'shared', 'data'));
const outDir = resolve(argValue('--out') ?? join(repoRoot, '.eval', 'data'));

/** Share of each Europeana source file (its first sentences, contiguous so articles stay whole) reserved for de-dev. */
const EUROPEANA_DEV_SHARE = 0.1;
/**
 * WikiANN-en val has 10,000 silver title fragments, five times UNER dev + WNUT dev together: en-dev takes its first
 * 2,000 so the web/social sets still weigh in the micro score. The full split is in wikiann-en-val.jsonl.
 */
const WIKIANN_EN_DEV_SENTENCES = 2000;

interface Output {
  name: string;
  records: EvalRecord[];
  sources: string[];
  reportOnly: boolean;
  labels: TextLabelName[];
  /** "evaluation only" sets (HIPE): flagged in the sidecar, refused by the trainer. */
  evaluationOnly?: boolean;
}

const outputs = new Map<string, Output>();
const skipped: string[] = [];

function readIfPresent(relPath: string): string | null {
  const path = join(dataDir, relPath);
  if (!existsSync(path)) {
    skipped.push(`${relPath}: not found under ${dataDir}`);
    return null;
  }
  return readFileSync(path, 'utf8');
}

function addOutput(out: Output): void {
  if (out.records.length === 0) return;
  outputs.set(out.name, out);
}

function sentencesToRecords(
  sentences: TaggedSentence[],
  name: string,
  lang: 'de' | 'en',
  mapping: Readonly<Record<string, MappedLabel>> | ((type: string, surface: string) => MappedLabel),
  labels: TextLabelName[],
): EvalRecord[] {
  const map = typeof mapping === 'function' ? mapping : tableMapper(mapping);
  return sentences
    .map((s, i) => sentenceToRecord(s, map, { id: `${name}:${i}`, lang, source: name, labels }))
    .filter((r) => r.text.length > 0);
}

/** A sentence-per-line split of a CoNLL-style set. */
function convertSplit(opts: {
  name: string;
  file: string;
  lang: 'de' | 'en';
  parse: (content: string) => TaggedSentence[];
  mapping: Readonly<Record<string, MappedLabel>>;
  labels: TextLabelName[];
  reportOnly?: boolean;
}): void {
  const content = readIfPresent(opts.file);
  if (content === null) return;
  const records = sentencesToRecords(opts.parse(content), opts.name, opts.lang, opts.mapping, opts.labels);
  addOutput({ name: opts.name, records, sources: [opts.name], reportOnly: opts.reportOnly ?? false, labels: opts.labels });
}

function convertGermEval(): void {
  const common = { lang: 'de' as const, parse: parseGermEval, mapping: GERMEVAL_MAPPING, labels: GERMEVAL_LABELS };
  convertSplit({ ...common, name: 'germeval2014-dev', file: 'germeval2014/NER-de-dev.tsv' });
  convertSplit({ ...common, name: 'germeval2014-test', file: 'germeval2014/NER-de-test.tsv', reportOnly: true });
}

function convertLer(): void {
  const common = { lang: 'de' as const, parse: parseTwoColumn, mapping: LER_MAPPING, labels: LER_LABELS };
  convertSplit({ ...common, name: 'german-ler-dev', file: 'german-ler/ler_dev.conll' });
  // The shared copy holds part of the test split under this name; the full file may appear later.
  const testFile = existsSync(join(dataDir, 'german-ler/ler_test.conll')) ? 'german-ler/ler_test.conll' : 'german-ler/ler_test_part.conll';
  convertSplit({ ...common, name: 'german-ler-test', file: testFile, reportOnly: true });
}

function convertGrascco(): void {
  const dir = join(dataDir, 'grascco-phi', 'json');
  if (!existsSync(dir)) {
    skipped.push(`grascco-phi/json: not found under ${dataDir}`);
    return;
  }
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  const records: EvalRecord[] = [];
  let dropped = 0;
  for (const file of files) {
    try {
      const doc = parseGrascco(JSON.parse(readFileSync(join(dir, file), 'utf8')));
      const result = grasccoToRecord(doc, `grascco-phi:${file.replace(/\.txt_phi\.json$|\.json$/, '')}`);
      records.push(result.record);
      dropped += result.dropped;
    } catch (e) {
      skipped.push(`grascco-phi/json/${file}: ${(e as Error).message}`);
    }
  }
  if (dropped > 0) process.stdout.write(`grascco-phi: dropped ${dropped} overlapping annotation(s)\n`);
  addOutput({ name: 'grascco-phi', records, sources: ['grascco-phi'], reportOnly: false, labels: sortLabels(records[0]?.labels ?? []) });
}

function convertEuropeana(): void {
  const dev: EvalRecord[] = [];
  const rest: EvalRecord[] = [];
  for (const part of ['lft', 'onb', 'sbb']) {
    const content = readIfPresent(`europeana-de/enp_DE.${part}.bio`);
    if (content === null) continue;
    const records = sentencesToRecords(parseEuropeana(content), `europeana-de-${part}`, 'de', EUROPEANA_MAPPING, EUROPEANA_LABELS);
    const cut = Math.round(records.length * EUROPEANA_DEV_SHARE);
    for (const r of records) r.source = 'europeana-de';
    dev.push(...records.slice(0, cut));
    rest.push(...records.slice(cut));
  }
  const base = { sources: ['europeana-de'], reportOnly: false, labels: EUROPEANA_LABELS };
  addOutput({ ...base, name: 'europeana-de-dev', records: dev });
  addOutput({ ...base, name: 'europeana-de-rest', records: rest });
}

function convertWikiann(lang: 'de' | 'en'): void {
  for (const split of ['train', 'val', 'test']) {
    convertSplit({
      name: `wikiann-${lang}-${split}`,
      file: `wikiann-${lang}/${split}.conllu`,
      lang,
      parse: parseConllu,
      mapping: CONLLU_MAPPING,
      labels: CONLLU_LABELS,
      reportOnly: split === 'test',
    });
  }
}

function convertUner(): void {
  const common = { lang: 'en' as const, parse: parseConllu, mapping: CONLLU_MAPPING, labels: CONLLU_LABELS };
  convertSplit({ ...common, name: 'uner-en-ewt-dev', file: 'uner-en-ewt/en_ewt-ud-dev.iob2' });
  convertSplit({ ...common, name: 'uner-en-ewt-test', file: 'uner-en-ewt/en_ewt-ud-test.iob2', reportOnly: true });
  convertSplit({ ...common, name: 'uner-en-ewt-train-prerelease', file: 'uner-en-ewt/en_ewt-ud-train.PRERELEASE-0c7ce0d.iob2' });
}

function convertWnut(): void {
  const common = { lang: 'en' as const, parse: parseTwoColumn, mapping: WNUT_MAPPING, labels: WNUT_LABELS };
  convertSplit({ ...common, name: 'wnut17-train', file: 'wnut17/wnut17train.conll' });
  convertSplit({ ...common, name: 'wnut17-dev', file: 'wnut17/emerging.dev.conll' });
  convertSplit({ ...common, name: 'wnut17-test', file: 'wnut17/emerging.test.annotated', reportOnly: true });
}

/** A training set's own dev split and the rest, both with the set's name as `source`. */
function addTrainDev(name: string, labels: TextLabelName[], split: { dev: EvalRecord[]; train: EvalRecord[] }): void {
  const base = { sources: [name], reportOnly: false, labels };
  const renamed = (rs: EvalRecord[]) => rs.map((r) => ({ ...r, source: name }));
  addOutput({ ...base, name: `${name}-dev`, records: renamed(split.dev) });
  addOutput({ ...base, name: `${name}-train`, records: renamed(split.train) });
}

const social = (r: EvalRecord) => fixDates(trimTrailingPunctuation(cleanSocialSpans(r)));

/** MobIE: its own train/dev/test split (documents already grouped by the authors); test is report-only. */
function convertMobie(): void {
  const records = (split: string) => {
    const content = readIfPresent(`mobie-de/${split}.conll2003`);
    if (content === null) return null;
    const sentences = parseConll2003(content).flatMap((d) => d.sentences.map(glueSocialMarks));
    return sentencesToRecords(sentences, `mobie-de-${split}`, 'de', mapMobility, MOBILITY_LABELS).map(social);
  };
  const train = records('train');
  const dev = records('dev');
  if (train && dev) addTrainDev('mobie-de', MOBILITY_LABELS, { dev, train });
  const test = records('test');
  if (test) addOutput({ name: 'mobie-de-test', records: test, sources: ['mobie-de-test'], reportOnly: true, labels: MOBILITY_LABELS });
}

/** SmartData v1 (documents with character offsets): every tenth train document is dev; test is report-only. */
function convertSmartData(): void {
  const docs = (split: string) => {
    const path = join(dataDir, `smartdata-de/${split}.json.gz`);
    if (!existsSync(path)) {
      skipped.push(`smartdata-de/${split}.json.gz: not found under ${dataDir}`);
      return null;
    }
    let dropped = 0;
    const records = parseSmartData(gunzipSync(readFileSync(path)).toString('utf8')).map((d, i) => {
      const res = smartDataToRecord(d, `smartdata-de-${split}:${i}`);
      dropped += res.dropped;
      return social(res.record);
    });
    if (dropped > 0) process.stdout.write(`smartdata-de ${split}: dropped ${dropped} misaligned or overlapping mention(s)\n`);
    return records.filter((r) => r.text.trim().length > 0);
  };
  const train = docs('train');
  if (train) addTrainDev('smartdata-de', MOBILITY_LABELS, devSplit(train.map((r) => [r])));
  const test = docs('test');
  if (test)
    addOutput({ name: 'smartdata-de-test', records: test, sources: ['smartdata-de-test'], reportOnly: true, labels: MOBILITY_LABELS });
}

/** EHRI-NER de/en: no documents, no split: blocks of 20 consecutive sentences, every tenth block is dev. */
function convertEhri(lang: 'de' | 'en'): void {
  const content = readIfPresent(`ehri-ner/${lang}/ehri_${lang}.txt`);
  if (content === null) return;
  const records = sentencesToRecords(parseTwoColumn(content), `ehri-ner-${lang}`, lang, ehriMapper(lang), EHRI_LABELS).map(fixDates);
  addTrainDev(`ehri-ner-${lang}`, EHRI_LABELS, devSplit([records]));
}

/** BTC sections a b e f g h: in each, blocks of 20 consecutive tweets, every tenth block is dev. */
function convertBtc(): void {
  const dev: EvalRecord[] = [];
  const train: EvalRecord[] = [];
  for (const section of ['a', 'b', 'e', 'f', 'g', 'h']) {
    const content = readIfPresent(`btc-en/${section}.conll`);
    if (content === null) continue;
    const records = sentencesToRecords(
      parseTwoColumn(content).map(glueSocialMarks),
      `btc-en-${section}`,
      'en',
      BTC_MAPPING,
      BTC_LABELS,
    ).map(social);
    const split = devSplit([records]);
    dev.push(...split.dev);
    train.push(...split.train);
  }
  addTrainDev('btc-en', BTC_LABELS, { dev, train });
}

/** IO-tagged documents (wikigold, SEC) as records per document, tags converted to BIO. */
function ioDocuments(
  docs: TaggedDocument[],
  name: string,
  mapping: Readonly<Record<string, MappedLabel>> | ((type: string, surface: string) => MappedLabel) = IO_SET_MAPPING,
): EvalRecord[][] {
  return docs.map((d, i) =>
    sentencesToRecords(
      d.sentences.map((s) => ({ ...s, tags: ioToBio(s.tags) })),
      `${name}-${i}`,
      'en',
      mapping,
      IO_SET_LABELS,
    ),
  );
}

/** wikigold: 145 articles, every tenth article is dev. */
function convertWikigold(): void {
  const content = readIfPresent('wikigold-en/wikigold.conll.txt');
  if (content === null) return;
  addTrainDev('wikigold-en', IO_SET_LABELS, devSplit(ioDocuments(parseConll2003(content), 'wikigold-en')));
}

/** SEC filings: FIN5 (5 filings) split in blocks of 20 sentences, every tenth is dev; FIN3 is report-only. Role words are not entities. */
function convertSec(): void {
  const train = readIfPresent('sec-filings-en/FIN5.txt');
  if (train !== null)
    addTrainDev('sec-filings-en', IO_SET_LABELS, devSplit(ioDocuments(parseConll2003(train), 'sec-filings-en', secMapper)));
  const test = readIfPresent('sec-filings-en/FIN3.txt');
  if (test !== null) {
    const records = ioDocuments(parseConll2003(test), 'sec-filings-en-test', secMapper).flat();
    addOutput({ name: 'sec-filings-en-test', records, sources: ['sec-filings-en-test'], reportOnly: true, labels: IO_SET_LABELS });
  }
}

/** HIPE-2022 German (evaluation only): all splits of a set in one report-only file that the trainer refuses. */
function convertHipe(set: 'newseye' | 'sonar', splits: string[]): void {
  const name = `hipe-${set}-de`;
  const records: EvalRecord[] = [];
  for (const split of splits) {
    const content = readIfPresent(`${name}/HIPE-2022-v2.1-${set}-${split}-de.tsv`);
    if (content === null) continue;
    const rs = sentencesToRecords(parseHipe(content), `${name}-${split}`, 'de', HIPE_MAPPING, HIPE_LABELS);
    records.push(...rs.map((r) => ({ ...r, source: name })));
  }
  addOutput({ name, records, sources: splits.map((s) => `${name}-${s}`), reportOnly: true, labels: HIPE_LABELS, evaluationOnly: true });
}

/** A merged dev set; each record keeps its own `labels`, so the harness scores each source only on what it annotates. */
function combine(name: string, parts: Array<{ name: string; limit?: number }>): void {
  const records: EvalRecord[] = [];
  const sources: string[] = [];
  for (const part of parts) {
    const out = outputs.get(part.name);
    if (!out) {
      skipped.push(`${name}: part ${part.name} missing`);
      continue;
    }
    if (out.reportOnly || out.evaluationOnly) throw new Error(`${name}: refusing to mix the report-only split ${part.name} into a dev set`);
    records.push(...(part.limit === undefined ? out.records : out.records.slice(0, part.limit)));
    sources.push(part.limit === undefined ? part.name : `${part.name} (first ${part.limit})`);
  }
  const labels = sortLabels(records.flatMap((r) => r.labels ?? []));
  addOutput({ name, records, sources, reportOnly: false, labels });
}

/** Guards against converter bugs: every entity inside the text, trimmed, sorted and non-overlapping. */
function checkRecord(r: EvalRecord): void {
  let prevEnd = 0;
  for (const e of r.entities) {
    if (e.start < prevEnd || e.end <= e.start || e.end > r.text.length) throw new Error(`${r.id}: bad entity ${e.start}-${e.end}`);
    if (/^\s|\s$/.test(r.text.slice(e.start, e.end))) throw new Error(`${r.id}: entity ${e.start}-${e.end} not trimmed`);
    prevEnd = e.end;
  }
}

function countEntities(records: EvalRecord[]): Partial<Record<TextLabelName, number>> {
  const counts: Partial<Record<TextLabelName, number>> = {};
  for (const r of records) for (const e of r.entities) counts[e.label] = (counts[e.label] ?? 0) + 1;
  return counts;
}

/**
 * Removes a file before it is written: .eval/data may be a hard-linked copy of another checkout's files, and writing in
 * place would change that copy too.
 */
function writeNew(path: string, content: string): void {
  rmSync(path, { force: true });
  writeFileSync(path, content);
}

function write(out: Output): LabelsSidecar {
  for (const r of out.records) checkRecord(r);
  writeNew(join(outDir, `${out.name}.jsonl`), out.records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  const sidecar: LabelsSidecar = {
    labels: sortLabels(out.labels),
    sources: out.sources,
    reportOnly: out.reportOnly,
    records: out.records.length,
    entities: countEntities(out.records),
  };
  if (out.evaluationOnly) sidecar.evaluationOnly = true;
  writeNew(join(outDir, `${out.name}.labels.json`), JSON.stringify(sidecar, null, 2) + '\n');
  return sidecar;
}

function main(): void {
  if (!existsSync(dataDir)) {
    process.stdout.write(`No dataset folder at ${dataDir}: nothing to convert.\n`);
    return;
  }
  mkdirSync(outDir, { recursive: true });
  convertGermEval();
  convertLer();
  convertGrascco();
  convertEuropeana();
  convertWikiann('de');
  convertWikiann('en');
  convertUner();
  convertWnut();
  convertMobie();
  convertSmartData();
  convertEhri('de');
  convertEhri('en');
  convertBtc();
  convertWikigold();
  convertSec();
  convertHipe('newseye', ['dev', 'dev2', 'test']);
  convertHipe('sonar', ['dev', 'test']);
  combine('de-dev', [{ name: 'germeval2014-dev' }, { name: 'german-ler-dev' }, { name: 'grascco-phi' }, { name: 'europeana-de-dev' }]);
  combine('en-dev', [{ name: 'uner-en-ewt-dev' }, { name: 'wnut17-dev' }, { name: 'wikiann-en-val', limit: WIKIANN_EN_DEV_SENTENCES }]);

  const labelCols: TextLabelName[] = ['PER', 'STR', 'MAIL', 'TEL', 'LOC', 'ORG', 'DATE', 'OTH'];
  const rows: string[][] = [['file', 'records', 'chars', ...labelCols, 'ignored', 'scored labels', 'report-only']];
  const reportCol = (out: Output) => (out.evaluationOnly ? 'eval only' : out.reportOnly ? 'yes' : '');
  for (const out of outputs.values()) {
    const sidecar = write(out);
    const chars = out.records.reduce((n, r) => n + r.text.length, 0);
    const ignored = out.records.reduce((n, r) => n + (r.ignore?.length ?? 0), 0);
    rows.push([
      `${out.name}.jsonl`,
      String(out.records.length),
      String(chars),
      ...labelCols.map((l) => String(sidecar.entities[l] ?? 0)),
      String(ignored),
      sidecar.labels.join(','),
      reportCol(out),
    ]);
  }
  process.stdout.write(formatTable(rows));
  process.stdout.write(`\nWrote ${outputs.size} files to ${outDir}\n`);
  for (const reason of skipped) process.stdout.write(`skipped: ${reason}\n`);
}

main();
