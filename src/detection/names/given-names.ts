import type { Span } from '../../text/span.js';
import { FUNCTION_WORD_SET, FUNCTION_WORDS, FUNCTION_WORDS_LOWER, isFirstName, MONTHS, TITLE_WORDS, WEEKDAYS } from '../words/lexicon.js';
import { commonWordsDe, commonWordsEn, nameWordsEn, placeNames } from '../lexicons/store.js';
import type { DetectContext, Recognizer } from '../recognizer.js';
import { textLanguage } from '../text-language.js';

/*
 * PER: a known given name standing alone in English text (`When my server crashed, Greg fixed it`, `Welcome Darin`,
 * `That's probably Wendy`). Chats, e-mails and web posts call people by their first name; the model misses many of
 * them because one capitalised word carries little evidence. German text is left out: German capitalises its nouns,
 * and many given names of other languages are German words (`Tod`, `Gabe`, `Darin`, `Solange`).
 * Chats and posts write names in lower case too (`wow emma and ryan are so cute`, `omg poor emily`): a
 * known given name in lower case counts when no dictionary word is spelt so (`guy`, `lot`, `mark`, `bill` are words),
 * with a lower-case surname after it that is no word either.
 */

const ID = 'pattern:given-names';
/** Below the model's confident spans: where the model reads the word as part of a longer name or a place, it wins. */
const SCORE = 0.6;
/** Below the capitalised rule and the model, like lower-case places: weaker evidence. */
const LOWER_SCORE = 0.55;

const WORD = /(?<![\p{L}\p{M}\p{N}@#_/.-])\p{Lu}\p{Ll}[\p{L}\p{M}]{1,20}(?![\p{L}\p{M}\p{N}@_/-]|\.\p{L})/gu;
/**
 * A word in lower case, four letters or more (`vid`, `tri`, `kay` are chat words more often than names), not part of a
 * handle, address or path.
 */
const LOWER_WORD = /(?<![\p{L}\p{M}\p{N}@#_/.'’-])\p{Ll}{4,20}(?![\p{L}\p{M}\p{N}@_/'’-]|\.\p{L})/gu;
/** The lower-case word after a name on its line, a surname when it is no word (`sitaram katel`, not `jakub can`). */
const LOWER_AFTER = /^[ \t]+(\p{Ll}{3,20})(?![\p{L}\p{M}\p{N}@_/'’-]|\.\p{L})/u;
/** The capitalised word right before or after, on the same line: a longer name, title or heading. */
const WORD_BEFORE = /(?:^|[^\p{L}\p{M}.])(\p{Lu}[\p{L}\p{M}'’-]*\.?)[ \t]+(?:[-–&+][ \t]+)?$/u;
const WORD_AFTER = /^(?:[ \t]?['’]s)?[ \t]+(?:[-–&+][ \t]+)?(\p{Lu}[\p{L}\p{M}'’-]*)/u;
/** A number next to the word: a month or unit (`Jan. 9`, `21 Sep 2002`, `21 Miles`), not a person. */
const NUMBER_BEFORE = /\p{N}[ \t.]*$/u;
const NUMBER_AFTER = /^\.?[ \t]*\p{N}/u;
/** `Ive`: chats write `I've` so. */
const NOT_NAMES = new Set([...FUNCTION_WORDS, ...MONTHS, ...WEEKDAYS, ...TITLE_WORDS, 'Ive']);
const FUNCTION = FUNCTION_WORD_SET;
/**
 * A capitalised word before the name that is a function or common word starts the sentence or line (`Welcome Darin`);
 * after it, only a function word: `Britt's Pizza`, `Wendy Show` are names of places and things.
 */
const wordBefore = (w: string | undefined): boolean => w === undefined || FUNCTION.has(w) || commonWordsEn().has(w.toLowerCase());
const wordAfter = (w: string | undefined): boolean => w === undefined || FUNCTION.has(w);

function standsAlone(text: string, start: number, end: number): boolean {
  const head = text.slice(Math.max(0, start - 30), start);
  const tail = text.slice(end, end + 30);
  if (NUMBER_BEFORE.test(head) || NUMBER_AFTER.test(tail)) return false;
  const before = WORD_BEFORE.exec(head)?.[1];
  const after = WORD_AFTER.exec(tail)?.[1];
  return wordBefore(before) && wordAfter(after);
}

function isGivenName(word: string): boolean {
  const lower = word.toLowerCase();
  return isFirstName(word) && !NOT_NAMES.has(word) && !placeNames().has(word) && !commonWordsEn().has(lower) && !commonWordsDe().has(lower);
}

/** A lower-case word no English dictionary or common word spells (`kaite`, `katel`; not `guy`, `can`, `the`). */
function noWord(lower: string): boolean {
  return !commonWordsEn().has(lower) && !nameWordsEn().has(lower) && !commonWordsDe().has(lower) && !FUNCTION_WORDS_LOWER.has(lower);
}

/** A given name in lower case, with the surname after it when there is one. */
function lowerCaseNames(text: string): Span[] {
  const spans: Span[] = [];
  for (const m of text.matchAll(LOWER_WORD)) {
    const word = m[0];
    if (!noWord(word) || !isGivenName(word.charAt(0).toUpperCase() + word.slice(1))) continue;
    let end = m.index + word.length;
    const surname = LOWER_AFTER.exec(text.slice(end, end + 30));
    if (surname && noWord(surname[1] as string)) end += surname[0].length;
    spans.push({ start: m.index, end, label: 'PER', score: LOWER_SCORE, source: ID });
  }
  return spans;
}

function detect(text: string, ctx: DetectContext): Span[] {
  if (!ctx.labels.has('PER') || textLanguage(text, ctx.language) === 'de') return [];
  const spans: Span[] = [];
  for (const m of text.matchAll(WORD)) {
    const start = m.index;
    const end = start + m[0].length;
    if (isGivenName(m[0]) && standsAlone(text, start, end)) spans.push({ start, end, label: 'PER', score: SCORE, source: ID });
  }
  return [...spans, ...lowerCaseNames(text)];
}

/** Given names alone in English text (PER). */
export const givenNameRecognizer: Recognizer = { id: ID, labels: ['PER'], detect };
