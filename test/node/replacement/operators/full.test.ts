import { describe, expect, it } from 'vitest';
import { fullPseudonym } from '../../../../src/replacement/operators/full.js';

describe('FULL_PSEUDONYMIZATION', () => {
  it.each([
    ['Hans-Peter Müller', 'Max Mustermann', 'Max Mustermann'],
    ['x', 'Max Mustermann', 'Max Mustermann'],
    ['Müller', '', ''],
    ['Müller', 'PER-1', 'PER-1'],
    ['Müller', '$& $1 \\n', '$& $1 \\n'],
    ['😀', '𠮷', '𠮷'],
  ])('%j with pseudonym %j → %j', (match, pseudonym, expected) => {
    expect(fullPseudonym(match, { type: 'FULL_PSEUDONYMIZATION', pseudonym })).toBe(expected);
  });
});
