import { describe, expect, it } from 'vitest';
import { decodeBmp, encodeBmp } from '../../../../src/documents/image/bmp.js';
import { corpusFiles, pixel, raster } from '../../../helpers/images.js';

describe('BMP codec', () => {
  it('round-trips opaque images as 24-bit and keeps alpha as 32-bit', () => {
    const opaque = raster(5, 3, (x, y) => [x * 50, y * 80, 7]);
    const back = decodeBmp(encodeBmp(opaque));
    expect(back).toEqual(opaque);
    expect(encodeBmp(opaque)[28]).toBe(24);
    const alpha = raster(4, 4, (x, y) => [10, 20, 30, (x + y) * 30]);
    expect(encodeBmp(alpha)[28]).toBe(32);
    expect(decodeBmp(encodeBmp(alpha))).toEqual(alpha);
  });

  it('reads top-down rows (negative height)', () => {
    const img = raster(2, 2, (_x, y) => [y === 0 ? 255 : 0, 0, 0]);
    const bytes = encodeBmp(img);
    // Flip storage order by hand: swap rows and negate the height.
    const stride = 8;
    const rows = [bytes.slice(54, 54 + stride), bytes.slice(54 + stride, 54 + 2 * stride)];
    bytes.set(rows[1]!, 54);
    bytes.set(rows[0]!, 54 + stride);
    new DataView(bytes.buffer).setInt32(22, -2, true);
    expect(pixel(decodeBmp(bytes), 0, 0)).toEqual([255, 0, 0, 255]);
  });

  it('decodes the mat2 sample', () => {
    for (const f of corpusFiles('mat2', ['.bmp'])) {
      const img = decodeBmp(f.bytes);
      expect([img.width, img.height]).toEqual([50, 37]);
    }
  });
});
