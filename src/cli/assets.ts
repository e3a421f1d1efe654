import { existsSync } from 'node:fs';
import { cp, readdir, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validationFailed } from '../errors/problem.js';

/** The folder of the built package that holds `vendor/`, `models/` and `lexicons/` (`dist/lib/`), found by walking up. */
function builtAssets(from: string = import.meta.url): string | null {
  let dir = dirname(fileURLToPath(from));
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, 'vendor')) && existsSync(join(dir, 'models', 'manifest.json'))) return dir;
    dir = dirname(dir);
  }
  return null;
}

async function sizeOf(dir: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files++;
    bytes += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return { files, bytes };
}

/**
 * `assets DIR`: copies every file the browser build fetches (models, word lists, tesseract, pdf.js) into DIR, in the layout that
 * the `assetsBaseUrl` option expects, for apps that host them themselves. Prints `{dir, files, bytes}`.
 */
export async function runAssets(target: string, write: (line: string) => void): Promise<void> {
  const from = builtAssets();
  if (!from) throw validationFailed([{ field: 'package', code: 'InvalidValue', message: 'has no built browser files: run npm run build' }]);
  const dir = resolve(target);
  for (const part of ['vendor', 'models', 'lexicons']) await cp(join(from, part), join(dir, part), { recursive: true, dereference: true });
  write(`${JSON.stringify({ dir, ...(await sizeOf(dir)) })}\n`);
}
