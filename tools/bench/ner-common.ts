/**
 * Pieces shared by the NER benches in Node (ner-bench.ts) and in Chromium (browser/ner-bench.ts): no Node imports.
 */
import type { NerTokenizer } from '../../src/inference/tokenizer.js';

/** The bench letters (tools/bench/fixtures), about 2,000 characters each. */
export const BENCH_FIXTURES = [
  { name: 'letter-de', lang: 'de' },
  { name: 'letter-en', lang: 'en' },
] as const;

/** Characters the per-call times are normalised to (the budget: a whole `text()` on 2,000 chars). */
export const BUDGET_CHARS = 2000;

export function median(xs: readonly number[]): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Timings of one thing on one text: median and min in ms over the timed runs. */
export interface Timing {
  medianMs: number;
  minMs: number;
  runs: number;
}

export function timingOf(ms: readonly number[]): Timing {
  return { medianMs: median(ms), minMs: Math.min(...ms), runs: ms.length };
}

/**
 * The text cut into consecutive, non-overlapping pieces of at most `maxTokens` subwords (our tokenizer's count,
 * cut at word boundaries), for the transformers.js pipeline: it truncates each input at the model's maximum length
 * and has no windowing of its own, so it gets the text in pieces of that maximum (`peerPieceTokens`), all in one
 * batched call, without the overlap our windows add.
 */
export function peerChunks(text: string, tokenizer: NerTokenizer, maxTokens: number): string[] {
  const tok = tokenizer.encode(text);
  const n = tok.ids.length;
  const chunks: string[] = [];
  let start = 0;
  while (start < n) {
    let end = Math.min(n, start + maxTokens);
    if (end < n) {
      // Back off to the first token of the word that `end` would split.
      let cut = end;
      while (cut > start && tok.words[cut] === tok.words[cut - 1]) cut--;
      if (cut > start) end = cut;
    }
    chunks.push(text.slice(tok.starts[start]!, tok.ends[end - 1]!));
    start = end;
  }
  return chunks;
}

/** Minimal shape of a transformers.js token-classification pipeline, as the benches call it. */
export type PeerPipeline = (texts: string[], options: { aggregation_strategy: 'simple' }) => Promise<unknown>;

/** A `tokenizer_config.json` for transformers.js when the model has none: special tokens from tokenizer.json. */
export function peerTokenizerConfig(tokenizerJson: unknown, config: unknown): Record<string, unknown> {
  const added = ((tokenizerJson as { added_tokens?: Array<{ content?: unknown; special?: unknown }> }).added_tokens ?? [])
    .filter((t) => t.special === true && typeof t.content === 'string')
    .map((t) => t.content as string);
  const pick = (...names: string[]) => names.find((n) => added.includes(n));
  const out: Record<string, unknown> = {};
  const maxPos = (config as { max_position_embeddings?: unknown }).max_position_embeddings;
  out.model_max_length = typeof maxPos === 'number' ? maxPos : 512;
  const specials: Array<[string, string | undefined]> = [
    ['cls_token', pick('[CLS]', '<s>')],
    ['sep_token', pick('[SEP]', '</s>')],
    ['pad_token', pick('[PAD]', '<pad>')],
    ['unk_token', pick('[UNK]', '<unk>')],
    ['mask_token', pick('[MASK]', '<mask>')],
  ];
  for (const [key, value] of specials) if (value !== undefined) out[key] = value;
  return out;
}

/** transformers.js decides the model class from config.json's model_type; ours are exported as `bert`. */
export function peerConfig(config: unknown): { config: Record<string, unknown>; patched: boolean } {
  const c = { ...(config as Record<string, unknown>) };
  if (typeof c.model_type === 'string' && c.model_type.length > 0) return { config: c, patched: false };
  c.model_type = 'bert';
  c.architectures = ['BertForTokenClassification'];
  return { config: c, patched: true };
}

export const fmt = {
  ms: (x: number) => (Number.isFinite(x) ? x.toFixed(2) : 'n/a'),
  int: (x: number) => (Number.isFinite(x) ? Math.round(x).toLocaleString('en-US') : 'n/a'),
  ratio: (x: number) => (Number.isFinite(x) && x > 0 ? `${x.toFixed(2)}x` : 'n/a'),
};

/** One text's timed calls in the browser page. */
export interface PageFixtureResult {
  name: string;
  chars: number;
  /** Our tokenizer's subwords of the whole text (no specials). */
  tokens: number;
  ms: number[];
}

/** One runtime's results in the browser page. */
export interface PageSeries {
  runtime: string;
  /** onnxruntime-web's env.wasm.numThreads after the first session (engine: not visible, -1). */
  numThreads: number;
  /** From the start (runtime module import, model fetch) to the model ready, and to the first result. */
  coldStart: { loadMs: number; firstResultMs: number };
  fixtures: PageFixtureResult[];
  notes: string[];
}

/** What tools/bench/browser/ner-bench.ts leaves in `window.__bench.result`. */
export interface PageResult {
  /** pair: ours and the peer in one page, timed in alternating rounds (series[0] ours, series[1] the peer). */
  mode: 'ours' | 'peer' | 'engine' | 'pair';
  /** Threads asked for (engine: what the worker picks, 2 when cross-origin isolated). */
  threads: number;
  crossOriginIsolated: boolean;
  series: PageSeries[];
}

/** The page's status, polled by the driver. */
export type PageStatus = { done: false } | { done: true; result: PageResult } | { done: true; error: string };
