import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { DocumentInitParameters } from 'pdfjs-dist/types/src/display/api.js';
import { invalidFile } from '../../errors/problem.js';

/** The pdf.js module (Node: the legacy build; browser: the main build with its worker). */
export type Pdfjs = typeof import('pdfjs-dist');

/** Same-origin (browser) or filesystem (Node) folders of pdf.js's data files; each ends in `/`. Never a CDN. */
export interface PdfjsAssets {
  standardFontDataUrl: string;
  cMapUrl: string;
  wasmUrl: string;
  iccUrl: string;
}

/** pdf.js with its data files, as the platform wiring provides them. */
export interface PdfjsSource {
  load(): Promise<Pdfjs>;
  assets: PdfjsAssets;
  /** Platform parameters of `getDocument` (browser: canvas and filter factories that need no `document`). */
  options?: Pick<DocumentInitParameters, 'CanvasFactory' | 'FilterFactory' | 'useWorkerFetch' | 'useWasm'>;
  /** Platform work before any document is opened (Node: the JBIG2/CCITT decoder, once per process). */
  prepare?(): Promise<void>;
  /** One pdf.js worker for every document (browser): started once, so later documents fetch nothing, even offline. */
  worker?(pdfjs: Pdfjs): NonNullable<DocumentInitParameters['worker']>;
}

/** Largest image pdf.js may decode (pixels): pdf.js's default is unlimited (reliability H2). */
export const PDFJS_MAX_IMAGE_PIXELS = 50_000_000;

/**
 * Opens a PDF with pdf.js, hardened (reliability H7): local data files only, no `eval`, no XFA, a pixel cap on
 * images. Gets a copy of the bytes because pdf.js detaches the buffer it is given. Unreadable or encrypted files
 * become 422 INVALID_FILE.
 */
export async function openPdfjs(source: PdfjsSource, bytes: Uint8Array): Promise<PDFDocumentProxy> {
  const pdfjs = await source.load();
  const task = pdfjs.getDocument({
    data: bytes.slice(),
    ...source.assets,
    ...source.options,
    ...(source.worker ? { worker: source.worker(pdfjs) } : {}),
    cMapPacked: true,
    isEvalSupported: false,
    enableXfa: false,
    disableFontFace: true,
    useSystemFonts: false,
    maxImageSize: PDFJS_MAX_IMAGE_PIXELS,
    stopAtErrors: false,
    verbosity: 0,
  });
  try {
    return await task.promise;
  } catch (err) {
    await task.destroy().catch(() => undefined);
    const name = err instanceof Error ? err.name : '';
    if (name === 'PasswordException') throw invalidFile('The PDF is encrypted.');
    throw invalidFile('The PDF is damaged or not a PDF.');
  }
}
