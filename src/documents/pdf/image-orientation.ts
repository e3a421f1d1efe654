import type { Orientation } from '../image/orientation.js';
import type { Matrix } from './geometry.js';
import { multiply } from './geometry.js';

/** EXIF orientation by where the stored image's right and down directions point on the viewed page (y down). */
const BY_AXES: Record<string, Orientation> = { RD: 1, LD: 2, LU: 3, RU: 4, DR: 5, DL: 6, UL: 7, UR: 8 };

function axis(x: number, y: number): string {
  return Math.abs(x) >= Math.abs(y) ? (x > 0 ? 'R' : 'L') : y > 0 ? 'D' : 'U';
}

/**
 * How an image XObject drawn with `ctm` appears on the viewed page (`toView`: user space → viewport, y down), as an
 * EXIF orientation of its stored pixels (row 0 is the top of the image's unit square). Skewed placements round to
 * the nearest quarter turn; 1 when the axes collapse.
 */
export function viewedOrientation(toView: Matrix, ctm: Matrix): Orientation {
  const m = multiply(toView, ctm);
  return BY_AXES[axis(m[0], m[1]) + axis(-m[2], -m[3])] ?? 1;
}

/** The orientation that undoes `o` (quarter turns swap, mirrors undo themselves). */
export function inverseOrientation(o: Orientation): Orientation {
  return o === 6 ? 8 : o === 8 ? 6 : o;
}
