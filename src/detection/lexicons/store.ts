import { internalError } from '../../errors/problem.js';
import { frontDecode } from './front-coding.js';
import type { LexiconTexts } from './load.js';
import type { FrontCodedLexiconId } from './manifest.js';
import { codingOf, LEXICON_ENCODINGS } from './manifest.js';
import type { SurrogateLists } from './surrogate-lists.js';
import { parseSurrogateLists } from './surrogate-lists.js';

/*
 * The word lists of this thread, loaded once and shared by every engine in it (they are the same data for all, and
 * 1 MB of text becomes about 30 MB of sets). The platform says where they come from (`provideLexicons`: Node reads
 * the package's `lexicons/`, the browser fetches the bundled files); detection awaits `ensureLexicons()` before its
 * rules run, and the rules read the sets synchronously, each built on first use.
 */

let source: (() => Promise<LexiconTexts>) | undefined;
let loading: Promise<void> | undefined;
let texts: LexiconTexts | undefined;

/** Where this thread's word lists come from; the first provider wins (every platform ships the same lists). */
export function provideLexicons(load: () => Promise<LexiconTexts>): void {
  source ??= load;
}

/** Loads the word lists once (a failed load is tried again on the next call). */
export function ensureLexicons(): Promise<void> {
  if (texts !== undefined) return Promise.resolve();
  if (source === undefined) return Promise.reject(internalError('No word lists were provided to the detection rules.'));
  loading ??= source().then(
    (loaded) => {
      texts = loaded;
    },
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

/** The lists' texts, once loaded (a rule running before `ensureLexicons` is a programming error). */
function loaded(): LexiconTexts {
  if (texts === undefined) throw internalError('The word lists are not loaded yet (await ensureLexicons()).');
  return texts;
}

/** A set built on first use from the loaded texts. */
function lazySet(build: (t: LexiconTexts) => Iterable<string>): () => ReadonlySet<string> {
  let set: ReadonlySet<string> | undefined;
  return () => (set ??= new Set(build(loaded())));
}

/** The words of a loaded list: one line of front-coded words, as its encoding says. */
const wordsOf = (t: LexiconTexts, id: FrontCodedLexiconId): string[] => {
  const text = t[id];
  return frontDecode(text.endsWith('\n') ? text.slice(0, -1) : text, codingOf(LEXICON_ENCODINGS[id]));
};

/**
 * German common nouns and lower-case words, lower-cased (`mandant`, `praxis`, `keine`, `nische`): the GermEval list
 * and the German nouns in all their forms.
 */
export const commonWordsDe = lazySet((t) => [...wordsOf(t, 'common-words-de'), ...wordsOf(t, 'german-nouns')]);

/** English common words, lower-cased (`overview`, `following`). */
export const commonWordsEn = lazySet((t) => wordsOf(t, 'common-words-en'));

/**
 * English dictionary words that are names too, lower-cased (`guy`, `lot`, `mark`, `can`): left out of
 * `commonWordsEn` so that `Guy` and `Mark` stay names, but in lower case the word.
 */
export const nameWordsEn = lazySet((t) => wordsOf(t, 'name-words-en'));

/** First names, capitalised as written (`Anna`, `Hans-Peter`, `Bukola`, `Grzegorz`). */
export const firstNames = lazySet((t) => wordsOf(t, 'first-names'));

/** Countries, first-level regions, continents and large cities as written (`Deutschland`, `Bayern`, `Wuppertal`). */
export const placeNames = lazySet((t) => wordsOf(t, 'places'));

/** German surnames that read as compounds of common words (`Baumgarten`, `Bauernfeind`), as written. */
export const compoundSurnames = lazySet((t) => wordsOf(t, 'compound-surnames'));

let surrogates: SurrogateLists | undefined;

/** The round trip's surrogate lists (`lexicons/surrogates.json`), parsed and checked on first use. */
export const surrogateLists = (): SurrogateLists => (surrogates ??= parseSurrogateLists(loaded().surrogates));
