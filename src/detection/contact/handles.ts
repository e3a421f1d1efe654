import { isCommonWord } from '../words/common-words.js';
import { alternation, FUNCTION_WORDS_LOWER, isFirstName, words } from '../words/lexicon.js';
import { patternRecognizer, type PatternRule } from '../rules/pattern-recognizer.js';
import { SP } from '../rules/fragments.js';

/*
 * OTH: how a person is found online. Links to a personal profile on a known network (`linkedin.com/in/…`,
 * `xing.com/profile/…`, `github.com/…`, `…/@name`), user handles in chats and posts (`@anna.kocht`, `u/name`), and
 * user names after their label (`Benutzername: jonas.b_94`, `User: jdoe`). The whole link is one span, scheme
 * included; the `@` and `u/` belong to the handle (labels.md: `[[OTH|u/TenancyNerd]]`), a label stays outside. A
 * mention by a known first name (`@Jakub did you see it?`) names the person: PER, the `@` outside.
 *
 * Pages of a network that belong to nobody (`github.com/features`, `twitter.com/search`) are no profile, and a
 * generic link (`www.augsburg.de/datenschutz`) is never one. Every repetition is bounded and the boundaries are
 * single look-arounds, so each regex runs in linear time.
 */

// Not inside a word, an address or a path.
const LEFT = String.raw`(?<![\p{L}\p{N}\p{M}_@.\/\-])`;
const SCHEME = String.raw`(?:https?:\/\/)?(?:(?:www|m|mobile|[a-z]{2})\.)?`;
// The rest of the link after the profile name: further path segments, a query; never a trailing dot or comma.
const REST = String.raw`(?:\/[\p{L}\p{N}\-_~%.=?&]{0,60}){0,6}(?<![.,;:!?])`;
const END = String.raw`(?![\p{L}\p{N}\-_~%\/])`;

/** First path segments of the networks that name a site page, not a member. */
const SITE_PAGES = alternation(
  words(`about explore features pricing login signup join home search settings topics marketplace orgs organizations
  sponsors enterprise hashtag i intent share sharer help privacy terms policies legal watch events groups pages
  gaming reel reels p stories developers notifications messages trending jobs company school showcase
  feed tos contact blog security customer-stories collections readme site apps`),
);
const NOT_SITE_PAGE = `(?!${SITE_PAGES}(?![A-Za-z0-9_\\-.]))`;

/** Profile paths per network: the member's own part of the link. */
const PROFILE_PATHS = [
  String.raw`linkedin\.com\/(?:in|pub)\/[\p{L}\p{N}\-_%]{2,100}`,
  String.raw`xing\.com\/profiles?\/[\p{L}\p{N}\-_%]{2,100}`,
  `(?:github|gitlab)\\.com\\/${NOT_SITE_PAGE}[A-Za-z0-9][A-Za-z0-9\\-_.]{0,38}`,
  `(?:twitter|x)\\.com\\/${NOT_SITE_PAGE}[A-Za-z0-9_]{1,15}`,
  `instagram\\.com\\/${NOT_SITE_PAGE}[A-Za-z0-9_.]{1,30}`,
  `facebook\\.com\\/(?:profile\\.php\\?id=\\d{5,20}|${NOT_SITE_PAGE}[A-Za-z0-9.]{5,50})`,
  String.raw`reddit\.com\/u(?:ser)?\/[A-Za-z0-9_\-]{3,20}`,
  String.raw`t\.me\/[A-Za-z0-9_]{5,32}`,
  // Fediverse, TikTok, YouTube, Medium, Threads: `host/@name`.
  String.raw`(?:[a-z0-9\-]{1,40}\.){1,3}[a-z]{2,12}\/@[A-Za-z0-9_.]{1,30}`,
];
const PROFILE_URL = `${LEFT}${SCHEME}(?:${PROFILE_PATHS.join('|')})${REST}${END}`;

/** Words written with an `@` that address no one: chat broadcasts, code annotations, CSS rules. */
const NOT_A_HANDLE = new RegExp(
  `^@${alternation(
    words(`all here everyone channel everybody team media import param return returns override deprecated property
    staticmethod classmethod font-face keyframes charset supports page author since see throws example type
    interface test`),
  )}$`,
  'iu',
);
/** A domain after an `@` is the tail of an e-mail address written apart (`… plus @kanzlei-beispiel.com`). */
const DOMAIN_END = /\.(?:com|de|org|net|eu|at|ch|uk|io|info|edu|gov|co|fr|it|nl|es|pl|be)$/iu;
/** An `@` not inside a word, an address or a path: where a handle or a mention starts. */
const AT = String.raw`(?<![\p{L}\p{N}\p{M}_.@\/\\+\-])@`;
/**
 * `@anna.kocht`, `@lisa_mueller`, `@anna-k` (GitHub, GitLab), `@user@mastodon.social`: an `@` not after a word (no
 * e-mail), a letter inside.
 */
const HANDLE =
  `${AT}(?=[A-Za-z0-9_.]{0,29}[A-Za-z])` +
  `[A-Za-z0-9_](?:[A-Za-z0-9_.\\-]{0,28}[A-Za-z0-9_])?(?:@(?:[a-z0-9\\-]{1,40}\\.){1,3}[a-z]{2,12})?(?![\\p{L}\\p{N}\\p{M}_@]|[.\\-][A-Za-z0-9])`;
/** Reddit users: `u/TenancyNerd`, `/u/name` (four characters or more: `u/min` is a unit). */
const REDDIT_USER = String.raw`(?<![\p{L}\p{N}\p{M}_.\/])\/?u\/[A-Za-z0-9_\-]{4,20}(?![\p{L}\p{N}\p{M}_\-\/])`;

/** Labels that name a user name: the value may follow after a space (`Username kater_karlo88`). */
const USER_LABELS =
  '(?:(?:be)?nutzer-?(?:name|kennung|id)|anmelde-?(?:name|kennung)|user-?name|user ?id|login-?(?:name|kennung)|' +
  'account-?name|sign-?in ?name|logon ?name|nick-?name|screen ?name|skype-?name)';
/**
 * Words that name an account only with a colon (`Benutzer: mmeier`, `User: jdoe`): with `ist`/`is` they start a
 * sentence about the user (`der Benutzer ist gesperrt`). Ticket fields that name a person take a login the same way
 * (`Reported by: mpitkanen`, `Assignee: tizian_harnos`; a capitalised name there is left to the name rules).
 */
const ACCOUNT_LABELS =
  '(?:(?:(?:be)?nutzer|user|account|kennung)(?:-?(?:konto|account))?|assignee|requester|reporter|' +
  `(?:reported|requested|submitted|opened|created|assigned)${SP}(?:by|to)|(?:gemeldet|erstellt|angelegt)${SP}von|` +
  'bearbeiter(?:in)?|melder(?:in)?)';
/**
 * Networks and words that name a user name only with a colon or `ist`/`is` after them (`Twitter: lisa_m`), since
 * they are ordinary words too (`handle 500 requests`, `Twitter 2023`).
 */
const NETWORK_LABELS =
  '(?:handle|login|nick|skype|discord|telegram|twitter|instagram|insta|tiktok|snapchat|threema|github|gitlab|mastodon)' +
  '(?:-?(?:name|handle|account|konto|profil|profile|id|kennung))?';
const USER_NAME =
  `(?<![\\p{L}\\p{N}])(?:(?<user>${USER_LABELS})|(?<account>${ACCOUNT_LABELS})|${NETWORK_LABELS})` +
  `(?<p>${SP}{0,2}(?::|=|${SP}(?:ist|is|lautet))?${SP}{1,3}|:)` +
  `(?<id>@?[A-Za-z0-9][A-Za-z0-9_.\\-]{0,30}[A-Za-z0-9_](?:#\\d{4})?)(?![\\p{L}\\p{N}\\p{M}_@:]|[.\\-][\\p{L}\\p{N}])`;
/** Words that can follow a label but name no one (`Benutzername und Passwort`). */
const NOT_A_USER_NAME = new RegExp(
  `^${alternation(words('und oder bitte siehe folgt eingeben angeben and or please see none n/a keine kein nicht not'))}$`,
  'iu',
);

/**
 * A user name after its label: one that carries a letter and a digit, `_`, `.` or `#` (`kater_karlo88`), or, after
 * a colon or `ist`, a word in lower case (`mmeier`); a numeric user ID only after a user-name label. A capitalised
 * word there is a person's name, which the name rules find.
 */
function userNameScore(value: string, m: RegExpExecArray): number | false {
  const g = m.groups!;
  const name = value.replace(/^@/u, '');
  const announced = /\S/u.test(g['p']!);
  if (NOT_A_USER_NAME.test(name)) return false;
  if (g['user'] === undefined && !announced && !value.startsWith('@')) return false;
  if (g['account'] !== undefined && !g['p']!.includes(':')) return false;
  if (!/\p{L}/u.test(name)) return g['user'] !== undefined && name.length >= 4 && 0.8;
  if (/[\d_.#]/u.test(name) || value.startsWith('@')) return 0.85;
  // One lower-case word must be no word (`Reported by: customer`, `Bearbeiter: extern`).
  return announced && name === name.toLowerCase() && !isCommonWord(name, 'auto') && 0.8;
}

/**
 * A login in brackets right after a person's name, as directories and tickets write it: `Hanna Öztürk (hoeztuerk)`,
 * `Vasquez Morales, Elena (evasquez)`. It must hold four letters or more of one of the name's words, as written
 * without accents or with umlauts spelt out, so a role in brackets is none (`Mr Colin Marsh (solicitor)`).
 */
const LOGIN_AFTER_NAME = String.raw`(?<=(?<name>\p{Lu}[\p{L}\p{M}'’-]{1,30}(?:,?[ \t]\p{Lu}[\p{L}\p{M}'’-]{1,30}){0,2})[ \t]?\()(?<id>[a-z][a-z0-9_-]{3,30}[a-z0-9])(?=\))`;

/** A name word in the letters a login may use: accents dropped, or umlauts spelt out (`Öztürk` → ozturk, oeztuerk). */
function loginSpellings(word: string): string[] {
  const lower = word.toLowerCase();
  const spelt = lower.replace(/ä/gu, 'ae').replace(/ö/gu, 'oe').replace(/ü/gu, 'ue').replace(/ß/gu, 'ss');
  return [spelt, lower].map((w) => w.normalize('NFD').replace(/[^a-z]/gu, ''));
}

function loginScore(value: string, m: RegExpExecArray): boolean {
  const words = (m.groups?.['name'] ?? '').split(/[ ,\t]+/u).flatMap(loginSpellings);
  return words.some((w) => w.length >= 4 && value.includes(w.slice(0, Math.min(w.length, 6))));
}

/** `@Jakub`: a capitalised first name after an `@`, as chats mention their members. */
const MENTION = String.raw`${AT}(?<name>\p{Lu}\p{Ll}{1,20})(?![\p{L}\p{N}\p{M}_@]|[.\-][\p{L}\p{N}])`;

/**
 * A user's own pages on a shared host, as universities and old providers give them: `uni-bonn.de/~jschulz`,
 * `https://example.org/~mkeller/cv.html`. The whole link, as for a profile on a network.
 */
const TILDE_URL = `${LEFT}(?:https?:\\/\\/)?(?:[a-z0-9\\-]{1,40}\\.){1,4}[a-z]{2,12}(?:\\/[A-Za-z0-9\\-_%.]{1,40}){0,3}\\/~[A-Za-z0-9_.\\-]{2,30}${REST}${END}`;

/**
 * A chat's speaker by user name at a line start (after a time stamp): `anna_k: bin gleich da`, `[12:03] max99: ok`.
 * Only names with a digit or `_` inside: a plain word before a colon is a heading or a field (`Hinweis:`, `geb.am:`).
 */
const CHAT_SPEAKER = String.raw`(?<=(?:^|\n)[ \t]{0,4}(?:\[?\d{1,2}:\d{2}(?::\d{2})?\]?[ \t]{1,3}|<)?)(?=[a-z0-9_.\-]{0,30}[\d_])[a-z][a-z0-9_.\-]{1,28}[a-z0-9_](?=>?:[ \t])`;

/**
 * A person's own web domain: a first name and a word joined by `-` or `.` (`www.jonas-becker.de`), or, after a word
 * that calls it a home page, written together (`homepage at emilywright.com`).
 */
const PERSONAL_DOMAIN = String.raw`${LEFT}(?:https?:\/\/)?(?:www\.)?(?<host>[a-z]{3,20}(?:[\-.][a-z]{3,25})?)\.(?:de|com|net|org|at|ch|eu|me|info|io|name|co\.uk|uk)(?:\/[A-Za-z0-9\-_%.~]{0,40}){0,3}(?<![.,;:!?])${END}`;
const HOME_PAGE_BEFORE = /(?:homepage|home page|website|web site|webseite|internetseite|seite|site|blog|portfolio|page)\b[^\n]{0,20}$/iu;

/** The host of a link is its owner's name: a first name, then a word that is no common one (or one before it). */
function personalDomain(_value: string, m: RegExpExecArray, text: string): number | false {
  const host = m.groups?.['host'] ?? '';
  const [first = '', rest] = host.split(/[-.]/u);
  const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
  if (rest !== undefined) return isFirstName(cap(first)) && !isCommonWord(rest, 'auto') && !isFirstName(cap(rest)) && 0.75;
  if (!HOME_PAGE_BEFORE.test(text.slice(Math.max(0, m.index - 40), m.index))) return false;
  for (let i = 3; i <= host.length - 4; i++) {
    const given = host.slice(0, i);
    const family = host.slice(i);
    if (isFirstName(cap(given)) && !isCommonWord(given, 'en') && !isCommonWord(family, 'auto')) return 0.7;
  }
  return false;
}

/**
 * A forum's or comment thread's author after the words that introduce a post or a quote: `posted by jdoe_88`,
 * `Zitat von kater_karlo`, `Beitrag von mmueller85`, `quote from tenancynerd:`. The name has a digit, `_` or `.`
 * inside, or is one lower-case word that is no word (`Antwort von heute` names no one).
 */
const POST_AUTHOR = String.raw`(?<![\p{L}\p{N}])(?:(?:originally${SP})?posted${SP}by|(?:reply|quote|comment|answer)${SP}(?:from|by)|(?:zitat|beitrag|antwort|kommentar|nachricht)${SP}von|geschrieben${SP}von|verfasst${SP}von)${SP}{1,2}(?<id>[a-z][a-z0-9_.\-]{1,28}[a-z0-9_])(?![\p{L}\p{N}\p{M}_@]|[.\-][\p{L}\p{N}])`;

function postAuthor(value: string): number | false {
  if (/[\d_.]/u.test(value)) return 0.8;
  // A capitalised word there is a person's name, which the name rules find (`Zitat von Anna`); so is a first name in
  // lower case (`posted by darin`).
  const capital = value.charAt(0).toUpperCase() + value.slice(1);
  return value === value.toLowerCase() && !isFirstName(capital) && !isCommonWord(value, 'auto') && !FUNCTION_WORDS_LOWER.has(value) && 0.75;
}

const HANDLE_RULES: readonly PatternRule[] = [
  // Above the handle rule's 0.85, so that the name wins over the handle it also is.
  { label: 'PER', regex: new RegExp(MENTION, 'dgu'), group: 'name', score: 0.9, validate: (v) => isFirstName(v) },
  { label: 'OTH', regex: new RegExp(PROFILE_URL, 'giu'), score: 0.9 },
  { label: 'OTH', regex: new RegExp(HANDLE, 'gu'), score: 0.85, validate: (v) => !NOT_A_HANDLE.test(v) && !DOMAIN_END.test(v) },
  { label: 'OTH', regex: new RegExp(REDDIT_USER, 'gu'), score: 0.85 },
  { label: 'OTH', regex: new RegExp(USER_NAME, 'dgiu'), group: 'id', score: 0.85, validate: userNameScore },
  { label: 'OTH', regex: new RegExp(LOGIN_AFTER_NAME, 'dgu'), group: 'id', score: 0.7, validate: loginScore },
  { label: 'OTH', regex: new RegExp(TILDE_URL, 'giu'), score: 0.85 },
  { label: 'OTH', regex: new RegExp(CHAT_SPEAKER, 'gu'), score: 0.8, validate: (v) => !isCommonWord(v, 'auto') },
  { label: 'OTH', regex: new RegExp(PERSONAL_DOMAIN, 'dgiu'), score: 0.75, validate: personalDomain },
  { label: 'OTH', regex: new RegExp(POST_AUTHOR, 'dgiu'), group: 'id', score: 0.8, validate: postAuthor },
];

/** Profile links, user handles and names, a user's pages and own domain, chat speakers (OTH); mentions by first name (PER). */
export const handleRecognizer = patternRecognizer('handle', HANDLE_RULES, { resolveOverlaps: true });
