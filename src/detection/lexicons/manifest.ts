/*
 * The word lists the rules read (`lexicons/` beside `models/`): data, not code. Each is a file named in
 * `lexicons/manifest.json` with its SHA-256, checked when it is loaded, as the models' files are.
 */

/** The shipped word lists, by id (the manifest's `id`). */
export const LEXICON_IDS = [
  'common-words-de',
  'german-nouns',
  'common-words-en',
  'name-words-en',
  'first-names',
  'places',
  'compound-surnames',
] as const;
export type LexiconId = (typeof LEXICON_IDS)[number];

/** How a file's words are written: front coded (`./front-coding.ts`), or one entry per line. */
export type LexiconEncoding = 'front-coded' | 'lines';

/** One word list of `lexicons/manifest.json`: its file (relative to the manifest), hash, size, licence and source. */
export interface LexiconEntry {
  id: LexiconId;
  path: string;
  encoding: LexiconEncoding;
  sha256: string;
  bytes: number;
  license: string;
  source: string;
  /** The script that writes the file (tools/lexicons/). */
  builder: string;
}

/** `lexicons/manifest.json`. */
export interface LexiconManifest {
  lexicons: LexiconEntry[];
}

const HEX64 = /^[0-9a-f]{64}$/;

/** The manifest's entry of every shipped list; throws on a list that is missing or has no well-formed hash. */
export function lexiconEntries(manifest: LexiconManifest): Record<LexiconId, LexiconEntry> {
  const out = {} as Record<LexiconId, LexiconEntry>;
  for (const id of LEXICON_IDS) {
    const entry = manifest.lexicons.find((e) => e.id === id);
    if (entry === undefined || !HEX64.test(entry.sha256) || typeof entry.path !== 'string') {
      throw new Error(`lexicons/manifest.json lacks a well-formed entry for ${id}`);
    }
    out[id] = entry;
  }
  return out;
}
