import { internalError } from '../../errors/problem.js';
import type { FrontCoding } from './front-coding.js';
import { LOWER_CASE_WORDS, NAMES } from './front-coding.js';

/*
 * The word lists the rules read (`lexicons/` beside `models/`): data, not code. Each is a file named in
 * `lexicons/manifest.json` with its SHA-256, checked when it is loaded, as the models' files are.
 */

/** The shipped word lists, by id (the manifest's `id`), and how each file is written (`./front-coding.ts`). */
export const LEXICON_ENCODINGS = {
  'common-words-de': 'front-coded',
  'german-nouns': 'front-coded',
  'common-words-en': 'front-coded',
  'name-words-en': 'front-coded',
  'first-names': 'front-coded-names',
  places: 'front-coded-names',
  'compound-surnames': 'front-coded-names',
  surrogates: 'json',
} as const;
export type LexiconId = keyof typeof LEXICON_ENCODINGS;
export const LEXICON_IDS = Object.keys(LEXICON_ENCODINGS) as LexiconId[];

/**
 * Lower-case words (`LOWER_CASE_WORDS`) or names as written (`NAMES`), front coded on one line; or one JSON document
 * (`json`: the round trip's surrogate lists, whose entries are records, not words).
 */
export type LexiconEncoding = (typeof LEXICON_ENCODINGS)[LexiconId];

/** The front-coded lists: every list but the JSON ones. */
export type FrontCodedLexiconId = { [K in LexiconId]: (typeof LEXICON_ENCODINGS)[K] extends 'json' ? never : K }[LexiconId];

/** The encoding of a front-coded list. */
export type FrontCodedEncoding = Exclude<LexiconEncoding, 'json'>;

/** The front coding of an encoding (front-coded lists only: a JSON list is parsed, not decoded). */
export const codingOf = (encoding: FrontCodedEncoding): FrontCoding => (encoding === 'front-coded' ? LOWER_CASE_WORDS : NAMES);

/** The file name of a list in `lexicons/` (and under `assetsBaseUrl`): `<id>.txt`, or `<id>.json` for a JSON list. */
export const lexiconFileName = (id: LexiconId): string => `${id}.${LEXICON_ENCODINGS[id] === 'json' ? 'json' : 'txt'}`;

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

/** The manifest's entry of every shipped list; throws on a list that is missing, has no well-formed hash or another encoding. */
export function lexiconEntries(manifest: LexiconManifest): Record<LexiconId, LexiconEntry> {
  const out = {} as Record<LexiconId, LexiconEntry>;
  for (const id of LEXICON_IDS) {
    const entry = manifest.lexicons.find((e) => e.id === id);
    if (entry === undefined || !HEX64.test(entry.sha256) || typeof entry.path !== 'string' || entry.encoding !== LEXICON_ENCODINGS[id]) {
      throw internalError(`lexicons/manifest.json lacks a well-formed entry for ${id}.`);
    }
    out[id] = entry;
  }
  return out;
}
