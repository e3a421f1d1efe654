import { describe, expect, it } from 'vitest';
import { centralWindows, planWindows, windowCoverage } from '../../../src/inference/windows.js';
import { TINY, tokenizerOf } from './fixtures.js';

/** A 20,000-character text of varied words, names, numbers and punctuation. */
function longText(): string {
  const parts = [
    'Anna',
    'Müller',
    'wohnt',
    'in',
    'der',
    'Hauptstraße',
    '12,',
    '10115',
    'Berlin.',
    'Sehr',
    'geehrte',
    'Damen',
    'und',
    'Herren',
    '😀',
    '𠮷',
    'Donaudampfschifffahrtsgesellschaftskapitän',
    'e\u0301te',
    '(Kopie)',
    'Siemens',
    'AG',
  ];
  let text = '';
  let i = 0;
  while (text.length < 20_000) text += parts[(i * 7 + (i >> 3)) % parts.length]! + (i++ % 13 === 0 ? '\n' : ' ');
  return text.slice(0, 20_000);
}

describe('planWindows', () => {
  it.each([
    [64, 16],
    [128, 32],
    [31, 0],
    [2, 0],
  ])('covers a 20,000-char text with windows of %i tokens (overlap %i): no truncation', (size, overlap) => {
    const text = longText();
    const tok = tokenizerOf(TINY).encode(text);
    const n = tok.ids.length;
    const windows = planWindows(tok.words, size, overlap);
    const inWindow = new Uint8Array(n);
    for (const w of windows) {
      expect(w.end - w.start).toBeGreaterThan(0);
      expect(w.end - w.start).toBeLessThanOrEqual(size);
      inWindow.fill(1, w.start, w.end);
    }
    expect(inWindow.every((x) => x === 1)).toBe(true);
    expect(windows[0]!.start).toBe(0);
    expect(windows.at(-1)!.end).toBe(n);
    // Every visible character lies in some window's character range.
    const covered = new Uint8Array(text.length);
    for (const w of windows) covered.fill(1, tok.starts[w.start]!, tok.ends[w.end - 1]!);
    for (let c = 0; c < text.length; c++) if (!/\s/.test(text[c]!)) expect(covered[c], `char ${c}`).toBe(1);
    expect(windowCoverage(tok.starts, tok.ends, windows)).toBe(1);
    // Consecutive windows overlap by about `overlap` tokens and advance.
    for (let k = 1; k < windows.length; k++) {
      expect(windows[k]!.start).toBeGreaterThan(windows[k - 1]!.start);
      expect(windows[k]!.start).toBeLessThanOrEqual(windows[k - 1]!.end);
    }
  });

  it('makes windows of about equal length, as few as the size needs (a batch pads little)', () => {
    const words = Array.from({ length: 583 }, (_, i) => i);
    const windows = planWindows(words, 254, 32);
    expect(windows).toHaveLength(3);
    const lengths = windows.map((w) => w.end - w.start);
    expect(Math.max(...lengths) - Math.min(...lengths)).toBeLessThanOrEqual(16);
    expect(lengths.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(583 + 2 * 32 + 12);
    expect(planWindows(words.slice(0, 200), 254, 32)).toEqual([{ start: 0, end: 200 }]);
  });

  it('cuts at word boundaries when it can', () => {
    // words: 0 0 0 | 1 1 | 2 | 3 3 3 3 | 4
    const words = [0, 0, 0, 1, 1, 2, 3, 3, 3, 3, 4];
    const windows = planWindows(words, 5, 1);
    for (const w of windows) {
      expect(w.start === 0 || words[w.start] !== words[w.start - 1]).toBe(true);
      expect(w.end === words.length || words[w.end] !== words[w.end - 1]).toBe(true);
    }
  });

  it('cuts inside a word longer than a window, still covering every token', () => {
    const words = [0, ...new Array(40).fill(1), 2];
    const windows = planWindows(words, 8, 2);
    const seen = new Set<number>();
    for (const w of windows) for (let i = w.start; i < w.end; i++) seen.add(i);
    expect(seen.size).toBe(words.length);
  });

  it('reports coverage below 1 when tokens are left out', () => {
    expect(windowCoverage([0, 5, 10], [4, 9, 14], [{ start: 0, end: 2 }])).toBeCloseTo(8 / 12);
    expect(windowCoverage([], [], [])).toBe(1);
  });
});

describe('centralWindows', () => {
  it('gives each token the window where it has the most context', () => {
    const windows = [
      { start: 0, end: 10 },
      { start: 6, end: 16 },
    ];
    const owner = Array.from(centralWindows(16, windows));
    expect(owner).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1]);
  });
});
