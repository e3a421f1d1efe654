import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeImage } from '../../../src/documents/image/decode.js';
import { createNodeCodec } from '../../../src/platform/node/codec.js';
import type { Raster } from '../../../src/documents/image/raster.js';
import { anchorCentres, BLAZEFACE_LAYERS } from '../../../src/inference/face/anchors.js';
import { decodeBlazeFace } from '../../../src/inference/face/decode.js';
import { FACE_MODEL_FILES } from '../../../src/inference/face/model-files.js';
import { iou, weightedNms } from '../../../src/inference/face/nms.js';
import { pyramidWindows } from '../../../src/inference/face/tiles.js';
import type { BlazeFaceOutput, FaceBox } from '../../../src/inference/face/types.js';
import { createNodeFaceService } from '../../../src/platform/node/faces.js';
import type { FaceService } from '../../../src/inference/face-service.js';
import { crop, paste, resize } from '../../../tools/faces/compose.js';
import { corpusDir } from '../../helpers/images.js';

const box = (x0: number, y0: number, x1: number, y1: number, score = 0.9): FaceBox => ({ x0, y0, x1, y1, score, keypoints: [[x0, y0]] });

function emptyOutput(): BlazeFaceOutput {
  return {
    scores: [new Float32Array(512).fill(-10), new Float32Array(384).fill(-10)],
    boxes: [new Float32Array(512 * 16), new Float32Array(384 * 16)],
  };
}

describe('shipped face models', () => {
  it('match their sha256 in models/manifest.json and in the loader', () => {
    const models = join(import.meta.dirname, '..', '..', '..', 'models');
    const manifest = JSON.parse(readFileSync(join(models, 'manifest.json'), 'utf8')) as {
      models: Array<{ id: string; files: Array<{ path: string; sha256: string }> }>;
    };
    const entry = manifest.models.find((m) => m.id === 'blazeface-back-front')!;
    for (const f of Object.values(FACE_MODEL_FILES)) {
      const actual = createHash('sha256')
        .update(readFileSync(join(models, f.path)))
        .digest('hex');
      expect(actual).toBe(f.sha256);
      expect(entry.files.find((x) => x.path === f.path)?.sha256).toBe(f.sha256);
    }
  });
});

describe('BlazeFace decoding', () => {
  it('has 896 anchors centred on their cells, in output order', () => {
    const [l1, l2] = BLAZEFACE_LAYERS.map(anchorCentres);
    expect(l1!.length / 2 + l2!.length / 2).toBe(896);
    expect([...l1!.subarray(0, 4)]).toEqual([1 / 32, 1 / 32, 1 / 32, 1 / 32]);
    // Anchor 2 of layer 1 is cell (1, 0).
    expect([l1![4], l1![5]]).toEqual([3 / 32, 1 / 32]);
  });

  it('turns one confident anchor into a box in image pixels (window offset and scale applied)', () => {
    const out = emptyOutput();
    const i = (3 * 8 + 5) * 6 + 2; // layer 2, cell (5, 3), anchor 2
    (out.scores[1] as Float32Array)[i] = 4; // sigmoid ≈ 0.982
    (out.boxes[1] as Float32Array).set([2, -4, 40, 48, 0, 0], i * 16);
    const [face] = decodeBlazeFace(out, 256, { x: 100, y: 50, side: 512 }, 0.5);
    // Anchor centre (5.5/8, 3.5/8) × 256 = (176, 112); centre + (2, -4) = (178, 108); ×2 + offset.
    expect(face!.score).toBeCloseTo(0.982, 3);
    expect([face!.x0, face!.y0, face!.x1, face!.y1]).toEqual([
      100 + (178 - 20) * 2,
      50 + (108 - 24) * 2,
      100 + (178 + 20) * 2,
      50 + (108 + 24) * 2,
    ]);
    expect(face!.keypoints).toHaveLength(6);
    expect(decodeBlazeFace(out, 256, { x: 0, y: 0, side: 256 }, 0.99)).toEqual([]);
  });
});

describe('weighted NMS', () => {
  it('merges overlapping boxes into their score-weighted mean with the best score', () => {
    const [merged, ...rest] = weightedNms([box(0, 0, 10, 10, 0.9), box(2, 0, 12, 10, 0.3), box(100, 100, 110, 110, 0.8)]);
    expect(rest).toHaveLength(1);
    expect(merged!.score).toBe(0.9);
    expect(merged!.x0).toBeCloseTo((0 * 0.9 + 2 * 0.3) / 1.2);
    expect(merged!.x1).toBeCloseTo((10 * 0.9 + 12 * 0.3) / 1.2);
  });

  it('keeps apart boxes that barely overlap, and swallows a half face inside a whole one', () => {
    expect(weightedNms([box(0, 0, 10, 10), box(8, 8, 18, 18)])).toHaveLength(2);
    expect(weightedNms([box(0, 0, 100, 100, 0.95), box(50, 10, 95, 90, 0.7)])).toHaveLength(1);
    expect(iou(box(0, 0, 10, 10), box(0, 0, 10, 10))).toBe(1);
  });
});

describe('tiling', () => {
  it('starts with the whole image and halves the tile side down to the minimum, covering every pixel', () => {
    const windows = pyramidWindows(4000, 3000, { minTile: 256, overlap: 0.3 });
    expect(windows[0]).toEqual({ x: 0, y: -500, side: 4000 });
    const sides = [...new Set(windows.map((w) => w.side))];
    expect(sides).toEqual([4000, 2000, 1000, 500]);
    for (const side of sides.slice(1)) {
      const level = windows.filter((w) => w.side === side);
      expect(Math.min(...level.map((w) => w.x))).toBe(0);
      expect(Math.max(...level.map((w) => w.x + w.side))).toBe(4000);
      expect(Math.max(...level.map((w) => w.y + w.side))).toBe(3000);
    }
    expect(pyramidWindows(300, 200, { minTile: 256, overlap: 0.3 })).toHaveLength(1);
  });
});

const facesDir = corpusDir('faces');
describe.skipIf(!facesDir)('the real BlazeFace models', () => {
  let service: FaceService;
  const codec = createNodeCodec(60e6);
  const load = (name: string) => decodeImage(new Uint8Array(readFileSync(join(facesDir!, name))), 'png', codec, 60e6);
  const centreIn = (f: FaceBox, [x0, y0, x1, y1]: number[]) => {
    const cx = (f.x0 + f.x1) / 2;
    const cy = (f.y0 + f.y1) / 2;
    return cx >= x0! && cx <= x1! && cy >= y0! && cy <= y1!;
  };
  beforeAll(async () => {
    service = await createNodeFaceService();
  });

  it('finds the faces of astronaut.png and camera.png and none in coffee.png', async () => {
    const astronaut = await service.detect(await load('astronaut.png'));
    expect(astronaut).toHaveLength(1);
    expect(centreIn(astronaut[0]!, [175, 65, 275, 185])).toBe(true);
    const camera = await service.detect(await load('camera.png'));
    expect(camera.filter((f) => centreIn(f, [178, 100, 258, 200]))).toHaveLength(1);
    expect(await service.detect(await load('coffee.png'))).toEqual([]);
  });

  it('finds small faces in a large composite and a close-up filling the frame', async () => {
    const sprite = crop(await load('astronaut.png'), [95, 0, 355, 300], [175, 65, 275, 185]);
    const scene: Raster = resize(await load('coffee.png'), 1800, 1350);
    const truth = [paste(scene, sprite, 200, 300, 0.4, 0), paste(scene, sprite, 900, 800, 0.8, 0), paste(scene, sprite, 1400, 200, 1.2, 0)];
    const found = await service.detect(scene);
    for (const t of truth)
      expect(
        found.some((f) => centreIn(f, [t.x0, t.y0, t.x1, t.y1])),
        JSON.stringify(t),
      ).toBe(true);
    const close = resize(sprite.image, 1040, 1200);
    const big = await service.detect(close);
    expect(big.some((f) => centreIn(f, [80 * 4, 65 * 4, 180 * 4, 185 * 4]))).toBe(true);
  });
});
