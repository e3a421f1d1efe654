import { describe, expect, it } from 'vitest';
import { placePairs } from '../../../../src/detection/addresses/place-pairs.js';
import type { Span } from '../../../../src/text/span.js';

/** The text with the known place `known` as a LOC span, and what `placePairs` adds. */
function pairs(text: string, known: string): string[] {
  const start = text.indexOf(known);
  const spans: Span[] = [{ start, end: start + known.length, label: 'LOC', score: 0.8, source: 'ner' }];
  return placePairs(text, spans).map((s) => text.slice(s.start, s.end));
}

describe('placePairs: the other end of a route', () => {
  const KNOWN = ['Hamburg', 'Leeds', 'Oldenburg', 'Lübeck'];
  const TOWNS = ['Wilhelmshaven', 'Harrogate', 'Euskirchen', 'Bad-Oldesloe', 'Pinneberg'];
  const AFTER = [
    (a: string, b: string) => `Strecke ${a} – ${b}, täglich`,
    (a: string, b: string) => `Fahrt von ${a} nach ${b} am Montag`,
    (a: string, b: string) => `train from ${a} to ${b} at 9`,
    (a: string, b: string) => `${a} → ${b}`,
  ];
  it.each(KNOWN.flatMap((k) => TOWNS.flatMap((t) => AFTER.map((f) => [f(k, t), k, t] as const))))('%s', (text, known, town) => {
    expect(pairs(text, known)).toEqual([town]);
  });
  it.each(KNOWN.flatMap((k) => TOWNS.map((t) => [`${t} – ${k}`, k, t] as const)))('%s (before)', (text, known, town) => {
    expect(pairs(text, known)).toEqual([town]);
  });
  it.each([
    ['Hamburg – Hauptbahnhof', 'Hamburg'],
    ['von Hamburg nach Anna', 'Hamburg'],
    ['Leeds to The', 'Leeds'],
    ['Hamburg-Altona', 'Hamburg'],
    ['Hamburg –\nKiel', 'Hamburg'],
    ['Berlin bis Montag', 'Berlin'],
  ])('%j adds nothing', (text, known) => {
    expect(pairs(text, known)).toEqual([]);
  });
});

describe('placePairs: a word between two places', () => {
  it('is one new place, found from both sides once', () => {
    const text = 'Strecke Hamburg – Pinneberg – Lübeck';
    const spans: Span[] = ['Hamburg', 'Lübeck'].map((p) => ({
      start: text.indexOf(p),
      end: text.indexOf(p) + p.length,
      label: 'LOC',
      score: 0.8,
      source: 'ner',
    }));
    expect(placePairs(text, spans).map((s) => text.slice(s.start, s.end))).toEqual(['Pinneberg']);
  });
});
