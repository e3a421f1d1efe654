import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LexiconTexts } from '../../detection/lexicons/load.js';
import { readLexicons } from '../../detection/lexicons/load.js';
import type { LexiconManifest } from '../../detection/lexicons/manifest.js';
import { nodeShippedDir } from './assets.js';

/** The shipped word lists, read from the package's `lexicons/` and checked against their manifest. */
export async function nodeLexicons(dir: string = nodeShippedDir('lexicons')): Promise<LexiconTexts> {
  const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as LexiconManifest;
  return readLexicons(manifest, async (path) => new Uint8Array(await readFile(join(dir, path))));
}
