import type { TextLabelName } from '../../spec/types.js';

/** An entity found by the model, already in our label space; UTF-16 half-open offsets into the input. */
export interface NerEntity {
  start: number;
  end: number;
  label: TextLabelName;
  /** Mean probability of the decoded tags over the entity's words. */
  score: number;
}

/** What a loaded model serves. */
export interface NerModelInfo {
  id: string;
  /** Our labels the model can produce (its entity types through the label map, ∩ the spec's labels). */
  labels: TextLabelName[];
  /** The model's own tags (`O`, `B-PER` …), by id. */
  tags: string[];
  executionProvider: string;
  windowTokens: number;
  overlapTokens: number;
  loadMs: number;
}

/** The model's answer for one text. */
export interface NerRecognition {
  entities: NerEntity[];
  /** Fraction of the text's token characters that were inside at least one window (1: nothing truncated). */
  coverage: number;
  tokens: number;
  windows: number;
}

/**
 * The seam between detection and inference: a model that may live in this thread (Node) or behind a worker
 * (browser). Each platform builds them (`src/platform/node/ner.ts`, `src/platform/browser/ner.ts`); the recognizer only sees this.
 */
export interface NerBackend {
  /** Labels the configured model is expected to serve, known before it loads (from its label map). */
  readonly declaredLabels: readonly TextLabelName[];
  /**
   * Loads the model once; later calls share the result. Resolves to null when no model is configured (the
   * shipped model is absent): detection then runs on rules alone. Rejects with 502 `TEXT_MODEL_UNAVAILABLE`.
   */
  load(): Promise<NerModelInfo | null>;
  /** Runs the model on `text` (loading it first if needed). Rejects with 502 when it cannot run. */
  recognize(text: string): Promise<NerRecognition>;
}

/** What a backend answers when no model is configured: nothing found, nothing truncated. */
export const NO_ENTITIES: NerRecognition = { entities: [], coverage: 1, tokens: 0, windows: 0 };
