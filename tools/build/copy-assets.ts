// Part of `npm run build`: puts every file the browser build fetches where the compiled code's `new URL(…,
// import.meta.url)` literals point: `dist/lib/vendor/` (tesseract, pdf.js: `vendorFiles()` of vite.assets.ts) and
// `dist/lib/models/` and `dist/lib/lexicons/` (the shipped models and word lists, which the Node build also finds there). See src/platform/browser/assets.ts.
import { cpSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { vendorFiles } from '../../vite.assets.ts';

const root = join(import.meta.dirname, '..', '..');
const out = join(root, 'dist', 'lib');
for (const [path, file] of vendorFiles()) {
  mkdirSync(dirname(join(out, path)), { recursive: true });
  cpSync(file, join(out, path), { dereference: true });
}
for (const part of ['models', 'lexicons']) cpSync(join(root, part), join(out, part), { recursive: true });
