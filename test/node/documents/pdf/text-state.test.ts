import { describe, expect, it } from 'vitest';
import type { Matrix } from '../../../../src/documents/pdf/geometry.js';
import type { GlyphAdvance, ShownGlyph } from '../../../../src/documents/pdf/text-state.js';
import { GLYPH_UNITS, TextState, glyphBox, glyphCentre, isShowOperator, isWordSpace } from '../../../../src/documents/pdf/text-state.js';

// Every expected number below is worked out by hand from ISO 32000-1, 9.4.2 (glyph widths in 1/1000 em).

const FONT = { name: 'F1' };
const glyph = (width: number, wordSpace = false): GlyphAdvance => ({ width, wordSpace });
const SPACE = glyph(250, true);

/** A text state in a text object with a 10 pt font (widths in 1/1000 em). */
function begin(ctm?: Matrix): TextState<typeof FONT> {
  const ts = new TextState<typeof FONT>(() => GLYPH_UNITS, ctm);
  ts.apply('BT', []);
  ts.setFont(FONT, 10);
  return ts;
}

/** Where each glyph's origin lies in text space (the e, f of its text matrix). */
const origins = (shown: ReadonlyArray<ShownGlyph<unknown>>) => shown.map((g) => [g.tm[4], g.tm[5]]);

describe('text state (ISO 32000-1, 9.3–9.4)', () => {
  it('Td, TD, TL, T* and Tm move the line matrix; BT resets it', () => {
    const ts = begin();
    ts.apply('Td', [100, 700]);
    expect(ts.lineMatrix).toEqual([1, 0, 0, 1, 100, 700]);
    // TD sets the leading to -ty as well.
    ts.apply('TD', [5, -12]);
    expect(ts.lineMatrix).toEqual([1, 0, 0, 1, 105, 688]);
    expect(ts.state.leading).toBe(12);
    ts.apply('T*', []);
    expect(ts.lineMatrix).toEqual([1, 0, 0, 1, 105, 676]);
    ts.apply('TL', [20]);
    ts.apply('T*', []);
    expect(ts.lineMatrix).toEqual([1, 0, 0, 1, 105, 656]);
    // Tm replaces both matrices; a later Td moves in the scaled space of the new line matrix.
    ts.apply('Tm', [2, 0, 0, 2, 10, 20]);
    ts.apply('Td', [5, 5]);
    expect(ts.lineMatrix).toEqual([2, 0, 0, 2, 20, 30]);
    expect(origins(ts.show('Tj', [], [glyph(500)]))).toEqual([[20, 30]]);
    ts.apply('BT', []);
    expect(ts.lineMatrix).toEqual([1, 0, 0, 1, 0, 0]);
    expect(origins(ts.show('Tj', [], [glyph(500)]))).toEqual([[0, 0]]);
  });

  it('showing advances the text matrix, not the line matrix: T* starts the next line at the line start', () => {
    const ts = begin();
    ts.apply('TL', [12]);
    ts.apply('Td', [50, 700]);
    expect(origins(ts.show('Tj', [], [glyph(500), glyph(600)]))).toEqual([
      [50, 700],
      [55, 700],
    ]);
    expect(origins(ts.show('Tj', [], [glyph(500)]))).toEqual([[61, 700]]);
    ts.apply('T*', []);
    expect(origins(ts.show('Tj', [], [glyph(500)]))).toEqual([[50, 688]]);
  });

  it('cm concatenates to the CTM; q/Q save and restore it with the font, but not the text matrices', () => {
    const ts = begin([2, 0, 0, 2, 10, 10]);
    ts.apply('Td', [0, 0]);
    ts.apply('q', []);
    ts.apply('cm', [1, 0, 0, 1, 5, 5]);
    expect(ts.state.ctm).toEqual([2, 0, 0, 2, 20, 20]);
    ts.setFont({ name: 'F2' }, 20);
    const [a] = ts.show('Tj', [], [glyph(500)]);
    // 20 pt: 10 units wide in text space, twice that in user space; the box reaches from -0.2 to 0.8 em.
    expect(glyphBox(a!)).toEqual({ x0: 20, y0: 12, x1: 40, y1: 52 });
    ts.apply('Q', []);
    expect(ts.state.ctm).toEqual([2, 0, 0, 2, 10, 10]);
    expect(ts.state.font).toBe(FONT);
    expect(ts.state.size).toBe(10);
    // The text matrix kept the advance of the glyph shown inside q/Q.
    const [b] = ts.show('Tj', [], [glyph(500)]);
    expect(b!.tm).toEqual([1, 0, 0, 1, 10, 0]);
    expect(glyphBox(b!)).toEqual({ x0: 30, y0: 6, x1: 40, y1: 26 });
    // A Q without q leaves the state alone.
    ts.apply('Q', []);
    expect(ts.state.ctm).toEqual([2, 0, 0, 2, 10, 10]);
  });

  it('Tc after every glyph, Tw only after word spaces, Tz scales the advance, Ts raises the glyphs', () => {
    const ts = begin();
    for (const [op, value] of [
      ['Tc', 1],
      ['Tw', 3],
      ['Tz', 50],
      ['Ts', 2],
    ] as const)
      ts.apply(op, [value]);
    ts.apply('Td', [100, 200]);
    // a (500): x 0, next 0 + 5 + 1 = 6. Space (250): next 6 + 2.5 + 3 + 1 = 12.5. b (600): next 12.5 + 6 + 1 = 19.5.
    // Text space x is then scaled by 0.5 into the text matrix.
    const shown = ts.show('Tj', [], [glyph(500), SPACE, glyph(600)]);
    expect(shown.map((g) => g.x)).toEqual([0, 6, 12.5]);
    expect(origins(shown)).toEqual([
      [100, 200],
      [103, 200],
      [106.25, 200],
    ]);
    expect(origins(ts.show('Tj', [], [glyph(500)]))).toEqual([[109.75, 200]]);
    // b: x 106.25 to 106.25 + 0.5 × 6; y from the rise 2 − 2 to 2 + 8.
    expect(glyphBox(shown[2]!)).toEqual({ x0: 106.25, y0: 200, x1: 109.25, y1: 210 });
    expect(glyphCentre(shown[2]!)).toEqual([107.75, 205]);
    // A glyph that is not a word space gets no Tw, even when it is as wide as one.
    const next = ts.show('Tj', [], [glyph(250), glyph(500)]);
    expect(next[1]!.x - next[0]!.x).toBe(2.5 + 1);
  });

  it('word spacing applies to the single-byte code 32 only', () => {
    expect(isWordSpace(32, 1)).toBe(true);
    expect(isWordSpace(33, 1)).toBe(false);
    expect(isWordSpace(32, 2)).toBe(false);
    expect(isWordSpace(0x2020, 2)).toBe(false);
  });

  it('TJ adjustments move the next glyph back by thousandths of text space and are reported before it', () => {
    const ts = begin();
    ts.apply('Tz', [200]);
    // a: x 0, next 5; −250 moves right by 2.5 to 7.5; b: next 12.5; 100 and 50 move left by 1.5 to 11.
    // The text matrix gets x × 2 (Tz 200).
    const shown = ts.show('TJ', [], [glyph(500), -250, glyph(500), 100, 50, glyph(500)]);
    expect(shown.map((g) => g.kernBefore)).toEqual([0, -250, 150]);
    expect(shown.map((g) => g.x)).toEqual([0, 7.5, 11]);
    expect(origins(shown)).toEqual([
      [0, 0],
      [15, 0],
      [22, 0],
    ]);
  });

  it('\' moves to the next line; " also sets Tw and Tc from its operands', () => {
    const ts = begin();
    ts.apply('TL', [14]);
    ts.apply('Td', [50, 700]);
    expect(origins(ts.show("'", [], [glyph(500)]))).toEqual([[50, 686]]);
    expect(ts.lineMatrix).toEqual([1, 0, 0, 1, 50, 686]);
    // Space: next 2.5 + 4 + 2 = 8.5; a: next 8.5 + 5 + 2 = 15.5.
    const shown = ts.show('"', [4, 2], [SPACE, glyph(500), glyph(500)]);
    expect(origins(shown)).toEqual([
      [50, 672],
      [58.5, 672],
      [65.5, 672],
    ]);
    expect(ts.state.wordSpacing).toBe(4);
    expect(ts.state.charSpacing).toBe(2);
  });

  it('without a font nothing is shown, but the line still moves', () => {
    const ts = new TextState<typeof FONT>(() => GLYPH_UNITS);
    ts.apply('BT', []);
    ts.apply('TL', [10]);
    expect(ts.show("'", [], [glyph(500)])).toEqual([]);
    expect(ts.lineMatrix).toEqual([1, 0, 0, 1, 0, -10]);
  });

  it('a negative font size turns the glyph by 180°: it advances left and hangs below the baseline', () => {
    const ts = begin();
    ts.setFont(FONT, -10);
    ts.apply('Td', [100, 100]);
    const [a, b] = ts.show('Tj', [], [glyph(500), glyph(500)]);
    expect(glyphBox(a!)).toEqual({ x0: 95, y0: 92, x1: 100, y1: 102 });
    expect(glyphCentre(a!)).toEqual([97.5, 97]);
    expect(b!.tm[4]).toBe(95);
  });

  it('boxes take the font extent and an outer matrix (user space → top-left page coordinates)', () => {
    const ts = begin();
    ts.apply('Td', [100, 700]);
    const [a] = ts.show('Tj', [], [glyph(500)]);
    expect(glyphBox(a!, { ascent: 0.9, descent: -0.25 })).toEqual({ x0: 100, y0: 697.5, x1: 105, y1: 709 });
    expect(glyphBox(a!, { ascent: 0.9, descent: -0.25 }, [1, 0, 0, -1, 0, 842])).toEqual({ x0: 100, y0: 133, x1: 105, y1: 144.5 });
  });

  it('glyph widths are scaled by the font (Type3 font matrices are not 1/1000)', () => {
    const ts = new TextState<{ scale: number }>((f) => f.scale);
    ts.apply('BT', []);
    ts.setFont({ scale: 0.01 }, 10);
    expect(origins(ts.show('Tj', [], [glyph(50), glyph(50)]))).toEqual([
      [0, 0],
      [5, 0],
    ]);
  });

  it('apply handles the state operators only; show operators are recognised', () => {
    const ts = begin();
    for (const op of ['q', 'Q', 'cm', 'BT', 'Td', 'TD', 'Tm', 'T*', 'TL', 'Tc', 'Tw', 'Tz', 'Ts', 'Tr']) {
      expect(ts.apply(op, [1, 0, 0, 1, 0, 0]), op).toBe(true);
    }
    for (const op of ['Tf', 'Tj', 'ET', 're', 'Do']) expect(ts.apply(op, []), op).toBe(false);
    expect(['Tj', 'TJ', "'", '"', 'Td', 'Tf'].map(isShowOperator)).toEqual([true, true, true, true, false, false]);
    expect(ts.state.render).toBe(1);
  });
});
