import { describe, expect, it } from 'vitest';
import { frontCode, frontDecode, NAMES } from '../../../../src/detection/lexicons/front-coding.js';

describe('front coding of the word lists', () => {
  it('writes each word as the length it shares with the word before and its rest, and reads it back', () => {
    const words = ['abbildung', 'abbildungen', 'abend', 'größe', 'größen', 'straße', 'zürich'];
    const coded = frontCode(words);
    expect(coded).toBe('0abbildung9en2end0größe5n0straße0zürich');
    expect(frontDecode(coded)).toEqual(words);
  });

  it('shares at most 35 letters, so a marker stays a character no lower-case word holds', () => {
    const long = 'donaudampfschifffahrtsgesellschaftskapitän';
    const words = [long, `${long}e`, `${long}s`];
    const coded = frontCode(words);
    expect([...coded].filter((c) => /[0-9A-S]/u.test(c))).toEqual(['0', 'S', 'S']);
    expect(frontDecode(coded)).toEqual(words);
    expect(frontDecode('')).toEqual([]);
  });

  it('refuses unsorted or repeated words and words with digits or capitals', () => {
    expect(() => frontCode(['b', 'a'])).toThrow(/sorted/u);
    expect(() => frontCode(['a', 'a'])).toThrow(/sorted/u);
    expect(() => frontCode(['abc1'])).toThrow(/not a word of this coding/u);
    expect(() => frontCode(['Abc'])).toThrow(/not a word of this coding/u);
  });

  it('writes names as written with control characters for markers: capitals, spaces, hyphens and accents stay', () => {
    const names = ['Abu Dhabi', 'Ana', 'Anna', 'Anna-Lena', 'Zoë'];
    const coded = frontCode(names, NAMES);
    expect(coded).toBe('\u000eAbu Dhabi\u000fna\u0010na\u0012-Lena\u000eZoë');
    expect(frontDecode(coded, NAMES)).toEqual(names);
    expect(() => frontCode(['Bell\u0012e'], NAMES)).toThrow(/not a word of this coding/u);
  });
});
