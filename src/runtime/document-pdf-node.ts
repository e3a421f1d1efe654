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
    // pdf.js's wasm image decoders stay on: its JS JBIG2 decoder can spin for ever on a hostile file, and in Node
    // that blocks the whole event loop (no time limit can fire). The wasm decoders' known fault (docs/decisions.md:
    // JBIG2 after the first JBIG2 document in a process) ends in the render limit instead: 422, the process alive.
  };
}

/** Node: a canvas for pdf.js to render into (@napi-rs/canvas, the package pdf.js itself uses in Node). */
export function nodeRenderCanvas(width: number, height: number): RenderCanvas {
  const require = createRequire(import.meta.url);
  const { createCanvas } = require('@napi-rs/canvas') as { createCanvas(w: number, h: number): { getContext(t: '2d'): RenderCanvas['context'] } };
  const canvas = createCanvas(width, height);
  return { canvas, context: canvas.getContext('2d') };
}
