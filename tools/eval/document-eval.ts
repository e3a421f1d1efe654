/**
 * Scores what a user gets from a document: each record of an eval JSONL file written as a DOCX (one paragraph per
 * line, tab-separated lines as table rows), with `--as pdf` or `--as doc` converted by LibreOffice, with `--as scan`
 * as that PDF scanned (each page an image at 200 dpi: the engine reads it by OCR), anonymized by the document engine
 * with its default settings (model on, every text label); the PII record's detections are mapped back onto the record
 * by their non-blank characters (each paragraph's tokens found in the record in reading order; from a scan, the
 * closest match within a fifth of its characters in edits, letters compared without their marks, as OCR misreads
 * some) and scored as `npm run eval` scores text.
 *
 *   npm run eval:documents -- <file.jsonl> [--as docx|pdf|doc|scan|text] [--limit N] [--kind K] [--errors]
 *
 * `--as text` sends each record to the text API instead (pseudonyms on). Every run also prints the consistency of the
 * pseudonyms (`consistency.ts`: mentions of entities named more than once that carry their entity's pseudonym) and the
 * engine's time per 2,000 characters.
 * `--errors` lists every false negative and false positive with its record and text, and the detections not mapped back
 * (`LOST`: text the record does not hold, or a scan's text misread past the match's limit).
 */
import { readFileSync } from 'node:fs';
import { zipSync } from 'fflate';
import type { PiiEntity, PiiPageEntry } from '../../src/spec/types.js';
import { createNodeDocumentAnonymizer } from '../../src/platform/node/platform.js';
import { sofficeConvert } from '../office/soffice.js';
import { addScores, emptyErrors, scoreDocument, summarize } from './score.js';
import type { LabelCounts, ScoreSpan } from './score.js';
import { formatTable, pct } from './table.js';
import type { EvalRecord } from './types.js';
import { approximateFind, scanOf } from './scan.js';
import { consistencyOf } from './consistency.js';
import type { PseudonymSpan } from './consistency.js';
import { createAnonymizer } from '../../src/platform/node/text.js';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const enc = (s: string) => new TextEncoder().encode(s);
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const run = (s: string) => `<w:p><w:r><w:t xml:space="preserve">${esc(s)}</w:t></w:r></w:p>`;

/** Where each paragraph of the document starts in the record, and its text. */
interface Paragraph {
  start: number;
  text: string;
}

/** Text width of an A4 page with Word's default margins, in twentieths of a point. */
const PAGE_WIDTH = 9600;

/**
 * Consecutive tab-separated lines as one table, its columns as wide as their longest cell (about 140 twips a
 * character at LibreOffice's default 12 pt) and narrowed together to the page width, as Word's autofit lays them out.
 */
function tableOf(rows: ReadonlyArray<{ start: number; text: string }>): string {
  const cells = rows.map((r) => r.text.split('\t'));
  const columns = Math.max(...cells.map((c) => c.length));
  const wide = Array.from({ length: columns }, (_, i) => 300 + 140 * Math.max(...cells.map((c) => (c[i] ?? '').length)));
  const total = wide.reduce((a, b) => a + b, 0);
  const widths = wide.map((w) => Math.floor(total > PAGE_WIDTH ? (w * PAGE_WIDTH) / total : w));
  const tc = (c: string, i: number) =>
    `<w:tc><w:tcPr><w:tcW w:w="${widths[i]}" w:type="dxa"/></w:tcPr>${c.trim() === '' ? '<w:p/>' : run(c)}</w:tc>`;
  const grid = widths.map((w) => `<w:gridCol w:w="${w}"/>`).join('');
  const body = cells.map((row) => `<w:tr>${Array.from({ length: columns }, (_, i) => tc(row[i] ?? '', i)).join('')}</w:tr>`).join('');
  return `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/><w:tblLayout w:type="fixed"/></w:tblPr><w:tblGrid>${grid}</w:tblGrid>${body}</w:tbl>`;
}

function docxOf(record: EvalRecord): Uint8Array {
  const lines: Paragraph[] = [];
  let at = 0;
  for (const text of record.text.split('\n')) {
    lines.push({ start: at, text });
    at += text.length + 1;
  }
  const parts: string[] = [];
  for (let i = 0; i < lines.length;) {
    // A blank line is an empty paragraph, as a writer's letter holds them.
    if (lines[i]!.text.trim() === '') {
      parts.push('<w:p/>');
      i++;
    } else if (!lines[i]!.text.includes('\t')) parts.push(run(lines[i++]!.text));
    else {
      const rows: Paragraph[] = [];
      while (i < lines.length && lines[i]!.text.includes('\t')) rows.push(lines[i++]!);
      parts.push(tableOf(rows));
    }
  }
  const body = parts.join('');
  const files = {
    '[Content_Types].xml': enc(
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
    ),
    '_rels/.rels': enc(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
    ),
    'word/document.xml': enc(
      `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W}"><w:body>${body}<w:sectPr/></w:body></w:document>`,
    ),
  };
  return zipSync(files);
}

/** Letters OCR reads without their marks: each character as its base letter, one unit for one (`ž` `z`, `ı` `i`). */
const FOLD: Readonly<Record<string, string>> = { ı: 'i', İ: 'I', đ: 'd', Đ: 'D', ł: 'l', Ł: 'L', ø: 'o', Ø: 'O' };
const fold = (c: string): string => {
  const base = FOLD[c] ?? c.normalize('NFD').replace(/\p{M}/gu, '');
  return base.length === 1 ? base : c;
};

/**
 * The record's spans for the PII record's detections: each entity's text, blanks dropped, is looked up in the record's
 * non-blank characters from where the last one was found (from the start when not found there: a layout may read
 * blocks in another order, and text the record does not hold, a PDF's producer in its metadata, is not found at all);
 * it spans its first to its last non-blank character.
 */
function mapBack(
  text: string,
  pages: readonly PiiPageEntry[],
  approximate: boolean,
): { pred: Array<ScoreSpan & PseudonymSpan>; lost: PiiEntity[] } {
  const offsets: number[] = [];
  let dense = '';
  for (let i = 0; i < text.length; i++)
    if (!/\s/u.test(text[i]!)) {
      offsets.push(i);
      dense += approximate ? fold(text[i]!) : text[i];
    }
  const pred: Array<ScoreSpan & PseudonymSpan> = [];
  const lost: PiiEntity[] = [];
  let from = 0;
  const ents = pages.flatMap((p) =>
    p.textData.detections.ents.map((e, k) => ({ e, pseudonym: p.textData.detections.pseudonyms[k] ?? null })),
  );
  for (const { e, pseudonym } of ents) {
    const chars = e.text
      .replace(/\s+/gu, '')
      .split('')
      .map((c) => (approximate ? fold(c) : c))
      .join('');
    if (chars === '') continue;
    let found: { start: number; end: number } | null = null;
    for (const at of [from, 0]) {
      if (found) break;
      const exact = dense.indexOf(chars, at);
      found = exact >= 0 ? { start: exact, end: exact + chars.length } : approximate ? approximateFind(dense, chars, at) : null;
    }
    if (!found) {
      lost.push(e);
      continue;
    }
    from = found.end;
    pred.push({ start: offsets[found.start]!, end: offsets[found.end - 1]! + 1, label: e.tag, pseudonym });
  }
  return { pred, lost };
}

const args = process.argv.slice(2);
const VALUED = new Set(['--limit', '--kind', '--as']);
const file = args.find((a, i) => !a.startsWith('--') && !VALUED.has(args[i - 1] ?? ''));
if (!file) throw new Error('usage: npm run eval:documents -- <file.jsonl> [--as docx|pdf|doc|scan|text] [--limit N] [--kind K] [--errors]');
const opt = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const limit = Number(opt('--limit') ?? Infinity);
const kind = opt('--kind');
const as = opt('--as') ?? 'docx';
// Dataset text is printed only when asked for.
const showErrors = args.includes('--errors');
const errors: string[] = [];
if (!['docx', 'pdf', 'doc', 'scan', 'text'].includes(as)) throw new Error('--as docx, pdf, doc, scan or text');
const records = readFileSync(file, 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as EvalRecord)
  .filter((r) => !kind || r.kind === kind)
  .slice(0, limit);

const engine = createNodeDocumentAnonymizer({});
const textEngine = createAnonymizer();
const total = { perLabel: new Map<string, LabelCounts>(), errors: emptyErrors() };
const consistency = { mentions: 0, consistent: 0 };
let failed = 0;
let lost = 0;
let detectMs = 0;
// LibreOffice converts in batches (one start per batch; a start costs seconds).
for (let b = 0; b < records.length; b += 25) {
  const batch = records.slice(b, b + 25);
  const docx = Object.fromEntries(batch.map((r, i) => [`r${i}.docx`, docxOf(r)]));
  const files = as === 'docx' || as === 'text' ? docx : await sofficeConvert(docx, as === 'scan' ? 'pdf' : as);
  for (const [i, record] of batch.entries()) {
    // Converted files keep their input's name.
    const bytes = files[`r${i}.docx`];
    const labels = record.labels ?? [...new Set(record.entities.map((e) => e.label))];
    let pred: Array<ScoreSpan & PseudonymSpan> = [];
    const started = performance.now();
    try {
      if (as === 'text') {
        const result = await textEngine.text({ text: record.text, textLabels: [...labels], usePseudonyms: true });
        pred = result.detection.detections.map((d) => ({ start: d.startChar, end: d.stopChar, label: d.label, pseudonym: d.pseudonym }));
      } else {
        if (!bytes) throw new Error('not converted');
        const { piiRecord } = await engine.anonymizeDocument(as === 'scan' ? await scanOf(bytes) : bytes, undefined);
        if (piiRecord.documentType !== (as === 'scan' ? 'PDF' : as.toUpperCase())) throw new Error(`read as ${piiRecord.documentType}`);
        const mapped = mapBack(record.text, piiRecord.pageData, as === 'scan');
        pred = mapped.pred;
        lost += mapped.lost.length;
        if (showErrors) for (const e of mapped.lost) errors.push(`LOST ${record.id} ${e.tag} ${JSON.stringify(e.text)}`);
      }
    } catch (e) {
      failed++;
      process.stderr.write(`${record.id}: ${(e as Error).message}\n`);
    }
    detectMs += performance.now() - started;
    const c = consistencyOf(
      record.text,
      record.entities.filter((g) => labels.includes(g.label)),
      pred,
    );
    consistency.mentions += c.mentions;
    consistency.consistent += c.consistent;
    if (showErrors)
      for (const m of c.misses)
        errors.push(
          `MIXED ${record.id} ${m.mention.label} ${JSON.stringify(record.text.slice(m.mention.start, m.mention.end))} → ${m.got} (its entity: ${m.entity})`,
        );
    const score = scoreDocument({
      text: record.text,
      gold: record.entities,
      pred: pred.filter((p) => labels.includes(p.label as never)),
      labels,
    });
    addScores(total, score);
    if (showErrors)
      for (const [kind, spans] of [
        ['FN', score.falseNegatives],
        ['FP', score.falsePositives],
      ] as const)
        for (const e of spans) errors.push(`${kind} ${record.id} ${e.label} ${JSON.stringify(record.text.slice(e.start, e.end))}`);
  }
}
await engine.close();
const summary = summarize(total.perLabel, total.errors);
const rows = [['label', 'gold', 'pred', 'P', 'R', 'F1', 'charR', 'charR-any']];
for (const r of [...summary.rows, summary.micro])
  rows.push([r.label, String(r.gold), String(r.pred), pct(r.precision), pct(r.recall), pct(r.f1), pct(r.charRecall), pct(r.charRecallAny)]);
process.stdout.write(
  `${file}: ${records.length} records as ${as.toUpperCase()}${kind ? ` (--kind ${kind})` : ''}, ${failed} failed, ${lost} detections not mapped back\n\n${formatTable(rows)}\n` +
    `\nconsistency: ${consistency.consistent} of ${consistency.mentions} mentions of entities named more than once carry their entity's pseudonym (${pct(consistency.mentions === 0 ? 0 : consistency.consistent / consistency.mentions)})\n` +
    `time: ${Math.round(detectMs)} ms in the engine (${(
      (detectMs * 2000) /
      Math.max(
        1,
        records.reduce((n, r) => n + r.text.length, 0),
      )
    ).toFixed(1)} ms per 2,000 characters)\n`,
);
if (showErrors) process.stdout.write(`\n${errors.join('\n')}\n`);
