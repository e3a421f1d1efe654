/**
 * Converts the hand-written dev set in `eval/own-dev/{de,en}/*.txt` into `eval/own-dev/{de,en}.jsonl` plus a
 * `.labels.json` sidecar each (see eval/own-dev/README.md). Both outputs are committed; a test checks they match.
 *
 *   node --import tsx tools/eval/own-dev.ts [--check]
 *
 * Source format, one document per file:
 *
 *   kind: letter
 *   ---
 *   Sehr geehrte Frau [[PER|Yılmaz]], ...
 *
 * Header lines `key: value` up to a line `---`; `kind` is required. The text after `---` is the document (its final
 * newline dropped). Entities are `[[LABEL|text]]` with a label of ../shared/spec/labels.md; a span may cross a line
 * break. Anything malformed (unknown label or kind, unclosed or nested brackets, a stray `]]`, empty span text,
 * whitespace at a span's edge) throws with file, line and column. `--check` writes nothing and exits 1 when the
 * committed files differ from what the sources give.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { TEXT_LABELS } from '../../src/spec/types.js';
import type { TextLabelName } from '../../src/spec/types.js';
import type { EvalRecord, GoldEntity, LabelsSidecar } from './types.js';
import { isLabel, sortLabels } from './types.js';

export const OWN_DEV_SOURCE = 'own-dev';
export const OWN_DEV_LANGS = ['de', 'en'] as const;
export type OwnDevLang = (typeof OWN_DEV_LANGS)[number];

/** Document kinds a source file may declare (the issue's list). */
export const OWN_DEV_KINDS = [
  'letter',
  'email',
  'cv',
  'hr-letter',
  'chat',
  'ticket',
  'medical',
  'court',
  'invoice',
  'form',
  'table',
] as const;

/** Every label of labels.md: each record is scored on all of them, so a wrong MAIL in a letter counts too. */
export const OWN_DEV_LABELS: TextLabelName[] = sortLabels([...TEXT_LABELS]);

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const OWN_DEV_DIR = join(repoRoot, 'eval', 'own-dev');

export class MarkupError extends Error {}

/** Line and column (1-based) of a UTF-16 offset, for error messages. */
function where(file: string, source: string, offset: number): string {
  const before = source.slice(0, offset);
  const line = before.split('\n').length;
  const col = offset - before.lastIndexOf('\n');
  return `${file}:${line}:${col}`;
}

export interface ParsedDocument {
  kind: string;
  text: string;
  entities: GoldEntity[];
}

/** Parses one source file: header, `---`, then text with `[[LABEL|text]]` spans. Throws MarkupError on anything malformed. */
export function parseOwnDev(source: string, file = '<input>'): ParsedDocument {
  const src = source.replace(/\r\n/g, '\n');
  const sep = src.indexOf('\n---\n');
  if (sep < 0) throw new MarkupError(`${file}: no header (lines "key: value", then a line "---")`);
  const header = new Map<string, string>();
  for (const line of src.slice(0, sep).split('\n')) {
    if (line.trim() === '') continue;
    const m = /^([a-z]+):\s*(.+?)\s*$/.exec(line);
    if (!m) throw new MarkupError(`${file}: bad header line ${JSON.stringify(line)}`);
    header.set(m[1] as string, m[2] as string);
  }
  const kind = header.get('kind');
  if (!kind) throw new MarkupError(`${file}: header has no "kind"`);
  if (!(OWN_DEV_KINDS as readonly string[]).includes(kind))
    throw new MarkupError(`${file}: unknown kind ${JSON.stringify(kind)} (known: ${OWN_DEV_KINDS.join(', ')})`);

  const bodyStart = sep + '\n---\n'.length;
  const body = src.slice(bodyStart).replace(/\n+$/, '');
  const at = (offset: number) => where(file, src, bodyStart + offset);

  let text = '';
  const entities: GoldEntity[] = [];
  let pos = 0;
  while (pos < body.length) {
    const open = body.indexOf('[[', pos);
    const strayClose = body.indexOf(']]', pos);
    if (strayClose >= 0 && (open < 0 || strayClose < open)) throw new MarkupError(`${at(strayClose)}: "]]" without "[["`);
    if (open < 0) {
      text += body.slice(pos);
      break;
    }
    text += body.slice(pos, open);
    const close = body.indexOf(']]', open + 2);
    if (close < 0) throw new MarkupError(`${at(open)}: "[[" is never closed`);
    const inner = body.slice(open + 2, close);
    const nested = inner.indexOf('[[');
    if (nested >= 0) throw new MarkupError(`${at(open + 2 + nested)}: "[[" inside a span (spans never nest)`);
    const bar = inner.indexOf('|');
    if (bar < 0) throw new MarkupError(`${at(open)}: span without "|" (write [[LABEL|text]])`);
    const label = inner.slice(0, bar);
    const spanText = inner.slice(bar + 1);
    if (!isLabel(label))
      throw new MarkupError(`${at(open)}: unknown label ${JSON.stringify(label)} (known: ${TEXT_LABELS.join(', ')}; write [[LABEL|text]])`);
    if (spanText === '') throw new MarkupError(`${at(open)}: empty span`);
    if (spanText !== spanText.trim()) throw new MarkupError(`${at(open)}: whitespace at the edge of span ${JSON.stringify(spanText)}`);
    if (spanText.includes(']') || spanText.includes('['))
      throw new MarkupError(`${at(open)}: bracket inside span ${JSON.stringify(spanText)}`);
    entities.push({ start: text.length, end: text.length + spanText.length, label });
    text += spanText;
    pos = close + 2;
  }
  if (text.trim() === '') throw new MarkupError(`${file}: empty document`);
  return { kind, text, entities };
}

/** All records of one language, files in name order. */
export function ownDevRecords(lang: OwnDevLang, dir = OWN_DEV_DIR): EvalRecord[] {
  const langDir = join(dir, lang);
  if (!existsSync(langDir)) throw new Error(`no such folder: ${langDir}`);
  const files = readdirSync(langDir)
    .filter((f) => f.endsWith('.txt'))
    .sort();
  return files.map((f) => {
    const parsed = parseOwnDev(readFileSync(join(langDir, f), 'utf8'), `eval/own-dev/${lang}/${f}`);
    return {
      id: `${OWN_DEV_SOURCE}:${lang}:${f.replace(/\.txt$/, '')}`,
      lang,
      text: parsed.text,
      entities: parsed.entities,
      source: OWN_DEV_SOURCE,
      labels: OWN_DEV_LABELS,
      kind: parsed.kind,
    };
  });
}

export function toJsonl(records: readonly EvalRecord[]): string {
  return records.map((r) => JSON.stringify(r)).join('\n') + '\n';
}

export function sidecarFor(records: readonly EvalRecord[]): LabelsSidecar {
  const entities: Partial<Record<TextLabelName, number>> = {};
  for (const l of OWN_DEV_LABELS) entities[l] = 0;
  for (const r of records) for (const e of r.entities) entities[e.label] = (entities[e.label] ?? 0) + 1;
  return { labels: OWN_DEV_LABELS, sources: [OWN_DEV_SOURCE], reportOnly: false, records: records.length, entities };
}

/** The two files per language, path → content, exactly as committed. */
export function ownDevOutputs(dir = OWN_DEV_DIR): Map<string, string> {
  const out = new Map<string, string>();
  for (const lang of OWN_DEV_LANGS) {
    const records = ownDevRecords(lang, dir);
    out.set(join(dir, `${lang}.jsonl`), toJsonl(records));
    out.set(join(dir, `${lang}.labels.json`), JSON.stringify(sidecarFor(records), null, 2) + '\n');
  }
  return out;
}

function main(): void {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const [path, content] of ownDevOutputs()) {
    const current = existsSync(path) ? readFileSync(path, 'utf8') : null;
    if (check) {
      if (current !== content) {
        stale++;
        process.stderr.write(`stale: ${path} (run node --import tsx tools/eval/own-dev.ts)\n`);
      }
    } else if (current !== content) {
      writeFileSync(path, content);
      process.stdout.write(`wrote ${path}\n`);
    }
  }
  for (const lang of OWN_DEV_LANGS) {
    const records = ownDevRecords(lang);
    const counts = sidecarFor(records).entities;
    const total = Object.values(counts).reduce((a, b) => a + (b ?? 0), 0);
    process.stdout.write(
      `${lang}: ${records.length} documents, ${total} entities (${OWN_DEV_LABELS.map((l) => `${l} ${counts[l] ?? 0}`).join(', ')})\n`,
    );
  }
  if (stale > 0) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  try {
    main();
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n`);
    process.exitCode = 1;
  }
}
