import { surrogateLists } from '../../detection/lexicons/store.js';
import type { SurrogateLists } from '../../detection/lexicons/surrogate-lists.js';
import type { TextLabelName } from '../../spec/types.js';
import { mailSurrogate, phoneSurrogate } from './contact.js';
import { dateSurrogate } from './date.js';
import type { Draw } from './draw.js';
import { attempt, SAFE } from './draw.js';
import { identifierSurrogate } from './identifier.js';
import { orgSurrogate } from './org.js';
import { personSurrogate } from './person.js';
import { placeSurrogate, streetSurrogate } from './place.js';

/*
 * Realistic surrogates for the round trip's `surrogates` style (issue 36): consistent, locale-appropriate fake
 * values that a remote model reads as natural text. This module makes one value; the session decides which entity
 * gets one, maps the parts of names by aligning words, and restores. Rules every surrogate keeps (each generator
 * adds its own, docs/decisions.md "Surrogates"):
 * - plain ASCII (`SAFE`), so an escaped answer (`\u00fc`, `&uuml;`) never hides a surrogate from restore;
 * - PER, ORG, LOC and STR word for word with the original (as many whitespace-separated words, each in its role);
 * - never the original, never a surrogate (or, for names, a word of one) already in `taken`: restore stays unique.
 */

export type SurrogateLocale = 'de' | 'en';

export interface SurrogateContext {
  /** Uniform in [0, 1): tests pass a seeded one. */
  random: () => number;
  locale: SurrogateLocale;
  /** Surrogates (and their single words) already used in this vault, lower-cased: never hand out one again, so that restore is never ambiguous. */
  taken: ReadonlySet<string>;
  /** Days every DATE moves (the same for a whole session). */
  dateShiftDays: number;
}

/** The labels whose single words the session maps (parts of names): each drawn word is checked against `taken`. */
const WORD_LABELS: ReadonlySet<TextLabelName> = new Set(['PER', 'ORG']);

/**
 * A surrogate for `original` of `label`, or null when none can be made (the session then uses `LABEL-n`). A pure
 * function of its inputs: `lists` defaults to the shipped `lexicons/surrogates.json` (await `ensureLexicons()` first).
 */
export function surrogateFor(
  label: TextLabelName,
  original: string,
  ctx: SurrogateContext,
  lists: SurrogateLists = surrogateLists(),
): string | null {
  const d: Draw = { random: ctx.random, locale: ctx.locale, taken: ctx.taken, lists };
  const make = (): string | null => {
    switch (label) {
      case 'PER':
        return personSurrogate(d, original);
      case 'ORG':
        return orgSurrogate(d, original);
      case 'LOC':
        return placeSurrogate(d, original);
      case 'STR':
        return streetSurrogate(d, original);
      case 'MAIL':
        return mailSurrogate(d, original);
      case 'TEL':
        return phoneSurrogate(d, original);
      case 'OTH':
        return identifierSurrogate(d, original);
      case 'DATE':
        return dateSurrogate(d, original, ctx.dateShiftDays);
    }
  };
  const originalKey = original.trim().toLowerCase();
  const ok = (s: string): boolean =>
    SAFE.test(s) &&
    s.trim() !== '' &&
    s.trim().toLowerCase() !== originalKey &&
    !ctx.taken.has(s.trim().toLowerCase()) &&
    !(WORD_LABELS.has(label) && s.split(/[\s-]+/u).some((w) => ctx.taken.has(w.toLowerCase()) && isDrawn(w, original)));
  // A date is a function of the shift: drawing again changes nothing.
  return attempt(make, ok, label === 'DATE' ? 1 : 40);
}

/** Whether `word` of a surrogate was drawn (not kept from the original, as `GmbH` or `von` are). */
const isDrawn = (word: string, original: string): boolean =>
  !original
    .toLowerCase()
    .split(/[\s-]+/u)
    .includes(word.toLowerCase());
