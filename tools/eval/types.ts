import { TEXT_LABELS } from '../../src/spec/types.js';
import type { TextLabelName } from '../../src/spec/types.js';

/** A gold entity: half-open UTF-16 offsets into the record's `text`, one of our text labels. */
export interface GoldEntity {
  start: number;
  end: number;
  label: TextLabelName;
}

/** A range where the source annotates something we do not score (e.g. LER law citations): predictions inside it are neither right nor wrong. */
export interface IgnoreRange {
  start: number;
  end: number;
}

/**
 * One line of an eval JSONL file. `id`, `lang`, `text` and `entities` are the contract; the optional fields let
 * a merged dev set keep each source's conventions (which labels it annotates, which ranges it leaves undecided).
 */
export interface EvalRecord {
  id: string;
  lang: 'de' | 'en';
  text: string;
  entities: GoldEntity[];
  /** Dataset name, for per-source breakdowns in the harness. */
  source?: string;
  /** Labels this record's source annotates; the harness scores only these (wins over the sidecar). */
  labels?: TextLabelName[];
  /** Ranges annotated by the source with classes we do not map (see docs/eval-datasets.md). */
  ignore?: IgnoreRange[];
  /** Synthetic documents: what kind of document it is (letter, email, form, chat, prose). */
  kind?: string;
}

/** Sidecar `<name>.labels.json` beside each JSONL file. */
export interface LabelsSidecar {
  /** Our labels the dataset annotates: the eval must score only these. */
  labels: TextLabelName[];
  /** Source datasets and splits in the file. */
  sources: string[];
  /** True for test/held-out splits: report numbers only, never tune on them. */
  reportOnly: boolean;
  /**
   * True for sets whose use is "evaluation only" in ../shared/data/NEW-*.md (licence or data note): never trained on,
   * and tools/train-ner/train.py refuses such a file. Absent = false.
   */
  evaluationOnly?: boolean;
  records: number;
  entities: Partial<Record<TextLabelName, number>>;
}

/**
 * What a dataset's class becomes: one of our labels, `IGNORE` (annotated by the source, not scorable by us: predictions
 * overlapping it are not counted), or `null` (not an entity for us: predictions there count as false positives).
 */
export type MappedLabel = TextLabelName | 'IGNORE' | null;

const LABEL_SET: ReadonlySet<string> = new Set(TEXT_LABELS);

export function isLabel(value: string): value is TextLabelName {
  return LABEL_SET.has(value);
}

/** Labels in the spec's order, so tables and sidecars read the same everywhere. */
export function sortLabels<T extends string>(labels: Iterable<T>): T[] {
  const order = (l: string) => {
    const i = (TEXT_LABELS as readonly string[]).indexOf(l);
    return i < 0 ? TEXT_LABELS.length : i;
  };
  return [...new Set(labels)].sort((a, b) => order(a) - order(b) || a.localeCompare(b));
}
