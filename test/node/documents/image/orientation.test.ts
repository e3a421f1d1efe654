import { describe, expect, it } from 'vitest';
import { decodeImage } from '../../../../src/documents/image/decode.js';
import { createNodeCodec } from '../../../../src/platform/node/codec.js';
import type { Orientation } from '../../../../src/documents/image/orientation.js';
import { applyOrientation, readOrientation } from '../../../../src/documents/image/orientation.js';
import { exifPayload, insertJpegSegment, insertPngChunk, pixel, pngChunk, raster } from '../../../helpers/images.js';

/** 3×2 image whose pixels are numbered 1..6 (red channel), row by row. */
const stored = raster(3, 2, (x, y) => [1 + x + y * 3, 0, 0]);
const grid = (img: ReturnType<typeof raster>) =>
  Array.from({ length: img.height }, (_, y) => Array.from({ length: img.width }, (_, x) => pixel(img, x, y)[0]));

describe('EXIF orientation', () => {
  it.each([
    [
      1,
      [
        [1, 2, 3],
        [4, 5, 6],
      ],
    ],
    [
      2,
      [
        [3, 2, 1],
        [6, 5, 4],
      ],
    ],
    [
      3,
      [
        [6, 5, 4],
        [3, 2, 1],
      ],
    ],
    [
      4,
      [
        [4, 5, 6],
        [1, 2, 3],
      ],
    ],
    [
      5,
      [
        [1, 4],
        [2, 5],
        [3, 6],
      ],
    ],
    [
      6,
      [
        [4, 1],
        [5, 2],
        [6, 3],
      ],
    ],
    [
      7,
      [
        [6, 3],
        [5, 2],
        [4, 1],
      ],
    ],
    [
      8,
      [
        [3, 6],
        [2, 5],
        [1, 4],
      ],
    ],
  ])('orientation %i gives the displayed image', (o, expected) => {
    expect(grid(applyOrientation(stored, o as Orientation))).toEqual(expected);
  });

  it('reads Orientation from JPEG APP1 and PNG eXIf; 1 when absent', async () => {
    const codec = createNodeCodec(1e6);
    const jpeg = await codec.encode(stored, 'jpeg');
    const png = await codec.encode(stored, 'png');
    expect(readOrientation(jpeg, 'jpeg')).toBe(1);
    expect(readOrientation(insertJpegSegment(jpeg, 0xe1, exifPayload(6)), 'jpeg')).toBe(6);
    expect(readOrientation(insertPngChunk(png, pngChunk('eXIf', exifPayload(8).subarray(6))), 'png')).toBe(8);
  });

  it('a JPEG with Orientation=6 decodes in display orientation (width and height swapped)', async () => {
    const codec = createNodeCodec(1e6);
    // Left half black, right half white, 32×16: rotated 90° clockwise, the top half becomes black.
    const img = raster(32, 16, (x) => (x < 16 ? [0, 0, 0] : [255, 255, 255]));
    const jpeg = insertJpegSegment(await codec.encode(img, 'jpeg'), 0xe1, exifPayload(6));
    const shown = await decodeImage(jpeg, 'jpeg', codec, 1e6);
    expect([shown.width, shown.height]).toEqual([16, 32]);
    expect(pixel(shown, 8, 4)[0]).toBeLessThan(40);
    expect(pixel(shown, 8, 28)[0]).toBeGreaterThan(215);
  });
});
