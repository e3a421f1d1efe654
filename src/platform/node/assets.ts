import { existsSync } from 'node:fs';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OcrAssets } from '../../documents/ocr-client.js';

/** OCR languages shipped as npm packages (`@tesseract.js-data/<code>`, LSTM `4.0.0_best_int`). */
export const OCR_LANGUAGES = ['deu', 'eng'] as const;

/** Node OCR assets plus the removal of the folder they live in. */
export interface NodeOcrAssets extends OcrAssets {
  dispose(): Promise<void>;
}

/**
 * Node: the installed data packages' traineddata, linked into one temporary folder (tesseract takes one `langPath`);
 * tesseract's own worker and core come from node_modules.
 */
export async function nodeOcrAssets(languages: readonly string[] = OCR_LANGUAGES): Promise<NodeOcrAssets> {
  const require = createRequire(import.meta.url);
  const dir = await mkdtemp(join(tmpdir(), 'local-anonymizer-tessdata-'));
  await Promise.all(
    languages.map((code) => {
      const pkg = dirname(require.resolve(`@tesseract.js-data/${code}/package.json`));
      return symlink(join(pkg, '4.0.0_best_int', `${code}.traineddata.gz`), join(dir, `${code}.traineddata`));
    }),
  );
  return { langPath: dir, languages, dispose: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * Node: a shipped data folder with a `manifest.json` (`models/`, `lexicons/`), found by walking up from this module:
 * `dist/lib/<folder>/` in the installed package (where the build puts it for the browser build too), the repo's
 * `<folder>/` from source.
 */
export function nodeShippedDir(folder: 'models' | 'lexicons', from: string = import.meta.url): string {
  let dir = dirname(fileURLToPath(from));
  for (let i = 0; i < 8; i++) {
    if (existsSync(join(dir, folder, 'manifest.json'))) return join(dir, folder);
    dir = dirname(dir);
  }
  return join(process.cwd(), folder);
}

/** Node: the shipped `models/` folder (`nodeShippedDir`). */
export function nodeModelsDir(from: string = import.meta.url): string {
  return nodeShippedDir('models', from);
}
