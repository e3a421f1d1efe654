import { describe, expect, it } from 'vitest';
import { cropRaster, faceRegions } from '../../../../src/documents/pdf/face-regions.js';

describe('faceRegions', () => {
  it('scales image boxes to the render, adds an edge, clips to the page and merges overlapping ones', () => {
    const regions = faceRegions(
      [
        { x0: 100, y0: 100, x1: 200, y1: 200 },
        { x0: 190, y0: 150, x1: 260, y1: 220 },
        { x0: 500, y0: 10, x1: 600, y1: 90 },
      ],
      2,
      1190,
      1684,
    );
    expect(regions).toEqual([
      { x0: 196, y0: 196, x1: 524, y1: 444 },
      { x0: 996, y0: 16, x1: 1190, y1: 184 },
    ]);
  });

  it('drops images too small to hold a face, and searches the whole page when images cover half of it', () => {
    expect(faceRegions([{ x0: 70, y0: 815, x1: 124, y1: 821 }], 2, 1190, 1684)).toEqual([]);
    expect(faceRegions([{ x0: 0, y0: 0, x1: 595, y1: 430 }], 2, 1190, 1684)).toBe('whole');
    expect(faceRegions([], 2, 1190, 1684)).toEqual([]);
  });
});

describe('cropRaster', () => {
  it('copies the pixels of the box, clipped to the raster', () => {
    const data = new Uint8ClampedArray(4 * 3 * 4).map((_, i) => Math.floor(i / 4));
    const crop = cropRaster({ width: 4, height: 3, data }, { x0: 2, y0: 1, x1: 9, y1: 3 });
    expect(crop.width).toBe(2);
    expect(crop.height).toBe(2);
    expect([...crop.data].filter((_, i) => i % 4 === 0)).toEqual([6, 7, 10, 11]);
  });
});
