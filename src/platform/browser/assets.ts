import type { LexiconId } from '../../detection/lexicons/manifest.js';
import { LEXICON_IDS, lexiconFileName } from '../../detection/lexicons/manifest.js';
import type { OcrAssets } from '../../documents/ocr-client.js';

/**
 * Every file the browser build fetches, each named by a `new URL('…', import.meta.url)` literal: the pattern every
 * modern bundler understands (Vite, webpack 5, Rollup, esbuild plugins), so an app that bundles the package gets these
 * files copied next to its own and nothing is copied by hand. Unbundled (the package served as files) the same URLs
 * point into the package: `dist/vendor/…`, `dist/models/…` and `dist/lexicons/…` (the repo's dev server serves them from node_modules
 * and `models/`, `lexicons/`). `assetsBaseUrl` replaces all of them with one self-hosted folder (`local-anonymizer assets DIR`).
 *
 * Files a library looks up by name inside a folder cannot be renamed by a bundler: tesseract's traineddata is shipped
 * as `<code>.traineddata` (gzip bytes, found by their magic number), so a hashed name such as `deu-1a2b.traineddata`
 * still reads as language `deu-1a2b`; pdf.js's data folders (fonts, CMaps, image decoders) are folders and are
 * only reachable at `vendor/pdfjs/` under the app's origin or `assetsBaseUrl`.
 */
export interface BrowserAssets {
  ner: { config: string; tokenizer: string; model: string };
  /** The rules' word lists, by id (`lexicons/manifest.json`). */
  lexicons: Record<LexiconId, string>;
  faces: { back: string; front: string };
  ocr: OcrAssets;
  pdfjs: { worker: string; dataDir: string };
}

/** The folder layout under `assetsBaseUrl` (and of `dist/`): what `local-anonymizer assets DIR` writes. */
const LAYOUT = {
  ner: { config: 'models/ner/config.json', tokenizer: 'models/ner/tokenizer.json', model: 'models/ner/model.onnx' },
  faces: {
    back: 'models/face/face_detection_back_256x256_barracuda.onnx',
    front: 'models/face/face_detection_front_128x128_barracuda.onnx',
  },
  tesseract: { worker: 'vendor/tesseract/worker.min.js', core: 'vendor/tesseract/tesseract-core-simd-lstm.wasm.js' },
  tessdata: ['vendor/tessdata/deu.traineddata', 'vendor/tessdata/eng.traineddata'],
  pdfjs: { worker: 'vendor/pdfjs/pdf.worker.min.mjs', dataDir: 'vendor/pdfjs/' },
  lexicons: 'lexicons/',
} as const;

/** tesseract wants one folder and language names: both come from the traineddata files' URLs. */
function ocrAssets(worker: string, core: string, traineddata: readonly string[]): OcrAssets {
  const langPath = traineddata[0]!.slice(0, traineddata[0]!.lastIndexOf('/'));
  const languages = traineddata.map((url) => decodeURIComponent(url.slice(url.lastIndexOf('/') + 1).replace(/\.traineddata$/, '')));
  return { langPath, languages, workerPath: worker, corePath: core };
}

/** The package's own files, as bundled (or served unbundled). Absolute URLs: nested workers resolve them themselves. */
function packaged(): BrowserAssets {
  const url = (u: URL) => u.href;
  return {
    ner: {
      config: url(new URL('../../../models/ner/config.json', import.meta.url)),
      tokenizer: url(new URL('../../../models/ner/tokenizer.json', import.meta.url)),
      model: url(new URL('../../../models/ner/model.onnx', import.meta.url)),
    },
    lexicons: {
      'common-words-de': url(new URL('../../../lexicons/common-words-de.txt', import.meta.url)),
      'german-nouns': url(new URL('../../../lexicons/german-nouns.txt', import.meta.url)),
      'common-words-en': url(new URL('../../../lexicons/common-words-en.txt', import.meta.url)),
      'name-words-en': url(new URL('../../../lexicons/name-words-en.txt', import.meta.url)),
      'first-names': url(new URL('../../../lexicons/first-names.txt', import.meta.url)),
      places: url(new URL('../../../lexicons/places.txt', import.meta.url)),
      'compound-surnames': url(new URL('../../../lexicons/compound-surnames.txt', import.meta.url)),
      surrogates: url(new URL('../../../lexicons/surrogates.json', import.meta.url)),
    },
    faces: {
      back: url(new URL('../../../models/face/face_detection_back_256x256_barracuda.onnx', import.meta.url)),
      front: url(new URL('../../../models/face/face_detection_front_128x128_barracuda.onnx', import.meta.url)),
    },
    ocr: ocrAssets(
      url(new URL('../../../vendor/tesseract/worker.min.js', import.meta.url)),
      url(new URL('../../../vendor/tesseract/tesseract-core-simd-lstm.wasm.js', import.meta.url)),
      [
        url(new URL('../../../vendor/tessdata/deu.traineddata', import.meta.url)),
        url(new URL('../../../vendor/tessdata/eng.traineddata', import.meta.url)),
      ],
    ),
    pdfjs: {
      worker: url(new URL('../../../vendor/pdfjs/pdf.worker.min.mjs', import.meta.url)),
      // A folder: built at run time so that bundlers do not try to copy it (they copy files only).
      dataDir: new URL(LAYOUT.pdfjs.dataDir, new URL('../../..' + '/', import.meta.url)).href,
    },
  };
}

/** The same files under one self-hosted folder (`assetsBaseUrl`, resolved against `base`). */
function hosted(baseUrl: string, base: string): BrowserAssets {
  const root = new URL(baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`, base);
  const at = (path: string) => new URL(path, root).href;
  return {
    ner: { config: at(LAYOUT.ner.config), tokenizer: at(LAYOUT.ner.tokenizer), model: at(LAYOUT.ner.model) },
    lexicons: Object.fromEntries(LEXICON_IDS.map((id) => [id, at(`${LAYOUT.lexicons}${lexiconFileName(id)}`)])) as Record<
      LexiconId,
      string
    >,
    faces: { back: at(LAYOUT.faces.back), front: at(LAYOUT.faces.front) },
    ocr: ocrAssets(at(LAYOUT.tesseract.worker), at(LAYOUT.tesseract.core), LAYOUT.tessdata.map(at)),
    pdfjs: { worker: at(LAYOUT.pdfjs.worker), dataDir: at(LAYOUT.pdfjs.dataDir) },
  };
}

/** The browser build's files: the package's own, or those under `assetsBaseUrl` (resolved against `base`). */
export function browserAssets(base: string, assetsBaseUrl?: string): BrowserAssets {
  return assetsBaseUrl === undefined ? packaged() : hosted(assetsBaseUrl, base);
}
