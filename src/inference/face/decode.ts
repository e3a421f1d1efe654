import { anchorCentres, BLAZEFACE_LAYERS } from './anchors.js';
import type { BlazeFaceOutput, FaceBox } from './types.js';

/** Where a model input came from: its square covers `side` image pixels from (`x`, `y`). */
export interface InputWindow {
  x: number;
  y: number;
  side: number;
}

const CENTRES = BLAZEFACE_LAYERS.map(anchorCentres);

function sigmoid(v: number): number {
  return 1 / (1 + Math.exp(-Math.max(-80, Math.min(80, v))));
}

/**
 * Decodes anchors above `threshold` into image-pixel boxes. Regressors are in input pixels relative to the anchor
 * centre: (dx, dy, w, h, then 6 key points as dx, dy).
 */
export function decodeBlazeFace(out: BlazeFaceOutput, inputSize: number, win: InputWindow, threshold: number): FaceBox[] {
  const faces: FaceBox[] = [];
  const k = win.side / inputSize;
  BLAZEFACE_LAYERS.forEach((layer, li) => {
    const scores = out.scores[li]!;
    const boxes = out.boxes[li]!;
    const centres = CENTRES[li]!;
    const n = layer.cells * layer.cells * layer.perCell;
    for (let i = 0; i < n; i++) {
      const score = sigmoid(scores[i]!);
      if (score < threshold) continue;
      const b = i * 16;
      const ax = centres[i * 2]! * inputSize;
      const ay = centres[i * 2 + 1]! * inputSize;
      const cx = ax + boxes[b]!;
      const cy = ay + boxes[b + 1]!;
      const w = boxes[b + 2]!;
      const h = boxes[b + 3]!;
      if (!(w > 0 && h > 0)) continue;
      const keypoints: Array<[number, number]> = [];
      for (let p = 0; p < 6; p++) {
        keypoints.push([win.x + (ax + boxes[b + 4 + p * 2]!) * k, win.y + (ay + boxes[b + 5 + p * 2]!) * k]);
      }
      faces.push({
        x0: win.x + (cx - w / 2) * k,
        y0: win.y + (cy - h / 2) * k,
        x1: win.x + (cx + w / 2) * k,
        y1: win.y + (cy + h / 2) * k,
        score,
        keypoints,
      });
    }
  });
  return faces;
}
