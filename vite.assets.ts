import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);
/** OCR languages served at `/vendor/tessdata/<code>.traineddata.gz` (one folder: tesseract.js takes one langPath). */
const TESSDATA = ['deu', 'eng'];
const PDFJS = dirname(require.resolve('pdfjs-dist/package.json'));

/** Every served file: URL path → file on disk. pdf.js's data folders (fonts, CMaps, wasm decoders, ICC profiles) are flat. */
function files(): Map<string, string> {
  const out = new Map<string, string>();
  for (const code of TESSDATA) {
    out.set(
      `vendor/tessdata/${code}.traineddata.gz`,
      join(dirname(require.resolve(`@tesseract.js-data/${code}/package.json`)), '4.0.0_best_int', `${code}.traineddata.gz`),
    );
  }
  for (const dir of ['standard_fonts', 'cmaps', 'wasm', 'iccs']) {
    for (const name of readdirSync(join(PDFJS, dir))) out.set(`vendor/pdfjs/${dir}/${name}`, join(PDFJS, dir, name));
  }
  return out;
}

/**
 * Serves the traineddata of the installed `@tesseract.js-data/*` packages and pdf.js's data files from the app's own
 * origin (dev server and build output). Sent as plain octet-stream, never with Content-Encoding: tesseract gunzips
 * the traineddata itself.
 */
export function localAssets(): Plugin {
  const served = files();
  return {
    name: 'local-anonymizer-assets',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = served.get((req.url ?? '').split('?')[0]!.slice(1));
        if (!path) return next();
        res.setHeader('Content-Type', path.endsWith('.wasm') ? 'application/wasm' : 'application/octet-stream');
        res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
        res.end(readFileSync(path));
      });
    },
    generateBundle() {
      for (const [fileName, path] of served) this.emitFile({ type: 'asset', fileName, source: readFileSync(path) });
    },
  };
}
