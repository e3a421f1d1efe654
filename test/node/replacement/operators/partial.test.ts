import { describe, expect, it } from 'vitest';
import { partialPseudonym, resolvePartialRange } from '../../../../src/replacement/operators/partial.js';
import type { PartialPseudonymization } from '../../../../src/spec/types.js';

function cfg(start: number, stop: number, pseudonym = 'X', numeric = false): PartialPseudonymization {
  return {
    type: 'PARTIAL_PSEUDONYMIZATION',
    pseudonym,
    partialPseudonymizationStart: start,
    partialPseudonymizationStop: stop,
    useNumericPartialPseudonymization: numeric,
  };
}

describe('PARTIAL_PSEUDONYMIZATION: the spec rules', () => {
  it.each([
    // [match, start, stop, expected]  (pseudonym X)
    ['Hello', 2, -1, 'HX'], // spec: start 2 on Hello replaces "ello"
    ['Hello', 1, 3, 'Xlo'], // spec: stop 3 on Hello replaces "Hel"
    ['Hello', 0, 3, 'Xlo'], // start 0 = first character
    ['Hello', 1, -1, 'X'], // defaults: everything
    ['Hello', 0, 0, 'X'], // stop 0 = until the end
    ['Hello', 1, 0, 'X'],
    ['Hello', 2, 4, 'HXo'],
    ['Hello', 3, 3, 'HeXlo'], // a one-character range
    ['Hello', -1, -1, 'HellX'], // -1 = the last character
    ['Hello', -2, -1, 'HelX'],
    ['Hello', -3, 0, 'HeX'],
    ['Hello', 1, -2, 'Xo'], // negative stop counts from the end
    ['Hello', 2, -3, 'HXlo'],
    ['Hello', -4, -2, 'HXo'],
    ['Hello', -5, 1, 'Xello'],
  ])('%j start %d stop %d → %j', (match, start, stop, expected) => {
    expect(partialPseudonym(match, cfg(start, stop))).toBe(expected);
  });
});

describe('PARTIAL_PSEUDONYMIZATION: clamping and empty ranges', () => {
  it.each([
    ['Hello', 1, 99, 'X'], // stop past the end → clamped to the end
    ['Hello', 4, 99, 'HelX'],
    ['Hello', -99, 2, 'Xllo'], // start before the beginning → clamped to the first character
    ['Hello', -99, -99, 'Hello'], // stop before the beginning → empty
    ['Hello', 6, -1, 'Hello'], // start after the end → nothing replaced
    ['Hello', 99, 0, 'Hello'],
    ['Hello', 4, 2, 'Hello'], // start after stop → nothing replaced
    ['Hello', -1, 3, 'Hello'],
    ['Hello', 5, -2, 'Hello'],
    ['', 1, -1, ''], // an empty match has no range
    ['', 0, 0, ''],
    ['A', 1, -1, 'X'],
    ['A', 2, -1, 'A'],
  ])('%j start %d stop %d → %j', (match, start, stop, expected) => {
    expect(partialPseudonym(match, cfg(start, stop))).toBe(expected);
  });

  it('replaces the range once, with the pseudonym as a literal', () => {
    expect(partialPseudonym('Hans-Peter Müller', cfg(6, 10, '$&'))).toBe('Hans-$& Müller');
    expect(partialPseudonym('Hello', cfg(2, 4, ''))).toBe('Ho');
  });

  it('truncates fractional positions and falls back to the defaults for non-finite ones', () => {
    expect(partialPseudonym('Hello', cfg(2.7, 3.2))).toBe('HXlo');
    expect(partialPseudonym('Hello', cfg(Number.NaN, Number.NaN))).toBe('X');
  });
});

describe('PARTIAL_PSEUDONYMIZATION: positions are code points', () => {
  it.each([
    ['😀bc', 1, 1, 'Xbc'], // the emoji is one character, never half a surrogate pair
    ['😀bc', 2, -1, '😀X'],
    ['a𠮷c', 2, 2, 'aXc'],
    ['a𠮷c', -2, -2, 'aXc'],
    ['𠮷野家', 2, 0, '𠮷X'],
    ['ab😀', -1, -1, 'abX'],
    ['👨‍👩‍👧', 1, 1, 'X‍👩‍👧'], // a ZWJ family is several code points: only the first is replaced
  ])('%j start %d stop %d → %j', (match, start, stop, expected) => {
    expect(partialPseudonym(match, cfg(start, stop))).toBe(expected);
  });

  it('never produces a lone surrogate', () => {
    const out = partialPseudonym('😀😀😀', cfg(2, 2));
    expect(out).toBe('😀X😀');
    expect(out).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/u);
  });
});

describe('PARTIAL_PSEUDONYMIZATION: numeric mode', () => {
  const iban = 'DE89 3704 0044 0532 0130 00';
  it.each([
    [iban, 5, -1, 'DE89 **** **** **** **** **'],
    [iban, 1, -1, 'DE** **** **** **** **** **'],
    [iban, 5, -8, 'DE89 **** **** **** 0130 00'], // -8 is the space before 0130
    [iban, 5, -6, 'DE89 **** **** **** **30 00'],
    [iban, -2, 0, 'DE89 3704 0044 0532 0130 **'],
    [iban, 3, 4, 'DE** 3704 0044 0532 0130 00'],
    [iban, 99, -1, iban],
    ['+49 (0)911 398-2671', 5, -5, '+49 (*)*** ***-2671'],
    ['Tel. 030', 1, -1, 'Tel. ***'], // letters and punctuation stay
    ['٠١٢x', 1, -1, '***x'], // Arabic-Indic digits are digits too
    ['𠮷12', 2, 2, '𠮷*2'], // code points here as well
    ['abc', 1, -1, 'abc'], // no digit: unchanged
  ])('%j start %d stop %d → %j', (match, start, stop, expected) => {
    expect(partialPseudonym(match, cfg(start, stop, 'IGNORED', true))).toBe(expected);
  });

  it('ignores the pseudonym and keeps the length', () => {
    const out = partialPseudonym(iban, cfg(5, -1, 'PSEUDO', true));
    expect(out).not.toContain('PSEUDO');
    expect(out).toHaveLength(iban.length);
  });
});

describe('resolvePartialRange', () => {
  it.each([
    [5, 2, -1, { empty: false, first: 1, last: 4 }],
    [5, 1, 3, { empty: false, first: 0, last: 2 }],
    [5, -1, 0, { empty: false, first: 4, last: 4 }],
    [5, 4, 2, { empty: true }],
    [0, 1, -1, { empty: true }],
  ])('length %d start %d stop %d', (length, start, stop, expected) => {
    expect(resolvePartialRange(length, start, stop)).toEqual(expected);
  });
});
