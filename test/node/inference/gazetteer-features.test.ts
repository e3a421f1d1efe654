import { describe, expect, it } from 'vitest';
import { asName, readGazetteer, subwordMarks } from '../../../src/inference/gazetteer-features.js';
import { TINY, tokenizerOf } from './fixtures.js';

const FILE = {
  version: 1,
  features: [
    { name: 'place', lookup: 'name', words: ['Hamburg', 'Köln'] },
    { name: 'common-de', lookup: 'lower', words: ['kasse', 'hamburg'] },
  ],
};

describe('gazetteer channel marks', () => {
  it('matches names as written, ALL CAPS title-cased, and common words lower-cased, one bit per list', () => {
    const g = readGazetteer(FILE)!;
    expect(g.size).toBe(2);
    expect(g.marks('Hamburg')).toBe(0b11);
    expect(g.marks('HAMBURG')).toBe(0b11);
    expect(g.marks('hamburg')).toBe(0b10);
    expect(g.marks('Kasse')).toBe(0b10);
    expect(g.marks('KÖLN')).toBe(0b01);
    // NFD input reads as its NFC form.
    expect(g.marks('Ko\u0308ln')).toBe(0b01);
    expect(g.marks('Kölner')).toBe(0);
  });

  it('title-cases only words in capitals of two letters or more', () => {
    expect(asName('MÜLLER')).toBe('Müller');
    expect(asName('A')).toBe('A');
    expect(asName('McDonald')).toBe('McDonald');
    expect(asName('42')).toBe('42');
  });

  it('refuses files that are no gazetteer', () => {
    expect(readGazetteer(null)).toBeNull();
    expect(readGazetteer({ ...FILE, version: 2 })).toBeNull();
    expect(readGazetteer({ version: 1, features: [] })).toBeNull();
    expect(readGazetteer({ version: 1, features: [{ name: 'x', lookup: 'upper', words: [] }] })).toBeNull();
    expect(readGazetteer({ version: 1, features: [{ name: 'x', lookup: 'name', words: 'Hamburg' }] })).toBeNull();
  });

  it("gives every subword its pre-token's marks", () => {
    const g = readGazetteer(FILE)!;
    const text = 'In HAMBURG, Kasse.';
    const tok = tokenizerOf(TINY).encode(text);
    const marks = subwordMarks(g, text, tok);
    const byWord: number[][] = [];
    for (let i = 0; i < tok.ids.length; i++) (byWord[tok.words[i]!] ??= []).push(marks[i]!);
    // In | HAMBURG (several subwords) | , | Kasse | .
    expect(byWord.map((m) => [...new Set(m)])).toEqual([[0], [0b11], [0], [0b10], [0]]);
    expect(byWord[1]!.length).toBeGreaterThan(1);
  });
});
