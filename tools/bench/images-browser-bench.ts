// Image bench in Chromium: faces in workers/face.worker.ts at 1 MP and 12 MP, OCR per image (tesseract.js in the
// page's nested worker). A Vite dev server (this project's config: COOP/COEP, /vendor/tessdata) serves
// tools/bench/browser/images.html; playwright-core drives Debian's chromium and aborts (and counts) any request that
// is not to the local server. Run: npm run bench:images:browser [-- --runs N]
import { resolve } from 'node:path';
import { runBenchPage } from '../../tools/browser/chromium-page.js';

const root = resolve(import.meta.dirname, '..', '..');
const corpus = resolve(root, '..', 'shared', 'corpus');
const runsAt = process.argv.indexOf('--runs');
const runs = runsAt > 0 ? Number(process.argv[runsAt + 1]) : 3;

const { result, version, foreign } = await runBenchPage<NonNullable<Window['__images']>>(
  `tools/bench/browser/images.html?runs=${runs}&corpus=${encodeURIComponent(corpus)}`,
  '__images',
  5191,
);
const lines = ['| step | image | median ms | min ms |', '|---|---|---|---|'];
for (const r of result.rows)
  lines.push(`| ${r.step} | ${r.image} | ${Math.round(r.median)} | ${Number.isNaN(r.min) ? '–' : Math.round(r.min)} |`);
process.stdout.write(
  `${lines.join('\n')}\n\nChromium ${version}, ${runs} timed runs after one warm-up; requests to other origins: ${foreign}.\n`,
);
