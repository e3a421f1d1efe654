import { FUNCTION_WORDS_LOWER } from '../words/lexicon.js';
import type { NerEntity } from './ner-backend.js';

/*
 * The shipped model learnt names from mixed-case text: `AROHA NGATA-WILLIAMS` or `NORTHGATE HOME INSURANCE` look like
 * a heading to it, `Aroha Ngata-Williams` and `Northgate Home Insurance` like names. So it also reads a case view of
 * the text, in which runs of words in capitals are in Title Case (function words inside a run in lower case:
 * `County Court at Leeds`). The view has the text's length, unit for unit, so offsets in it are offsets in the text.
 * Rules never see it.
 */

/** A word in capitals: two or more upper-case letters (with their marks), not part of a longer alphanumeric token. */
const CAPS_WORD = /(?<![\p{L}\p{M}\p{N}_])\p{Lu}\p{M}*(?:\p{Lu}\p{M}*)+(?![\p{L}\p{M}\p{N}_])/gu;
/**
 * What joins two words of one run: spaces, hyphens, apostrophes, dots, `&`, and lone capitals (the `J.` of
 * `PATRICK J. DOYLE`, the `O'` of `O'BRIEN`); never a line break, a dash, a colon or a slash (`SOW/FC`, `EUR – USD`).
 */
const JOIN = /^(?:[ \t\u00a0.'’&-]|(?<![\p{L}\p{M}\p{N}_])\p{Lu}(?![\p{L}\p{M}\p{N}_]))+$/u;
/** The parts of a German degree after `Dr.`, written in lower case: `DR. MED.` reads `Dr. med.`, no name. */
const DEGREE_PARTS: ReadonlySet<string> = new Set(['med', 'dent', 'jur', 'rer', 'nat', 'vet', 'phil', 'oec', 'habil', 'pol', 'soc', 'sc']);
/** A span found in the view must stay inside what the view joins: `SUNRIDGE DENTAL — NEW PATIENT` is two runs. */
const JOINED = /^[\p{L}\p{M}\p{N} \t\u00a0.'’&-]*$/u;
/** Letters a run needs: two abbreviations (`BGH NJW`, `ADAC GT`, `MD PCP`) are no name. */
const MIN_LETTERS = 8;
const LETTER_WORD = /\p{L}{2,}/gu;

/**
 * The word with its first letter kept and the rest in lower case (all in lower case when `lowerFirst`), or null when
 * lower-casing does not map it unit for unit (`İ` lower-cases to two units, `ẞ` to a `ß` that upper-cases to `SS`):
 * such a word stays as written, so no offset shifts.
 */
function recase(word: string, lowerFirst: boolean): string | null {
  const first = lowerFirst ? '' : String.fromCodePoint(word.codePointAt(0)!);
  const rest = word.slice(first.length);
  // The whole rest at once, so that a Greek final sigma becomes `ς`.
  const lower = rest.toLowerCase();
  if (lower.length !== rest.length) return null;
  for (let i = 0; i < rest.length;) {
    const original = String.fromCodePoint(rest.codePointAt(i)!);
    const lowered = String.fromCodePoint(lower.codePointAt(i)!);
    if (lowered.length !== original.length || lowered.toUpperCase() !== original) return null;
    i += original.length;
  }
  return first + lower;
}

/**
 * `text` with every run of two or more words in capitals (on one line, 8 letters or more) recased; `text` itself when
 * there is none. A lone word in capitals (`IBAN`, `USA`, a heading such as `SUMMARY`) stays: an abbreviation or a
 * heading more often than a name. A text mostly in capitals (a shouted post) stays too: there capitals mark no name,
 * and in Title Case every word would look like one.
 */
export function caseView(text: string): string {
  const words = [...text.matchAll(CAPS_WORD)];
  if (words.length === 0 || 2 * words.length >= (text.match(LETTER_WORD)?.length ?? 0)) return text;
  let view = '';
  let copied = 0;
  for (let i = 0; i < words.length;) {
    let j = i + 1;
    let letters = words[i]![0].length;
    while (j < words.length && JOIN.test(text.slice(words[j - 1]!.index + words[j - 1]![0].length, words[j]!.index))) {
      letters += words[j]![0].length;
      j++;
    }
    if (j - i >= 2 && letters >= MIN_LETTERS) {
      for (let k = i; k < j; k++) {
        const w = words[k]!;
        const lowerWord = w[0].toLowerCase();
        const lower =
          (k > i && FUNCTION_WORDS_LOWER.has(lowerWord)) || (DEGREE_PARTS.has(lowerWord) && text.charAt(w.index + w[0].length) === '.');
        const recased = recase(w[0], lower);
        if (recased === null) continue;
        view += text.slice(copied, w.index) + recased;
        copied = w.index + w[0].length;
      }
    }
    i = j;
  }
  return copied === 0 ? text : view + text.slice(copied);
}

/**
 * The model's entities on the text and on its case view, as one list: the text's where the view left the words as
 * they were, the view's where it recased them (and the span stays within a run's line and joiners). Elsewhere the
 * view's entities are left out: its different subword counts move the window boundaries, which changes the model's
 * answers on untouched text too (reading only the view cost own-dev points: docs/decisions.md "Capitals").
 */
export function mergeCaseView(text: string, view: string, plain: readonly NerEntity[], viewed: readonly NerEntity[]): NerEntity[] {
  const recased = (e: NerEntity): boolean => view.slice(e.start, e.end) !== text.slice(e.start, e.end);
  return [...plain.filter((e) => !recased(e)), ...viewed.filter((e) => recased(e) && JOINED.test(view.slice(e.start, e.end)))];
}
