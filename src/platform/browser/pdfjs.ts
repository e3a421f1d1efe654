import type { Pdfjs, PdfjsSource } from '../../documents/pdf/pdfjs.js';
import type { RenderCanvas } from '../../documents/pdf/rasterise.js';
import type { BrowserAssets } from './assets.js';

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
 * Browser (pages and module workers): pdf.js's main build, its worker and its data folders (`standard_fonts/`,
 * `cmaps/`, `wasm/`, `iccs/`) at `urls` (absolute: pdf.js's worker fetches them itself). No `document` is needed.
 */
export function browserPdfjs(urls: BrowserAssets['pdfjs']): PdfjsSource {
  const dir = (name: string) => new URL(`${name}/`, urls.dataDir).href;
  let worker: InstanceType<Pdfjs['PDFWorker']> | undefined;
  return {
    async load() {
      const pdfjs = (await import('pdfjs-dist')) as Pdfjs;
      pdfjs.GlobalWorkerOptions.workerSrc = urls.worker;
      return pdfjs;
    },
    assets: { standardFontDataUrl: dir('standard_fonts'), cMapUrl: dir('cmaps'), wasmUrl: dir('wasm'), iccUrl: dir('iccs') },
    options: { CanvasFactory: OffscreenCanvasFactory, FilterFactory: NoFilterFactory, useWorkerFetch: true },
    // A worker that died (a hostile file) is replaced for the next document.
    worker: (pdfjs) => (worker && !worker.destroyed ? worker : (worker = new pdfjs.PDFWorker())),
  };
}
