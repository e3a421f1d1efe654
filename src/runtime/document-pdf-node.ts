import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Pdfjs, PdfjsSource } from '../documents/pdf/pdfjs.js';
import type { RenderCanvas } from '../documents/pdf/rasterise.js';

/** Node: pdf.js's legacy build (the modern one needs DOMMatrix) with its data folders from node_modules. */
export function nodePdfjs(): PdfjsSource {
  const require = createRequire(import.meta.url);
  const root = dirname(require.resolve('pdfjs-dist/package.json'));
  const dir = (name: string) => join(root, name) + '/';
  return {
    load: () => import('pdfjs-dist/legacy/build/pdf.mjs') as unknown as Promise<Pdfjs>,
    assets: { standardFontDataUrl: dir('standard_fonts'), cMapUrl: dir('cmaps'), wasmUrl: dir('wasm'), iccUrl: dir('iccs') },
    // pdf.js 5.5's JBIG2/JPX wasm decoders keep process-wide state: once the first document that used them is
    // destroyed, every later JBIG2 image in the process waits forever (a render never settles). Its JS decoders have
    // no such state; they are slower, and correct.
    options: { useWasm: false },
  };
}

/** Node: a canvas for pdf.js to render into (@napi-rs/canvas, the package pdf.js itself uses in Node). */
export function nodeRenderCanvas(width: number, height: number): RenderCanvas {
  const require = createRequire(import.meta.url);
  const { createCanvas } = require('@napi-rs/canvas') as { createCanvas(w: number, h: number): { getContext(t: '2d'): RenderCanvas['context'] } };
  const canvas = createCanvas(width, height);
  return { canvas, context: canvas.getContext('2d') };
}
