import { describe, expect, it } from 'vitest';
import type { RandomFill } from '../../../../src/documents/image/effects.js';
import { applyEffect, MAX_GRID, NOISE } from '../../../../src/documents/image/effects.js';
import type { Raster } from '../../../../src/documents/image/raster.js';
import { pixel, raster } from '../../../helpers/images.js';

/** A repeatable noise source. */
function seededFill(seed: number): RandomFill {
  let s = seed;
  return (buf) => {
    for (let i = 0; i < buf.length; i++) {
      s = (s * 1103515245 + 12345) >>> 0;
      buf[i] = s >>> 24;
    }
  };
}

const rect = { x0: 16, y0: 8, x1: 80, y1: 40 };
const W = 96;
const H = 48;
const background = (x: number, y: number) => [(x * 3) % 256, (y * 5) % 256, 128];

/** Two different "secrets" inside `rect`: text-like strokes in different places; both average to the same grey per 8×4 cell. */
function secretA(x: number, y: number) {
  return (x + y) % 2 === 0 ? [0, 0, 0] : [255, 255, 255];
}
function secretB(x: number, y: number) {
  return (x + y) % 2 === 1 ? [0, 0, 0] : [255, 255, 255];
}
function scene(secret: (x: number, y: number) => number[]): Raster {
  return raster(W, H, (x, y) => (x >= rect.x0 && x < rect.x1 && y >= rect.y0 && y < rect.y1 ? secret(x, y) : background(x, y)));
}

function region(img: Raster): number[] {
  const out: number[] = [];
  for (let y = rect.y0; y < rect.y1; y++) for (let x = rect.x0; x < rect.x1; x++) out.push(...pixel(img, x, y));
  return out;
}

/** The same image with every grid cell of the region replaced by its mean colour: all BLUR/PIXELATE may keep. */
function coarse(img: Raster): Raster {
  const out = { ...img, data: new Uint8ClampedArray(img.data) };
  const nx = MAX_GRID;
  const ny = MAX_GRID;
  const rw = rect.x1 - rect.x0;
  const rh = rect.y1 - rect.y0;
  for (let cy = 0; cy < ny; cy++) {
    for (let cx = 0; cx < nx; cx++) {
      const xs = [rect.x0 + Math.ceil((cx * rw) / nx), rect.x0 + Math.ceil(((cx + 1) * rw) / nx)];
      const ys = [rect.y0 + Math.ceil((cy * rh) / ny), rect.y0 + Math.ceil(((cy + 1) * rh) / ny)];
      const sum = [0, 0, 0];
      let n = 0;
      for (let y = ys[0]!; y < ys[1]!; y++)
        for (let x = xs[0]!; x < xs[1]!; x++, n++) for (let k = 0; k < 3; k++) sum[k]! += pixel(img, x, y)[k]!;
      for (let y = ys[0]!; y < ys[1]!; y++)
        for (let x = xs[0]!; x < xs[1]!; x++) out.data.set([...sum.map((s) => s / n), 255], (y * W + x) * 4);
    }
  }
  return out;
}

describe('applyEffect', () => {
  it('MASK is a solid opaque fill: zero variance, identical for two different secrets', () => {
    const a = scene(secretA);
    const b = scene(secretB);
    applyEffect(a, rect, 'MASK');
    applyEffect(b, rect, 'MASK');
    expect(region(a)).toEqual(region(b));
    expect(
      new Set(
        region(a)
          .join(',')
          .match(/\d+,\d+,\d+,\d+/g),
      ).size,
    ).toBe(1);
    expect(pixel(a, rect.x0, rect.y0)).toEqual([0, 0, 0, 255]);
    expect(pixel(a, rect.x0 - 1, rect.y0)).toEqual([...background(rect.x0 - 1, rect.y0), 255]);
  });

  it.each(['BLUR', 'PIXELATE'] as const)('%s keeps nothing but the coarse colour grid (plus noise)', (type) => {
    const a = scene(secretA);
    const b = scene(secretB);
    const c = coarse(scene(secretA));
    applyEffect(a, rect, type, seededFill(1));
    applyEffect(b, rect, type, seededFill(1));
    applyEffect(c, rect, type, seededFill(1));
    // Two different secrets with the same coarse colours cannot be told apart at all …
    expect(region(a)).toEqual(region(b));
    // … and the output is exactly what the coarse image alone gives: no detail finer than the grid survives.
    expect(region(a)).toEqual(region(c));
  });

  it.each(['BLUR', 'PIXELATE'] as const)('%s outputs for two secrets differ by no more than the noise', (type) => {
    const a = scene(secretA);
    const b = scene((x) => (x % 7 < 3 ? [0, 0, 0] : [255, 255, 255]));
    applyEffect(a, rect, type, seededFill(1));
    applyEffect(b, rect, type, seededFill(2));
    const ra = region(a);
    const rb = region(b);
    // Cell means of the two secrets differ by at most ~37 grey levels; the noise adds at most 2 × NOISE.
    expect(Math.max(...ra.map((v, i) => Math.abs(v - rb[i]!)))).toBeLessThanOrEqual(40 + 2 * NOISE);
  });

  it('PIXELATE leaves at most an 8×8 grid of colours', () => {
    const img = scene((x, y) => [(x * 37) % 256, (y * 91) % 256, (x * y) % 256]);
    applyEffect(img, rect, 'PIXELATE', seededFill(3));
    const colours = new Set<string>();
    for (let y = rect.y0; y < rect.y1; y++) for (let x = rect.x0; x < rect.x1; x++) colours.add(pixel(img, x, y).join(','));
    expect(colours.size).toBeLessThanOrEqual(MAX_GRID * MAX_GRID);
  });

  it.each(['MASK', 'BLUR', 'PIXELATE'] as const)('%s flattens alpha: hidden pixels under alpha 0 are overwritten and opaque', (type) => {
    const img = raster(W, H, (x, y) => (x >= rect.x0 && x < rect.x1 && y >= rect.y0 && y < rect.y1 ? [200, 10, 10, 0] : [0, 0, 255, 255]));
    applyEffect(img, rect, type, seededFill(4));
    for (let y = rect.y0; y < rect.y1; y++) {
      for (let x = rect.x0; x < rect.x1; x++) {
        const [r, , , alpha] = pixel(img, x, y);
        expect(alpha).toBe(255);
        // The transparent red is composited over white, never kept as red.
        expect(r === 200).toBe(false);
      }
    }
  });

  it('clamps regions to the image and ignores empty ones', () => {
    const img = scene(secretA);
    const before = region(img);
    applyEffect(img, { x0: 200, y0: 0, x1: 300, y1: 10 }, 'MASK');
    applyEffect(img, { x0: 10, y0: 10, x1: 10, y1: 20 }, 'BLUR');
    expect(region(img)).toEqual(before);
    applyEffect(img, { x0: -20, y0: -20, x1: 5.5, y1: 5.5 }, 'MASK');
    expect(pixel(img, 0, 0)).toEqual([0, 0, 0, 255]);
    expect(pixel(img, 5, 5)).toEqual([0, 0, 0, 255]);
    expect(pixel(img, 6, 6)).toEqual([...background(6, 6), 255]);
  });
});
