import type { FaceBox } from './types.js';

/** Intersection over union of two boxes. */
export function iou(a: FaceBox, b: FaceBox): number {
  const ix = Math.max(0, Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0));
  const iy = Math.max(0, Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0));
  const inter = ix * iy;
  const union = (a.x1 - a.x0) * (a.y1 - a.y0) + (b.x1 - b.x0) * (b.y1 - b.y0) - inter;
  return union > 0 ? inter / union : 0;
}

/** Share of the smaller box covered by the larger: catches a half face cut by a tile edge inside the whole one. */
function containment(a: FaceBox, b: FaceBox): number {
  const ix = Math.max(0, Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0));
  const iy = Math.max(0, Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0));
  const small = Math.min((a.x1 - a.x0) * (a.y1 - a.y0), (b.x1 - b.x0) * (b.y1 - b.y0));
  return small > 0 ? (ix * iy) / small : 0;
}

/**
 * MediaPipe's weighted non-maximum suppression: the strongest remaining box collects every box overlapping it by
 * IoU ≥ `iouThreshold` (or lying mostly inside it), and the cluster becomes their score-weighted mean with the
 * best score.
 */
export function weightedNms(boxes: readonly FaceBox[], iouThreshold = 0.3, containThreshold = 0.8): FaceBox[] {
  const rest = [...boxes].sort((a, b) => b.score - a.score);
  const out: FaceBox[] = [];
  while (rest.length > 0) {
    const top = rest[0]!;
    const cluster: FaceBox[] = [];
    for (let i = rest.length - 1; i >= 0; i--) {
      const b = rest[i]!;
      if (b === top || iou(top, b) >= iouThreshold || containment(top, b) >= containThreshold) {
        cluster.push(b);
        rest.splice(i, 1);
      }
    }
    const total = cluster.reduce((s, b) => s + b.score, 0);
    const mean = (f: (b: FaceBox) => number) => cluster.reduce((s, b) => s + f(b) * b.score, 0) / total;
    out.push({
      x0: mean((b) => b.x0),
      y0: mean((b) => b.y0),
      x1: mean((b) => b.x1),
      y1: mean((b) => b.y1),
      score: top.score,
      keypoints: top.keypoints.map((_, k) => [mean((b) => b.keypoints[k]![0]), mean((b) => b.keypoints[k]![1])]),
    });
  }
  return out;
}
