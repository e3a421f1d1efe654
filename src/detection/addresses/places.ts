import type { Span } from '../../text/span.js';
import { isCommonCompound } from '../words/common-words.js';
import { FUNCTION_WORD_SET, isFirstName, TITLE_WORDS, words } from '../words/lexicon.js';
import { commonWordsDe, commonWordsEn, placeNames } from '../lexicons/store.js';
import type { DetectContext, Recognizer } from '../recognizer.js';

/*
 * LOC: countries, first-level regions (Länder, states, provinces, cantons), continents and large cities by name,
 * German and English (`Deutschland`, `The Netherlands`, `Nordrhein-Westfalen`, `UK`, `Wuppertal`), and European
 * countries in their own languages (`Sverige`, `Polska`, `Ελλάδα`), as written or in capitals (`NORWAY` on the country
 * line of an address). The list (`lexicons/places.txt`) is closed, so the match is a lookup of whole words, not a name
 * shape. Lower-case forms match only as chats write them, outside German text and below every other rule (see
 * `LOWER_SCORE`; never `china`, `turkey`); a name inside a hyphenated compound (`Deutschland-Tour`, `US-Dollar`) or an
 * adjective (`deutsche`) is no place.
 */

const ID = 'pattern:places';
/**
 * Below most model spans: where the model reads a longer entity around the name (`Minnesota Timberwolves`, `Amazon
 * Deutschland`, `Kalamazoo, Michigan`) its span wins the merge, and the rule adds the places the model missed.
 * Scored at 0.8 it cost LOC precision on the news and wiki dev sets; at 0.6 every dev set gained.
 */
const SCORE = 0.6;

/** `US` is also the pronoun in capitals (`CONTACT US`): only when no neighbouring word is in capitals. */
const CAPS_PRONOUN = 'US';

const FUNCTION = FUNCTION_WORD_SET;

/**
 * Chats and web posts write places in lower case (`i live in malaysia`, `traveling to san francisco`). A lower-case
 * form of several words counts (`san francisco`); one of one word when it is no common word or first name in either
 * language (`china`, `turkey`, `orange`, `victoria` stay words), at four letters or more. It scores below every other
 * rule and the model.
 */
const LOWER_SCORE = 0.55;
function lowerFormCounts(name: string): boolean {
  const lower = name.toLowerCase();
  if (lower === name || lower.length < 4 || LOWER_WORDS.has(lower)) return false;
  // A name of several words is a name in any case (`san francisco`); one word must be no word or first name.
  if (/[ -]/u.test(lower)) return true;
  const capital = lower.charAt(0).toUpperCase() + lower.slice(1);
  return !commonWordsEn().has(lower) && !commonWordsDe().has(lower) && !isFirstName(capital) && !FUNCTION.has(lower);
}
/**
 * Lower case only outside German text: German writes its nouns capitalised, and lower-case words there are verbs and
 * adjectives (`erlangen`, `essen`). Without a language, a word ending like an infinitive (`-en`) is left alone.
 */
function lowerAllowed(first: string, language: DetectContext['language']): boolean {
  return language === 'en' || (language === 'auto' && !/en$/u.test(first));
}
/** Places that are English words in lower case, beyond the common-word lists. */
const LOWER_WORDS = new Set(words('china turkey chile jersey nice split mobile reading bath hull sale orange surprise independence'));

/** The listed places, indexed for lookup in text. */
interface PlaceIndex {
  /** Every name and its capitals form, mapped to the name as listed; lower-case forms of some, see `LOWER_SCORE`. */
  lookup: Map<string, string>;
  /** The most words a name starting with this word has (only names of two words or more). */
  wordsAfter: Map<string, number>;
  /** The first words of the lower-case forms. */
  lowerFirst: Set<string>;
}
let index: PlaceIndex | undefined;

/** The index, built on first use from the loaded list. */
function places(): PlaceIndex {
  if (index !== undefined) return index;
  const built: PlaceIndex = { lookup: new Map(), wordsAfter: new Map(), lowerFirst: new Set() };
  for (const name of placeNames()) {
    const lower = lowerFormCounts(name) ? [name.toLowerCase()] : [];
    for (const form of lower) built.lowerFirst.add(form.split(' ')[0] ?? form);
    for (const form of [name, name.toUpperCase(), ...lower]) {
      built.lookup.set(form, name);
      const parts = form.split(' ');
      const first = parts[0] ?? '';
      if (parts.length > 1) built.wordsAfter.set(first, Math.max(built.wordsAfter.get(first) ?? 0, parts.length));
    }
  }
  return (index = built);
}

const TOKEN = /\S+/gu;
/** Quotes and brackets before a name (`(Schweiz)`, `„Polen“`). */
const LEADING = /^[("'„“‚‘«»[]+/u;
/** Punctuation after a name; the dot of `U.S.` is tried as part of the name first. */
const TRAILING = /[.,;:!?)\]"'»«“”‘’…]+$/u;
/** English possessive, outside the span (labels.md). */
const POSSESSIVE = /['’]s$/u;
/** Spaces on one line. */
const SPACES = /^[ \t\u00A0\u202F]+$/u;
/** Between the words of one name: spaces, at most one line break. */
const GAP = /^[ \t\u00A0\u202F]*(?:\r?\n)?[ \t\u00A0\u202F]*$/u;
const CAPITAL = /^\p{Lu}/u;
const ALL_CAPS = /^\p{Lu}{2,}$/u;
const TITLES = new Set(TITLE_WORDS);

interface Token {
  start: number;
  end: number;
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const m of text.matchAll(TOKEN)) tokens.push({ start: m.index, end: m.index + m[0].length });
  return tokens;
}

/** The name a text span spells, with how many code units at its end are not part of it; undefined when none. */
function lookUp(raw: string): { name: string; cut: number } | undefined {
  const key = raw.replace(/\s+/gu, ' ');
  const stripped = key.replace(TRAILING, '');
  const bare = stripped.replace(POSSESSIVE, '');
  for (const form of [key, stripped, bare]) {
    const name = places().lookup.get(form);
    if (name !== undefined) return { name, cut: key.length - form.length };
  }
  // German genitive, inside the span (labels.md): `Deutschlands`, `Frankreichs`, `Griechenlandes`.
  const base = stripped.endsWith('s') ? places().lookup.get(stripped.slice(0, -1)) : undefined;
  if (base !== undefined && !/[sxzß]$/u.test(base)) return { name: base, cut: key.length - stripped.length };
  const longer = stripped.endsWith('es') ? places().lookup.get(stripped.slice(0, -2)) : undefined;
  if (longer !== undefined && /land$/u.test(longer)) return { name: longer, cut: key.length - stripped.length };
  return undefined;
}

/** A token's word without quotes, brackets and trailing punctuation. */
function word(text: string, t: Token | undefined): string {
  return t ? text.slice(t.start, t.end).replace(LEADING, '').replace(TRAILING, '') : '';
}

/** Whether the context says this occurrence is a person, a word of a longer name or the capitals pronoun. */
function rejected(name: string, text: string, tokens: readonly Token[], i: number, n: number, cut: number): boolean {
  const before = tokens[i - 1];
  const after = cut === 0 ? tokens[i + n] : undefined;
  const prev = word(text, before);
  const next = word(text, after);
  if (name === CAPS_PRONOUN && (ALL_CAPS.test(prev) || ALL_CAPS.test(next))) return true;
  // A surname (`Beatriz Montenegro`, `Herr England`), on the same line: a town's line may end in a first name (`216 19
  // Florina⏎Greece`).
  const sameLine = before !== undefined && SPACES.test(text.slice(before.end, (tokens[i] as Token).start));
  if (sameLine && (TITLES.has(prev) || isFirstName(prev))) return true;
  // `University of Wisconsin`, `Bank of America`.
  const head = prev === 'the' && word(text, tokens[i - 2]) === 'of' ? tokens[i - 3] : prev === 'of' ? tokens[i - 2] : undefined;
  const headWord = word(text, head);
  if (CAPITAL.test(headWord) && !FUNCTION.has(headWord)) return true;
  // `Minnesota Timberwolves`, `US Open`, `Disclosure Scotland`: capitalised words on either side, spaces between.
  const last = tokens[i + n - 1] as Token;
  if (after && SPACES.test(text.slice(last.end, after.start)) && nameWord(next)) return true;
  return sameLine && prev === text.slice(before.start, before.end) && nameWord(prev);
}

/**
 * A capitalised word that may be part of a name: not a function word, not a place itself, and not a German common
 * noun or a compound of such nouns, since German capitalises those (`die Wirtschaft Deutschlands`, `in Bayern Urlaub
 * machen`, `in seiner Heimatstadt Mainz`).
 */
function nameWord(w: string): boolean {
  return CAPITAL.test(w) && !FUNCTION.has(w) && !places().lookup.has(w) && !commonWordsDe().has(w.toLowerCase()) && !isCommonCompound(w);
}

/** Whether tokens i … i+n-1 stand close enough to be one name. */
function joined(text: string, tokens: readonly Token[], i: number, n: number): boolean {
  for (let k = i + 1; k < i + n; k++) {
    if (!GAP.test(text.slice((tokens[k - 1] as Token).end, (tokens[k] as Token).start))) return false;
  }
  return true;
}

/**
 * Whether a lower-case token may start a place: a cheap lookup of its first word first (with one trailing punctuation
 * mark: `malaysia,`), then the language and where it stands: never inside an address, handle or file name
 * (`berlin@…`, `#paris`, `/london/`).
 */
function lowerCandidate(text: string, start: number, end: number, language: DetectContext['language']): boolean {
  const w = text.slice(start, end);
  const { lowerFirst } = places();
  if (!lowerFirst.has(w) && !lowerFirst.has(w.slice(0, -1))) return false;
  return lowerAllowed(w.replace(TRAILING, ''), language) && !/[@#/._-]/u.test(text.charAt(start - 1));
}

function detect(text: string, ctx: DetectContext): Span[] {
  if (!ctx.labels.has('LOC')) return [];
  const tokens = tokenize(text);
  const spans: Span[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const first = tokens[i] as Token;
    const start = first.start + (LEADING.exec(text.slice(first.start, first.end))?.[0].length ?? 0);
    const lowerCase = !CAPITAL.test(text.charAt(start));
    if (lowerCase && !lowerCandidate(text, start, first.end, ctx.language)) continue;
    const most = Math.min(places().wordsAfter.get(text.slice(start, first.end)) ?? 1, tokens.length - i);
    for (let n = most; n >= 1; n--) {
      const last = tokens[i + n - 1] as Token;
      if (!joined(text, tokens, i, n)) continue;
      const hit = lookUp(text.slice(start, last.end));
      if (!hit || rejected(hit.name, text, tokens, i, n, hit.cut)) continue;
      spans.push({ start, end: last.end - hit.cut, label: 'LOC', score: lowerCase ? LOWER_SCORE : SCORE, source: ID });
      i += n - 1;
      break;
    }
  }
  return spans;
}

/** Countries, regions, continents and large cities by name (LOC). */
export const placeRecognizer: Recognizer = { id: ID, labels: ['LOC'], detect };
