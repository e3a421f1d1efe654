import type { TextLabelName } from '../spec/types.js';
import type { Span } from '../text/span.js';
import { assertOrderedSpans } from './spans.js';

// Which mentions are one entity (decisions.md "Pseudonyms"). Only mentions of the same label can corefer.
// PER: exact repeats (case, accents, whitespace, titles and a trailing genitive ignored); a surname alone after a full name;
//   genitive `Müllers`/`Schulz'`; initials (`H. Müller`, `H.-P. Müller`, `HP Müller`) compatible with the given
//   names; the inverted `Müller, Hans-Peter`; a first name alone only when one known person has it. A bare surname
//   shared by several people goes to the one mentioned most recently.
// TEL/OTH: spaces, dashes, slashes, dots and parentheses ignored (TEL also drops a bracketed trunk `(0)`).
// MAIL: lower case. ORG/LOC: words compared up to a genitive `-s`/`-es` (`Landgerichts Köln` = `Landgericht Köln`);
//   LOC without its postcode and a state or province code beside it (`10115 Berlin` = `Berlin`,
//   `Springfield, IL 62704` = `Springfield`): one city, one pseudonym, however it is written.
// STR/DATE: normalised exact text.

/**
 * Entity group of one span. `crId` is 0-based and unique per entity across all labels of one resolver (one request
 * or one document); `number` is 1-based and counts the entities of one label in order of first appearance, so the
 * span's pseudonym is `${label}-${number}`.
 */
export interface CorefAssignment {
  crId: number;
  number: number;
}

/**
 * Stateful coreference for one request or one whole document. Pages/paragraphs are fed in text order; entities,
 * numbering and crIds continue across calls, so page 2's `Herr Müller` links to page 1's `Hans Müller`.
 * Decisions are greedy and never revised: a mention joins an entity already seen or starts a new one.
 */
export interface CoreferenceResolver {
  /** One assignment per span, in the order of `spans` (sorted, non-overlapping offsets into `text`). */
  resolve(text: string, spans: readonly Span[]): CorefAssignment[];
}

/** A given-name part: a full name (`hans`) or an initial only (`h` from `H.`). Lower case. */
interface GivenPart {
  initial: string;
  full: string | null;
}

/** A PER mention taken apart. All strings lower case and normalised. */
interface PersonName {
  /** Normalised text of the whole mention (exact-repeat key). */
  key: string;
  /** Surname when the mention shows one (`Müller` of `Hans Müller`, `von der Heydt` → `heydt`). */
  surname: string | null;
  /** Given names in order (`Hans-Peter` → hans, peter). */
  given: GivenPart[];
  /** The first given token as written, for a bare first-name mention (`hans-peter`); null when it is initials. */
  firstName: string | null;
  /** A one-word mention whose role (first or last name) is unknown (`Müller`, `Jojo`, `K.`). */
  single: string | null;
  /** Nicknames written inside the name (`Marco „Schmiddi“ Schmidt` → schmiddi). */
  aliases: string[];
}

interface Entity {
  crId: number;
  label: TextLabelName;
  number: number;
  /** Order of the latest mention; the tie-breaker "most recent" among equally good candidates. */
  lastSeen: number;
  /** Normalised keys of all its mentions. */
  keys: Set<string>;
  /** ORG/LOC: word lists of its mentions, for the genitive-tolerant comparison. */
  forms: string[][];
}

/** What is known of a person's name, merged over its mentions. */
interface Person {
  entity: Entity;
  surname: string | null;
  given: GivenPart[];
  firstName: string | null;
  /** Bare words it was called by before a surname was known, and nicknames. */
  singles: Set<string>;
}

/** Titles and honorifics (labels.md keeps them outside PER; a detector may still include them). No trailing dot. */
const HONORIFICS = new Set([
  'herr',
  'herrn',
  'frau',
  'fräulein',
  'frl',
  'dr',
  'prof',
  'professor',
  'dipl.-ing',
  'dipl-ing',
  'dipl',
  'ing',
  'mag',
  'med',
  'dent',
  'rer',
  'nat',
  'phil',
  'jur',
  'pol',
  'oec',
  'h.c',
  'stb',
  'pok',
  'ra',
  'notar',
  'mr',
  'mrs',
  'ms',
  'miss',
  'mx',
  'sir',
  'dame',
  'lady',
  'lord',
  'cllr',
  'pc',
  'sgt',
]);

/** Letters after a name (`Jane Doe MD`, `Max Muster StB`); without them the surname would be `md`. No trailing dot. */
const POSTNOMINALS = new Set(['md', 'frse', 'phd', 'mba', 'llm', 'll.m', 'stb', 'mdb', 'mdl', 'mep', 'qc', 'kc', 'esq']);

/** Name particles and nobility words that sit between given names and the surname; they do not tell people apart. */
export const PARTICLES: ReadonlySet<string> = new Set([
  'von',
  'vom',
  'van',
  'der',
  'den',
  'de',
  'del',
  'della',
  'di',
  'da',
  'du',
  'le',
  'la',
  'zu',
  'zum',
  'zur',
  'ten',
  'ter',
  'af',
  'av',
  'ap',
  'bin',
  'ibn',
  'al',
  'el',
  'v.',
  'v',
]);
const NOBILITY = new Set([
  'freiherr',
  'freifrau',
  'freiin',
  'graf',
  'gräfin',
  'baron',
  'baronin',
  'prinz',
  'prinzessin',
  'fürst',
  'fürstin',
  'ritter',
  'edler',
  'edle',
]);

/** Opening and closing quotation marks of a nickname written inside a name. */
const NICKNAME = /(^|\s)[„“"»«‚‘›‹]([^„“”"»«‚‘’›‹]+)[“”"«»‘’‹›](?=\s|$)/gu;

/** A token without a trailing dot, lower case, for the title lists. */
function bare(token: string): string {
  return token.toLowerCase().replace(/\.$/u, '');
}

/** Separators that do not distinguish phone numbers or identifiers (`030/123-45` = `030 12345`). */
const NUMBER_NOISE = /[\s\-‐‑‒–—/.()]/gu;

/** Comparison form: compatibility-normalised, lower case, single spaces. */
function baseKey(s: string): string {
  return s.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim();
}

/** Drops a possessive/genitive apostrophe at the end (`Schulz'`, `Jay's`, `Jay’s`). */
function stripApostrophe(word: string): string {
  return word.replace(/['’](s)?$/u, '');
}

/** Names equal up to a German genitive `-s` (`Müllers` = `Müller`). */
function nameEq(a: string, b: string): boolean {
  return a === b || a === `${b}s` || b === `${a}s`;
}

/** Words equal up to a genitive `-s`/`-es` (`Landgerichts` = `Landgericht`, `Amtes` = `Amt`). */
function wordEq(a: string, b: string): boolean {
  return nameEq(a, b) || a === `${b}es` || b === `${a}es`;
}

function isHonorific(token: string): boolean {
  return HONORIFICS.has(bare(token));
}

/** Letters of a given token that stands for initials (`H.`, `H.-P.`, `J.R.R.`, `HP`), or null for a written name. */
function initialsOf(token: string, mentionHasLower: boolean): string[] | null {
  const letters = token.replace(/[.\-‐]/gu, '');
  if (letters.length === 0 || letters.length > 3 || !/^\p{L}+$/u.test(letters)) return null;
  const dotted = token.includes('.');
  // `HP Müller`: an upper-case cluster is initials only when the rest of the name is not all capitals (`EVA MÜLLER`).
  const capsCluster = mentionHasLower && letters === letters.toUpperCase() && letters !== letters.toLowerCase();
  if (!dotted && letters.length > 1 && !capsCluster) return null;
  return Array.from(letters.toLowerCase());
}

/** A given-name token as parts: `Hans-Peter` → hans, peter; `Hans-P.` → hans, p (initial); `HP` → h, p. */
function givenParts(token: string, mentionHasLower: boolean): GivenPart[] {
  const initials = initialsOf(token, mentionHasLower);
  if (initials) return initials.map((initial) => ({ initial, full: null }));
  return token
    .split(/[-‐]/u)
    .filter((p) => p.length > 0)
    .map((piece) => {
      const lower = piece.toLowerCase();
      const bare = lower.replace(/\./gu, '');
      const initial = Array.from(bare)[0] ?? '';
      return /^\p{L}\.?$/u.test(piece) ? { initial, full: null } : { initial, full: bare };
    });
}

/** Surname token in comparison form (`K.` → k, `Schulz'` → schulz). */
function surnameKey(token: string): string {
  return stripApostrophe(token.toLowerCase()).replace(/\.$/u, '');
}

/** Takes a PER mention apart: honorifics, nickname, inverted `Surname, Given` form, particles, initials. */
function parsePerson(surface: string): PersonName {
  const aliases: string[] = [];
  // Accents folded: a name is written with and without them in one document (`Lan Nguyễn`, `Nguyen, Lan` in an e-mail
  // header), and a reader takes both for one person.
  let s = surface.normalize('NFKD').replace(/\p{M}/gu, '').normalize('NFKC').replace(/\s+/gu, ' ').trim();
  s = s.replace(NICKNAME, (_m, lead: string, nick: string) => {
    aliases.push(baseKey(nick));
    return lead;
  });
  s = stripApostrophe(s.trim());
  const mentionHasLower = s !== s.toUpperCase();

  let surnameTokens: string[];
  let givenTokens: string[];
  const comma = s.indexOf(',');
  if (comma > 0 && comma < s.length - 1) {
    // `Müller, Hans-Peter` / `KRAUSE, Werner`: the part before the comma is the surname.
    surnameTokens = s.slice(0, comma).trim().split(' ').filter(Boolean);
    givenTokens = s
      .slice(comma + 1)
      .trim()
      .split(' ')
      .filter(Boolean);
    while (givenTokens.length > 0 && isHonorific(givenTokens[0]!)) givenTokens.shift();
  } else {
    const tokens = s.replace(/,/gu, ' ').split(' ').filter(Boolean);
    while (tokens.length > 1 && isHonorific(tokens[0]!)) tokens.shift();
    while (tokens.length > 1 && POSTNOMINALS.has(bare(tokens[tokens.length - 1]!))) tokens.pop();
    surnameTokens = tokens.slice(-1);
    givenTokens = tokens.slice(0, -1);
  }
  while (surnameTokens.length > 1 && isHonorific(surnameTokens[0]!)) surnameTokens.shift();
  const key = baseKey([...givenTokens, ...surnameTokens].join(' '));

  // Particles right before the surname (`Gerlinde von der Heydt`) belong to it; they are written lower case, while
  // nobility words (`Freiherr`) are capitalised. A capitalised `Al`/`Van` at the front stays a given name.
  while (givenTokens.length > 0) {
    const last = givenTokens[givenTokens.length - 1]!;
    const lower = last.toLowerCase();
    const particle = PARTICLES.has(lower) && (last === lower || !mentionHasLower);
    if (!particle && !NOBILITY.has(lower)) break;
    givenTokens.pop();
  }
  const surnameToken = surnameTokens[surnameTokens.length - 1] ?? '';
  const surname = surnameKey(surnameToken);

  if (givenTokens.length === 0) {
    // One name word: a title (`Herr Müller`), particles (`von Goethe`) or the inverted form mark it as a surname;
    // a word standing alone (`Müller`, `Jojo`) may be a first or a last name.
    const markedAsSurname = comma > 0 || s.split(' ').length > 1;
    return markedAsSurname
      ? { key, surname, given: [], firstName: null, single: null, aliases }
      : { key, surname: null, given: [], firstName: null, single: surname, aliases };
  }
  const given = givenTokens.flatMap((t) => givenParts(t, mentionHasLower));
  const first = givenTokens[0]!;
  const firstName = initialsOf(first, mentionHasLower) ? null : stripApostrophe(first.toLowerCase());
  return { key, surname, given, firstName, single: null, aliases };
}

/**
 * Given names that can belong to one person: initials agree position by position, written names agree where both
 * are written, and a shorter list may only be initials (`H. Müller` fits `Hans-Peter Müller`; `Hans Müller` does
 * not fit `Hans-Peter Müller`, which may be a relative).
 */
function givenCompatible(a: readonly GivenPart[], b: readonly GivenPart[]): boolean {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.initial !== y.initial) return false;
    if (x.full !== null && y.full !== null && x.full !== y.full) return false;
  }
  if (a.length === b.length) return true;
  const shorter = a.length < b.length ? a : b;
  return shorter.every((p) => p.full === null);
}

/** The richer of two compatible given-name lists, position by position. */
function mergeGiven(a: readonly GivenPart[], b: readonly GivenPart[]): GivenPart[] {
  const out: GivenPart[] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    out.push({ initial: x?.initial ?? y?.initial ?? '', full: x?.full ?? y?.full ?? null });
  }
  return out;
}

/** Exact-repeat key of a non-PER mention (decisions.md: normalised exact text). */
function mentionKey(label: TextLabelName, surface: string): string {
  const base = baseKey(surface);
  switch (label) {
    case 'TEL':
      // `+49 (0)911 …` and `+49 911 …` are the same number: the bracketed trunk zero is dialling advice.
      return base.replace(/\(\s*0\s*\)/gu, '').replace(NUMBER_NOISE, '');
    case 'OTH':
      return base.replace(NUMBER_NOISE, '');
    case 'MAIL':
      return base.replace(/\s/gu, '');
    case 'ORG':
      return words(base).join(' ');
    case 'LOC':
      return placeWords(surface).join(' ');
    default:
      return base;
  }
}

/** ORG/LOC words without trailing apostrophes and edge punctuation. */
function words(base: string): string[] {
  return base
    .split(' ')
    .map((w) => stripApostrophe(w.replace(/^[("'„“‚‘]+|[)"'“”‘’,;:]+$/gu, '')))
    .filter((w) => w.length > 0);
}

/** A word holding a digit: a postcode or a part of one (`10115`, `SW1A`, `2AA`, `M5V`, `D-50667`). */
const POSTCODE_PART = /\p{N}/u;
/** A short all-caps word (`IL`, `ON`, `BZ`): a state, province or the letters of a postcode when beside one. */
const CODE_WORD = /^\p{Lu}{1,3}$/u;

/**
 * The words of a place without its postcode: postcode parts go, and so does a short capitals code right beside one
 * (a Dutch postcode's letters, a US state, a Canadian province). A place of postcode only keeps it.
 */
function placeWords(surface: string): string[] {
  const tokens = surface
    .normalize('NFKC')
    .split(/\s+/u)
    .map((t) => t.replace(/^[("'„“‚‘]+|[)"'“”‘’,;:]+$/gu, ''))
    .filter((t) => t.length > 0);
  const postcode = tokens.map((t) => POSTCODE_PART.test(t));
  const kept = tokens.filter((t, i) => !postcode[i] && !((postcode[i - 1] === true || postcode[i + 1] === true) && CODE_WORD.test(t)));
  return words(baseKey((kept.length > 0 ? kept : tokens).join(' ')));
}

function formsEq(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((w, i) => wordEq(w, b[i]!));
}

/** Highest `lastSeen` among candidates: the most recently mentioned entity wins an ambiguity. */
function mostRecent(candidates: readonly Entity[]): Entity | undefined {
  let best: Entity | undefined;
  for (const e of candidates) if (!best || e.lastSeen > best.lastSeen) best = e;
  return best;
}

/** Whether any word of `set` equals `word` up to a genitive. */
function someNameEq(set: ReadonlySet<string>, word: string): boolean {
  for (const w of set) if (nameEq(w, word)) return true;
  return false;
}

/** Whether a person's known surname equals `word` up to a genitive. */
function hasSurname(p: Person, word: string): boolean {
  return p.surname !== null && nameEq(p.surname, word);
}

/** Creates a resolver whose state spans all its calls (one request or one document). */
export function createCoreferenceResolver(): CoreferenceResolver {
  const byLabel = new Map<TextLabelName, Entity[]>();
  const byKey = new Map<string, Entity>();
  const people: Person[] = [];
  const personOf = new Map<Entity, Person>();
  let nextCrId = 0;
  let clock = 0;

  function create(label: TextLabelName): Entity {
    const list = byLabel.get(label) ?? [];
    byLabel.set(label, list);
    const e: Entity = { crId: nextCrId++, label, number: list.length + 1, lastSeen: 0, keys: new Set(), forms: [] };
    list.push(e);
    return e;
  }

  function remember(e: Entity, key: string): void {
    e.keys.add(key);
    e.lastSeen = ++clock;
    byKey.set(`${e.label}\u0000${key}`, e);
  }

  /** The most recently mentioned person among those passing `test`. */
  function recentPerson(test: (p: Person) => boolean): Person | undefined {
    let best: Person | undefined;
    for (const p of people) if (test(p) && (!best || p.entity.lastSeen > best.entity.lastSeen)) best = p;
    return best;
  }

  /**
   * PER rules, strongest first:
   * 1. a name with given names joins a person with the same surname (genitive-tolerant) and compatible given names;
   * 2. else it claims a person known so far only by that one word as surname (`Müller … Hans Müller`);
   * 3. else a person known only by its first name (`Hans … Hans Müller`).
   * A bare word joins a person whose surname, one-word mention or nickname it is (ambiguous → most recently
   * mentioned), else a person whose first name it is when exactly one person has that first name.
   */
  function findPerson(m: PersonName): Person | undefined {
    if (m.surname !== null && m.given.length > 0) {
      const surname = m.surname;
      const firstName = m.firstName;
      return (
        recentPerson((p) => p.given.length > 0 && hasSurname(p, surname) && givenCompatible(m.given, p.given)) ??
        recentPerson((p) => p.given.length === 0 && (hasSurname(p, surname) || someNameEq(p.singles, surname))) ??
        (firstName === null ? undefined : recentPerson((p) => p.surname === null && someNameEq(p.singles, firstName)))
      );
    }
    const word = m.single ?? m.surname;
    if (word === null || word === '') return undefined;
    const strong = recentPerson((p) => hasSurname(p, word) || someNameEq(p.singles, word));
    if (strong || m.single === null) return strong;
    const byFirst = people.filter((p) => p.firstName !== null && nameEq(p.firstName, word));
    return byFirst.length === 1 ? byFirst[0] : undefined;
  }

  function addPerson(e: Entity, m: PersonName): void {
    let p = personOf.get(e);
    if (!p) {
      p = { entity: e, surname: null, given: [], firstName: null, singles: new Set() };
      personOf.set(e, p);
      people.push(p);
    }
    if (m.surname !== null && (m.given.length > 0 || p.surname === null)) {
      // Keep the form without genitive when one is known: `Müllers` first, `Hans Müller` later → müller.
      if (p.surname === null || m.surname.length < p.surname.length) p.surname = m.surname;
    }
    if (m.given.length > 0) p.given = mergeGiven(p.given, m.given);
    p.firstName ??= m.firstName;
    // A bare word is remembered only for a person known by bare words alone; once a person has a surname, a bare
    // first name must keep passing the "unambiguous first name" test.
    if (m.single !== null && p.surname === null) p.singles.add(m.single);
    for (const a of m.aliases) p.singles.add(a);
  }

  function resolveOne(label: TextLabelName, surface: string): Entity {
    if (label === 'PER') {
      const m = parsePerson(surface);
      // A mention with no name word left (only quotes or punctuation) can still repeat exactly.
      const key = m.key === '' ? baseKey(surface) : m.key;
      const e = findPerson(m)?.entity ?? (m.key === '' ? byKey.get(`PER\u0000${key}`) : undefined) ?? create('PER');
      addPerson(e, m);
      remember(e, key);
      return e;
    }
    const key = mentionKey(label, surface);
    let e = byKey.get(`${label}\u0000${key}`);
    const form = label === 'ORG' ? words(baseKey(surface)) : label === 'LOC' ? placeWords(surface) : null;
    if (!e && form) e = mostRecent((byLabel.get(label) ?? []).filter((x) => x.forms.some((f) => formsEq(f, form))));
    e ??= create(label);
    if (form && !e.keys.has(key)) e.forms.push(form);
    remember(e, key);
    return e;
  }

  return {
    resolve(text, spans) {
      assertOrderedSpans(text, spans);
      return spans.map((span) => {
        const e = resolveOne(span.label, text.slice(span.start, span.end));
        return { crId: e.crId, number: e.number };
      });
    },
  };
}

/** Coreference of one self-contained text: a fresh resolver, one call. */
export function resolveCoreference(text: string, spans: readonly Span[]): CorefAssignment[] {
  return createCoreferenceResolver().resolve(text, spans);
}
