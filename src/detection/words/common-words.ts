import type { Span } from '../../text/span.js';
import { alternation, FUNCTION_WORDS_LOWER, isFirstName, OUTLINE_MARK, TITLE_WORDS } from './lexicon.js';
import { commonWordsDe, commonWordsEn, compoundSurnames, placeNames } from '../lexicons/store.js';
import type { DetectContext } from '../recognizer.js';
import { textLanguage } from '../text-language.js';

/*
 * Capitalised common words taken for names: a form label (`Gender:`), a heading (`SUMMARY`), a sentence start
 * (`Please`), a German noun (`Praxis`). A span made of such words names no one unless its context says it does: a
 * title before it (`Dr. Kind`). Words that are also names (Becker, Paris, Rose) are not in the word lists
 * (tools/lexicons/build-common-words.ts), so they stay names wherever they stand.
 */

const OUTLINE = new RegExp(`^${OUTLINE_MARK}$`, 'u');

/** A title or honorific right before the span: the word after it is a name, whatever else it means. */
const TITLE_BEFORE = new RegExp(`(?<![\\p{L}])${alternation(TITLE_WORDS)}\\.?\\s+$`, 'u');
/** A capitalised word right before or after the span on its line: the span is part of a longer name the model cut. */
const NAME_AFTER = /^[ \t](\p{Lu}[\p{L}\p{M}'’-]*)/u;
const NAME_BEFORE = /(?:^|[^\p{L}\p{M}])(\p{Lu}[\p{L}\p{M}'’-]*)[ \t]$/u;

/**
 * Whether a German word is a compound of common words (`Diebsbande`, `Berufsschule`, `Zykluszeit`): a common noun of
 * four letters or more at its end, a common word before it, with or without a linking `-s-`, `-es-`, `-n-`, `-en-` or
 * `-e-`. Names are made so too (`Freiburg`, `Baumgarten`): listed places and first names are never compounds here, a
 * model's one-word person span counts only when it is no known surname made so (`compoundSurnames`), and rules ask
 * only of places and organisations.
 */
export function isCommonCompound(word: string): boolean {
  if (word.length < 8 || isFirstName(word) || placeNames().has(word)) return false;
  return commonCompound(word.toLowerCase(), 2);
}

/**
 * The split itself, lower-cased: the modifier may be a compound of common words again (`nichtannahme|beschluss`,
 * `regelbedarfs|anteil`), `depth` levels deep; a linking `-s` may stand for a dropped `-e` (`Hilfs|antrag`), and the
 * `-e` may be dropped alone (`Erd|höhlen`, `Sprach|kurs`).
 */
function commonCompound(w: string, depth: number): boolean {
  for (let i = 3; i <= w.length - 4; i++) {
    if (!commonWordsDe().has(w.slice(i))) continue;
    const modifier = w.slice(0, i);
    const stems = [
      modifier,
      modifier.replace(/e?s$/u, ''),
      modifier.replace(/e?n$/u, ''),
      modifier.replace(/e$/u, ''),
      modifier.replace(/s$/u, 'e'),
      `${modifier}e`,
    ];
    if (stems.some((m) => m.length >= 3 && commonWordsDe().has(m))) return true;
    if (depth > 1 && stems.some((m) => m.length >= 7 && commonCompound(m, depth - 1))) return true;
  }
  return false;
}

/** Whether a word, lower-cased, is a common word of the text's language (either, when the language is unknown). */
export function isCommonWord(word: string, language: DetectContext['language']): boolean {
  const w = word.toLowerCase();
  if (isFirstName(word)) return false;
  return (language !== 'en' && commonWordsDe().has(w)) || (language !== 'de' && commonWordsEn().has(w));
}

/**
 * Whether a PER, LOC or ORG span is no name but common words: one common word with no capitalised non-common word
 * beside it (that would be a longer name the model cut short: `AMTSGERICHT NÜRNBERG`), or a person "name" made only
 * of common words and joiners (`Lead Data Analyst`, `Staff Engineer`). Never after a title (`Dr. Kind`).
 */
export function isCommonWordSpan(text: string, span: Pick<Span, 'start' | 'end' | 'label'>, language: DetectContext['language']): boolean {
  // A sentence's full stop may end the span (`Alltag.`): a word of four letters or more is read without it (not so
  // an abbreviation or outline number: `Str.`, `II.`).
  const words = text
    .slice(span.start, span.end)
    .replace(/(\p{L}{4})\.$/u, '$1')
    .split(/\s+/u);
  if (words.length > 1 && span.label !== 'PER') return false;
  const before = text.slice(Math.max(0, span.start - 40), span.start);
  if (TITLE_BEFORE.test(before)) return false;
  // An outline number with function or lower-case words is no name (`III. Für`, `zu II.`).
  const joiner = (w: string): boolean => OUTLINE.test(w) || FUNCTION_WORDS_LOWER.has(w.toLowerCase()) || /^\p{Ll}/u.test(w);
  if (words.some((w) => OUTLINE.test(w)) && words.every(joiner)) return true;
  // Joiners count only between words: one function word alone (`Please`, `From`) is judged like any other word.
  const content = words.length === 1 ? words : words.filter((w) => !FUNCTION_WORDS_LOWER.has(w.toLowerCase()));
  const roleWord = (w: string): boolean => isCommonWord(w, language) || ROLE_MODIFIERS.has(w);
  const common = content.length > 0 && content.every(roleWord);
  // A person's one word may be a compound too (`Mundschleimhaut`), unless it is a known surname made so (`Baumgarten`).
  const compound = words.length === 1 && language !== 'en' && !compoundSurnames().has(words[0]!) && isCommonCompound(words[0]!);
  if (!common && !compound) return false;
  const neighbours = [NAME_AFTER.exec(text.slice(span.end, span.end + 40))?.[1], NAME_BEFORE.exec(before)?.[1]];
  return !neighbours.some((w) => w !== undefined && !FUNCTION_WORDS_LOWER.has(w.toLowerCase()) && !roleWord(w));
}

/**
 * Ranks of a job title (`Junior Analyst`, `Senior Product Designer`, `Head of Design`): surnames too, so not in the
 * common-word lists, but beside a common word they make a title, not a name. A title before the span still wins
 * (`Mr Head`), and so does a first name (`Tom Senior`).
 */
const ROLE_MODIFIERS: ReadonlySet<string> = new Set(['Junior', 'Senior', 'Head', 'Interim', 'Acting', 'Vice']);

/**
 * Whether a span is the head of a field label that a preposition and a colon end (`Bill to:`, `Ship to:`, `Reply to:`,
 * `Zahlbar an:`): the label names the field, the name comes after it.
 */
export function isFieldLabel(text: string, span: Pick<Span, 'start' | 'end'>): boolean {
  return FIELD_LABEL_TAIL.test(text.slice(span.end, span.end + 12)) && /^\p{Lu}[\p{L}\p{M}]*$/u.test(text.slice(span.start, span.end));
}
const FIELD_LABEL_TAIL = /^[ \t]+(?:to|from|for|by|an|von|für)[ \t]*:/u;

/**
 * A model span that is one unknown capitalised word in German text (`Zyklus`, `Carboplatin`, `Kolb`, `Gehäuse`,
 * `Streitpatentschrift`): German capitalises every noun, so one such word is weak evidence. It needs the label's score
 * in `minScores` (the shipped model: 0.8 for a person, 0.75 for a place or organisation, against 0.7 for other spans)
 * unless it is a known first name, carries a dot (`K.`) or follows a title; a place also when it is listed, an
 * organisation when it is an abbreviation (`BGH`, `DPMA`). English text is left alone, where a lone capitalised word
 * speaks for a name.
 */
export function isWeakGermanWord(
  text: string,
  span: Pick<Span, 'start' | 'end' | 'label' | 'score'>,
  language: DetectContext['language'],
  minScores: Partial<Record<Span['label'], number>>,
): boolean {
  const minScore = minScores[span.label];
  if (minScore === undefined || span.score >= minScore) return false;
  const word = text.slice(span.start, span.end);
  if (/[\s.]/u.test(word) || isFirstName(word)) return false;
  if (span.label !== 'PER' && (placeNames().has(word) || !/^\p{Lu}\p{Ll}+$/u.test(word))) return false;
  if (textLanguage(text, language) !== 'de') return false;
  return !TITLE_BEFORE.test(text.slice(Math.max(0, span.start - 40), span.start));
}
