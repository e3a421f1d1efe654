import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/** OCR languages served at `/vendor/tessdata/<code>.traineddata.gz` (one folder: tesseract.js takes one langPath). */
const TESSDATA = ['deu', 'eng'];

function tessdataFile(code: string): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve(`@tesseract.js-data/${code}/package.json`)), '4.0.0_best_int', `${code}.traineddata.gz`);
}

/**
 * Serves the traineddata of the installed `@tesseract.js-data/*` packages from the app's own origin (dev server and
 * build output). Sent as plain octet-stream, never with Content-Encoding: tesseract gunzips it itself.
 */
export function localAssets(): Plugin {
  return {
    name: 'local-anonymizer-assets',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const m = /^\/vendor\/tessdata\/([a-z]{3})\.traineddata\.gz$/.exec(req.url ?? '');
        if (!m || !TESSDATA.includes(m[1]!)) return next();
        res.setHeader('Content-Type', 'application/octet-stream');
        res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
        res.end(readFileSync(tessdataFile(m[1]!)));
      });
    },
    generateBundle() {
      for (const code of TESSDATA) {
        this.emitFile({ type: 'asset', fileName: `vendor/tessdata/${code}.traineddata.gz`, source: readFileSync(tessdataFile(code)) });
      }
    },
  };
}
