/**
 * The gazetteer channel of a model that has one (an ONNX input `gazetteer`, float32 [batch, seq, lists]): for each
 * pre-token, whether it stands in each word list of the model's `gazetteer.json`. Names are matched as written (an
 * ALL-CAPS word of two or more letters title-cased first: `MÜLLER` is `Müller`), common words lower-cased. Every
 * subword of a word carries the word's marks; special tokens and padding carry none. tools/train-ner/gazetteer.py
 * computes the same marks for training.
 */

import type { TokenizedText } from './tokenizer.js';

/** One word list: `name` lists match the word as written (ALL CAPS title-cased), `lower` lists its lower case. */
export interface GazetteerList {
  name: string;
  lookup: 'name' | 'lower';
  words: string[];
}

/** The `gazetteer.json` of a model directory. */
export interface GazetteerFile {
  version: 1;
  features: GazetteerList[];
}

/** A loaded gazetteer: the lists' sets, in the model's channel order. */
export interface Gazetteer {
  readonly size: number;
  /** Bit i set: the word stands in list i. */
  marks(word: string): number;
}

/** Title case of an ALL-CAPS word of two or more letters; other words unchanged. */
export function asName(word: string): string {
  return word.length > 1 && word === word.toUpperCase() && word !== word.toLowerCase()
    ? word.charAt(0) + word.slice(1).toLowerCase()
    : word;
}

/** Reads a parsed `gazetteer.json`; null when it is not one (the caller reports the model as unusable). */
export function readGazetteer(json: unknown): Gazetteer | null {
  const file = json as Partial<GazetteerFile> | null;
  if (file?.version !== 1 || !Array.isArray(file.features) || file.features.length === 0 || file.features.length > 30) return null;
  const lists: { lower: boolean; set: ReadonlySet<string> }[] = [];
  for (const f of file.features) {
    if ((f?.lookup !== 'name' && f?.lookup !== 'lower') || !Array.isArray(f.words)) return null;
    lists.push({ lower: f.lookup === 'lower', set: new Set(f.words) });
  }
  return {
    size: lists.length,
    marks(word) {
      const w = word.normalize('NFC');
      const name = asName(w);
      const lower = w.toLowerCase();
      let bits = 0;
      lists.forEach((l, i) => {
        if (l.set.has(l.lower ? lower : name)) bits |= 1 << i;
      });
      return bits;
    },
  };
}

/** The marks of each subword of a tokenized text: its pre-token's, looked up once per pre-token. */
export function subwordMarks(gazetteer: Gazetteer, text: string, tok: TokenizedText): Int32Array {
  const n = tok.ids.length;
  const out = new Int32Array(n);
  for (let i = 0; i < n;) {
    const word = tok.words[i]!;
    let j = i + 1;
    while (j < n && tok.words[j] === word) j++;
    const bits = gazetteer.marks(text.slice(tok.starts[i]!, tok.ends[j - 1]!));
    out.fill(bits, i, j);
    i = j;
  }
  return out;
}
