import { describe, expect, it } from 'vitest';
import { countTokens, tokenize } from '../../../src/text/tokens.js';

describe('tokenize', () => {
  it('splits words and punctuation with UTF-16 offsets and hasWs', () => {
    const text = 'Herr Müller, Tel. 030/123';
    expect(tokenize(text)).toEqual([
      { startChar: 0, endChar: 4, text: 'Herr', hasWs: true },
      { startChar: 5, endChar: 11, text: 'Müller', hasWs: false },
      { startChar: 11, endChar: 12, text: ',', hasWs: true },
      { startChar: 13, endChar: 16, text: 'Tel', hasWs: false },
      { startChar: 16, endChar: 17, text: '.', hasWs: true },
      { startChar: 18, endChar: 21, text: '030', hasWs: false },
      { startChar: 21, endChar: 22, text: '/', hasWs: false },
      { startChar: 22, endChar: 25, text: '123', hasWs: false },
    ]);
  });

  it('counts astral characters as UTF-16 pairs in offsets', () => {
    const tokens = tokenize('𠮷田 😀 Anna');
    expect(tokens.map((t) => [t.text, t.startChar, t.endChar])).toEqual([
      ['𠮷田', 0, 3],
      ['😀', 4, 6],
      ['Anna', 7, 11],
    ]);
  });

  it.each([
    ['', 0],
    ['   \n\t', 0],
    ['Hello', 1],
    ['Hello, world!', 4],
    ['e-mail: a@b.de', 9],
  ])('countTokens(%j) = %i, same as tokenize', (text, n) => {
    expect(countTokens(text)).toBe(n);
    expect(tokenize(text)).toHaveLength(n);
  });
});
