import { describe, expect, it } from 'vitest';
import { batchInput, batchWindows, wordLogitsOf, wordTokens } from '../../../src/inference/ner-batches.js';
import type { ModelBatch } from '../../../src/inference/session.js';
import type { TokenizedText } from '../../../src/inference/tokenizer.js';
import { expectProblem } from '../helpers/expect-problem.js';

const specials = { prefix: [2], suffix: [3], padId: 0 };

/** Subwords with ids 10, 11, … and the given word of each. */
function tokens(words: number[]): TokenizedText {
  return {
    ids: Int32Array.from(words, (_, i) => 10 + i),
    starts: Int32Array.from(words, (_, i) => i),
    ends: Int32Array.from(words, (_, i) => i + 1),
    words: Int32Array.from(words),
    wordCount: words.length === 0 ? 0 : words.at(-1)! + 1,
  };
}

describe('batchWindows', () => {
  it('puts the longest windows first (ties in text order) and cuts batches of the batch size', () => {
    const windows = [
      { start: 0, end: 3 },
      { start: 2, end: 8 },
      { start: 6, end: 9 },
      { start: 8, end: 12 },
    ];
    expect(batchWindows(windows, 2)).toEqual([
      [1, 3],
      [0, 2],
    ]);
    expect(batchWindows(windows, 8)).toEqual([[1, 3, 0, 2]]);
    expect(batchWindows([], 4)).toEqual([]);
  });
});

describe('batchInput', () => {
  it('wraps each window in the special ids and pads to the longest row, attention off on padding', () => {
    const ids = Int32Array.from([10, 11, 12, 13, 14]);
    const input = batchInput(
      [1, 0],
      [
        { start: 0, end: 2 },
        { start: 1, end: 5 },
      ],
      ids,
      specials,
      null,
    );
    expect(input).toMatchObject({ batch: 2, seq: 6 });
    expect(input.gazetteer).toBeUndefined();
    expect(Array.from(input.inputIds, Number)).toEqual([2, 11, 12, 13, 14, 3, 2, 10, 11, 3, 0, 0]);
    expect(Array.from(input.attentionMask, Number)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0]);
  });

  it('gives each subword its gazetteer bits, one value per list, none on the specials', () => {
    const input = batchInput([0], [{ start: 1, end: 3 }], Int32Array.from([10, 11, 12]), specials, {
      marks: Int32Array.from([0, 0b01, 0b10]),
      lists: 2,
    });
    expect(input.gazetteer?.lists).toBe(2);
    expect(Array.from(input.gazetteer!.data)).toEqual([0, 0, 1, 0, 0, 1, 0, 0]);
  });
});

describe('wordTokens', () => {
  it("finds each word's first and last subword", () => {
    const { first, last } = wordTokens(tokens([0, 0, 1, 2, 2, 2]));
    expect(Array.from(first)).toEqual([0, 2, 3]);
    expect(Array.from(last)).toEqual([1, 2, 5]);
  });
});

describe('wordLogitsOf', () => {
  /** A model whose two logits per token are the token's id and its position in the row (which tells the window). */
  const echo = (calls: ModelBatch[]) => ({
    run: async (b: ModelBatch) => {
      calls.push(b);
      const data = new Float32Array(b.batch * b.seq * 2);
      for (let r = 0; r < b.batch; r++)
        for (let j = 0; j < b.seq; j++) {
          data[(r * b.seq + j) * 2] = Number(b.inputIds[r * b.seq + j]);
          data[(r * b.seq + j) * 2 + 1] = j;
        }
      return { data, dims: [b.batch, b.seq, 2] };
    },
  });

  it("gives each word its first subword's logits, from the window where that subword is most central", async () => {
    const tok = tokens([0, 0, 1, 2, 3, 4, 4, 5]);
    const windows = [
      { start: 0, end: 5 },
      { start: 3, end: 8 },
    ];
    const calls: ModelBatch[] = [];
    const run = { specials, labels: 2, batchSize: 1, channel: null };
    const logits = await wordLogitsOf(echo(calls), tok, windows, wordTokens(tok).first, run);
    expect(calls.map((c) => c.batch)).toEqual([1, 1]);
    // Word 2 (subword 3) lies in both windows and is more central in the first (one token on its poorer side there,
    // none in the second); word 3 (subword 4) is more central in the second.
    expect(Array.from({ length: 6 }, (_, w) => logits[w * 2])).toEqual([10, 12, 13, 14, 15, 17]);
    expect(Array.from({ length: 6 }, (_, w) => logits[w * 2 + 1])).toEqual([1, 3, 4, 2, 3, 5]);
  });

  it('refuses output of another shape (502)', async () => {
    const tok = tokens([0, 1]);
    const wrong = { run: async () => ({ data: new Float32Array(3), dims: [1, 3, 1] }) };
    const run = { specials, labels: 2, batchSize: 4, channel: null };
    await expectProblem(wordLogitsOf(wrong, tok, [{ start: 0, end: 2 }], wordTokens(tok).first, run), { status: 502 });
  });
});
