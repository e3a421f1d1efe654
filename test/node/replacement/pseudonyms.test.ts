import { describe, expect, it } from 'vitest';
import { createPseudonymizer, formatPseudonym } from '../../../src/replacement/pseudonyms.js';
import { parseMarked } from './helpers.js';

function assign(p: ReturnType<typeof createPseudonymizer>, marked: string) {
  const { text, spans } = parseMarked(marked);
  return p.assign(text, spans);
}

describe('Pseudonymizer', () => {
  it('formats LABEL-n', () => {
    expect(formatPseudonym('PER', 1)).toBe('PER-1');
    expect(formatPseudonym('OTH', 12)).toBe('OTH-12');
  });

  it('numbers per label in order of first appearance', () => {
    const p = createPseudonymizer();
    const out = assign(p, '[[PER|Anna Kurz]] [[LOC|Bonn]] [[PER|Ben Lang]] [[PER|Anna Kurz]] [[LOC|Köln]]');
    expect(out.map((a) => a.pseudonym)).toEqual(['PER-1', 'LOC-1', 'PER-2', 'PER-1', 'LOC-2']);
    expect(out.map((a) => a.crId)).toEqual([0, 1, 2, 0, 3]);
  });

  it('continues numbering and coreference across calls (pages of one document)', () => {
    const p = createPseudonymizer();
    const page1 = assign(p, 'Sehr geehrter Herr [[PER|Hans Müller]], Ihr Termin in [[LOC|Köln]] …');
    const page2 = assign(p, 'Herr [[PER|Müller]] und Frau [[PER|Eva Schmidt]] in [[LOC|Bonn]]; [[LOC|Köln]] …');
    const page3 = assign(p, '[[PER|H. Müller]], [[PER|Schmidt]], [[ORG|Landgericht Köln]]');
    expect(page1.map((a) => a.pseudonym)).toEqual(['PER-1', 'LOC-1']);
    expect(page2.map((a) => a.pseudonym)).toEqual(['PER-1', 'PER-2', 'LOC-2', 'LOC-1']);
    expect(page3.map((a) => a.pseudonym)).toEqual(['PER-1', 'PER-2', 'ORG-1']);
    expect(page2[0]!.crId).toBe(page1[0]!.crId);
    expect(page2[3]!.crId).toBe(page1[1]!.crId);
    expect(page3.map((a) => a.crId)).toEqual([0, 2, 4]);
  });

  it('is independent per instance and deterministic', () => {
    const marked = '[[PER|Eva Schmidt]] [[PER|Hans Müller]]';
    const a = createPseudonymizer();
    assign(a, '[[PER|Hans Müller]]');
    expect(assign(a, marked).map((x) => x.pseudonym)).toEqual(['PER-2', 'PER-1']);
    expect(assign(createPseudonymizer(), marked).map((x) => x.pseudonym)).toEqual(['PER-1', 'PER-2']);
    expect(assign(createPseudonymizer(), marked)).toEqual(assign(createPseudonymizer(), marked));
  });

  it('accepts an empty call without consuming numbers', () => {
    const p = createPseudonymizer();
    expect(p.assign('', [])).toEqual([]);
    expect(assign(p, '[[MAIL|a@b.de]]')).toEqual([{ crId: 0, number: 1, pseudonym: 'MAIL-1' }]);
  });
});
