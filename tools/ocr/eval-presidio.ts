// Text in images against ../shared/corpus/presidio-image. Run: node --import tsx tools/ocr/eval-presidio.ts
// 1. Text-region recall: share of ink pixels (dark on a light page) inside OCR word boxes (the `text` label).
// 2. PII pixel recall against Presidio's expected output: pixels Presidio redacted in ocr_test_redacted.png that our
//    redaction (all text labels) also covers, and the share of our redacted pixels inside Presidio's regions.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createDocumentAnonymizer } from '../../src/engine/document-engine.js';
import { createImageAdapter } from '../../src/documents/image/image-adapter.js';
import { decodeImage } from '../../src/documents/image/decode.js';
import { layoutFromParagraphs } from '../../src/documents/layout.js';
import { createNodeCodec } from '../../src/platform/node/codec.js';
import type { Raster } from '../../src/documents/image/raster.js';
import { imageFormatOf } from '../../src/documents/image/sniff-image.js';
import { createOcrClient } from '../../src/documents/ocr-client.js';
import { nodeOcrAssets } from '../../src/platform/node/assets.js';
import { TEXT_LABELS } from '../../src/spec/types.js';

const dir = join(import.meta.dirname, '..', '..', '..', 'shared', 'corpus', 'presidio-image');
const codec = createNodeCodec(60e6);
const load = async (name: string) => {
  const bytes = new Uint8Array(readFileSync(join(dir, name)));
  const format = imageFormatOf(bytes);
  if (!format) throw new Error('not an image');
  return { bytes, raster: await decodeImage(bytes, format, codec, 60e6) };
};
const lum = (img: Raster, i: number) => 0.299 * img.data[i * 4]! + 0.587 * img.data[i * 4 + 1]! + 0.114 * img.data[i * 4 + 2]!;

const assets = await nodeOcrAssets();
const ocr = await createOcrClient(assets);
console.log('| image | ink pixels | inside OCR word boxes (text-region recall) |\n|---|---|---|');
for (const name of ['integration__resources__ocr_test.png', 'integration__resources__kwargs_test.jpg']) {
  const { raster } = await load(name);
  const layout = layoutFromParagraphs(await ocr.recognize(await codec.encode(raster, 'png')));
  const inBox = new Uint8Array(raster.width * raster.height);
  for (const w of layout.words)
    for (let y = Math.floor(w.box.y0); y < Math.ceil(w.box.y1); y++)
      for (let x = Math.floor(w.box.x0); x < Math.ceil(w.box.x1); x++) inBox[y * raster.width + x] = 1;
  // Page colour = median luminance; ink = 100 levels away from it.
  const lums = Array.from({ length: raster.width * raster.height }, (_, i) => lum(raster, i));
  const page = [...lums].sort((a, b) => a - b)[Math.floor(lums.length / 2)]!;
  let ink = 0;
  let covered = 0;
  lums.forEach((l, i) => {
    if (Math.abs(l - page) > 100) {
      ink++;
      covered += inBox[i]!;
    }
  });
  console.log(`| ${name} | ${ink} | ${(covered / Math.max(1, ink)).toFixed(3)} |`);
}
await ocr.terminate();
await assets.dispose();

const engine = createDocumentAnonymizer({
  adapters: [
    createImageAdapter({
      codec,
      detectors: {
        ocr: async () => {
          const a = await nodeOcrAssets();
          const c = await createOcrClient(a);
          return {
            recognize: async (png: Uint8Array) => {
              const r = await c.recognize(png);
              await c.terminate();
              await a.dispose();
              return r;
            },
          };
        },
      },
    }),
  ],
});
const original = await load('integration__resources__ocr_test.png');
const expected = await load('integration__resources__ocr_test_redacted.png');
const ours = await engine.anonymize(original.bytes, {
  textAnonymization: { labelsConfig: TEXT_LABELS.map((name) => ({ name })) },
  imageAnonymization: { labelsConfig: [] },
});
const mine = await decodeImage(ours.bytes, 'png', codec, 60e6);
let truth = 0;
let hit = 0;
let redacted = 0;
let agreed = 0;
for (let i = 0; i < mine.width * mine.height; i++) {
  const theirs = [0, 1, 2].some((k) => Math.abs(original.raster.data[i * 4 + k]! - expected.raster.data[i * 4 + k]!) > 30);
  const ourBox = mine.data[i * 4] === 0 && mine.data[i * 4 + 1] === 0 && mine.data[i * 4 + 2] === 0 && lum(original.raster, i) > 128;
  if (theirs) truth++;
  if (theirs && (ourBox || mine.data[i * 4]! < 5)) hit++;
  if (ourBox) redacted++;
  if (ourBox && theirs) agreed++;
}
const ents = ours.pageData[0]!.textData.detections.ents.map((e) => `${e.tag}:${e.text}`);
console.log(`\nPII vs Presidio's expected ocr_test_redacted.png: entities ${JSON.stringify(ents)}`);
console.log(
  `pixels Presidio changed: ${truth}; also covered by ours: ${(hit / truth).toFixed(3)}; of our redacted background pixels, inside Presidio's regions: ${(agreed / Math.max(1, redacted)).toFixed(3)}`,
);
