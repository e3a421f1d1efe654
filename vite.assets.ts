import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);
/** OCR languages served at `/vendor/tessdata/<code>.traineddata` (gzip bytes; one folder: tesseract takes one langPath). */
const TESSDATA = ['deu', 'eng'];
const PDFJS = dirname(require.resolve('pdfjs-dist/package.json'));

/**
 * The third-party files of the browser build, by their path under the package's `dist/` (and the dev server's root)
 * → the file in node_modules: tesseract's worker and core, its traineddata, pdf.js's worker and its data folders
 * (fonts, CMaps, wasm decoders, ICC profiles). `src/platform/browser/assets.ts` names each by `new URL`.
 */
export function vendorFiles(): Map<string, string> {
  const out = new Map<string, string>();
  out.set('vendor/tesseract/worker.min.js', require.resolve('tesseract.js/dist/worker.min.js'));
  out.set('vendor/tesseract/tesseract-core-simd-lstm.wasm.js', require.resolve('tesseract.js-core/tesseract-core-simd-lstm.wasm.js'));
  for (const code of TESSDATA) {
    out.set(
      `vendor/tessdata/${code}.traineddata`,
      join(dirname(require.resolve(`@tesseract.js-data/${code}/package.json`)), '4.0.0_best_int', `${code}.traineddata.gz`),
    );
  }
  out.set('vendor/pdfjs/pdf.worker.min.mjs', join(PDFJS, 'build', 'pdf.worker.min.mjs'));
  for (const dir of ['standard_fonts', 'cmaps', 'wasm', 'iccs']) {
    for (const name of readdirSync(join(PDFJS, dir))) out.set(`vendor/pdfjs/${dir}/${name}`, join(PDFJS, dir, name));
  }
  return out;
}

function contentType(path: string): string {
  if (path.endsWith('.wasm')) return 'application/wasm';
  if (/\.m?js$/.test(path)) return 'text/javascript';
  return 'application/octet-stream';
}

/**
 * Serves `vendorFiles()` from the dev server's own origin (the package's `dist/vendor/` in source form) and emits them
 * in builds of this repo. Sent as they are, never with Content-Encoding: tesseract gunzips the traineddata itself.
 */
export function localAssets(): Plugin {
  const served = vendorFiles();
  return {
    name: 'local-anonymizer-assets',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = served.get((req.url ?? '').split('?')[0]!.slice(1));
        if (!path) return next();
        res.setHeader('Content-Type', contentType(path));
        res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
        res.end(readFileSync(path));
      });
    },
    generateBundle() {
      for (const [fileName, path] of served) this.emitFile({ type: 'asset', fileName, source: readFileSync(path) });
    },
  };
}

/**
 * src/platform/browser/assets.ts names the vendor files by `new URL('../../../vendor/…', import.meta.url)`, which holds
 * in the package (dist/lib/vendor/) but finds nothing beside the source, so Vite warned at each build that they do not
 * exist. `localAssets()` serves and emits them at /vendor/ itself: this leaves those URLs to run time, in the form Vite
 * itself leaves such a URL in (`'' + import.meta.url`; a comment would not survive the TypeScript transform). For the
 * page and for its workers, which Vite builds with their own plugin list.
 */
export function vendorUrlsAtRunTime(): Plugin {
  return {
    name: 'local-anonymizer-vendor-urls',
    enforce: 'pre',
    transform: {
      filter: { id: /src\/platform\/browser\/assets\.ts$/ },
      handler: (code) => code.replace(/(new URL\('\.\.\/\.\.\/\.\.\/vendor\/[^']+', )import\.meta\.url\)/g, "$1'' + import.meta.url)"),
    },
  };
}
