import type { EvalRecord, GoldEntity, IgnoreRange, MappedLabel } from '../types.js';
import type { TextLabelName } from '../../../src/spec/types.js';

/** One tokenized sentence with one tag per token, as the CoNLL-style sets ship it. */
export interface TaggedSentence {
  tokens: string[];
  tags: string[];
  /** Per token: whether a space follows it (HIPE keeps the original spacing); absent = single spaces everywhere. */
  spaceAfter?: boolean[];
}

/** A decoded chunk: token range `[start, end)` and the dataset's own type name. */
export interface Chunk {
  start: number;
  end: number;
  type: string;
}

/**
 * Splits a BIO / IOB2 / BIOES tag. Returns null for `O`, empty and malformed tags, so a stray token never
 * invents an entity.
 */
export function splitTag(tag: string): { prefix: 'B' | 'I' | 'E' | 'S'; type: string } | null {
  const m = /^([BIES])-(.+)$/.exec(tag.trim());
  if (!m) return null;
  return { prefix: m[1] as 'B' | 'I' | 'E' | 'S', type: m[2] as string };
}

/**
 * Decodes tags into chunks with conlleval semantics: an `I-` after `O` or after another type opens a new chunk
 * (the datasets contain such sequences, and dropping them would lose real entities).
 */
export function decodeTags(tags: readonly string[]): Chunk[] {
  const chunks: Chunk[] = [];
  let open: Chunk | null = null;
  const close = () => {
    if (open) chunks.push(open);
    open = null;
  };
  tags.forEach((tag, i) => {
    const t = splitTag(tag);
    if (!t) return close();
    const current: Chunk | null = open;
    const continues = (t.prefix === 'I' || t.prefix === 'E') && current !== null && current.type === t.type;
    if (continues) {
      current.end = i + 1;
    } else {
      close();
      open = { start: i, end: i + 1, type: t.type };
    }
    if (t.prefix === 'E' || t.prefix === 'S') close();
  });
  close();
  return chunks;
}

/**
 * Splits file content into blocks of lines separated by blank lines. CRLF (LER dev) and whitespace-only separator
 * lines (WNUT train has `\t` lines) count as blank; `skip` drops comment lines.
 */
export function readBlocks(content: string, skip: (line: string) => boolean = () => false): string[][] {
  const blocks: string[][] = [];
  let current: string[] = [];
  for (const raw of content.split(/\r?\n/)) {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '') {
      if (current.length > 0) blocks.push(current);
      current = [];
      continue;
    }
    if (skip(line)) continue;
    current.push(line);
  }
  if (current.length > 0) blocks.push(current);
  return blocks;
}

export interface RecordMeta {
  id: string;
  lang: 'de' | 'en';
  source: string;
  labels: TextLabelName[];
}

/**
 * Builds a record from a tagged sentence: tokens joined with single spaces (the brief's text convention; the
 * original spacing is not in these files), chunks mapped to our labels or to ignore ranges. `map` gets the chunk's type
 * and its surface (tokens joined by spaces), for sets whose mapping depends on the words (MobIE streets, EHRI adjectives).
 */
export function sentenceToRecord(
  sentence: TaggedSentence,
  map: (type: string, surface: string) => MappedLabel,
  meta: RecordMeta,
): EvalRecord {
  const tokens: string[] = [];
  const tags: string[] = [];
  const spaces: boolean[] = [];
  sentence.tokens.forEach((tok, i) => {
    // Tokens with inner whitespace (OCR sets) keep one space; empty tokens would make double spaces.
    const t = tok.replace(/\s+/g, ' ').trim();
    if (t === '') return;
    tokens.push(t);
    tags.push(sentence.tags[i] ?? 'O');
    spaces.push(sentence.spaceAfter?.[i] ?? true);
  });
  const starts: number[] = [];
  let text = '';
  tokens.forEach((t, i) => {
    if (text.length > 0 && spaces[i - 1] !== false) text += ' ';
    starts.push(text.length);
    text += t;
  });
  const entities: GoldEntity[] = [];
  const ignore: IgnoreRange[] = [];
  for (const c of decodeTags(tags)) {
    const start = starts[c.start] as number;
    const end = (starts[c.end - 1] as number) + (tokens[c.end - 1] as string).length;
    const mapped = map(c.type, text.slice(start, end));
    if (mapped === null) continue;
    if (mapped === 'IGNORE') ignore.push({ start, end });
    else entities.push({ start, end, label: mapped });
  }
  const record: EvalRecord = { id: meta.id, lang: meta.lang, text, entities, source: meta.source, labels: meta.labels };
  if (ignore.length > 0) record.ignore = ignore;
  return record;
}

/** Builds a mapper from a table; classes absent from the table are not entities for us. */
export function tableMapper(table: Readonly<Record<string, MappedLabel>>): (type: string) => MappedLabel {
  return (type) => (Object.hasOwn(table, type) ? (table[type] ?? null) : null);
}
