import type { TextLabelName } from '../spec/types.js';
import type { Span } from '../text/span.js';
import { withoutLegalForm } from '../detection/organisations/context-orgs.js';
import { isNonNameWord, isReferenceWord, isTitle, type NameLanguage } from './name-parts.js';

/** A name known in the document: its label, and whether a full mention (rank 2) stands behind it. */
export interface KnownName {
  label: TextLabelName;
  full: boolean;
}

/** Looks a name up by `nameKey`, leaving out what `self`'s own text told (a span is not known by its own parts). */
export type KnownNames = (key: string, self?: Span) => KnownName | undefined;

/** Comparison form of a name: compatibility-normalised, lower case, single spaces, no possessive. */
export function nameKey(s: string): string {
  return s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/['’]s?$/u, '');
}

/** Words that join two parties in one line: `Grant v Brightwater`, `Krämer ./. Hartmann`, `X und Y`. */
const PARTY_JOINERS: ReadonlySet<string> = new Set(['v', 'v.', 'vs', 'vs.', 'versus', './.', 'gegen', 'against']);
/** Joiners that also join the partners of one firm (`Müller & Koch`): both sides must be fully known people or firms. */
const PARTNER_JOINERS: ReadonlySet<string> = new Set(['und', 'and', '&', 'u.']);
/** Prepositions that attach a firm to a person (`Thomas Becker von KMW`, `Jane Roe of Acme`). */
const ATTACHING: ReadonlySet<string> = new Set(['von', 'vom', 'bei', 'of', 'at', 'from', 'für', 'for', 'c/o']);

const NAME_LABELS: ReadonlySet<TextLabelName> = new Set(['PER', 'ORG', 'LOC']);
/** Particles of a surname that are also prepositions: they attach a party only before an acronym (`Becker von KMW`). */
const SURNAME_PREPOSITIONS: ReadonlySet<string> = new Set(['von', 'vom']);

/**
 * Whether a text holds a word that joins or attaches two parties (`Grant v Brightwater`, `X und Y`, `Jane Roe of
 * Acme`), so that it may name two. `von`/`vom` count only before an acronym: `von der Heydt` is one name.
 */
export function joinsParties(text: string): boolean {
  const words = text.split(/\s+/u);
  return words.some((w, i) => {
    if (i === 0 || i === words.length - 1) return false;
    const word = w.toLowerCase();
    if (SURNAME_PREPOSITIONS.has(word)) return /^\p{Lu}{2,}$/u.test(words[i + 1]!);
    return PARTY_JOINERS.has(word) || PARTNER_JOINERS.has(word) || ATTACHING.has(word);
  });
}

interface Token {
  text: string;
  start: number;
  end: number;
}

function tokensOf(text: string, span: Span): Token[] {
  const out: Token[] = [];
  for (const m of text.slice(span.start, span.end).matchAll(/\S+/gu))
    out.push({ text: m[0], start: span.start + m.index, end: span.start + m.index + m[0].length });
  return out;
}

/** The span over tokens [from, to) with `label`. */
function sub(span: Span, tokens: readonly Token[], from: number, to: number, label: TextLabelName): Span {
  return { ...span, start: tokens[from]!.start, end: tokens[to - 1]!.end, label };
}

/** What the document knows of the words of tokens [from, to): the name itself, or the name before its legal form. */
function lookup(text: string, span: Span, tokens: readonly Token[], from: number, to: number, known: KnownNames): KnownName | undefined {
  if (from >= to) return undefined;
  const surface = text.slice(tokens[from]!.start, tokens[to - 1]!.end);
  const exact = known(nameKey(surface), span);
  if (exact) return exact;
  // A firm named with its legal form is named in full, whatever mention made its short name known.
  const short = withoutLegalForm(surface);
  const byShort = short ? known(nameKey(short), span) : undefined;
  return byShort && { label: byShort.label, full: byShort.label === 'ORG' || byShort.full };
}

/**
 * One name span read against what the document knows: a span that joins two known parties is two mentions; words that
 * refer to a case before a name are cut off when the rest is a known name (`Akte Krämer` → `Krämer`, `Sache Hartmann
 * Logistik GmbH` → `Hartmann Logistik GmbH`); a known party attached by a preposition becomes its own mention
 * (`Thomas Becker von KMW` → `Thomas Becker`, `KMW`). Each piece takes the label of the name it is known as.
 */
function splitOne(text: string, span: Span, known: KnownNames, language: NameLanguage): Span[] {
  const tokens = tokensOf(text, span);
  const n = tokens.length;
  if (n < 2) return [span];
  for (let j = 1; j < n - 1; j++) {
    const joiner = tokens[j]!.text.toLowerCase();
    const partner = PARTNER_JOINERS.has(joiner);
    if (!partner && !PARTY_JOINERS.has(joiner)) continue;
    const left = lookup(text, span, tokens, 0, j, known);
    const right = lookup(text, span, tokens, j + 1, n, known);
    if (!left || !right || (partner && !(left.full && right.full))) continue;
    return [sub(span, tokens, 0, j, left.label), ...splitOne(text, sub(span, tokens, j + 1, n, right.label), known, language)];
  }
  // Words that refer to a case or file before the name (`Akte`, `Re:`, `Sache`, `Mandant Herr`).
  let from = 0;
  while (from < n - 1 && (isReferenceWord(tokens[from]!.text) || (from > 0 && isTitle(tokens[from]!.text)))) from++;
  if (from > 0) {
    // The rest is a person or a firm known in full, or a firm named with its legal form and a name word (not so
    // `Deutsche Bank AG`, whose words are all words).
    const rest = lookup(text, span, tokens, from, n, known);
    if (rest && (rest.label === 'PER' || (rest.label === 'ORG' && rest.full)))
      return splitOne(text, sub(span, tokens, from, n, rest.label), known, language);
    const firm = span.label === 'ORG' ? withoutLegalForm(text.slice(tokens[from]!.start, span.end)) : null;
    if (firm && firm.split(/\s+/u).some((w) => !isNonNameWord(w, language))) return [sub(span, tokens, from, n, 'ORG')];
  }
  if (span.label !== 'PER') return [span];
  for (let j = 1; j < n - 1; j++) {
    if (!ATTACHING.has(tokens[j]!.text.toLowerCase())) continue;
    const right = lookup(text, span, tokens, j + 1, n, known);
    if (right?.label === 'ORG') return [sub(span, tokens, 0, j, span.label), sub(span, tokens, j + 1, n, right.label)];
  }
  return [span];
}

/**
 * Name spans read against the names the document knows (see `splitOne`); other spans, and the user's blacklist
 * entries, pass as they are. Keeps text order; the pieces never overlap.
 */
export function splitMentions(text: string, spans: readonly Span[], known: KnownNames, language: NameLanguage): Span[] {
  return spans.flatMap((s) => (NAME_LABELS.has(s.label) && s.source !== 'blacklist' ? splitOne(text, s, known, language) : [s]));
}
