/**
 * Scores what a user gets from a Word file: each record of an eval JSONL file written as a DOCX (one paragraph per
 * line, tab-separated lines as table rows), anonymized by the document engine with its default settings (model on,
 * every text label), the PII record's detections mapped back onto the record and scored as `npm run eval` scores text.
 *
 *   npm run eval:docx -- <file.jsonl> [--limit N] [--kind K]
 */
import { readFileSync } from 'node:fs';
import { zipSync } from 'fflate';
import { createNodeDocumentAnonymizer } from '../../src/platform/node/platform.js';
import { addScores, emptyErrors, scoreDocument, summarize } from './score.js';
import type { LabelCounts, ScoreSpan } from './score.js';
import { formatTable, pct } from './table.js';
import type { EvalRecord } from './types.js';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const enc = (s: string) => new TextEncoder().encode(s);
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const run = (s: string) => `<w:p><w:r><w:t xml:space="preserve">${esc(s)}</w:t></w:r></w:p>`;

/** A line as Word holds it: a table row when it has tabs (a cell per column), else a paragraph. */
interface Line {
  /** Offsets in the record of each paragraph this line became. */
  starts: number[];
  texts: string[];
  xml: string;
}

function lineOf(text: string, start: number): Line {
  if (!text.includes('\t')) return { starts: [start], texts: [text], xml: run(text) };
  const cells = text.split('\t');
  const starts: number[] = [];
  let at = start;
  for (const c of cells) {
    starts.push(at);
    at += c.length + 1;
  }
  const tc = (c: string) => `<w:tc><w:tcPr><w:tcW w:w="1500" w:type="dxa"/></w:tcPr>${c.trim() === '' ? '<w:p/>' : run(c)}</w:tc>`;
  const keep = cells.map((c, i) => [c, starts[i]!] as const).filter(([c]) => c.trim() !== '');
  return {
    starts: keep.map(([, s]) => s),
    texts: keep.map(([c]) => c),
    xml: `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/></w:tblPr><w:tr>${cells.map(tc).join('')}</w:tr></w:tbl>`,
  };
}

function docxOf(record: EvalRecord): { bytes: Uint8Array; paragraphs: Array<{ start: number; text: string }> } {
  const lines: Line[] = [];
  let at = 0;
  for (const text of record.text.split('\n')) {
    if (text.trim() !== '') lines.push(lineOf(text, at));
    at += text.length + 1;
  }
  // Consecutive table rows form one table (Word writes a table per run of rows).
  const body = lines
    .map((l) => l.xml)
    .join('')
    .replace(/<\/w:tbl><w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"\/><\/w:tblPr>/g, '');
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
  const paragraphs = lines.flatMap((l) => l.texts.map((text, i) => ({ start: l.starts[i]!, text })));
  return { bytes: zipSync(files), paragraphs };
}

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--') && !/^\d+$/.test(a));
if (!file) throw new Error('usage: docx-eval.ts <file.jsonl> [--limit N] [--kind K]');
const opt = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const limit = Number(opt('--limit') ?? Infinity);
const kind = opt('--kind');
const records = readFileSync(file, 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as EvalRecord)
  .filter((r) => !kind || r.kind === kind)
  .slice(0, limit);

const engine = createNodeDocumentAnonymizer({});
const total = { perLabel: new Map<string, LabelCounts>(), errors: emptyErrors() };
let failed = 0;
for (const record of records) {
  const { bytes, paragraphs } = docxOf(record);
  const labels = record.labels ?? [...new Set(record.entities.map((e) => e.label))];
  let pred: ScoreSpan[] = [];
  try {
    const { piiRecord } = await engine.anonymizeDocument(bytes, undefined);
    // One entry per paragraph with text, in document order.
    if (piiRecord.pageData.length !== paragraphs.length)
      throw new Error(`${piiRecord.pageData.length} entries for ${paragraphs.length} paragraphs`);
    pred = piiRecord.pageData.flatMap((page, i) =>
      page.textData.detections.ents.map((e) => ({
        start: paragraphs[i]!.start + e.startChar,
        end: paragraphs[i]!.start + e.endChar,
        label: e.tag,
      })),
    );
  } catch (e) {
    failed++;
    process.stderr.write(`${record.id}: ${(e as Error).message}\n`);
  }
  addScores(
    total,
    scoreDocument({ text: record.text, gold: record.entities, pred: pred.filter((p) => labels.includes(p.label as never)), labels }),
  );
}
await engine.close();
const summary = summarize(total.perLabel, total.errors);
const rows = [['label', 'gold', 'pred', 'P', 'R', 'F1', 'charR', 'charR-any']];
for (const r of [...summary.rows, summary.micro])
  rows.push([r.label, String(r.gold), String(r.pred), pct(r.precision), pct(r.recall), pct(r.f1), pct(r.charRecall), pct(r.charRecallAny)]);
process.stdout.write(
  `${file}: ${records.length} records as DOCX${kind ? ` (--kind ${kind})` : ''}, ${failed} failed\n\n${formatTable(rows)}\n`,
);
