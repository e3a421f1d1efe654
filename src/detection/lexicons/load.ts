import { sha256Hex } from '../../bytes/sha256.js';
import { internalError } from '../../errors/problem.js';
import type { LexiconId, LexiconManifest } from './manifest.js';
import { LEXICON_IDS, lexiconEntries } from './manifest.js';

/** The text of every word list, as its file holds it. */
export type LexiconTexts = Record<LexiconId, string>;

/** Reads a file named by the manifest (a path relative to it): the platform's part (Node: the disk; browser: fetch). */
export type ReadLexiconFile = (path: string) => Promise<Uint8Array>;

/**
 * Reads every word list of `manifest` and checks its SHA-256: a list that does not match fails the load (500), since
 * rules reading a changed list would no longer be the rules that were measured.
 */
export async function readLexicons(manifest: LexiconManifest, read: ReadLexiconFile): Promise<LexiconTexts> {
  const entries = lexiconEntries(manifest);
  const texts = await Promise.all(
    LEXICON_IDS.map(async (id) => {
      const bytes = await read(entries[id].path);
      if ((await sha256Hex(bytes)) !== entries[id].sha256) throw internalError(`The word list ${id} does not match its sha256.`);
      return [id, new TextDecoder().decode(bytes)] as const;
    }),
  );
  return Object.fromEntries(texts) as LexiconTexts;
}
