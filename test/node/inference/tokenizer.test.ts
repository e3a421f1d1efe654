import { describe, expect, it } from 'vitest';
import type { ChunkSteps } from '../../../src/inference/tokenizer.js';
import { encodeChunk, encodeText, specialTokens } from '../../../src/inference/tokenizer.js';
import { TINY, TINY_BERT, tokenizerOf } from './fixtures.js';

/** Tokens as [original text slice, id] pairs. */
function pieces(dir: string, text: string) {
  const t = tokenizerOf(dir).encode(text);
  return Array.from(t.ids, (id, i) => ({
    text: text.slice(t.starts[i], t.ends[i]),
    start: t.starts[i]!,
    end: t.ends[i]!,
    word: t.words[i]!,
    id,
  }));
}

describe('tokenizer offsets (shipped layout: NFC, Split, WordPiece)', () => {
  const tok = tokenizerOf(TINY);

  it('gives [CLS]/[SEP] from the template and the pad id', () => {
    expect(tok.prefix).toEqual([2]);
    expect(tok.suffix).toEqual([3]);
    expect(tok.padId).toBe(0);
  });

  it('maps every subword to exact UTF-16 offsets of the original text', () => {
    const text = 'Anna Müller, Hauptstraße 12.';
    expect(pieces(TINY, text).map((p) => [p.text, p.start, p.end, p.word])).toEqual([
      ['Anna', 0, 4, 0],
      ['Müller', 5, 11, 1],
      [',', 11, 12, 2],
      ['Hauptstraße', 13, 24, 3],
      ['1', 25, 26, 4],
      ['2', 26, 27, 4],
      ['.', 27, 28, 5],
    ]);
  });

  it('keeps offsets exact when NFC changes the text (decomposed umlauts, combining marks)', () => {
    const text = 'Anna Mu\u0308ller und Zoe\u0308 Ko\u0308ln';
    const ps = pieces(TINY, text);
    expect(ps[1]).toMatchObject({ text: 'Mu\u0308ller', start: 5, end: 12 });
    // "Müller" (NFC) is one vocabulary entry: the decomposed input reaches the same id as the composed one.
    expect(ps[1]!.id).toBe(pieces(TINY, 'Müller')[0]!.id);
    // "ë" is not in the vocabulary: WordPiece makes the whole word one [UNK], which spans the whole original word.
    expect(ps.filter((p) => p.word === 3).map((p) => [p.text, p.id])).toEqual([['Zoe\u0308', 1]]);
    expect(ps.at(-1)).toMatchObject({ text: 'Ko\u0308ln', start: text.length - 5, end: text.length });
  });

  it('counts emoji and astral characters in UTF-16 units', () => {
    const text = '😀 𠮷 👩‍👩‍👧 Anna';
    const ps = pieces(TINY, text);
    expect(ps[0]).toMatchObject({ text: '😀', start: 0, end: 2 });
    expect(ps[1]).toMatchObject({ text: '𠮷', start: 3, end: 5 });
    // The ZWJ family: its parts are separate pre-tokens (the joiner is a symbol of its own).
    expect(
      ps
        .slice(2, -1)
        .map((p) => p.text)
        .join(''),
    ).toBe('👩‍👩‍👧');
    expect(ps.at(-1)).toMatchObject({ text: 'Anna', start: text.length - 4, end: text.length });
  });

  it('treats special-token strings in the input as plain text', () => {
    const ps = pieces(TINY, '[CLS] Anna');
    expect(ps.map((p) => p.id)).not.toContain(2);
    expect(ps[0]).toMatchObject({ text: '[', start: 0, end: 1 });
  });

  it('never leaves the text, never goes backwards, on mixed input', () => {
    const text = '  Grüße\tan Fräulein Ægir — „Zitat“ (ß) e\u0301\u0301 \u200b x\u0000y Ω ﬁ 10115 Berlin\n';
    const t = tok.encode(text);
    for (let i = 0; i < t.ids.length; i++) {
      expect(t.starts[i]!).toBeGreaterThanOrEqual(0);
      expect(t.ends[i]!).toBeLessThanOrEqual(text.length);
      expect(t.ends[i]!).toBeGreaterThan(t.starts[i]!);
      if (i > 0) expect(t.starts[i]!).toBeGreaterThanOrEqual(t.starts[i - 1]!);
      expect(text.slice(t.starts[i], t.ends[i])).not.toMatch(/^\s|\s$/);
    }
  });
});

describe('tokenizer offsets (BERT layout: lower case, accents stripped, CJK spacing)', () => {
  it('maps pieces of a changed (normalised) text back to the original', () => {
    const text = 'Anna Mu\u0308ller 𠮷, MÜLLER!';
    const ps = pieces(TINY_BERT, text);
    expect(ps.map((p) => [p.text, p.start, p.end])).toEqual([
      ['Anna', 0, 4],
      ['Mu\u0308ller', 5, 12],
      ['𠮷', 13, 15],
      [',', 15, 16],
      ['MÜLLER', 17, 23],
      ['!', 23, 24],
    ]);
    expect(ps[1]!.id).toBe(ps[4]!.id);
  });

  it('gives [UNK] words their whole range', () => {
    const ps = pieces(TINY_BERT, 'Hauptstraße 12');
    expect(ps[0]).toMatchObject({ text: 'Hauptstraße', id: 1 });
  });

  it('reads BertProcessing specials', () => {
    expect(specialTokens({ type: 'BertProcessing', cls: ['[CLS]', 101], sep: ['[SEP]', 102] })).toEqual({ prefix: [101], suffix: [102] });
    expect(
      specialTokens({
        type: 'Sequence',
        processors: [{ type: 'ByteLevel' }, { type: 'RobertaProcessing', cls: ['<s>', 0], sep: ['</s>', 2] }],
      }),
    ).toEqual({
      prefix: [0],
      suffix: [2],
    });
    expect(specialTokens(null)).toEqual({ prefix: [], suffix: [] });
  });
});

/** A WordPiece-like pipeline: lower-casing, pre-tokens at punctuation, pieces of two characters. */
const steps: ChunkSteps = {
  normalize: (s) => s.toLowerCase(),
  preTokenize: (s) => s.split(/(?=[,.])|(?<=[,.])/),
  wordPieces: (pt) => (pt.match(/.{1,2}/gu) ?? []).map((p, i) => (i > 0 ? `##${p}` : p)),
  core: (piece) => piece.replace(/^##/, ''),
  idOf: (piece) => (piece === '##zz' ? 0 : piece.length),
};

describe('encodeChunk', () => {
  it("maps the model's pieces of each pre-token back to the original chunk", () => {
    const c = encodeChunk(steps, 'ABCDE,F');
    expect(c.wordCount).toBe(3);
    expect(c.words).toEqual([0, 0, 0, 1, 2]);
    expect(c.starts).toEqual([0, 2, 4, 5, 6]);
    expect(c.ends).toEqual([2, 4, 5, 6, 7]);
  });

  it('gives a piece that is not in the text the stretch between its located neighbours', () => {
    const c = encodeChunk({ ...steps, wordPieces: () => ['ab', '[UNK]', 'e'] }, 'abcde');
    expect(Array.from(c.starts, (s, i) => [s, c.ends[i]])).toEqual([
      [0, 2],
      [2, 4],
      [4, 5],
    ]);
  });
});

describe('encodeText', () => {
  it('shifts each chunk to its place, numbers words across chunks and encodes a repeated chunk once', () => {
    const seen: string[] = [];
    const t = encodeText(' ab  cd ab', (chunk) => {
      seen.push(chunk);
      return { ids: [chunk.length, 7], starts: [0, 1], ends: [1, 2], words: [0, 1], wordCount: 2 };
    });
    expect(seen).toEqual(['ab', 'cd']);
    expect(Array.from(t.starts)).toEqual([1, 2, 5, 6, 8, 9]);
    expect(Array.from(t.ends)).toEqual([2, 3, 6, 7, 9, 10]);
    expect(Array.from(t.words)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(t.wordCount).toBe(6);
  });

  it('gives no tokens for a blank text', () => {
    const t = encodeText(' \n\t', () => {
      throw new Error('no chunk expected');
    });
    expect(t.ids.length).toBe(0);
    expect(t.wordCount).toBe(0);
  });
});
