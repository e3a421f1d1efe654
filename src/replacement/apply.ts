import type { Detection, TextLabelName } from '../spec/types.js';
import type { Span } from '../text/span.js';
import { applyOperator, isPseudonymConfig } from './operators/index.js';
import type { ReplacementPlan } from './plan.js';
import { createPseudonymizer, type Pseudonymizer } from './pseudonyms.js';
import { assertOrderedSpans, splitsSurrogatePair } from './spans.js';

/** The spec's mask for a label without a config in mask mode. */
export const MASK = '***';

/**
 * One replaced span, in text order. `start`/`end` are UTF-16 offsets into the input text; `original` is the matched
 * text. `pseudonym` is the replacement when it is a pseudonym (`LABEL-n`, FULL, PARTIAL, DATE — including partial
 * replacements that keep part of the original), and null when the span was masked (`***`) or suppressed
 * (SUPPRESSION), mirroring the spec's "null when no pseudonym was used". `crId` is the coreference group, assigned
 * in every mode.
 */
export interface Edit {
  start: number;
  end: number;
  label: TextLabelName;
  score: number;
  original: string;
  replacement: string;
  pseudonym: string | null;
  crId: number;
  /** The recognizer that found the span (`blacklist` for the user's list), or `entity` for a further mention of a known entity. */
  source: string;
}

/** Result of `applyReplacements`: the replaced text and one edit per span. */
export interface Applied {
  text: string;
  edits: Edit[];
}

/**
 * Replaces each span of `text` according to `plan`: a label with a ReplacementConfig uses its operator; any other
 * label becomes `***` (mask) or its stable `LABEL-n` (pseudonym). Spans must be sorted, non-overlapping, non-empty,
 * inside the text and must not split a surrogate pair (otherwise a `RangeError`: a programming error upstream).
 * Pass a document's pseudonymizer to continue numbering across its pages.
 */
export function applyReplacements(
  text: string,
  spans: readonly Span[],
  plan: ReplacementPlan,
  pseudonymizer: Pseudonymizer = createPseudonymizer(),
): Applied {
  const edits = replacementEdits(text, spans, plan, pseudonymizer);
  // Offsets of the edits refer to the input, so the text is built from them in one pass.
  return { text: renderEdits(text, edits), edits };
}

/**
 * The edits of `applyReplacements` without the replaced text: for callers that settle the edits further (a
 * document's entities) and render the text only then.
 */
export function replacementEdits(text: string, spans: readonly Span[], plan: ReplacementPlan, pseudonymizer: Pseudonymizer): Edit[] {
  assertOrderedSpans(text, spans);
  spans.forEach((s, i) => {
    if (splitsSurrogatePair(text, s.start) || splitsSurrogatePair(text, s.end)) {
      throw new RangeError(`span ${i} [${s.start}, ${s.end}) splits a surrogate pair`);
    }
  });
  // Every span gets a crId, also when masking: the PII record lists coreference groups in every mode.
  const assigned = pseudonymizer.assign(text, spans);
  return spans.map((s, i): Edit => {
    const a = assigned[i]!;
    const original = text.slice(s.start, s.end);
    const { start, end, label, score, source } = s;
    return { start, end, label, score, original, ...replacementOf(label, original, a.pseudonym, plan), crId: a.crId, source };
  });
}

/**
 * What `original` of `label` becomes under `plan`: the label's operator when it has a config, else its entity's
 * `pseudonym` (`LABEL-n`) or `***`. `pseudonym` of the result is null when the replacement is no pseudonym.
 */
export function replacementOf(
  label: TextLabelName,
  original: string,
  pseudonym: string,
  plan: ReplacementPlan,
): Pick<Edit, 'replacement' | 'pseudonym'> {
  const config = plan.configs[label];
  if (config) {
    const replacement = applyOperator(original, config);
    return { replacement, pseudonym: isPseudonymConfig(config) ? replacement : null };
  }
  return plan.defaultMode === 'pseudonym' ? { replacement: pseudonym, pseudonym } : { replacement: MASK, pseudonym: null };
}

/** `text` with each edit's replacement in its place (edits sorted, non-overlapping). */
export function renderEdits(text: string, edits: readonly Edit[]): string {
  const parts: string[] = [];
  let cursor = 0;
  for (const e of edits) {
    parts.push(text.slice(cursor, e.start), e.replacement);
    cursor = e.end;
  }
  parts.push(text.slice(cursor));
  return parts.join('');
}

/** The spec's `Detection[]` of a text result (2.8): input offsets, original text, pseudonym or null. */
export function toDetections(edits: readonly Edit[]): Detection[] {
  return edits.map((e) => ({
    startChar: e.start,
    stopChar: e.end,
    label: e.label,
    text: e.original,
    pseudonym: e.pseudonym,
  }));
}
