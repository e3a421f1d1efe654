import { textModelUnavailable } from '../errors/problem.js';
import type { ModelBatch, ModelOutput, NerSession } from './session.js';
import type { TokenizedText } from './tokenizer.js';
import type { TokenWindow } from './windows.js';
import { centralWindows } from './windows.js';

/** The ids a tokenizer puts around every window, and its padding. */
export interface WindowSpecials {
  prefix: readonly number[];
  suffix: readonly number[];
  padId: number;
}

/** The gazetteer channel of one text: each subword's list bits, `lists` lists. */
export interface SubwordChannel {
  marks: Int32Array;
  lists: number;
}

/** What running one text's windows needs besides the session. */
export interface WindowRun {
  specials: WindowSpecials;
  /** Logits per token (the model's tag count). */
  labels: number;
  batchSize: number;
  channel: SubwordChannel | null;
}

/** Windows as batches of at most `batchSize` indices, longest first: batches of similar length waste little on padding. */
export function batchWindows(windows: readonly TokenWindow[], batchSize: number): number[][] {
  const length = (k: number) => windows[k]!.end - windows[k]!.start;
  const order = windows.map((_, k) => k).sort((a, b) => length(b) - length(a) || a - b);
  const batches: number[][] = [];
  for (let at = 0; at < order.length; at += batchSize) batches.push(order.slice(at, at + batchSize));
  return batches;
}

/**
 * One batch as model input: each window's subword ids between the special ids, padded to the batch's longest row
 * (attention 0 on padding), and the channel's bits per subword (zeros on specials and padding).
 */
export function batchInput(
  batch: readonly number[],
  windows: readonly TokenWindow[],
  ids: Int32Array,
  specials: WindowSpecials,
  channel: SubwordChannel | null,
): ModelBatch {
  const { prefix, suffix, padId } = specials;
  const longest = Math.max(...batch.map((k) => windows[k]!.end - windows[k]!.start));
  const seq = prefix.length + longest + suffix.length;
  const inputIds = new BigInt64Array(batch.length * seq).fill(BigInt(padId));
  const attentionMask = new BigInt64Array(batch.length * seq);
  const K = channel?.lists ?? 0;
  const data = new Float32Array(channel ? batch.length * seq * K : 0);
  batch.forEach((k, r) => {
    const w = windows[k]!;
    const row = [...prefix, ...ids.subarray(w.start, w.end), ...suffix];
    for (let j = 0; j < row.length; j++) {
      inputIds[r * seq + j] = BigInt(row[j]!);
      attentionMask[r * seq + j] = 1n;
    }
    if (!channel) return;
    for (let i = w.start; i < w.end; i++) {
      const bits = channel.marks[i]!;
      const at = (r * seq + prefix.length + (i - w.start)) * K;
      for (let b = 0; b < K; b++) data[at + b] = (bits >> b) & 1;
    }
  });
  return { batch: batch.length, seq, inputIds, attentionMask, ...(channel ? { gazetteer: { data, lists: K } } : {}) };
}

/** The first subword of each word (index into the text's subwords), and the last. */
export function wordTokens(tok: TokenizedText): { first: Int32Array; last: Int32Array } {
  const first = new Int32Array(tok.wordCount).fill(-1);
  const last = new Int32Array(tok.wordCount);
  for (let i = 0; i < tok.ids.length; i++) {
    const w = tok.words[i]!;
    if (first[w]! < 0) first[w] = i;
    last[w] = i;
  }
  return { first, last };
}

/**
 * Runs a text's windows in batches and gives each word the logits of its first subword, from the window where that
 * subword is most central (`[words, labels]`, flat). 502 when the output does not have the batch's shape.
 */
export async function wordLogitsOf(
  session: Pick<NerSession, 'run'>,
  tok: TokenizedText,
  windows: readonly TokenWindow[],
  firstToken: Int32Array,
  run: WindowRun,
): Promise<Float32Array> {
  const L = run.labels;
  const owner = centralWindows(tok.ids.length, windows);
  const wordLogits = new Float32Array(tok.wordCount * L);
  for (const batch of batchWindows(windows, run.batchSize)) {
    const input = batchInput(batch, windows, tok.ids, run.specials, run.channel);
    const out: ModelOutput = await session.run(input);
    if (out.dims[0] !== batch.length || out.dims[1] !== input.seq || out.dims[2] !== L) {
      throw textModelUnavailable("The text model's output has an unexpected shape.");
    }
    batch.forEach((k, r) => {
      const w = windows[k]!;
      for (let i = w.start; i < w.end; i++) {
        const word = tok.words[i]!;
        if (firstToken[word] !== i || owner[i] !== k) continue;
        const from = (r * input.seq + run.specials.prefix.length + (i - w.start)) * L;
        wordLogits.set(out.data.subarray(from, from + L), word * L);
      }
    });
  }
  return wordLogits;
}
