import type { Box } from '../../spec/types.js';
import type { Raster } from '../image/raster.js';
import { isDecorative } from './images.js';

/** Pixels added around an image's painted box: its edge may fall between pixels of the render. */
const EDGE = 4;
/** Images covering at least this share of the page are searched as the whole page (a scan). */
const WHOLE_PAGE = 0.5;

function overlaps(a: Box, b: Box): boolean {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

/**
 * Where a rendered page can show a face: the boxes its images are painted in (`imageBoxes`, page points), scaled to
 * the render (`scale` pixels per point, `width` × `height` pixels), merged where they overlap, without images too
 * small to hold one (`isDecorative`). `whole` when they cover half the page or more: a scan is searched as it is.
 */
export function faceRegions(imageBoxes: readonly Box[], scale: number, width: number, height: number): Box[] | 'whole' {
  let regions = imageBoxes.map((b) => ({
    x0: Math.max(0, Math.floor(b.x0 * scale) - EDGE),
    y0: Math.max(0, Math.floor(b.y0 * scale) - EDGE),
    x1: Math.min(width, Math.ceil(b.x1 * scale) + EDGE),
    y1: Math.min(height, Math.ceil(b.y1 * scale) + EDGE),
  }));
  for (let merged = true; merged;) {
    merged = false;
    const next: Box[] = [];
    for (const r of regions) {
      const other = next.find((n) => overlaps(n, r));
      if (!other) next.push({ ...r });
      else {
        Object.assign(other, {
          x0: Math.min(other.x0, r.x0),
          y0: Math.min(other.y0, r.y0),
          x1: Math.max(other.x1, r.x1),
          y1: Math.max(other.y1, r.y1),
        });
        merged = true;
      }
    }
    regions = next;
  }
  regions = regions.filter((r) => !isDecorative(r.x1 - r.x0, r.y1 - r.y0));
  const area = regions.reduce((n, r) => n + (r.x1 - r.x0) * (r.y1 - r.y0), 0);
  return area >= WHOLE_PAGE * width * height ? 'whole' : regions;
}

/** The pixels of `box` (whole pixels inside the raster) as a raster of their own. */
export function cropRaster(raster: Raster, box: Box): Raster {
  const x0 = Math.max(0, Math.floor(box.x0));
  const y0 = Math.max(0, Math.floor(box.y0));
  const width = Math.max(0, Math.min(raster.width, Math.ceil(box.x1)) - x0);
  const height = Math.max(0, Math.min(raster.height, Math.ceil(box.y1)) - y0);
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    const from = ((y0 + y) * raster.width + x0) * 4;
    data.set(raster.data.subarray(from, from + width * 4), y * width * 4);
  }
  return { width, height, data };
}
