import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PDFDocument, PDFName } from 'pdf-lib';
import type { Pdfjs, PdfjsAssets, PdfjsSource } from '../../documents/pdf/pdfjs.js';
import { renderWithin } from '../../documents/pdf/rasterise.js';
import type { RenderCanvas } from '../../documents/pdf/rasterise.js';

/** Node: pdf.js's legacy build (the modern one needs DOMMatrix) with its data folders from node_modules. */
export function nodePdfjs(): PdfjsSource {
  const require = createRequire(import.meta.url);
  const root = dirname(require.resolve('pdfjs-dist/package.json'));
  const dir = (name: string) => join(root, name) + '/';
  const load = () => import('pdfjs-dist/legacy/build/pdf.mjs') as unknown as Promise<Pdfjs>;
  const assets = { standardFontDataUrl: dir('standard_fonts'), cMapUrl: dir('cmaps'), wasmUrl: dir('wasm'), iccUrl: dir('iccs') };
  return {
    load,
    assets,
    // pdf.js's wasm image decoders stay on: its JS JBIG2 decoder can spin for ever on a hostile file, and in Node
    // that blocks the whole event loop (no time limit can fire). The warm-up runs before every document, not only
    // those with JBIG2/CCITT image objects: inline images (CCITT faxes) use the module too and are not objects.
    // After the first document it is one resolved promise; on the first it adds ~30 ms.
    prepare: () => warmJbig2Decoder(load, assets),
  };
}

let jbig2Warm: Promise<void> | undefined;
/** A warm-up that has not finished by then gives up: documents then meet the render limit instead of waiting here. */
const WARM_UP_LIMIT_MS = 10_000;

/**
 * Instantiates pdf.js's JBIG2/CCITT wasm module once per process, before any other document is opened, on a
 * document of our own that lives until the module is ready. pdf.js fetches the module's bytes through the message
 * handler of the document that first needs them and keeps that first promise for the life of the process: when that
 * document is destroyed before the bytes arrive (we destroy the reading copy as soon as its text is read), the
 * promise never settles and every later JBIG2 or CCITT image in the process waits for ever (docs/decisions.md).
 */
function warmJbig2Decoder(load: () => Promise<Pdfjs>, assets: PdfjsAssets): Promise<void> {
  jbig2Warm ??= (async () => {
    const pdfjs = await load();
    const warm = await PDFDocument.create();
    const page = warm.addPage([8, 8]);
    // One white row in CCITT G4: a single vertical-mode code (bit 1).
    const image = warm.context.stream(new Uint8Array([0x80]), {
      Type: 'XObject',
      Subtype: 'Image',
      Width: 8,
      Height: 1,
      BitsPerComponent: 1,
      ColorSpace: 'DeviceGray',
      Filter: 'CCITTFaxDecode',
      DecodeParms: { K: -1, Columns: 8, Rows: 1 },
    });
    page.node.setXObject(PDFName.of('Im0'), warm.context.register(image));
    page.node.addContentStream(warm.context.register(warm.context.stream('q 8 0 0 8 0 0 cm /Im0 Do Q')));
    const doc = await pdfjs.getDocument({ data: await warm.save(), ...assets, isEvalSupported: false, verbosity: 0 }).promise;
    try {
      const p = await doc.getPage(1);
      const canvas = nodeRenderCanvas(8, 8);
      const render = p.render({
        canvas: canvas.canvas as HTMLCanvasElement,
        canvasContext: canvas.context as unknown as CanvasRenderingContext2D,
        viewport: p.getViewport({ scale: 1 }),
      });
      await renderWithin(render, WARM_UP_LIMIT_MS);
    } finally {
      await doc.destroy();
    }
  })().catch(() => undefined); // a decoder that cannot start leaves its pages to the render limit: 422, fail closed

  return jbig2Warm;
}

/** Node: a canvas for pdf.js to render into (@napi-rs/canvas, the package pdf.js itself uses in Node). */
export function nodeRenderCanvas(width: number, height: number): RenderCanvas {
  const require = createRequire(import.meta.url);
  const { createCanvas } = require('@napi-rs/canvas') as {
    createCanvas(w: number, h: number): { getContext(t: '2d'): RenderCanvas['context'] };
  };
  const canvas = createCanvas(width, height);
  return { canvas, context: canvas.getContext('2d') };
}
