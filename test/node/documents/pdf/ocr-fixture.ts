// One tesseract client per test file that needs a second reader (OCR of rendered output), and the font the
// fixtures draw names with.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { nodeOcrAssets } from '../../../../src/runtime/node-assets.js';
import type { OcrClient } from '../../../../src/runtime/ocr-client.js';
import { createOcrClient } from '../../../../src/runtime/ocr-client.js';

/** pdf.js's LiberationSans: a TrueType font every machine with the project has. */
export const LIBERATION = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts', 'LiberationSans-Regular.ttf');

/** Starts an OCR client before the file's tests and stops it after them; call the result inside a test. */
export function useOcrClient(): () => OcrClient {
  let ocr: OcrClient | undefined;
  let dispose: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const assets = await nodeOcrAssets();
    dispose = assets.dispose;
    ocr = await createOcrClient(assets);
  });
  afterAll(async () => {
    await ocr?.terminate();
    await dispose?.();
  });
  return () => ocr!;
}
