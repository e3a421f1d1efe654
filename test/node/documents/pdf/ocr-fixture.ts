// One tesseract client per test file that needs a second reader (OCR of rendered output), and the font the
// fixtures draw names with.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { GlobalFonts, createCanvas } from '@napi-rs/canvas';
import { afterAll, beforeAll } from 'vitest';
import { nodeOcrAssets } from '../../../../src/platform/node/assets.js';
import type { OcrClient } from '../../../../src/documents/ocr-client.js';
import { createOcrClient } from '../../../../src/documents/ocr-client.js';

/** pdf.js's LiberationSans: a TrueType font every machine with the project has. */
export const LIBERATION = join(
  dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts',
  'LiberationSans-Regular.ttf',
);

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

/** A white PNG with two lines of black text, the second naming `name` (a scanned letter, as OCR tests need it). */
export function letterScanPng(
  name: string,
  size: { width: number; height: number; fontPx: number; x: number; lines: [number, number] },
): Uint8Array {
  GlobalFonts.registerFromPath(LIBERATION, 'Liberation Sans');
  const canvas = createCanvas(size.width, size.height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, size.width, size.height);
  ctx.fillStyle = '#000';
  ctx.font = `${size.fontPx}px "Liberation Sans"`;
  ctx.fillText('Sehr geehrte Damen und Herren,', size.x, size.lines[0]);
  ctx.fillText(`Herr ${name} kommt heute.`, size.x, size.lines[1]);
  return new Uint8Array(canvas.toBuffer('image/png'));
}
