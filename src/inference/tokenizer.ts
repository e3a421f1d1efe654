import { Tokenizer } from '@huggingface/tokenizers';
import { textModelUnavailable } from '../errors/problem.js';
import { locateParts, normalizedOffsets } from './normalized-offsets.js';

/**
 * A text as model input: subword ids with exact half-open UTF-16 offsets into the ORIGINAL string (before any
 * normalisation), and the pre-token ("word") each subword belongs to. No special tokens: windows add them.
 */
export interface TokenizedText {
  ids: Int32Array;
  starts: Int32Array;
  ends: Int32Array;
  /** Index of the pre-token of each subword; non-decreasing. */
  words: Int32Array;
  wordCount: number;
}

/** A tokenizer for token classification, read from a Hugging Face `tokenizer.json`. */
export interface NerTokenizer {
  encode(text: string): TokenizedText;
  /** Special ids around every window (`[CLS]` … `[SEP]`), from the post-processor. */
  readonly prefix: readonly number[];
  readonly suffix: readonly number[];
  readonly padId: number;
}

/** Parsed relative result for one whitespace-free chunk (cached within a text: documents repeat words). */
export interface ChunkPieces {
  ids: number[];
  starts: number[];
  ends: number[];
  /** Pre-token index within the chunk. */
  words: number[];
  wordCount: number;
}

interface RawTokenizerJson {
  post_processor?: RawPostProcessor | null;
  padding?: { pad_id?: number } | null;
  model?: { vocab?: unknown };
}

interface RawPostProcessor {
  type?: string;
  single?: Array<{ SpecialToken?: { id: string }; Sequence?: { id: string } }>;
  special_tokens?: Record<string, { ids?: number[] }>;
  cls?: [string, number];
  sep?: [string, number];
  processors?: RawPostProcessor[];
}

const CHUNK = /\S+/gu;
const CACHE_LIMIT = 20_000;
const METASPACE = '\u2581';

/** `[CLS] $A [SEP]` ids from TemplateProcessing, BertProcessing or RobertaProcessing (also inside a Sequence). */
export function specialTokens(post: RawPostProcessor | null | undefined): { prefix: number[]; suffix: number[] } {
  if (!post) return { prefix: [], suffix: [] };
  if (post.type === 'Sequence') {
    for (const p of post.processors ?? []) {
      const found = specialTokens(p);
      if (found.prefix.length > 0 || found.suffix.length > 0) return found;
    }
    return { prefix: [], suffix: [] };
  }
  if (post.type === 'TemplateProcessing') {
    const prefix: number[] = [];
    const suffix: number[] = [];
    let seen = false;
    for (const piece of post.single ?? []) {
      if (piece.Sequence) seen = true;
      else if (piece.SpecialToken) (seen ? suffix : prefix).push(...(post.special_tokens?.[piece.SpecialToken.id]?.ids ?? []));
    }
    return { prefix, suffix };
  }
  if ((post.type === 'BertProcessing' || post.type === 'RobertaProcessing') && post.cls && post.sep) {
    return { prefix: [post.cls[1]], suffix: [post.sep[1]] };
  }
  return { prefix: [], suffix: [] };
}

function padIdOf(json: RawTokenizerJson, vocab: Map<string, number>): number {
  return json.padding?.pad_id ?? vocab.get('[PAD]') ?? vocab.get('<pad>') ?? 0;
}

/** What encoding a chunk needs of a loaded tokenizer: its pipeline's steps and its vocabulary. */
export interface ChunkSteps {
  normalize(s: string): string;
  preTokenize(s: string): string[];
  /** The model's word pieces of one pre-token. */
  wordPieces(preToken: string): string[];
  /** A piece as text: without its continuing-subword prefix, end-of-word suffix and metaspace markers. */
  core(piece: string): string;
  idOf(piece: string): number;
}

function chunkSteps(hf: Tokenizer, model: NonNullable<Tokenizer['model']>): ChunkSteps {
  const normalizer = hf.normalizer;
  const preTokenizer = hf.pre_tokenizer;
  const vocab = model.tokens_to_ids;
  const unkId = model.unk_token_id ?? 0;
  const modelConfig = model.config as { continuing_subword_prefix?: string | null; end_of_word_suffix?: string | null };
  const subwordPrefix = modelConfig.continuing_subword_prefix ?? '';
  const wordSuffix = modelConfig.end_of_word_suffix ?? '';
  return {
    normalize: (s) => (normalizer ? normalizer.normalize(s) : s),
    preTokenize: (s) => (preTokenizer ? preTokenizer.pre_tokenize(s) : [s]),
    wordPieces: (preToken) => model._call([preToken]) as string[],
    core(piece) {
      let p = piece;
      if (subwordPrefix && p.startsWith(subwordPrefix)) p = p.slice(subwordPrefix.length);
      if (wordSuffix && p.endsWith(wordSuffix)) p = p.slice(0, -wordSuffix.length);
      return p.split(METASPACE).join('');
    },
    idOf: (piece) => vocab.get(piece) ?? unkId,
  };
}

/**
 * One whitespace-free chunk through the pipeline (normalizer → pre-tokenizer → model), each piece located in the
 * normalised chunk and mapped back to its original range.
 */
export function encodeChunk(steps: ChunkSteps, chunk: string): ChunkPieces {
  const { normalized, from, to } = normalizedOffsets(chunk, steps.normalize);
  const preTokens = steps.preTokenize(normalized);
  const ptRanges = locateParts(
    normalized,
    preTokens.map((p) => p.split(METASPACE).join('')),
    0,
    normalized.length,
  );
  const out: ChunkPieces = { ids: [], starts: [], ends: [], words: [], wordCount: 0 };
  preTokens.forEach((pt, w) => {
    const [ps, pe] = ptRanges[w]!;
    const pieces = steps.wordPieces(pt);
    if (pieces.length === 0) return;
    const ranges = locateParts(normalized, pieces.map(steps.core), ps, pe);
    pieces.forEach((piece, k) => {
      const [a, b] = ranges[k]!;
      out.ids.push(steps.idOf(piece));
      out.starts.push(a < normalized.length ? from[a]! : chunk.length);
      out.ends.push(b > a ? to[b - 1]! : a < normalized.length ? from[a]! : chunk.length);
      out.words.push(out.wordCount);
    });
    out.wordCount++;
  });
  return out;
}

/**
 * A text as its whitespace-separated chunks, each encoded once per text (documents repeat words) and shifted to its
 * place. The cache lives for this call only: no user text is kept once it returns.
 */
export function encodeText(text: string, encode: (chunk: string) => ChunkPieces): TokenizedText {
  const ids: number[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  const words: number[] = [];
  let wordBase = 0;
  const cache = new Map<string, ChunkPieces>();
  for (const m of text.matchAll(CHUNK)) {
    let p = cache.get(m[0]);
    if (!p) {
      p = encode(m[0]);
      if (cache.size >= CACHE_LIMIT) cache.clear();
      cache.set(m[0], p);
    }
    for (let i = 0; i < p.ids.length; i++) {
      ids.push(p.ids[i]!);
      starts.push(m.index + p.starts[i]!);
      ends.push(m.index + p.ends[i]!);
      words.push(wordBase + p.words[i]!);
    }
    wordBase += p.wordCount;
  }
  return {
    ids: Int32Array.from(ids),
    starts: Int32Array.from(starts),
    ends: Int32Array.from(ends),
    words: Int32Array.from(words),
    wordCount: wordBase,
  };
}

/**
 * Loads a `tokenizer.json` with `@huggingface/tokenizers` and adds what that library does not give: character
 * offsets. The library's own pipeline runs per whitespace-separated chunk of the original text (`encodeChunk`), its
 * normalizer per unit so that every normalised character knows its original (`normalizedOffsets`). Pre-tokens and
 * word pieces (their `##`/`▁` markers stripped) are then found in the normalised chunk left to right. Exact for
 * WordPiece/BERT and SentencePiece-style (Metaspace) tokenizers; where a piece cannot be found as text (`[UNK]`,
 * byte-level BPE), it gets the stretch between its located neighbours; where per-unit normalisation differs from
 * normalising the whole chunk, the chunk's pieces fall back to the chunk's range. Special tokens written in the input
 * are treated as plain text.
 */
export function createTokenizer(tokenizerJson: unknown, tokenizerConfig: object = {}): NerTokenizer {
  const json = tokenizerJson as RawTokenizerJson;
  let hf: Tokenizer;
  try {
    hf = new Tokenizer(tokenizerJson as object, tokenizerConfig);
  } catch {
    throw textModelUnavailable("The text model's tokenizer.json cannot be read.");
  }
  const model = hf.model;
  if (!model) throw textModelUnavailable("The text model's tokenizer.json has no model.");
  const steps = chunkSteps(hf, model);
  const { prefix, suffix } = specialTokens(json.post_processor);
  return {
    prefix,
    suffix,
    padId: padIdOf(json, model.tokens_to_ids),
    encode: (text) => encodeText(text, (chunk) => encodeChunk(steps, chunk)),
  };
}
