import { createWorker, OEM } from 'tesseract.js';
import type { Worker as TesseractWorker } from 'tesseract.js';
import { internalError } from '../errors/problem.js';
import type { PlacedWord } from './layout.js';
import { mended } from './ocr-misreads.js';

/**
 * Where tesseract's pieces come from. `langPath` is one folder (Node: a path; browser: a same-origin URL) holding
 * `<code>.traineddata` (gzip bytes) for every language: tesseract.js 7 cannot take traineddata as bytes for more than
 * loading (its initialize step reads `lang.data` as the name).
 */
export interface OcrAssets {
  langPath: string;
  languages: readonly string[];
  /** Browser: same-origin URL of tesseract.js `worker.min.js`. Node: leave out. */
  workerPath?: string;
  /** Browser: same-origin URL of a `tesseract-core-*.wasm.js`. Node: leave out. */
  corePath?: string;
}

/** Recognised text of one image: paragraphs of lines of words with pixel boxes. */
export type OcrPage = PlacedWord[][][];

/** A started tesseract worker with a time limit per page. */
export interface OcrClient {
  recognize(png: Uint8Array): Promise<OcrPage>;
  terminate(): Promise<void>;
}

/**
 * Words tesseract itself doubts this much are noise (texture read as letters). Low: a word it doubts is still on the
 * page, and the words it doubts most are the unusual ones, names and identifiers (`Flurstraße`, read `FlurstraBe`, at
 * 17; a VIN at 22): dropped, they would be neither detected nor redacted (docs/decisions.md, "Scans as users get them").
 */
const MIN_WORD_CONFIDENCE = 15;

function toPage(blocks: Tesseract.Block[] | null): OcrPage {
  const page: OcrPage = [];
  for (const block of blocks ?? []) {
    for (const para of block.paragraphs) {
      const lines = para.lines
        .map((line) =>
          line.words
            .filter((w) => w.text.trim() !== '' && w.confidence >= MIN_WORD_CONFIDENCE)
            .map((w) => ({ text: mended(w.text), box: { x0: w.bbox.x0, y0: w.bbox.y0, x1: w.bbox.x1, y1: w.bbox.y1 } })),
        )
        .filter((l) => l.length > 0);
      if (lines.length > 0) page.push(lines);
    }
  }
  return page;
}

/**
 * Starts tesseract.js (LSTM only) with local files only: an explicit `langPath` means tesseract never builds its
 * CDN address. Resolves when the worker is ready. A page that takes longer than `timeoutMs`
 * terminates the worker and fails with a 500 problem; so does any tesseract error (its messages may quote input).
 */
export async function createOcrClient(assets: OcrAssets, timeoutMs = 120_000): Promise<OcrClient> {
  let worker: TesseractWorker;
  try {
    worker = await createWorker(assets.languages.join('+'), OEM.LSTM_ONLY, {
      langPath: assets.langPath,
      cacheMethod: 'none',
      // Files are named `<code>.traineddata` whatever their content; tesseract gunzips gzip bytes by their magic number.
      gzip: false,
      workerBlobURL: false,
      ...(assets.workerPath ? { workerPath: assets.workerPath } : {}),
      ...(assets.corePath ? { corePath: assets.corePath } : {}),
    });
  } catch {
    throw internalError('The text recognizer could not start.');
  }
  let alive = true;
  return {
    async recognize(png) {
      if (!alive) throw internalError('The text recognizer stopped.');
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          alive = false;
          void worker.terminate();
          reject(internalError('Text recognition timed out.'));
        }, timeoutMs);
      });
      try {
        const result = await Promise.race([worker.recognize(png as unknown as Buffer, {}, { blocks: true, text: false }), timeout]);
        return toPage(result.data.blocks);
      } catch (err) {
        if (err instanceof Error && err.name === 'AnonymizerError') throw err;
        throw internalError('Text recognition failed.');
      } finally {
        clearTimeout(timer);
      }
    },
    async terminate() {
      if (!alive) return;
      alive = false;
      await worker.terminate();
    },
  };
}
