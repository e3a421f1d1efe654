import { describe, expect, it } from 'vitest';
import { createAnonymizer } from '../../../src/platform/node/text.js';
import type { Span } from '../../../src/text/span.js';

/**
 * Issue 37, step 4 (precision): families of generated texts through the default engine (the shipped model on), each
 * asserting the exact spans. Several names × several frames × German and English, none a user's example verbatim.
 */
const engine = createAnonymizer();
const ALL = ['PER', 'STR', 'MAIL', 'TEL', 'LOC', 'ORG', 'DATE', 'OTH'];

/** `[label, text]` of each span. */
async function spans(text: string, labels: readonly string[] = ALL): Promise<Array<[string, string]>> {
  return (await engine.detect(text, { labels })).map((s: Span) => [s.label, text.slice(s.start, s.end)]);
}

/** Every frame filled with every value. */
function family(frames: readonly string[], values: readonly string[]): string[] {
  return frames.flatMap((f) => values.map((v) => f.replaceAll('{X}', v)));
}

describe('a label not requested is dropped, never relabelled', () => {
  const texts = family(
    ['Ich kaufe jeden Samstag bei {X} in Köln ein.', 'I bought it at {X} in Leeds last week.', 'Receipt from {X}, Oxford Street, London.'],
    ['Lidl', 'Siemens', 'Vodafone', 'REWE'],
  );
  it.each(texts)('%j: asked for fewer labels, no span the full request does not have', async (text) => {
    const key = ([label, t]: [string, string]) => `${label}|${t}`;
    const full = await spans(text);
    for (const labels of [['PER', 'LOC'], ['LOC'], ['PER', 'LOC', 'STR', 'DATE', 'TEL', 'MAIL', 'OTH']]) {
      const expected = full.filter(([l]) => labels.includes(l)).map(key);
      expect((await spans(text, labels)).map(key), labels.join(',')).toEqual(expected);
    }
  });
});

describe('a mask never eats a line break its name does not hold', () => {
  const names = [
    ['Anna', 'Schmidt'],
    ['Jonas', 'Becker'],
    ['Maya', 'Lindqvist'],
    ['Tom', 'Hughes'],
  ];
  const frames = [
    (f: string, l: string) => `Sehr geehrte Frau ${f} ${l},\nKontakt: ${f}\n${l} Weg 4, Raum 2`,
    (f: string, l: string) => `Dear Ms ${f} ${l}, thanks for the call.\nBest, ${f}\n${l} Road is closed today.`,
  ];
  it.each(names.flatMap(([f, l]) => frames.map((frame) => [frame(f!, l!), `${f} ${l}`, f!])))('%j', async (text, full, first) => {
    const found = await spans(text);
    expect(found.filter(([, t]) => /\n/u.test(t))).toEqual([]);
    expect(found.slice(0, 2)).toEqual([
      ['PER', full],
      ['PER', first],
    ]);
  });
});
