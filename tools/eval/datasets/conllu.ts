import type { TextLabelName } from '../../../src/spec/types.js';
import type { MappedLabel } from '../types.js';
import { readBlocks } from './bio.js';
import type { TaggedSentence } from './bio.js';

/**
 * UNER EWT and WikiANN classes → ours: PER, LOC, ORG map one to one. The UNER train pre-release also has OTH
 * (ignore: an unreviewed "other" class) and bogus `B-O`/`I-O` tags (not entities).
 */
export const CONLLU_MAPPING: Readonly<Record<string, MappedLabel>> = {
  PER: 'PER',
  LOC: 'LOC',
  ORG: 'ORG',
  OTH: 'IGNORE',
  O: null,
};

export const CONLLU_LABELS: TextLabelName[] = ['PER', 'LOC', 'ORG'];

/**
 * Parses the CoNLL-U-like files of UNER (`idx<TAB>token<TAB>IOB2<TAB>-<TAB>annotator`, `#` comments) and WikiANN
 * (`idx<TAB>token<TAB>IOB2`). Lines with fewer than three columns (unannotated lines in the UNER pre-release
 * have three, some have none) are tagged O.
 */
export function parseConllu(content: string): TaggedSentence[] {
  return readBlocks(content, (line) => line.startsWith('#')).map((lines) => {
    const tokens: string[] = [];
    const tags: string[] = [];
    for (const line of lines) {
      const cols = line.split('\t');
      // Multi-word token ranges (`3-4`) and empty nodes (`3.1`) of CoNLL-U would duplicate text: skip them.
      if (/^\d+[-.]\d+$/.test(cols[0] ?? '')) continue;
      tokens.push(cols[1] ?? '');
      tags.push(cols[2] ?? 'O');
    }
    return { tokens, tags };
  });
}
