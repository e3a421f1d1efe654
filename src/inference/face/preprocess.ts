import type { RgbaImage } from './types.js';
import type { InputWindow } from './decode.js';

/**
 * The NHWC float input of one window: each input pixel is the mean of the image pixels it covers (area
 * resampling, no aliasing when shrinking a 12 MP photo), scaled to [-1, 1]. Outside the image is mid-grey (0).
 */
export function windowToInput(img: RgbaImage, win: InputWindow, size: number): Float32Array {
  const out = new Float32Array(size * size * 3);
  const k = win.side / size;
  for (let oy = 0; oy < size; oy++) {
    const sy0 = win.y + oy * k;
    const y0 = Math.max(0, Math.floor(sy0));
    const y1 = Math.min(img.height, Math.max(Math.floor(sy0) + 1, Math.floor(sy0 + k)));
    for (let ox = 0; ox < size; ox++) {
      const sx0 = win.x + ox * k;
      const x0 = Math.max(0, Math.floor(sx0));
      const x1 = Math.min(img.width, Math.max(Math.floor(sx0) + 1, Math.floor(sx0 + k)));
      const o = (oy * size + ox) * 3;
      if (x1 <= x0 || y1 <= y0) continue;
      let r = 0,
        g = 0,
        b = 0;
      for (let y = y0; y < y1; y++) {
        let p = (y * img.width + x0) * 4;
        for (let x = x0; x < x1; x++, p += 4) {
          r += img.data[p]!;
          g += img.data[p + 1]!;
          b += img.data[p + 2]!;
        }
      }
      const n = (x1 - x0) * (y1 - y0) * 127.5;
      out[o] = r / n - 1;
      out[o + 1] = g / n - 1;
      out[o + 2] = b / n - 1;
    }
  }
  return out;
}
