import { describe, expect, it } from 'vitest';
import type { Span } from '../../../src/text/span.js';
import { joinPieces, splitSpans } from '../../../src/text/pieces.js';

const span = (start: number, end: number, label: Span['label'] = 'PER'): Span => ({ start, end, label, score: 0.9, source: 'test' });

describe('joinPieces', () => {
  it('joins with a line break by default and with each piece’s own joiner, none after the last', () => {
    const joined = joinPieces([{ text: 'Name', joiner: '\t' }, { text: 'Ort' }, { text: 'Anna', joiner: '\t\t' }, { text: 'Jena' }]);
    expect(joined.text).toBe('Name\tOrt\nAnna\t\tJena');
    expect(joined.starts).toEqual([0, 5, 9, 15]);
  });

  it('keeps blank pieces as empty lines', () => {
    expect(joinPieces([{ text: 'a' }, { text: '' }, { text: 'b' }]).text).toBe('a\n\nb');
  });
});

describe('splitSpans', () => {
  const pieces = [{ text: 'Herr Anna', joiner: '\t' }, { text: ' Schulze wohnt' }, { text: 'in Jena' }];
  const { text, starts } = joinPieces(pieces);

  it('moves each span to its piece’s offsets', () => {
    const jena = text.indexOf('Jena');
    const out = splitSpans([span(5, 9), span(jena, jena + 4, 'LOC')], pieces, starts);
    expect(out).toEqual([[span(5, 9)], [], [span(3, 7, 'LOC')]]);
  });

  it('cuts a span that runs over a joiner into one span per piece, whitespace at the cut trimmed', () => {
    const end = text.indexOf(' wohnt');
    const out = splitSpans([span(5, end)], pieces, starts);
    expect(out[0]).toEqual([span(5, 9)]);
    expect(out[1]).toEqual([span(1, 8)]);
    expect(pieces[1]!.text.slice(1, 8)).toBe('Schulze');
  });

  it('drops what falls on joiners or whitespace only', () => {
    expect(splitSpans([span(9, 11)], pieces, starts)).toEqual([[], [], []]);
  });
});
