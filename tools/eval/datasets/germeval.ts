import type { TextLabelName } from '../../../src/spec/types.js';
import type { MappedLabel } from '../types.js';
import { readBlocks } from './bio.js';
import type { TaggedSentence } from './bio.js';

/**
 * GermEval 2014 outer-level classes → ours. `*part` (names inside compounds: "US-Präsident", "SPD-Genossen") and OTH
 * (works, events, products) are ignore ranges: our spec has no class for them, and a PER/LOC/ORG guess there is
 * neither clearly right nor wrong. `*deriv` ("deutschen", "Berliner") is not an entity for us, as the spec says of
 * nationality adjectives, so predictions there count as false positives.
 */
export const GERMEVAL_MAPPING: Readonly<Record<string, MappedLabel>> = {
  PER: 'PER',
  LOC: 'LOC',
  ORG: 'ORG',
  OTH: 'IGNORE',
  PERpart: 'IGNORE',
  LOCpart: 'IGNORE',
  ORGpart: 'IGNORE',
  OTHpart: 'IGNORE',
  PERderiv: null,
  LOCderiv: null,
  ORGderiv: null,
  OTHderiv: null,
};

export const GERMEVAL_LABELS: TextLabelName[] = ['PER', 'LOC', 'ORG'];

/**
 * Parses GermEval TSV: `index<TAB>token<TAB>outer<TAB>nested`, blank line between sentences, `#` source lines
 * (present in the original release) skipped. Only the outer column is used: the nested one holds entities inside
 * entities (LOC inside ORG), which our spec does not label separately.
 */
export function parseGermEval(content: string): TaggedSentence[] {
  return readBlocks(content, (line) => line.startsWith('#')).map((lines) => {
    const tokens: string[] = [];
    const tags: string[] = [];
    for (const line of lines) {
      const cols = line.split('\t');
      tokens.push(cols[1] ?? '');
      tags.push(cols[2] ?? 'O');
    }
    return { tokens, tags };
  });
}
