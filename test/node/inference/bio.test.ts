import { describe, expect, it } from 'vitest';
import { argmaxPath, groupTags, parseTag, tagConstraints, viterbi } from '../../../src/inference/bio.js';

const BIO = ['O', 'B-PER', 'I-PER', 'B-LOC', 'I-LOC'];
const BIOES = ['O', 'B-PER', 'I-PER', 'E-PER', 'S-PER'];

/** Emission rows from "tag: logp" maps; unnamed tags get -10. */
function scores(tags: string[], rows: Array<Record<string, number>>): Float32Array {
  const out = new Float32Array(rows.length * tags.length).fill(-10);
  rows.forEach((r, i) => {
    for (const [t, v] of Object.entries(r)) out[i * tags.length + tags.indexOf(t)] = v;
  });
  return out;
}

function decode(tags: string[], rows: Array<Record<string, number>>, how: 'viterbi' | 'argmax' = 'viterbi'): string[] {
  const parsed = tags.map(parseTag);
  const s = scores(tags, rows);
  const path = how === 'viterbi' ? viterbi(s, tags.length, tagConstraints(parsed)) : argmaxPath(s, tags.length);
  return Array.from(path, (i) => tags[i]!);
}

describe('parseTag', () => {
  it.each([
    ['O', 'O', null],
    ['B-PER', 'B', 'PER'],
    ['I_LOC', 'I', 'LOC'],
    ['E-ORG', 'E', 'ORG'],
    ['S-GPE', 'S', 'GPE'],
    ['U-PER', 'S', 'PER'],
    ['L-PER', 'E', 'PER'],
    ['PER', 'I', 'PER'],
    ['B-DATE-TIME', 'B', 'DATE-TIME'],
  ])('%s → %s %s', (tag, prefix, type) => {
    expect(parseTag(tag)).toEqual({ prefix, type });
  });
});

describe('Viterbi with BIO constraints', () => {
  it.each([
    ['an I- at the start becomes B-', BIO, [{ 'I-PER': -0.1, 'B-PER': -1, O: -2 }], ['B-PER']],
    ['an I- after O becomes B- (or O, whichever is likelier)', BIO, [{ O: -0.1 }, { 'I-PER': -0.2, O: -1.5, 'B-PER': -3 }], ['O', 'O']],
    ['a type switch inside an entity is repaired', BIO, [{ 'B-PER': -0.1 }, { 'I-LOC': -0.5, 'I-PER': -0.9 }], ['B-PER', 'I-PER']],
    ['B- followed by O is fine in BIO', BIO, [{ 'B-LOC': -0.1 }, { O: -0.1 }], ['B-LOC', 'O']],
    ['BIOES: a lone B- must close', BIOES, [{ 'B-PER': -0.2, 'S-PER': -0.9 }, { O: -0.1 }], ['S-PER', 'O']],
    ['BIOES: B- I- E- chain', BIOES, [{ 'B-PER': -0.1 }, { 'I-PER': -0.1 }, { 'E-PER': -0.3, O: -0.2 }], ['B-PER', 'I-PER', 'E-PER']],
    ['BIOES: cannot end open', BIOES, [{ O: -0.1 }, { 'B-PER': -0.1, 'S-PER': -0.5 }], ['O', 'S-PER']],
  ] as Array<[string, string[], Array<Record<string, number>>, string[]]>)('%s', (_name, tags, rows, expected) => {
    expect(decode(tags, rows)).toEqual(expected);
  });

  it('differs from argmax exactly where argmax is invalid', () => {
    const rows: Array<Record<string, number>> = [{ O: -0.1 }, { 'I-PER': -0.3, 'B-PER': -0.6 }, { 'I-PER': -0.2 }];
    expect(decode(BIO, rows, 'argmax')).toEqual(['O', 'I-PER', 'I-PER']);
    expect(decode(BIO, rows)).toEqual(['O', 'B-PER', 'I-PER']);
  });

  it('lets IO-scheme types (no B- tag) start with I-', () => {
    expect(decode(['O', 'PER', 'LOC'], [{ PER: -0.1 }, { PER: -0.1 }, { LOC: -0.1 }])).toEqual(['PER', 'PER', 'LOC']);
  });

  it('decodes an empty sequence', () => {
    expect(viterbi(new Float32Array(0), 5, tagConstraints(BIO.map(parseTag)))).toHaveLength(0);
  });
});

describe('groupTags', () => {
  const group = (tags: string[], path: string[]) =>
    groupTags(
      path.map((t) => tags.indexOf(t)),
      tags.map(parseTag),
    );

  it.each([
    [
      'BIO',
      BIO,
      ['B-PER', 'I-PER', 'O', 'B-LOC'],
      [
        { start: 0, end: 2, type: 'PER' },
        { start: 3, end: 4, type: 'LOC' },
      ],
    ],
    [
      'adjacent B- B-',
      BIO,
      ['B-PER', 'B-PER'],
      [
        { start: 0, end: 1, type: 'PER' },
        { start: 1, end: 2, type: 'PER' },
      ],
    ],
    ['lenient I- after O', BIO, ['O', 'I-PER', 'I-PER'], [{ start: 1, end: 3, type: 'PER' }]],
    [
      'lenient type switch',
      BIO,
      ['B-PER', 'I-LOC'],
      [
        { start: 0, end: 1, type: 'PER' },
        { start: 1, end: 2, type: 'LOC' },
      ],
    ],
    [
      'BIOES',
      BIOES,
      ['S-PER', 'B-PER', 'I-PER', 'E-PER', 'O'],
      [
        { start: 0, end: 1, type: 'PER' },
        { start: 1, end: 4, type: 'PER' },
      ],
    ],
    [
      'BIOES: E- closes, next I- starts anew',
      BIOES,
      ['B-PER', 'E-PER', 'I-PER'],
      [
        { start: 0, end: 2, type: 'PER' },
        { start: 2, end: 3, type: 'PER' },
      ],
    ],
    [
      'IO',
      ['O', 'PER', 'LOC'],
      ['PER', 'PER', 'LOC', 'O'],
      [
        { start: 0, end: 2, type: 'PER' },
        { start: 2, end: 3, type: 'LOC' },
      ],
    ],
  ])('%s', (_name, tags, path, expected) => {
    expect(group(tags, path)).toEqual(expected);
  });
});
