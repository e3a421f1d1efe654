/// <reference types="vite/client" />
import pdfWorkerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import type { Pdfjs, PdfjsSource } from '../../documents/pdf/pdfjs.js';
import type { RenderCanvas } from '../../documents/pdf/rasterise.js';

/** Same-origin folder where vite.assets.ts serves pdf.js's data files (`standard_fonts/`, `cmaps/`, `wasm/`, `iccs/`). */
export const PDFJS_DATA_PATH = '/vendor/pdfjs/';

/** Browser: a canvas for pdf.js to render into; OffscreenCanvas works in workers and pages alike. */
export function browserRenderCanvas(width: number, height: number): RenderCanvas {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('No 2D context.');
  return { canvas, context };
}

/** pdf.js's scratch canvases as OffscreenCanvas: its default factory calls `document.createElement`, absent in workers. */
class OffscreenCanvasFactory {
  create(width: number, height: number): RenderCanvas {
    if (width <= 0 || height <= 0) throw new Error('Invalid canvas size');
    return browserRenderCanvas(width, height);
  }
  reset(target: { canvas: OffscreenCanvas }, width: number, height: number): void {
    target.canvas.width = width;
    target.canvas.height = height;
  }
  destroy(target: { canvas: OffscreenCanvas | null; context: unknown }): void {
    if (target.canvas) target.canvas.width = target.canvas.height = 0;
    target.canvas = null;
    target.context = null;
  }
}

/** No SVG filters (transfer functions, high contrast): pdf.js's DOM filter factory needs a document. */
class NoFilterFactory {
  addFilter(): string {
    return 'none';
  }
  addHCMFilter(): string {
    return 'none';
  }
  addAlphaFilter(): string {
    return 'none';
  }
  addLuminosityFilter(): string {
    return 'none';
  }
  addHighlightHCMFilter(): string {
    return 'none';
  }
  destroy(): void {}
}

/**
 * Browser (pages and module workers): pdf.js's main build with its own worker bundled by Vite, data files from the
 * app's origin (absolute URLs: pdf.js's worker fetches them itself). No `document` is needed anywhere.
 */
export function browserPdfjs(base: string): PdfjsSource {
  const dir = (name: string) => new URL(`${PDFJS_DATA_PATH}${name}/`, base).href;
  return {
    async load() {
      const pdfjs = (await import('pdfjs-dist')) as Pdfjs;
      pdfjs.GlobalWorkerOptions.workerSrc = new URL(pdfWorkerUrl, base).href;
      return pdfjs;
    },
    assets: { standardFontDataUrl: dir('standard_fonts'), cMapUrl: dir('cmaps'), wasmUrl: dir('wasm'), iccUrl: dir('iccs') },
    options: { CanvasFactory: OffscreenCanvasFactory, FilterFactory: NoFilterFactory, useWorkerFetch: true },
  };
}
