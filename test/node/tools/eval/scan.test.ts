import { describe, expect, it } from 'vitest';
import { approximateFind } from '../../../../tools/eval/scan.js';

describe("approximateFind (a scan's detections mapped back onto the record)", () => {
  it('finds the text exactly where it stands, from the given index on', () => {
    expect(approximateFind('AmirHadzicundAmirHadzic', 'AmirHadzic')).toEqual({ start: 0, end: 10 });
    expect(approximateFind('AmirHadzicundAmirHadzic', 'AmirHadzic', 5)).toEqual({ start: 13, end: 23 });
  });

  it('finds a misread within a fifth of its characters in edits, and nothing past that', () => {
    expect(approximateFind('Anschrift:Flurstraße7,42103', 'FlurstraBe7')).toEqual({ start: 10, end: 21 });
    expect(approximateFind('Anschrift:Flurstraße7,42103', 'FlurstraBe')).toEqual({ start: 10, end: 20 });
    expect(approximateFind('Anschrift:Flurstraße7,42103', 'Blumenweg')).toBeNull();
    expect(approximateFind('abc', '')).toBeNull();
  });
});
