import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LexiconTexts } from '../../detection/lexicons/load.js';
import { readLexicons } from '../../detection/lexicons/load.js';
import type { LexiconManifest } from '../../detection/lexicons/manifest.js';

/**
 * Node: the shipped `lexicons/` folder, found by walking up from this module: `dist/lib/lexicons/` in the installed
 * package, the repo's `lexicons/` from source.
 */
export function nodeLexiconsDir(from: string = import.meta.url): string {
  let dir = dirname(fileURLToPath(from));
  for (let i = 0; i < 8; i++) {
    if (existsSync(join(dir, 'lexicons', 'manifest.json'))) return join(dir, 'lexicons');
    dir = dirname(dir);
  }
  return join(process.cwd(), 'lexicons');
}

/** The shipped word lists, read from the package and checked against their manifest. */
export async function nodeLexicons(dir: string = nodeLexiconsDir()): Promise<LexiconTexts> {
  const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as LexiconManifest;
  return readLexicons(manifest, async (path) => new Uint8Array(await readFile(join(dir, path))));
}
