import type { PiiToken } from '../spec/types.js';

/** Word tokens: runs of letters/digits/marks/underscore (with inner apostrophes, dots and hyphens kept out), or one other visible character. */
const TOKEN = /[\p{L}\p{N}\p{M}_]+|[^\p{L}\p{N}\p{M}_\s]/gu;

/** Tokens of a text with UTF-16 offsets and whether whitespace follows (the PII record's `tokens`). */
export function tokenize(text: string): PiiToken[] {
  const tokens: PiiToken[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const startChar = m.index;
    const endChar = startChar + m[0].length;
    tokens.push({ startChar, endChar, text: m[0], hasWs: /\s/u.test(text.charAt(endChar)) });
  }
  return tokens;
}

/** Number of word tokens: the `tokenCount` of a text result. Counts without building token objects. */
export function countTokens(text: string): number {
  let n = 0;
  TOKEN.lastIndex = 0;
  while (TOKEN.exec(text) !== null) n++;
  return n;
}
