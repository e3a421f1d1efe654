import type { TextLabelName } from '../spec/types.js';
import { isCommonCompound, isCommonWord } from '../detection/words/common-words.js';
import {
  FUNCTION_WORD_SET,
  GENERIC_NAME_HEADS,
  isFirstName,
  MONTHS,
  POST_NOMINALS,
  REFERENCE_WORDS,
  TITLE_WORDS,
  WEEKDAYS,
} from '../detection/words/lexicon.js';
import { placeNames } from '../detection/lexicons/store.js';
import { withoutLegalForm } from '../detection/organisations/context-orgs.js';
import { PARTICLES } from '../replacement/coreference.js';

/** The language whose common words tell a name word from an ordinary one; `auto`: either. */
export type NameLanguage = 'de' | 'en' | 'auto';

/**
 * How fully a mention names its entity: 2 a person with given name and surname, a firm with its legal form (or one
 * that introduces its acronym); 1 a person with a title (`Herr Krämer`), an organisation of several words; 0 a bare
 * word. A part of a stronger entity read alone belongs to it, whatever label the model gave the part.
 */
export type Rank = 0 | 1 | 2;

/** What one mention says of its entity: its rank, and the parts a later mention may use alone. */
export interface MentionParts {
  rank: Rank;
  /** Strings that name the entity on their own elsewhere (surname, given name, short name, head), as written. */
  parts: string[];
}

const TITLES: ReadonlySet<string> = new Set(TITLE_WORDS.map((w) => w.toLowerCase()));
/**
 * Months and weekdays, and their short forms: given names too (`April`, `May`, `Jan`), but a given name alone that is
 * one is not propagated, or every `Jan 8` and `3 May` would become the person.
 */
const CALENDAR: ReadonlySet<string> = new Set([...MONTHS, ...WEEKDAYS].flatMap((w) => [w, w.slice(0, 3)]));
const REFERENCES: ReadonlySet<string> = new Set(REFERENCE_WORDS.map((w) => w.toLowerCase()));
const GENERIC_HEADS: ReadonlySet<string> = new Set(GENERIC_NAME_HEADS);
/** An adjective in `-isch`/`-sch` (`Bayerische`, `Britisches`): no firm's own name. */
const ADJECTIVE = /^\p{Lu}\p{Ll}*sch(?:e|er|es|en|em)?$/u;
const NAME_WORD = /^\p{Lu}[\p{L}\p{M}'’-]*\p{L}$/u;
/** A possessive or genitive apostrophe at a word's end: `Grant's`, `Grant’s`, `Schulz'`. */
const POSSESSIVE = /['’]s?$/u;

/** A token without edge punctuation and possessive. */
function bareToken(token: string): string {
  return token.replace(/^[("„“‚‘»«]+|[)"“”‘’»«,;:]+$/gu, '').replace(POSSESSIVE, '');
}

/** A word that titles a name rather than naming anyone (`Herr`, `Dr.`, `Prof.`). */
export function isTitle(token: string): boolean {
  return TITLES.has(token.replace(/\.$/u, '').toLowerCase());
}

/** A word that refers to a case or file before a name (`Akte`, `Re:`, `Sache`): never part of the name. */
export function isReferenceWord(token: string): boolean {
  return REFERENCES.has(token.replace(/[.:,;]+$/u, '').toLowerCase());
}

/**
 * A word that names no one: lower case (`von`, `v`), a function word (`Re`, `Die`), a title, a common word of the
 * language (`Akte`, `Sache`, `Dear`), or no letters at all (`./.`, `–`). First names are never such words
 * (`isCommonWord` leaves them out).
 */
export function isNonNameWord(token: string, language: NameLanguage): boolean {
  const t = token.replace(/[.:,;]+$/u, '');
  if (!/\p{L}/u.test(t) || /^\p{Ll}/u.test(t)) return true;
  if (FUNCTION_WORD_SET.has(t) || isTitle(t)) return true;
  return isCommonWord(t, language);
}

/** A person's mention: titles and letters after the name go; the inverted `Krämer, Sabine` reads as surname first. */
function personParts(surface: string): MentionParts {
  let tokens = surface.split(/\s+/u).filter((t) => t.length > 0);
  let titled = false;
  while (tokens.length > 1 && isTitle(tokens[0]!)) {
    tokens = tokens.slice(1);
    titled = true;
  }
  while (tokens.length > 1 && POST_NOMINALS.has(bareToken(tokens[tokens.length - 1]!).replace(/\./gu, ''))) tokens = tokens.slice(0, -1);
  let surnameTokens: string[];
  let given: string[];
  if (tokens.length > 1 && tokens[0]!.endsWith(',')) {
    surnameTokens = [tokens[0]!];
    given = tokens.slice(1);
  } else {
    let i = tokens.length - 1;
    while (i > 1 && PARTICLES.has(tokens[i - 1]!)) i--;
    surnameTokens = tokens.slice(i);
    given = tokens.slice(0, i);
  }
  const surname = bareToken(surnameTokens[surnameTokens.length - 1] ?? '');
  // `Hartmann Logistik` read as a person: a common word is no surname (surnames that are words, Koch or Bauer, are
  // not in the common-word lists).
  if (!NAME_WORD.test(surname) || isNonNameWord(surname, 'auto')) return { rank: 0, parts: [] };
  const parts = new Set<string>([surname]);
  if (surnameTokens.length > 1) parts.add(surnameTokens.map(bareToken).join(' '));
  // A double surname is called by either half (`Müller-Lüdenscheidt` … `Frau Müller`).
  for (const half of surname.split('-')) if (half !== surname && NAME_WORD.test(half)) parts.add(half);
  // A word before the surname is a given name when it reads as one: `Akte Krämer` names no `Akte`.
  const givenNames = given.map(bareToken).filter((g) => NAME_WORD.test(g) && !isNonNameWord(g, 'auto'));
  const initials = given.filter((g) => /^\p{Lu}\.?(?:-\p{Lu}\.?)?$/u.test(g));
  for (const g of givenNames) if (!CALENDAR.has(g)) parts.add(g);
  const rank: Rank = givenNames.length + initials.length > 0 ? 2 : titled ? 1 : 0;
  return { rank, parts: rank === 0 ? [] : [...parts] };
}

/** A firm's or body's mention: the short name without the legal form, and its head where that is a name word. */
function organisationParts(surface: string, language: NameLanguage): MentionParts {
  const trimmed = surface.replace(/[,;:]+$/u, '').replace(POSSESSIVE, '');
  const short = withoutLegalForm(trimmed)?.replace(/[\s,]+$/u, '');
  const words = trimmed.split(/\s+/u).filter((w) => w.length > 0);
  if (!short) return { rank: words.length > 1 ? 1 : 0, parts: [] };
  // Words before the name that refer to a case (`Sache Hartmann Logistik GmbH`) are not part of it.
  let shortWords = short.split(/\s+/u);
  while (shortWords.length > 1 && isReferenceWord(shortWords[0]!)) shortWords = shortWords.slice(1);
  const parts = [short, shortWords.join(' ')];
  // The name before the kind of firm it is (`Bosshardt & Frey` of `Bosshardt & Frey Ingenieurgesellschaft mbH`), when
  // a name word is left.
  let named = shortWords;
  while (named.length > 1 && isKindWord(named[named.length - 1]!, language)) named = named.slice(0, -1);
  if (named.length < shortWords.length && named.some((w) => isOwnName(bareToken(w), language))) parts.push(named.join(' '));
  // The head alone names the firm only where it is a word of no other kind: not `Deutsche`, `Stadtwerke`, a place,
  // a first name or a function word.
  const head = bareToken(shortWords[0]!);
  if (shortWords.length > 1 && head.length >= 4 && isOwnName(head, language) && !placeNames().has(head) && !isFirstName(head))
    parts.push(head);
  return { rank: 2, parts: [...new Set(parts)] };
}

/** A word that can be a firm's own name: a name word that is no common word and opens no firm's name generically. */
function isOwnName(word: string, language: NameLanguage): boolean {
  return NAME_WORD.test(word) && !isNonNameWord(word, language) && !GENERIC_HEADS.has(word) && !ADJECTIVE.test(word);
}

/** A word that says what kind of firm a name is: a common word or a compound of them (`Ingenieurgesellschaft`). */
function isKindWord(word: string, language: NameLanguage): boolean {
  return isNonNameWord(word, language) || isCommonCompound(bareToken(word));
}

/** What a mention of `label` says of its entity (other labels: nothing beyond their own text). */
export function mentionParts(label: TextLabelName, surface: string, language: NameLanguage): MentionParts {
  if (label === 'PER') return personParts(surface.trim());
  if (label === 'ORG') return organisationParts(surface.trim(), language);
  return { rank: 0, parts: [] };
}

/**
 * An acronym a text introduces for the name before it: `… GmbH (KMW)`, `(im Folgenden: KMW)`, `(hereinafter "BWA")`.
 * `after` is the text right after the mention.
 */
export function introducedAcronym(after: string): string | null {
  const m =
    /^[ \t]*\((?:(?:im Folgenden|nachfolgend|kurz|hereinafter|hereafter|the)[ \t]*:?[ \t]*)?[„"“'‘]?(\p{Lu}[\p{Lu}\p{N}&-]{1,9})[“"”'’]?\)/u.exec(
      after,
    );
  return m ? m[1]! : null;
}
