import { readBlocks } from './bio.js';
import type { TaggedSentence } from './bio.js';

/** A document of a CoNLL-2003-style file: the sentences after one `-DOCSTART-` line. */
export interface TaggedDocument {
  sentences: TaggedSentence[];
}

/**
 * Parses CoNLL-2003-style files with `-DOCSTART-` lines: MobIE (`token<TAB>POS<TAB>chunk<TAB>NER`), SEC filings
 * (`token POS - tag`) and wikigold (`token tag`). The token is the first column, the tag the last; a line with one
 * column is a token tagged O. Sentences before the first `-DOCSTART-` form a document of their own.
 */
export function parseConll2003(content: string): TaggedDocument[] {
  const docs: TaggedDocument[] = [];
  let current: TaggedDocument | null = null;
  for (const lines of readBlocks(content)) {
    const tokens: string[] = [];
    const tags: string[] = [];
    for (const line of lines) {
      if (line.startsWith('-DOCSTART-')) {
        if (tokens.length > 0) (current ??= pushDoc(docs)).sentences.push({ tokens: tokens.splice(0), tags: tags.splice(0) });
        current = pushDoc(docs);
        continue;
      }
      const cols = line.includes('\t') ? line.split('\t') : line.trim().split(/\s+/);
      tokens.push(cols[0] ?? '');
      tags.push(cols.length > 1 ? (cols[cols.length - 1] as string) : 'O');
    }
    if (tokens.length > 0) (current ??= pushDoc(docs)).sentences.push({ tokens, tags });
  }
  return docs.filter((d) => d.sentences.length > 0);
}

function pushDoc(docs: TaggedDocument[]): TaggedDocument {
  const d: TaggedDocument = { sentences: [] };
  docs.push(d);
  return d;
}

/**
 * IO / IOB1 tags (wikigold, SEC: only `I-` occurs) to BIO: the first token of a run of one type gets `B-`. Adjacent
 * entities of one type cannot be told apart in IO and are merged into one span; a `B-` (IOB1: between two adjacent
 * entities of one type) is kept.
 */
export function ioToBio(tags: readonly string[]): string[] {
  return tags.map((tag, i) => {
    const m = /^I-(.+)$/.exec(tag);
    if (!m) return tag;
    const prev = tags[i - 1];
    const prevType = prev === undefined ? null : (/^[BI]-(.+)$/.exec(prev)?.[1] ?? null);
    return prevType === m[1] ? tag : `B-${m[1] as string}`;
  });
}
