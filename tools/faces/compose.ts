import type { Raster } from '../../src/documents/image/raster.js';
import type { Box } from '../../src/spec/types.js';

/** A face-bearing crop and where its face lies inside it. */
export interface Sprite {
  image: Raster;
  face: Box;
}

/** `src` resized to `w`×`h` (bilinear), for backgrounds. */
export function resize(src: Raster, w: number, h: number): Raster {
  const data = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) {
    const sy = Math.min(src.height - 1, ((y + 0.5) * src.height) / h - 0.5);
    const y0 = Math.max(0, Math.floor(sy));
    const y1 = Math.min(src.height - 1, y0 + 1);
    const ty = Math.max(0, sy - y0);
    for (let x = 0; x < w; x++) {
      const sx = Math.min(src.width - 1, ((x + 0.5) * src.width) / w - 0.5);
      const x0 = Math.max(0, Math.floor(sx));
      const x1 = Math.min(src.width - 1, x0 + 1);
      const tx = Math.max(0, sx - x0);
      for (let k = 0; k < 4; k++) {
        const p = (yy: number, xx: number) => src.data[(yy * src.width + xx) * 4 + k]!;
        data[(y * w + x) * 4 + k] = (p(y0, x0) * (1 - tx) + p(y0, x1) * tx) * (1 - ty) + (p(y1, x0) * (1 - tx) + p(y1, x1) * tx) * ty;
      }
    }
  }
  return { width: w, height: h, data };
}

/** Pastes `sprite` scaled by `scale` and rotated by `degrees` (about its centre) with its top-left near (x, y); returns the face's bounding box. */
export function paste(dst: Raster, sprite: Sprite, x: number, y: number, scale: number, degrees: number): Box {
  const { image: src } = sprite;
  const w = src.width * scale;
  const h = src.height * scale;
  const cx = x + w / 2;
  const cy = y + h / 2;
  const a = (degrees * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const half = Math.ceil(Math.hypot(w, h) / 2);
  for (let dy = -half; dy <= half; dy++) {
    for (let dx = -half; dx <= half; dx++) {
      const px = Math.round(cx + dx);
      const py = Math.round(cy + dy);
      if (px < 0 || py < 0 || px >= dst.width || py >= dst.height) continue;
      // Inverse rotation into the sprite, then inverse scale.
      const sx = (dx * cos + dy * sin + w / 2) / scale;
      const sy = (-dx * sin + dy * cos + h / 2) / scale;
      if (sx < 0 || sy < 0 || sx >= src.width - 1 || sy >= src.height - 1) continue;
      const s = (Math.floor(sy) * src.width + Math.floor(sx)) * 4;
      const d = (py * dst.width + px) * 4;
      dst.data[d] = src.data[s]!;
      dst.data[d + 1] = src.data[s + 1]!;
      dst.data[d + 2] = src.data[s + 2]!;
      dst.data[d + 3] = 255;
    }
  }
  const f = sprite.face;
  const source: Array<[number, number]> = [
    [f.x0, f.y0],
    [f.x1, f.y0],
    [f.x1, f.y1],
    [f.x0, f.y1],
  ];
  const corners = source.map(([fx, fy]): [number, number] => {
    const ox = fx * scale - w / 2;
    const oy = fy * scale - h / 2;
    return [cx + ox * cos - oy * sin, cy + ox * sin + oy * cos];
  });
  return {
    x0: Math.min(...corners.map((c) => c[0])),
    y0: Math.min(...corners.map((c) => c[1])),
    x1: Math.max(...corners.map((c) => c[0])),
    y1: Math.max(...corners.map((c) => c[1])),
  };
}

/** A crop of `src` as a sprite (face box moved into the crop). */
export function crop(src: Raster, box: readonly number[], face: readonly number[]): Sprite {
  const [x0, y0, x1, y1] = box as [number, number, number, number];
  const w = x1 - x0;
  const h = y1 - y0;
  const data = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) data.set(src.data.subarray(((y0 + y) * src.width + x0) * 4, ((y0 + y) * src.width + x1) * 4), y * w * 4);
  return { image: { width: w, height: h, data }, face: { x0: face[0]! - x0, y0: face[1]! - y0, x1: face[2]! - x0, y1: face[3]! - y0 } };
}
