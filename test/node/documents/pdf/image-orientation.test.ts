import { describe, expect, it } from 'vitest';
import type { Matrix } from '../../../../src/documents/pdf/geometry.js';
import { inverseOrientation, viewedOrientation } from '../../../../src/documents/pdf/image-orientation.js';

// An A4 page without /Rotate: user space (y up) → viewport (y down).
const toView: Matrix = [1, 0, 0, -1, 0, 842];

describe('orientation of a placed image', () => {
  it('maps each quarter turn and mirror of the placing matrix to its EXIF orientation', () => {
    expect(viewedOrientation(toView, [300, 0, 0, 200, 50, 400])).toBe(1);
    expect(viewedOrientation(toView, [-300, 0, 0, 200, 350, 400])).toBe(2);
    expect(viewedOrientation(toView, [-300, 0, 0, -200, 350, 600])).toBe(3);
    expect(viewedOrientation(toView, [300, 0, 0, -200, 50, 600])).toBe(4);
    expect(viewedOrientation(toView, [0, -300, 300, 0, 50, 700])).toBe(6);
    expect(viewedOrientation(toView, [0, 300, -300, 0, 350, 400])).toBe(8);
    // /Rotate 90: the viewport is the page turned clockwise, so an upright image is seen turned (EXIF 6).
    expect(viewedOrientation([0, 1, 1, 0, 0, 0], [300, 0, 0, 200, 0, 0])).toBe(6);
  });

  it('undoes quarter turns with the opposite turn and mirrors with themselves', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((o) => inverseOrientation(o as 1))).toEqual([1, 2, 3, 4, 5, 8, 7, 6]);
  });
});
