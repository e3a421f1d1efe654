import type { InputWindow } from './decode.js';

/** Tiling of one image for a detector whose input is square. */
export interface TilingOptions {
  /** Smallest tile side in pixels: faces of about a tenth of it and larger are found. */
  minTile: number;
  /** Overlap between neighbouring tiles, as a fraction of the tile side. */
  overlap: number;
}

export const DEFAULT_TILING: TilingOptions = { minTile: 256, overlap: 0.3 };

function starts(length: number, side: number, step: number): number[] {
  if (side >= length) return [Math.round((length - side) / 2)];
  const count = Math.ceil((length - side) / step) + 1;
  const stride = (length - side) / (count - 1);
  return Array.from({ length: count }, (_, i) => Math.round(i * stride));
}

/**
 * A pyramid of square windows: the whole image (letterboxed), then tiles halving in side down to `minTile`, each
 * level overlapping so that a face smaller than the overlap lies wholly inside some tile, and larger faces are
 * found one level up.
 */
export function pyramidWindows(width: number, height: number, opts: TilingOptions = DEFAULT_TILING): InputWindow[] {
  const long = Math.max(width, height);
  const windows: InputWindow[] = [];
  for (let side = long; ; side = Math.round(side / 2)) {
    const step = side * (1 - opts.overlap);
    for (const y of starts(height, side, step)) for (const x of starts(width, side, step)) windows.push({ x, y, side });
    if (side / 2 < opts.minTile) break;
  }
  return windows;
}
