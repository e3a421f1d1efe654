/**
 * Pure scoring of predicted spans against gold spans. No I/O, so it is unit-tested table by table.
 *
 * Conventions (see docs/eval-datasets.md):
 * - Entity level: a prediction is a true positive when start, end and label equal a gold entity's (exact match).
 * - Only the document's scored labels count; gold and predictions of other labels are dropped first.
 * - A prediction that is not a true positive and overlaps an ignore range is dropped (neither TP nor FP).
 * - Char-level recall counts the non-whitespace characters of gold entities: covered by a prediction of the same
 *   label (`charRecall`) or by a prediction of any label (`charRecallAny`, what matters for redaction).
 */

export interface ScoreSpan {
  start: number;
  end: number;
  label: string;
}

export interface ScoreRange {
  start: number;
  end: number;
}

export interface ScoreInput {
  text: string;
  gold: readonly ScoreSpan[];
  pred: readonly ScoreSpan[];
  /** Labels to score in this document. */
  labels: readonly string[];
  ignore?: readonly ScoreRange[];
}

export interface LabelCounts {
  gold: number;
  pred: number;
  tp: number;
  /** Non-whitespace characters inside gold entities of this label. */
  goldChars: number;
  /** Of those, covered by a prediction of the same label. */
  coveredChars: number;
  /** Of those, covered by any prediction. */
  coveredCharsAny: number;
}

/** Why predictions and gold entities failed; each FP and each FN is counted once. */
export interface ErrorCounts {
  /** FP with the exact span of a gold entity but another label. */
  wrongLabel: number;
  /** FP overlapping a gold entity of the same label, boundaries differ. */
  boundary: number;
  /** FP overlapping gold entities only of other labels, boundaries differ. */
  boundaryAndLabel: number;
  /** FP overlapping no gold entity. */
  spurious: number;
  /** FN overlapped by no prediction at all. */
  missed: number;
  /** Predictions dropped because they overlap an ignore range. */
  ignored: number;
}

export interface DocumentScore {
  perLabel: Map<string, LabelCounts>;
  errors: ErrorCounts;
  /** Predictions counted as false positives, and gold entities counted as false negatives (for error listings). */
  falsePositives: ScoreSpan[];
  falseNegatives: ScoreSpan[];
}

export function emptyCounts(): LabelCounts {
  return { gold: 0, pred: 0, tp: 0, goldChars: 0, coveredChars: 0, coveredCharsAny: 0 };
}

export function emptyErrors(): ErrorCounts {
  return { wrongLabel: 0, boundary: 0, boundaryAndLabel: 0, spurious: 0, missed: 0, ignored: 0 };
}

function overlapsRange(a: ScoreRange, b: ScoreRange): boolean {
  return a.start < b.end && b.start < a.end;
}

const key = (s: ScoreSpan) => `${s.start}:${s.end}:${s.label}`;
const spanKey = (s: ScoreRange) => `${s.start}:${s.end}`;

/** Scores one document. */
export function scoreDocument(input: ScoreInput): DocumentScore {
  const labels = new Set(input.labels);
  const gold = input.gold.filter((s) => labels.has(s.label));
  const rawPred = input.pred.filter((s) => labels.has(s.label) && s.end > s.start);
  const ignore = input.ignore ?? [];
  const goldKeys = new Set(gold.map(key));
  const errors = emptyErrors();

  const pred = rawPred.filter((p) => {
    if (goldKeys.has(key(p))) return true;
    if (ignore.some((r) => overlapsRange(p, r))) {
      errors.ignored++;
      return false;
    }
    return true;
  });

  const perLabel = new Map<string, LabelCounts>();
  const counts = (label: string) => {
    let c = perLabel.get(label);
    if (!c) perLabel.set(label, (c = emptyCounts()));
    return c;
  };
  for (const l of labels) counts(l);

  const predKeys = new Set(pred.map(key));
  const goldSpanLabels = new Map<string, string[]>();
  for (const g of gold) goldSpanLabels.set(spanKey(g), [...(goldSpanLabels.get(spanKey(g)) ?? []), g.label]);

  const falsePositives: ScoreSpan[] = [];
  for (const p of pred) {
    const c = counts(p.label);
    c.pred++;
    if (goldKeys.has(key(p))) {
      c.tp++;
      continue;
    }
    falsePositives.push(p);
    const overlapping = gold.filter((g) => overlapsRange(g, p));
    if (goldSpanLabels.has(spanKey(p))) errors.wrongLabel++;
    else if (overlapping.some((g) => g.label === p.label)) errors.boundary++;
    else if (overlapping.length > 0) errors.boundaryAndLabel++;
    else errors.spurious++;
  }

  const falseNegatives: ScoreSpan[] = [];
  for (const g of gold) {
    const c = counts(g.label);
    c.gold++;
    if (!predKeys.has(key(g))) {
      falseNegatives.push(g);
      if (!pred.some((p) => overlapsRange(p, g))) errors.missed++;
    }
    // Coverage uses every prediction of a scored label, ignored ones too: covered text is redacted text.
    const covering = rawPred.filter((p) => overlapsRange(p, g));
    for (let i = g.start; i < g.end; i++) {
      if (/\s/.test(input.text.charAt(i))) continue;
      c.goldChars++;
      let any = false;
      let same = false;
      for (const p of covering) {
        if (p.start <= i && i < p.end) {
          any = true;
          if (p.label === g.label) same = true;
        }
      }
      if (any) c.coveredCharsAny++;
      if (same) c.coveredChars++;
    }
  }
  return { perLabel, errors, falsePositives, falseNegatives };
}

function addCounts(t: LabelCounts, c: LabelCounts): void {
  t.gold += c.gold;
  t.pred += c.pred;
  t.tp += c.tp;
  t.goldChars += c.goldChars;
  t.coveredChars += c.coveredChars;
  t.coveredCharsAny += c.coveredCharsAny;
}

/** Adds `b` into `a` (both per-label maps and error counts). */
export function addScores(a: { perLabel: Map<string, LabelCounts>; errors: ErrorCounts }, b: DocumentScore): void {
  for (const [label, c] of b.perLabel) {
    const t = a.perLabel.get(label) ?? emptyCounts();
    addCounts(t, c);
    a.perLabel.set(label, t);
  }
  for (const k of Object.keys(a.errors) as Array<keyof ErrorCounts>) a.errors[k] += b.errors[k];
}

export interface Prf {
  precision: number;
  recall: number;
  f1: number;
}

/** P/R/F1 with the usual conventions: 0 when undefined (no predictions or no gold). */
export function prf(tp: number, pred: number, gold: number): Prf {
  const precision = pred === 0 ? 0 : tp / pred;
  const recall = gold === 0 ? 0 : tp / gold;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}

export interface LabelRow extends LabelCounts, Prf {
  label: string;
  charRecall: number;
  charRecallAny: number;
}

export interface Summary {
  rows: LabelRow[];
  micro: LabelRow;
  /** Mean F1 over labels that have gold entities (a label absent from the gold says nothing about the engine). */
  macroF1: number;
  errors: ErrorCounts;
}

function row(label: string, c: LabelCounts): LabelRow {
  return {
    label,
    ...c,
    ...prf(c.tp, c.pred, c.gold),
    charRecall: c.goldChars === 0 ? 0 : c.coveredChars / c.goldChars,
    charRecallAny: c.goldChars === 0 ? 0 : c.coveredCharsAny / c.goldChars,
  };
}

/** Turns accumulated counts into the report rows, in the given label order. */
export function summarize(perLabel: Map<string, LabelCounts>, errors: ErrorCounts, order: readonly string[] = []): Summary {
  const labels = [...perLabel.keys()].sort((a, b) => {
    const ia = order.indexOf(a);
    const ib = order.indexOf(b);
    return (ia < 0 ? order.length : ia) - (ib < 0 ? order.length : ib) || a.localeCompare(b);
  });
  const rows = labels.map((l) => row(l, perLabel.get(l) ?? emptyCounts()));
  const total = emptyCounts();
  for (const r of rows) addCounts(total, r);
  const withGold = rows.filter((r) => r.gold > 0);
  const macroF1 = withGold.length === 0 ? 0 : withGold.reduce((s, r) => s + r.f1, 0) / withGold.length;
  return { rows, micro: row('micro', total), macroF1, errors: { ...errors } };
}
