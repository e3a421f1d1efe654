import type { TextLabelName } from '../../../src/spec/types.js';
import type { MappedLabel } from '../types.js';
import type { TaggedSentence } from './bio.js';

/** Europeana classes (after tag repair) → ours: PER, LOC, ORG one to one. */
export const EUROPEANA_MAPPING: Readonly<Record<string, MappedLabel>> = { PER: 'PER', LOC: 'LOC', ORG: 'ORG' };

export const EUROPEANA_LABELS: TextLabelName[] = ['PER', 'LOC', 'ORG'];

/** Typos seen in the tag column (B-PEr, B_LOC, B.PER, B-LOCer, B-OLOC, B-BER, B-ER), repaired to what they mean. */
const TYPE_FIX: Readonly<Record<string, string>> = {
  PER: 'PER',
  LOC: 'LOC',
  ORG: 'ORG',
  BER: 'PER',
  ER: 'PER',
  LOCER: 'LOC',
  OLOC: 'LOC',
};

/**
 * Normalizes a tag column value: `O`, a repaired `B-`/`I-` tag, `O` for tag-shaped values of classes we do not use
 * (I-MISC), or null when the value is not a tag at all (then the whole line is a token).
 */
export function normalizeEuropeanaTag(raw: string): string | null {
  if (raw === 'O') return 'O';
  const m = /^([BI])[-_.]([A-Za-z]+)$/.exec(raw);
  if (!m) return null;
  const type = TYPE_FIX[(m[2] as string).toUpperCase()];
  return type ? `${m[1] as string}-${type}` : 'O';
}

const SENTENCE_END = new Set(['.', '!', '?']);
/** Below this many tokens a full stop is more likely OCR noise (". . .") or an abbreviation than a sentence end. */
const MIN_SENTENCE_TOKENS = 5;
/** OCR text has long runs without a full stop; cut them so a record stays sentence-sized. */
const MAX_SENTENCE_TOKENS = 120;

/**
 * Parses a Europeana `.bio` file: one `token tag` line per token, NO blank lines between sentences, `#` lines at
 * document starts (sbb only), tokens that may contain spaces, some lines without a tag. Sentences are cut after
 * `.`/`!`/`?` (tagged O, sentence long enough), at document starts, and at a maximum length, never inside an entity.
 */
export function parseEuropeana(content: string): TaggedSentence[] {
  const sentences: TaggedSentence[] = [];
  let tokens: string[] = [];
  let tags: string[] = [];
  const flush = () => {
    if (tokens.length > 0) sentences.push({ tokens, tags });
    tokens = [];
    tags = [];
  };
  const lines = content.split(/\r?\n/);
  const parsed: Array<{ token: string; tag: string } | 'doc'> = [];
  for (const line of lines) {
    if (line.trim() === '') continue;
    if (line.startsWith('#')) {
      parsed.push('doc');
      continue;
    }
    const m = /^(.*\S)\s+(\S+)\s*$/.exec(line);
    const tag = m ? normalizeEuropeanaTag(m[2] as string) : null;
    parsed.push(m && tag !== null ? { token: m[1] as string, tag } : { token: line.trim(), tag: 'O' });
  }
  parsed.forEach((item, i) => {
    if (item === 'doc') return flush();
    tokens.push(item.token);
    tags.push(item.tag);
    const next = parsed[i + 1];
    const nextInside = next !== undefined && next !== 'doc' && next.tag.startsWith('I-');
    if (nextInside || item.tag !== 'O') return;
    if ((SENTENCE_END.has(item.token) && tokens.length >= MIN_SENTENCE_TOKENS) || tokens.length >= MAX_SENTENCE_TOKENS) flush();
  });
  flush();
  return sentences;
}
