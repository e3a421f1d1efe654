// Face detection recall/precision on a labelled set composed from ../shared/corpus/faces (labels: labels.json).
// Run: node --import tsx tools/faces/eval-faces.ts [--save]   (--save writes the composites to .eval/faces/)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeImage } from '../../src/documents/image/decode.js';
import { createNodeCodec } from '../../src/platform/node/codec.js';
import type { Raster } from '../../src/documents/image/raster.js';
import { createNodeFaceService } from '../../src/platform/node/faces.js';
import type { FaceBox } from '../../src/inference/face/types.js';
import type { Box } from '../../src/spec/types.js';
import type { Sprite } from './compose.js';
import { crop, paste, resize } from './compose.js';
import { seeded } from '../seeded-random.js';

const corpus = join(import.meta.dirname, '..', '..', '..', 'shared', 'corpus', 'faces');
const labels = JSON.parse(readFileSync(join(import.meta.dirname, 'labels.json'), 'utf8')) as {
  sources: Record<string, { faces: number[][]; crop?: number[] }>;
};
const codec = createNodeCodec(60e6);
const load = async (name: string) => decodeImage(new Uint8Array(readFileSync(join(corpus, name))), 'png', codec, 60e6);
const grey = (r: Raster): Raster => {
  const data = new Uint8ClampedArray(r.data);
  return { ...r, data };
};

interface Case {
  group: string;
  name: string;
  image: Raster;
  faces: Box[];
}

async function buildSet(): Promise<Case[]> {
  const src = Object.fromEntries(await Promise.all(Object.keys(labels.sources).map(async (n) => [n, await load(n)] as const)));
  const sprites: Sprite[] = ['astronaut.png', 'camera.png'].map((n) => {
    const l = labels.sources[n]!;
    return crop(src[n]!, l.crop!, l.faces[0]!);
  });
  const cases: Case[] = Object.entries(labels.sources).map(([n, l]) => ({
    group: 'originals',
    name: n,
    image: src[n]!,
    faces: l.faces.map(([x0, y0, x1, y1]) => ({ x0: x0!, y0: y0!, x1: x1!, y1: y1! })),
  }));
  const rnd = seeded(7);
  const backgrounds = [src['coffee.png']!, src['chelsea.png']!];
  const scene = (group: string, name: string, w: number, h: number, bg: number, items: Array<{ height: number; degrees: number }>) => {
    const image = grey(resize(backgrounds[Math.abs(bg) % 2]!, w, h));
    const faces: Box[] = [];
    const cols = Math.ceil(Math.sqrt(items.length * (w / h)));
    const rows = Math.ceil(items.length / cols);
    items.forEach((it, i) => {
      const sprite = sprites[i % 2]!;
      const scale = it.height / (sprite.face.y1 - sprite.face.y0);
      const cw = w / cols;
      const ch = h / rows;
      const sw = sprite.image.width * scale;
      const sh = sprite.image.height * scale;
      const x = (i % cols) * cw + Math.max(0, cw - sw) * rnd();
      const y = Math.floor(i / cols) * ch + Math.max(0, ch - sh) * rnd();
      faces.push(paste(image, sprite, x, y, scale, it.degrees));
    });
    return { group, name, image, faces };
  };
  for (const height of [20, 28, 40, 56, 80, 112, 160, 240, 360])
    cases.push(
      scene(
        'scales',
        `face-${height}px`,
        1280,
        960,
        height,
        Array.from({ length: 4 }, () => ({ height, degrees: 0 })),
      ),
    );
  for (const height of [600, 1000]) cases.push(scene('close-ups', `face-${height}px`, 1400, 1400, height, [{ height, degrees: 0 }]));
  for (const degrees of [-30, -15, 15, 30, 90, 180])
    cases.push(
      scene(
        'rotations',
        `rot${degrees}`,
        1280,
        960,
        degrees,
        Array.from({ length: 4 }, () => ({ height: 100, degrees })),
      ),
    );
  cases.push(
    scene(
      'group-12MP',
      'group-4000x3000',
      4000,
      3000,
      1,
      Array.from({ length: 20 }, () => ({ height: Math.round(36 + rnd() * 220), degrees: Math.round((rnd() - 0.5) * 20) })),
    ),
  );
  return cases;
}

/** A detection matches a labelled face when each box's centre lies inside the other (robust to box conventions). */
function matches(d: FaceBox, g: Box): boolean {
  const inside = (x: number, y: number, b: Box) => x >= b.x0 && x <= b.x1 && y >= b.y0 && y <= b.y1;
  return inside((d.x0 + d.x1) / 2, (d.y0 + d.y1) / 2, g) && inside((g.x0 + g.x1) / 2, (g.y0 + g.y1) / 2, d);
}

const cases = await buildSet();
const save = process.argv.includes('--save');
if (save) mkdirSync('.eval/faces', { recursive: true });
const service = await createNodeFaceService();
const totals = new Map<string, { tp: number; fn: number; fp: number; ms: number }>();
for (const c of cases) {
  const t = performance.now();
  const found = await service.detect(c.image);
  const ms = performance.now() - t;
  const used = new Set<number>();
  let tp = 0;
  for (const g of c.faces) {
    const i = found.findIndex((d, k) => !used.has(k) && matches(d, g));
    if (i >= 0) {
      used.add(i);
      tp++;
    }
  }
  const fp = found.length - used.size;
  const fn = c.faces.length - tp;
  const s = totals.get(c.group) ?? { tp: 0, fn: 0, fp: 0, ms: 0 };
  totals.set(c.group, { tp: s.tp + tp, fn: s.fn + fn, fp: s.fp + fp, ms: s.ms + ms });
  console.log(
    `${c.group.padEnd(10)} ${c.name.padEnd(18)} ${c.image.width}x${c.image.height} faces=${c.faces.length} tp=${tp} fn=${fn} fp=${fp} ${Math.round(ms)} ms`,
  );
  if (save) {
    const png = await codec.encode(c.image, 'png');
    writeFileSync(join('.eval/faces', `${c.group}-${c.name}.png`), png);
    writeFileSync(join('.eval/faces', `${c.group}-${c.name}.json`), JSON.stringify({ faces: c.faces, found }, null, 1));
  }
}
let all = { tp: 0, fn: 0, fp: 0 };
console.log('\n| group | faces | recall | precision |\n|---|---|---|---|');
for (const [g, s] of totals) {
  all = { tp: all.tp + s.tp, fn: all.fn + s.fn, fp: all.fp + s.fp };
  console.log(
    `| ${g} | ${s.tp + s.fn} | ${(s.tp / Math.max(1, s.tp + s.fn)).toFixed(3)} | ${(s.tp / Math.max(1, s.tp + s.fp)).toFixed(3)} |`,
  );
}
console.log(
  `| all | ${all.tp + all.fn} | ${(all.tp / (all.tp + all.fn)).toFixed(3)} | ${(all.tp / Math.max(1, all.tp + all.fp)).toFixed(3)} |`,
);
