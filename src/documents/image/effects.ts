import type { ImageAnonymizationType } from '../../spec/types.js';
import type { Raster } from './raster.js';

/** An axis-aligned region in pixels (display orientation), half-open: [x0, x1) × [y0, y1). */
export interface PixelRect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Fills a buffer with random bytes; `crypto.getRandomValues` in production, a seeded source in tests. */
export type RandomFill = (buffer: Uint8Array) => void;

/** The production noise source. */
export const cryptoRandom: RandomFill = (buffer) => {
  crypto.getRandomValues(buffer);
};

/** At most this many cells per axis survive: the only detail BLUR and PIXELATE keep. */
export const MAX_GRID = 8;
/** Cells are at least this many pixels wide/high, so tiny regions keep even less. */
export const MIN_CELL = 4;
/** Each cell colour moves by up to ± this much per channel, so averages do not reveal fine differences. */
export const NOISE = 12;
/** MASK colour: opaque black. */
const MASK_RGB = [0, 0, 0] as const;

function clampRect(r: PixelRect, w: number, h: number): PixelRect {
  return {
    x0: Math.max(0, Math.min(w, Math.floor(r.x0))),
    y0: Math.max(0, Math.min(h, Math.floor(r.y0))),
    x1: Math.max(0, Math.min(w, Math.ceil(r.x1))),
    y1: Math.max(0, Math.min(h, Math.ceil(r.y1))),
  };
}

/** Per-cell mean colour of the region after compositing over white (alpha flattened), plus noise. */
function coarseGrid(img: Raster, r: PixelRect, nx: number, ny: number, random: RandomFill): Float64Array {
  const sums = new Float64Array(nx * ny * 4);
  const rw = r.x1 - r.x0;
  const rh = r.y1 - r.y0;
  for (let y = r.y0; y < r.y1; y++) {
    const cy = Math.min(ny - 1, Math.floor(((y - r.y0) * ny) / rh));
    for (let x = r.x0; x < r.x1; x++) {
      const cx = Math.min(nx - 1, Math.floor(((x - r.x0) * nx) / rw));
      const p = (y * img.width + x) * 4;
      const a = img.data[p + 3]! / 255;
      const c = (cy * nx + cx) * 4;
      for (let k = 0; k < 3; k++) sums[c + k]! += img.data[p + k]! * a + 255 * (1 - a);
      sums[c + 3]! += 1;
    }
  }
  const noise = new Uint8Array(nx * ny * 3);
  random(noise);
  const grid = new Float64Array(nx * ny * 3);
  for (let i = 0; i < nx * ny; i++) {
    const n = sums[i * 4 + 3]! || 1;
    for (let k = 0; k < 3; k++) {
      const jitter = Math.round(((noise[i * 3 + k]! / 255) * 2 - 1) * NOISE);
      grid[i * 3 + k] = Math.max(0, Math.min(255, Math.round(sums[i * 4 + k]! / n) + jitter));
    }
  }
  return grid;
}

function gridSize(len: number): number {
  return Math.max(1, Math.min(MAX_GRID, Math.floor(len / MIN_CELL)));
}

/**
 * Replaces the region in place. MASK: solid opaque black. BLUR and PIXELATE are not reversible: the region is
 * first reduced to at most an 8×8 grid of mean colours with random noise (nothing else of the original survives),
 * then drawn as blocks (PIXELATE) or interpolated smoothly between cell centres (BLUR). Alpha becomes opaque.
 */
export function applyEffect(img: Raster, rect: PixelRect, type: ImageAnonymizationType, random: RandomFill = cryptoRandom): void {
  const r = clampRect(rect, img.width, img.height);
  const rw = r.x1 - r.x0;
  const rh = r.y1 - r.y0;
  if (rw <= 0 || rh <= 0) return;
  const d = img.data;
  if (type === 'MASK') {
    for (let y = r.y0; y < r.y1; y++) {
      for (let x = r.x0; x < r.x1; x++) {
        const p = (y * img.width + x) * 4;
        d[p] = MASK_RGB[0];
        d[p + 1] = MASK_RGB[1];
        d[p + 2] = MASK_RGB[2];
        d[p + 3] = 255;
      }
    }
    return;
  }
  const nx = gridSize(rw);
  const ny = gridSize(rh);
  const grid = coarseGrid(img, r, nx, ny, random);
  const cell = (cx: number, cy: number, k: number) => grid[(cy * nx + cx) * 3 + k]!;
  for (let y = r.y0; y < r.y1; y++) {
    // Position in cell units, measured from cell centres (BLUR) or cell index (PIXELATE).
    const fy = ((y - r.y0 + 0.5) * ny) / rh - 0.5;
    const cy0 = Math.max(0, Math.min(ny - 1, Math.floor(fy)));
    const cy1 = Math.min(ny - 1, cy0 + 1);
    const ty = Math.max(0, Math.min(1, fy - cy0));
    const py = Math.min(ny - 1, Math.floor(((y - r.y0) * ny) / rh));
    for (let x = r.x0; x < r.x1; x++) {
      const p = (y * img.width + x) * 4;
      if (type === 'PIXELATE') {
        const px = Math.min(nx - 1, Math.floor(((x - r.x0) * nx) / rw));
        for (let k = 0; k < 3; k++) d[p + k] = cell(px, py, k);
      } else {
        const fx = ((x - r.x0 + 0.5) * nx) / rw - 0.5;
        const cx0 = Math.max(0, Math.min(nx - 1, Math.floor(fx)));
        const cx1 = Math.min(nx - 1, cx0 + 1);
        const tx = Math.max(0, Math.min(1, fx - cx0));
        for (let k = 0; k < 3; k++) {
          const top = cell(cx0, cy0, k) * (1 - tx) + cell(cx1, cy0, k) * tx;
          const bottom = cell(cx0, cy1, k) * (1 - tx) + cell(cx1, cy1, k) * tx;
          d[p + k] = Math.round(top * (1 - ty) + bottom * ty);
        }
      }
      d[p + 3] = 255;
    }
  }
}
