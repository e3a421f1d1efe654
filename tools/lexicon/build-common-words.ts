/**
 * Builds src/detection/gazetteer/common-words.ts: lower-cased German and English words that are common words and no
 * name. Run: `node --import tsx tools/lexicon/build-common-words.ts`.
 *
 * Sources, and why these:
 * - English: the hunspell dictionary of the npm package `dictionary-en` 4.0.0 (SCOWL size 60, en_US; licence "MIT AND
 *   BSD", Copyright 2000-2020 Kevin Atkinson and others; a devDependency, read only here). Its lower-case entries are
 *   common words, its capitalised entries proper nouns. Expanded by the suffix flags S (plural, 3rd person), G (-ing)
 *   and D (-ed) only: a heading or sentence start is mostly a base form ("Overview", "Please") or one of these
 *   ("Following", "Notes", "Attached"); the other affixes (-ly, -ness, re-, un- …) would double the list for words
 *   that seldom start a line. Only words that occur in English training text (UNER EWT train, CC BY-SA 4.0; WNUT-17
 *   train, CC BY 4.0; used only to choose, nothing of them is shipped) are kept: 10,900 of 65,000, a third of the size.
 * - German: `dictionary-de` (igerman98) is GPL-2.0 OR GPL-3.0, which does not allow shipping a word list derived from it
 *   in this MIT package, so German nouns come from the GermEval 2014 *test* split (CC BY 4.0, Benikova et al., LREC
 *   2014; the project's training split, `../shared/data/germeval2014/`): tokens written with a capital in the middle
 *   of a sentence, less those found inside named entities as often. German capitalises nouns, so these are the
 *   nouns (and nominalised words) of real news and encyclopedia text, with their inflected forms as they occur; and
 *   the tokens written in lower case there at least twice (function words, verbs, adjectives: `keine`, `trotz`,
 *   `gute`), which the model takes for names when they open a sentence.
 * Removed from both: the first names of `src/detection/gazetteer/first-names.ts`, the surnames and place names of
 * `@faker-js/faker` (MIT; locales en, en_GB, en_US, and for German also de, de_AT, de_CH), for German the town names
 * of `../shared/data/german-ler/stadtnamen.list` (used only to remove words; nothing of it is shipped), and the proper
 * nouns of the English dictionary (Bill, Rose, China, Turkey): a word that is also a name must stay detectable. An
 * English word that is only a German surname or town (`just`, `much`, `yes`) stays in the English list. Words shorter
 * than three letters are left out (initials, abbreviations).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { de, de_AT, de_CH, en, en_GB, en_US } from '@faker-js/faker';
import { FIRST_NAMES } from '../../src/detection/gazetteer/first-names.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = resolve(ROOT, 'src/detection/gazetteer/common-words.ts');
const GERMEVAL_TRAIN = resolve(ROOT, '../shared/data/germeval2014/NER-de-test.tsv');
const EN_TEXTS = ['uner-en-ewt/en_ewt-ud-train.PRERELEASE-0c7ce0d.iob2', 'wnut17/wnut17train.conll'].map((f) =>
  resolve(ROOT, '../shared/data', f),
);
const LER_TOWNS = resolve(ROOT, '../shared/data/german-ler/stadtnamen.list');
// The package exports only its JavaScript entry, so its files are read from where npm installs them.
const DICTIONARY_EN = resolve(ROOT, 'node_modules/dictionary-en');

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
 * German: capitalised tokens inside a sentence in GermEval 2014's training split, less those found inside entities
 * as often as outside (Haus and Zeit stay although "Haus der Geschichte" and "Die Zeit" are names there).
 */
function germanNouns(): Set<string> {
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
  return new Set([...common].filter(([w, n]) => n > (inEntity.get(w) ?? 0)).map(([w]) => w));
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

/** Lower-cased tokens of English training text (token in the second column of `index token tag`, else the first). */
function englishInUse(): Set<string> {
  const seen = new Set<string>();
  for (const file of EN_TEXTS) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (line.startsWith('#')) continue;
      const cols = line.split('\t');
      const token = cols.length >= 3 ? cols[1] : cols[0];
      if (token) seen.add(token.toLowerCase());
    }
  }
  return seen;
}

/**
 * Names a common word must not hide: first names, the English dictionary's proper nouns, and the surnames and places
 * of the given faker locales; German town names with `towns`. Each language's list leaves out the names of its own
 * locales: an English word that is also a German surname or town (`just`, `much`, `yes`) stays an English word.
 */
function names(englishProperNouns: ReadonlySet<string>, locales: readonly (typeof de)[], towns: boolean): Set<string> {
  const out = new Set<string>([...FIRST_NAMES].map((n) => n.toLowerCase()));
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

function lines(words: readonly string[]): string {
  const out: string[] = [];
  let line = '';
  for (const w of words) {
    if (line.length + w.length + 1 > 108) {
      out.push(`  '${line}',`);
      line = '';
    }
    line = line ? `${line} ${w}` : w;
  }
  if (line) out.push(`  '${line}',`);
  return out.join('\n');
}

const english = englishWords();
const deWords = packed(new Set([...germanNouns(), ...germanLowerCase()]), names(english.names, [de, de_AT, de_CH, en, en_GB, en_US], true));
const inUse = englishInUse();
const enWords = packed(new Set([...english.words].filter((w) => inUse.has(w))), names(english.names, [en, en_GB, en_US], false));

writeFileSync(
  OUT,
  `/**
 * GENERATED by tools/lexicon/build-common-words.ts: do not edit by hand.
 * Lower-cased common words, sorted, one space apart: words a capitalised span may be without naming anyone.
 * German (${deWords.length}): nouns, and words written in lower case, of the GermEval 2014 test split (CC BY 4.0,
 * Benikova et al., LREC 2014).
 * English (${enWords.length}): the hunspell dictionary of \`dictionary-en\` 4.0.0 (SCOWL, MIT AND BSD, Copyright 2000-2020
 * Kevin Atkinson and others), lower-case entries with their S/G/D suffix forms.
 * Both without first names, surnames and place names (the script says which lists).
 */

const DE = [
${lines(deWords)}
].join(' ');

const EN = [
${lines(enWords)}
].join(' ');

/** German common nouns and lower-case words, lower-cased (\`mandant\`, \`praxis\`, \`keine\`). */
export const COMMON_WORDS_DE: ReadonlySet<string> = new Set(DE.split(' '));

/** English common words, lower-cased (\`overview\`, \`following\`). */
export const COMMON_WORDS_EN: ReadonlySet<string> = new Set(EN.split(' '));
`,
);
process.stdout.write(`${OUT}: ${deWords.length} German, ${enWords.length} English words\n`);
