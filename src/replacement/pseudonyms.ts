import type { TextLabelName } from '../spec/types.js';
import type { Span } from '../text/span.js';
import { createCoreferenceResolver } from './coreference.js';

/** Pseudonym of one span: its entity's `crId` (0-based, all labels), per-label `number` (1-based) and `LABEL-n`. */
export interface PseudonymAssignment {
  crId: number;
  number: number;
  pseudonym: string;
}

/**
 * Stable `LABEL-n` pseudonyms for one request or one whole document. Feed pages/paragraphs in text order: numbers
 * and crIds continue across calls, and coreferent mentions (decisions.md) share one number and one crId.
 */
export interface Pseudonymizer {
  /** One assignment per span, in the order of `spans` (sorted, non-overlapping offsets into `text`). */
  assign(text: string, spans: readonly Span[]): PseudonymAssignment[];
}

/** The spec's stable identifier: `PER-1`, `LOC-2` … */
export function formatPseudonym(label: TextLabelName, number: number): string {
  return `${label}-${number}`;
}

/** A fresh pseudonymizer; keep one per request or per document so numbering continues across its pages. */
export function createPseudonymizer(): Pseudonymizer {
  const resolver = createCoreferenceResolver();
  return {
    assign(text, spans) {
      return resolver.resolve(text, spans).map((a, i) => ({
        crId: a.crId,
        number: a.number,
        pseudonym: formatPseudonym(spans[i]!.label, a.number),
      }));
    },
  };
}
