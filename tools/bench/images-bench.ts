// Image bench (Node): ms per image for faces at 1 MP and 12 MP, and ms per image for OCR. Run: npm run bench:images
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeImage } from '../../src/documents/image/decode.js';
import { createNodeCodec } from '../../src/platform/node/codec.js';
import type { Raster } from '../../src/documents/image/raster.js';
import { createNodeFaceService } from '../../src/platform/node/faces.js';
import { createOcrClient } from '../../src/documents/ocr-client.js';
import { nodeOcrAssets } from '../../src/platform/node/assets.js';
import { imageFormatOf } from '../../src/documents/image/sniff-image.js';
import { crop, paste, resize } from '../faces/compose.js';
import { timeRuns } from './timing.js';

const corpus = join(import.meta.dirname, '..', '..', '..', 'shared', 'corpus');
const codec = createNodeCodec(60e6);
const load = async (path: string) => {
  const bytes = new Uint8Array(readFileSync(path));
  const format = imageFormatOf(bytes);
  if (!format) throw new Error(`${path} is not an image`);
  return decodeImage(bytes, format, codec, 60e6);
};
const RUNS = Number(process.env.RUNS ?? 3);

const time = (run: () => Promise<unknown>) => timeRuns(run, RUNS);

function scene(width: number, height: number, bg: Raster, sprite: ReturnType<typeof crop>, count: number): Raster {
  const img = resize(bg, width, height);
  for (let i = 0; i < count; i++)
    paste(img, sprite, ((i * 0.37) % 1) * (width - 300), ((i * 0.61) % 1) * (height - 300), 0.5 + (i % 3) * 0.3, 0);
  return img;
}

const astronaut = await load(join(corpus, 'faces', 'astronaut.png'));
const sprite = crop(astronaut, [95, 0, 355, 300], [175, 65, 275, 185]);
const coffee = await load(join(corpus, 'faces', 'coffee.png'));
const rows: string[] = ['| step | image | median ms | min ms |', '|---|---|---|---|'];

let t = performance.now();
const faces = await createNodeFaceService();
rows.push(`| faces: load both models | – | ${Math.round(performance.now() - t)} | – |`);
for (const [name, w, h] of [
  ['1 MP', 1155, 866],
  ['12 MP', 4000, 3000],
] as const) {
  const img = scene(w, h, coffee, sprite, 6);
  const r = await time(() => faces.detect(img));
  rows.push(`| faces: detect | ${name} (${w}×${h}) | ${Math.round(r.median)} | ${Math.round(r.min)} |`);
}

t = performance.now();
const assets = await nodeOcrAssets();
const ocr = await createOcrClient(assets);
rows.push(`| OCR: start tesseract (deu+eng) | – | ${Math.round(performance.now() - t)} | – |`);
for (const name of ['integration__resources__ocr_test.png', 'integration__resources__kwargs_test.jpg']) {
  const img = await load(join(corpus, 'presidio-image', name));
  const png = await codec.encode(img, 'png');
  const r = await time(() => ocr.recognize(png));
  rows.push(
    `| OCR: recognize | ${name.replace('integration__resources__', '')} (${img.width}×${img.height}) | ${Math.round(r.median)} | ${Math.round(r.min)} |`,
  );
}
await ocr.terminate();
await assets.dispose();
process.stdout.write(`${rows.join('\n')}\n\nNode ${process.version}, ${RUNS} timed runs after one warm-up.\n`);
