// PDF pages as canvases (pdf.js in this page, its worker and data files from this origin), loaded on first use.

/** pdf.js's worker and data folders where vite.assets.ts puts them for the engine: the page shares the same files. */
const PDFJS = '/vendor/pdfjs/';
const pdfWorkerUrl = `${PDFJS}pdf.worker.min.mjs`;

type PdfJs = typeof import('pdfjs-dist');
let lib: Promise<PdfJs> | null = null;

function pdfjs(): Promise<PdfJs> {
  lib ??= import('pdfjs-dist').then((m) => {
    m.GlobalWorkerOptions.workerSrc = pdfWorkerUrl;
    return m;
  });
  return lib;
}

/** One rendered page: the canvas and its size in PDF points (the PII record's boxes are in points, top left origin). */
export interface RenderedPage {
  pageNum: number;
  canvas: HTMLCanvasElement;
  width: number;
  height: number;
}

/** Renders up to `maxPages` pages at `cssWidth` CSS pixels wide (sharp on high-density screens). */
export async function renderPdf(bytes: Uint8Array, cssWidth: number, maxPages = 8): Promise<{ pages: RenderedPage[]; total: number }> {
  const { getDocument } = await pdfjs();
  const task = getDocument({
    // pdf.js transfers the buffer it is given to its worker: a copy keeps the caller's bytes.
    data: bytes.slice(),
    cMapUrl: `${PDFJS}cmaps/`,
    cMapPacked: true,
    standardFontDataUrl: `${PDFJS}standard_fonts/`,
    wasmUrl: `${PDFJS}wasm/`,
    iccUrl: `${PDFJS}iccs/`,
    // The page's CSP has no 'unsafe-eval': pdf.js then draws glyphs without compiled font programs.
    isEvalSupported: false,
    enableXfa: false,
  });
  const doc = await task.promise;
  try {
    const pages: RenderedPage[] = [];
    const ratio = Math.min(window.devicePixelRatio || 1, 2);
    for (let n = 1; n <= Math.min(doc.numPages, maxPages); n++) {
      const page = await doc.getPage(n);
      const base = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: (cssWidth / base.width) * ratio });
      const canvas = document.createElement('canvas');
      canvas.width = Math.ceil(viewport.width);
      canvas.height = Math.ceil(viewport.height);
      const context = canvas.getContext('2d')!;
      await page.render({ canvas, canvasContext: context, viewport }).promise;
      pages.push({ pageNum: n, canvas, width: base.width, height: base.height });
      page.cleanup();
    }
    return { pages, total: doc.numPages };
  } finally {
    void task.destroy();
  }
}
