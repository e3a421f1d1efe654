import { describe, expect, it } from 'vitest';
import { stringOfCharCodes } from '../../../src/bytes/char-codes.js';

describe('stringOfCharCodes', () => {
  it('maps every byte to the character of the same code, across slice boundaries', () => {
    const bytes = Uint8Array.from({ length: 3 * 0x2000 + 5 }, (_, i) => (i * 31) & 0xff);
    const s = stringOfCharCodes(bytes);
    expect(s).toHaveLength(bytes.length);
    for (const i of [0, 1, 0x1fff, 0x2000, 0x2001, bytes.length - 1]) expect(s.charCodeAt(i)).toBe(bytes[i]);
    expect(stringOfCharCodes(Uint8Array.from({ length: 256 }, (_, b) => b))).toBe(
      String.fromCharCode(...Array.from({ length: 256 }, (_, b) => b)),
    );
  });

  it('keeps UTF-16 units as they are, lone surrogates included, and gives an empty string for no units', () => {
    expect(stringOfCharCodes(Uint16Array.from([0x20ac, 0xd83d, 0xde00, 0xd800, 0x41]))).toBe('€😀\ud800A');
    expect(stringOfCharCodes(new Uint8Array(0))).toBe('');
  });
});
