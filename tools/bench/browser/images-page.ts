// Page side of tools/bench/images-browser-bench.ts: faces (in workers/face.worker.ts) at 1 MP and 12 MP, OCR per image.
import { createCanvasCodec } from '../../../src/platform/browser/codec.js';
import { decodeImage } from '../../../src/documents/image/decode.js';
import type { Raster } from '../../../src/documents/image/raster.js';
import { imageFormatOf } from '../../../src/documents/image/sniff-image.js';
import { startFaceWorker } from '../../../src/platform/browser/face-client.js';
import { createOcrClient } from '../../../src/documents/ocr-client.js';
import { browserAssets } from '../../../src/platform/browser/assets.js';
import { crop, paste, resize } from '../../faces/compose.js';
import { timeRuns } from '../timing.js';

interface Row {
  step: string;
  image: string;
  median: number;
  min: number;
}
declare global {
  interface Window {
    __images?: { done: boolean; rows: Row[]; error?: string };
  }
}

const RUNS = Number(new URLSearchParams(location.search).get('runs') ?? 3);
const codec = createCanvasCodec();
const corpus = (path: string) => `/@fs${new URL(location.href).searchParams.get('corpus')}/${path}`;

async function load(path: string): Promise<Raster> {
  const bytes = new Uint8Array(await (await fetch(corpus(path))).arrayBuffer());
  const format = imageFormatOf(bytes);
  if (!format) throw new Error(path);
  return decodeImage(bytes, format, codec, 60e6);
}

const time = (run: () => Promise<unknown>) => timeRuns(run, RUNS);

async function main(): Promise<Row[]> {
  const rows: Row[] = [];
  const sprite = crop(await load('faces/astronaut.png'), [95, 0, 355, 300], [175, 65, 275, 185]);
  const coffee = await load('faces/coffee.png');
  const faces = startFaceWorker(browserAssets(location.href).faces, 600_000);
  let t = performance.now();
  await faces.detect(resize(coffee, 64, 64));
  rows.push({ step: 'faces: start worker + load models', image: '–', median: performance.now() - t, min: NaN });
  for (const [name, w, h] of [
    ['1 MP', 1155, 866],
    ['12 MP', 4000, 3000],
  ] as const) {
    const img = resize(coffee, w, h);
    for (let i = 0; i < 6; i++) paste(img, sprite, ((i * 0.37) % 1) * (w - 300), ((i * 0.61) % 1) * (h - 300), 0.5 + (i % 3) * 0.3, 0);
    rows.push({ step: 'faces: detect (worker)', image: `${name} (${w}×${h})`, ...(await time(() => faces.detect(img))) });
  }
  faces.terminate();
  t = performance.now();
  const ocr = await createOcrClient(browserAssets(location.href).ocr);
  rows.push({ step: 'OCR: start tesseract (deu+eng)', image: '–', median: performance.now() - t, min: NaN });
  for (const name of ['integration__resources__ocr_test.png', 'integration__resources__kwargs_test.jpg']) {
    const img = await load(`presidio-image/${name}`);
    const png = await codec.encode(img, 'png');
    rows.push({
      step: 'OCR: recognize',
      image: `${name.replace('integration__resources__', '')} (${img.width}×${img.height})`,
      ...(await time(() => ocr.recognize(png))),
    });
  }
  await ocr.terminate();
  return rows;
}

window.__images = { done: false, rows: [] };
main().then(
  (rows) => (window.__images = { done: true, rows }),
  (err: unknown) => (window.__images = { done: true, rows: [], error: String(err) }),
);
