import { Tokenizer } from '@huggingface/tokenizers';
import { textModelUnavailable } from '../errors/problem.js';

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
interface ChunkPieces {
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
/** A code point with the combining marks after it: the smallest unit NFC/NFD/lower-casing act on independently. */
const UNIT = /\P{M}\p{M}*|\p{M}+/gsu;
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

/**
 * Loads a `tokenizer.json` with `@huggingface/tokenizers` and adds what that library does not give: character
 * offsets. The library's own pipeline (normalizer → pre-tokenizer → model) runs per whitespace-separated chunk of
 * the original text; inside a chunk, the normalizer runs per unit (a code point plus its combining marks), so every
 * normalised character knows the original unit it came from. Pre-tokens and word pieces (their `##`/`▁` markers
 * stripped) are then found in the normalised chunk left to right. Exact for WordPiece/BERT and SentencePiece-style
 * (Metaspace) tokenizers; where a piece cannot be found as text (`[UNK]`, byte-level BPE), it gets the stretch
 * between its located neighbours; where per-unit normalisation differs from normalising the whole chunk, the chunk's
 * pieces fall back to the chunk's range. Special tokens written in the input are treated as plain text.
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
  const normalizer = hf.normalizer;
  const preTokenizer = hf.pre_tokenizer;
  const vocab = model.tokens_to_ids;
  const unkId = model.unk_token_id ?? 0;
  const modelConfig = model.config as { continuing_subword_prefix?: string | null; end_of_word_suffix?: string | null };
  const subwordPrefix = modelConfig.continuing_subword_prefix ?? '';
  const wordSuffix = modelConfig.end_of_word_suffix ?? '';
  const { prefix, suffix } = specialTokens(json.post_processor);

  const normalize = (s: string): string => (normalizer ? normalizer.normalize(s) : s);
  const preTokenize = (s: string): string[] => (preTokenizer ? preTokenizer.pre_tokenize(s) : [s]);

  function core(piece: string): string {
    let p = piece;
    if (subwordPrefix && p.startsWith(subwordPrefix)) p = p.slice(subwordPrefix.length);
    if (wordSuffix && p.endsWith(wordSuffix)) p = p.slice(0, -wordSuffix.length);
    return p.split(METASPACE).join('');
  }

  /** Finds each string left to right in `hay[from, to)`; unfound ones get the gap between found neighbours. */
  function locate(hay: string, parts: readonly string[], from: number, to: number): Array<[number, number]> {
    const found: Array<[number, number] | null> = [];
    let cursor = from;
    for (const part of parts) {
      const at = part.length === 0 ? -1 : hay.indexOf(part, cursor);
      if (at >= 0 && at + part.length <= to) {
        found.push([at, at + part.length]);
        cursor = at + part.length;
      } else found.push(null);
    }
    const out: Array<[number, number]> = [];
    let prevEnd = from;
    for (let i = 0; i < found.length; i++) {
      const f = found[i];
      if (f) {
        out.push(f);
        prevEnd = f[1];
        continue;
      }
      let nextStart = to;
      for (let j = i + 1; j < found.length; j++) {
        const g = found[j];
        if (g) {
          nextStart = g[0];
          break;
        }
      }
      out.push([prevEnd, Math.max(prevEnd, nextStart)]);
    }
    return out;
  }

  function encodeChunk(chunk: string): ChunkPieces {
    // Normalised text, and for each of its UTF-16 units the original unit range [from, to) in the chunk.
    let normalized = normalize(chunk);
    let from: Int32Array;
    let to: Int32Array;
    if (normalized === chunk) {
      from = Int32Array.from({ length: chunk.length }, (_, i) => i);
      to = Int32Array.from({ length: chunk.length }, (_, i) => i + 1);
      // A surrogate pair is one unit: both halves map to the pair.
      for (let i = 0; i + 1 < chunk.length; i++) {
        const c = chunk.charCodeAt(i);
        const d = chunk.charCodeAt(i + 1);
        if (c >= 0xd800 && c < 0xdc00 && d >= 0xdc00 && d < 0xe000) {
          to[i] = i + 2;
          from[i + 1] = i;
          i++;
        }
      }
    } else {
      let joined = '';
      const f: number[] = [];
      const t: number[] = [];
      for (const m of chunk.matchAll(UNIT)) {
        const n = normalize(m[0]);
        joined += n;
        for (let k = 0; k < n.length; k++) {
          f.push(m.index);
          t.push(m.index + m[0].length);
        }
      }
      if (joined === normalized) {
        from = Int32Array.from(f);
        to = Int32Array.from(t);
      } else {
        from = new Int32Array(normalized.length);
        to = new Int32Array(normalized.length).fill(chunk.length);
      }
    }
    const preTokens = preTokenize(normalized);
    const ptRanges = locate(
      normalized,
      preTokens.map((p) => p.split(METASPACE).join('')),
      0,
      normalized.length,
    );
    const out: ChunkPieces = { ids: [], starts: [], ends: [], words: [], wordCount: 0 };
    preTokens.forEach((pt, w) => {
      const [ps, pe] = ptRanges[w]!;
      const pieces = model!._call([pt]) as string[];
      if (pieces.length === 0) return;
      const ranges = locate(normalized, pieces.map(core), ps, pe);
      pieces.forEach((piece, k) => {
        const [a, b] = ranges[k]!;
        out.ids.push(vocab.get(piece) ?? unkId);
        out.starts.push(a < normalized.length ? from[a]! : chunk.length);
        out.ends.push(b > a ? to[b - 1]! : a < normalized.length ? from[a]! : chunk.length);
        out.words.push(out.wordCount);
      });
      out.wordCount++;
    });
    return out;
  }

  /** One text's chunks, looked up in that text's own cache: none is kept once `encode` returns (no user text kept). */
  function pieces(chunk: string, cache: Map<string, ChunkPieces>): ChunkPieces {
    let got = cache.get(chunk);
    if (!got) {
      got = encodeChunk(chunk);
      if (cache.size >= CACHE_LIMIT) cache.clear();
      cache.set(chunk, got);
    }
    return got;
  }

  return {
    prefix,
    suffix,
    padId: padIdOf(json, vocab),
    encode(text: string): TokenizedText {
      const ids: number[] = [];
      const starts: number[] = [];
      const ends: number[] = [];
      const words: number[] = [];
      let wordBase = 0;
      const cache = new Map<string, ChunkPieces>();
      for (const m of text.matchAll(CHUNK)) {
        const p = pieces(m[0], cache);
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
    },
  };
}
