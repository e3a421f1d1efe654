/**
 * The `lexicons/` files for the builders of this folder: read a shipped list, and write one with its hash and size in
 * `lexicons/manifest.json`, which the engine checks on load (src/detection/lexicons/load.ts).
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { frontCode, frontDecode } from '../../src/detection/lexicons/front-coding.js';
import { codingOf, LEXICON_ENCODINGS, lexiconFileName } from '../../src/detection/lexicons/manifest.js';
import type { FrontCodedLexiconId, LexiconEntry, LexiconId, LexiconManifest } from '../../src/detection/lexicons/manifest.js';

const LEXICONS_DIR = join(import.meta.dirname, '..', '..', 'lexicons');
const MANIFEST = join(LEXICONS_DIR, 'manifest.json');

const readManifest = (): LexiconManifest => JSON.parse(readFileSync(MANIFEST, 'utf8')) as LexiconManifest;

/** The words of a shipped list as its file holds them now. */
export function readLexicon(id: FrontCodedLexiconId): string[] {
  const entry = readManifest().lexicons.find((e) => e.id === id);
  if (entry === undefined) throw new Error(`lexicons/manifest.json has no ${id}`);
  const text = readFileSync(join(LEXICONS_DIR, entry.path), 'utf8');
  return frontDecode(text.endsWith('\n') ? text.slice(0, -1) : text, codingOf(LEXICON_ENCODINGS[id]));
}

/** German common words as the engine reads them: the GermEval list and the German nouns. */
export const readCommonWordsDe = (): Set<string> => new Set([...readLexicon('common-words-de'), ...readLexicon('german-nouns')]);

/** What a builder says of its list in the manifest. */
export type LexiconAbout = Pick<LexiconEntry, 'license' | 'source' | 'builder'>;

/**
 * Writes `lexicons/<id>.txt` (its words sorted, unique, front coded as its encoding says) and its manifest entry.
 * Returns the path written.
 */
export function writeLexicon(id: FrontCodedLexiconId, words: readonly string[], about: LexiconAbout): string {
  const encoding = LEXICON_ENCODINGS[id];
  const sorted = [...words].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const bytes = Buffer.from(`${frontCode(sorted, codingOf(encoding))}\n`, 'utf8');
  const path = lexiconFileName(id);
  writeFileSync(join(LEXICONS_DIR, path), bytes);
  registerLexicon(id, bytes, about);
  return join(LEXICONS_DIR, path);
}

/** Writes the manifest entry of `lexicons/<id>.<txt|json>` whose bytes are `bytes` (its hash and size). */
export function registerLexicon(id: LexiconId, bytes: Uint8Array, about: LexiconAbout): void {
  const encoding = LEXICON_ENCODINGS[id];
  const path = lexiconFileName(id);
  const manifest = readManifest();
  const entry: LexiconEntry = {
    id,
    path,
    encoding,
    ...about,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    bytes: bytes.length,
  };
  const at = manifest.lexicons.findIndex((e) => e.id === id);
  if (at < 0) manifest.lexicons.push(entry);
  else manifest.lexicons[at] = entry;
  writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
}
