import { patternRecognizer, type PatternRule } from '../rules/pattern-recognizer.js';
import { SP } from '../rules/fragments.js';

/*
 * TEL: German and international phone and fax numbers, with extensions.
 *
 * Strong shapes score high on their own: a country code (`+49 30 1234567`, `0049 …`), a German area code followed
 * by a separator or in parentheses (`030/1234567`, `(030) 1234567`, `0171-1234567`), a NANP number with
 * parentheses or dashes. Weak shapes (`0301234567`, `555 123 4567`, `1234567`) score below the pipeline's 0.5 and
 * pass only with a phone word right before them (`Tel.:`, `Handy`, `☎`).
 *
 * Dates, amounts, times, versions and IP addresses stay out because `.`, `,` and `:` are no separators here (only
 * international numbers may use dots), and a candidate may neither continue a number (`DE89 3704 0044 …`: each
 * group follows a digit and a space) nor be continued by one. A phone number right after another number and a
 * single space is missed for the same reason.
 *
 * All repetitions are bounded and separators are never digits, so each digit run splits one way only and the
 * regexes run in linear time.
 */

// Separator inside international numbers: space, or a dash/slash/dot with optional spaces.
const SEP = String.raw`(?:${SP}?[\-\/.\u2013]${SP}?|${SP})`;
// Separator inside national numbers: no dot, which would let dates in (`01.03.2021`).
const NSEP = String.raw`(?:${SP}?[\-\/\u2013]${SP}?|${SP})`;
// Not inside a word or number, not after a digit group (`IBAN … 0044 0532`, `1.234`, `2021 / 030`), not the tail of
// a token glued by a dash or slash (`C-0044-1182`, `KD/0211 …`: a customer number). An area code in brackets starts
// a number of its own after another (`Chicago, IL 60601, (312) 555-0175`).
const LEFT = String.raw`(?<![\p{L}\p{N}\p{M}_+@]|\p{N}[ \u00A0\u202F.,\/:\-]{1,2}(?!\()|\p{L}[\-\/])`;
// Not continued by a word or a number (`12.03.2021`, `10:30`, `1234567.5`).
const RIGHT = String.raw`(?![\p{L}\p{N}\p{M}_]|[.,:\/\-]\p{N})`;
// Extension after the number: `ext. 12`, `x12`, `Durchwahl 12`, `DW 12`, `App. 12`.
const EXT = String.raw`(?:${SP}?(?:[Ee]xt\.?|x|Durchwahl|DW|Dw\.?|[Aa]pp\.?)${SP}?\d{1,5})?`;
// Subscriber part after a German area code: one block (with an optional `-12` extension) or short groups, the
// groups split by a space or a dash with optional spaces (`708 - 223`). DIN 5008 used to group the digits in pairs
// from the right, so the first group may be a single digit (`0611 8 47 29 30`, `0221 4 71-118`), and so may the
// extension after a dash (`0214 / 8 20 55 - 0`).
const GROUP_SEP = String.raw`(?:${SP}?-${SP}?|${SP})`;
const SUBSCRIBER = String.raw`(?:\d{5,8}(?:${SP}?-${SP}?\d{1,5})?|\d{1,4}(?:${GROUP_SEP}\d{2,5}){0,4}(?:${SP}?-${SP}?\d)?)`;

const SOURCES = {
  /** `+49 (0)30 1234567`, `+49 30 1234567`, `+44 20 7946 0958`, `+1 (555) 123-4567`, `0049 171 1234567`. */
  international:
    `${LEFT}(?:\\+|00)[1-9]\\d{0,2}(?:${SP}?\\(0\\))?${SEP}?` +
    `(?:\\(\\d{1,5}\\)${SP}?|\\d{1,4}${SEP}){0,6}(?:\\d{5,12}|\\d{2,4})(?:-\\d{1,5})?${EXT}${RIGHT}`,
  /** `030/1234567`, `030 / 123 45 67`, `0171-1234567`, `(030) 1234567`, `0800 123 456`, `030 1234567-12`. */
  national: `${LEFT}(?:\\(0[1-9]\\d{1,4}\\)${SP}?|0[1-9]\\d{1,4}${NSEP})${SUBSCRIBER}${EXT}${RIGHT}`,
  /** `0301234567`, `01711234567`: a plain digit run that starts like an area code. */
  nationalPlain: `${LEFT}0[1-9]\\d{6,12}${EXT}${RIGHT}`,
  /** `(555) 123-4567`, `555-123-4567`, `555.123.4567`, `555 123 4567`, with a trunk prefix `1-800-555-0199`. */
  nanp:
    `${LEFT}(?:1[\\-.${SP.slice(1, -1)}])?(?:\\([2-9]\\d{2}\\)${SP}?\\d{3}[\\-.${SP.slice(1, -1)}]\\d{4}|[2-9]\\d{2}(?<s>[\\-.])\\d{3}\\k<s>\\d{4}` +
    `|[2-9]\\d{2}${SP}\\d{3}${SP}\\d{4})${EXT}${RIGHT}`,
  /** `1234567`, `12 34 56`: a local number without area code; needs a phone word right before it. */
  local: `${LEFT}[1-9]\\d{1,9}(?:${NSEP}\\d{2,5}){0,4}${EXT}${RIGHT}`,
} as const;

/** Words that announce a phone or fax number (prefixes count: `Telefonnummer`, `Handynr.`, `Faxnummer`). */
const PHONE_WORDS = [
  'tel',
  'tel.',
  'telefon',
  'telephone',
  'phone',
  'fon',
  'fax',
  'telefax',
  'mobil',
  'mobile',
  'mob.',
  'handy',
  'cell',
  'call',
  'ruf',
  'durchwahl',
  'hotline',
  'whatsapp',
  'sms',
  'anrufen',
  'erreichbar',
  'festnetz',
  // Chats and mails give a number without a phone word: `her number is 206 555 0143`, `text me at …`.
  'my number',
  'her number',
  'his number',
  'your number',
  'our number',
  'their number',
  'meine nummer',
  'seine nummer',
  'ihre nummer',
  'deine nummer',
  'text me',
  'text her',
  'text him',
  'reach me at',
  't:',
  'f:',
  'm:',
  '☎',
  '✆',
  '📞',
  '📱',
] as const;

// The same words as a regex, to find the nearest one (whole-word start, any continuation).
const PHONE_WORD_RE =
  /(?<![\p{L}\p{N}])(?:tel|phone|fon|fax|mobil|mob\.|handy|cell|call|ruf|durchwahl|hotline|whatsapp|sms|anruf|erreich|festnetz)|[☎✆📞📱]/giu;
// Labels of other identifiers: a number right after one of them is that identifier, not a phone number.
const OTHER_ID_RE =
  /(?<![\p{L}\p{N}])(?:iban|konto\p{L}{0,12}|kto|blz|bic|bankleitzahl|steuer\p{L}{0,20}|st\.?-?nr|ust\p{L}{0,12}|kunden(?!service|dienst|hotline|telefon|center|zentrum|betreuung|beratung)\p{L}{0,10}|kd\.?-?nr|(?:customer|client|contract|policy|member(?:ship)?|claim)\s?(?:no|number|id|ref|reference)|(?:schadens?|vorgangs|police|policen)-?(?:nummer|nr)|personalausweis\p{L}{0,10}|rechnungs\p{L}{0,10}|bestell\p{L}{0,10}|auftrags\p{L}{0,10}|vertrags\p{L}{0,10}|versicherungs\p{L}{0,15}|versicherten\p{L}{0,10}|aktenzeichen|az(?![ \u00A0]\d{5})|gz|invoice|order|account|ticket|case|ref|reference|mitglieds\p{L}{0,10}|personalnummer|matrikel\p{L}{0,10}|ausweis\p{L}{0,10}|pass(?:nummer|-?nr)|passport|serien\p{L}{0,10}|serial|imei|plz|postleitzahl|kredit\p{L}{0,10}|karten\p{L}{0,10}|card|hr[ab]|idnr|identifikationsnummer|ssn|nhs|mrn|npi|nino|utr|medical record|asset tag|service tag|sort code|artikel\p{L}{0,10}|art\.?-?nr|sendungs\p{L}{0,10}|tracking|(?:mieter|mandanten|patienten|akten|betriebs|tagebuch|reservierungs|buchungs|beleg|antrags|fall)-?(?:nummer|nr)|acc)(?![\p{L}])/giu;

/** Start offset of the last match of `re` in `s`, or -1. */
function lastMatch(re: RegExp, s: string): number {
  let last = -1;
  re.lastIndex = 0;
  for (let m = re.exec(s); m !== null; m = re.exec(s)) last = m.index;
  return last;
}

// A generic number label right before the candidate (`Protokoll Nr.: 099984-0163`); `Tel.-Nr.` has its phone word.
// (`unter der Nummer 012/332-4454` is a phone number: only the abbreviations count.)
const NUMBER_LABEL_BEFORE = /(?<![\p{L}\p{N}])(?:nr|no)\.?\s{0,2}[:#]?\s{0,2}$/iu;

/**
 * Whether another identifier's label stands closer before `start` than any phone word, or a bare `Nr.` label
 * announces the number with no phone word near.
 */
function labelledAsOtherId(text: string, start: number, end: number): boolean {
  // A phone word right after the number makes it one whatever stood before (`Wegen des Vertrags ist er unter 0171 …
  // erreichbar`).
  PHONE_WORD_RE.lastIndex = 0;
  if (PHONE_WORD_RE.test(text.slice(end, end + 25))) return false;
  const before = text.slice(Math.max(0, start - 40), start);
  const phone = lastMatch(PHONE_WORD_RE, before);
  const other = lastMatch(OTHER_ID_RE, before);
  // The label must announce this number: a person named between them takes the number for theirs (`Queries about this
  // invoice: Mr. Wiza, 07719 592567`).
  if (other > phone && !NAME_BETWEEN.test(before.slice(other))) return true;
  return phone < 0 && NUMBER_LABEL_BEFORE.test(before);
}
/** A title and a name, or `Name,` right before the number. */
const NAME_BETWEEN = /(?:^|[^\p{L}])(?:Mr|Mrs|Ms|Miss|Dr|Herr|Frau|Prof)\.?\s+\p{Lu}[\p{L}'’-]+.*$|\p{Lu}\p{Ll}+,\s*$/u;

function digitCount(s: string): number {
  return s.replace(/\D/gu, '').length;
}

/** The number without its extension, for the digit count. */
function withoutExtension(v: string): string {
  return v.replace(/[ \u00A0\u202F]?(?:ext\.?|x|durchwahl|dw\.?|app\.?)[ \u00A0\u202F]?\d{1,5}$/iu, '');
}

// Shapes of non-phone numbers that the local rule could still see: dates, year and time ranges.
const NOT_PHONE = [
  /^\d{1,2}[/-]\d{1,2}[/-]\d{2,4}$/u,
  /^(?:19|20)\d\d[ \u00A0]?[-/–][ \u00A0]?(?:19|20)?\d\d$/u,
  /^(?:[01]\d|2[0-4])[0-5]\d[ \u00A0]?[-–][ \u00A0]?(?:[01]\d|2[0-4])[0-5]\d$/u,
];

/**
 * Validator factory: digit-count bounds, the other-identifier check and the shape blacklist. `handOver`: the
 * inverse of the other-identifier check, for the OTH rules that claim what a TEL rule declines for its label.
 */
function phoneCheck(minDigits: number, maxDigits: number, score?: (v: string) => number | false, handOver = false) {
  return (value: string, m: RegExpExecArray, text: string): boolean | number => {
    const core = withoutExtension(value).replace(/\(0\)/gu, '');
    const n = digitCount(core);
    if (n < minDigits || n > maxDigits) return false;
    if (NOT_PHONE.some((re) => re.test(value))) return false;
    const other = labelledAsOtherId(text, m.index, m.index + value.length);
    if (handOver) return other ? HANDED_OVER_SCORE : false;
    if (other) return false;
    return score ? score(value) : true;
  };
}

/**
 * A number a TEL rule declines because another identifier's label announces it is that identifier (OTH). Where the
 * labelled-identifier rule reads it too, the fuller of the two readings wins (`preferFullerIdentifiers`).
 */
const HANDED_OVER_SCORE = 0.6;
/**
 * What a hand-over needs somewhere in the text (`labelledAsOtherId`): another identifier's label, or a bare `Nr.`.
 * Most texts have neither, and the hand-over rules then skip their scan.
 */
const HAND_OVER_REQUIRES = new RegExp(`${OTHER_ID_RE.source}|(?<![\\p{L}\\p{N}])(?:nr|no)(?![\\p{L}])`, 'iu');

// ITU country codes: 1 and 7 stand alone; these two-digit codes are complete; the other prefixes listed here
// start three-digit codes. Digits 28x, 83x, 89x are unassigned.
const CC_TWO = new Set(
  '20 27 30 31 32 33 34 36 39 40 41 43 44 45 46 47 48 49 51 52 53 54 55 56 57 58 60 61 62 63 64 65 66 81 82 84 86 90 91 92 93 94 95 98'.split(
    ' ',
  ),
);
const CC_THREE_PREFIX = new Set('21 22 23 24 25 26 29 35 37 38 42 50 59 67 68 69 80 85 87 88 96 97 99'.split(' '));

/**
 * Whether the first group written after `+`/`00` holds a complete country code: `+49 30…`, `+4930…`, `+1 555…`,
 * but not `002 609 949` (a trademark number: `2` alone is no country code).
 */
function hasCountryCode(value: string): boolean {
  const group = /^(?:\+|00)(\d{1,15})/u.exec(value)?.[1] ?? '';
  if (group.startsWith('1') || group.startsWith('7')) return true;
  const two = group.slice(0, 2);
  return CC_TWO.has(two) || (CC_THREE_PREFIX.has(two) && group.length >= 3);
}

const context = (window: number, boost: number) => ({ words: PHONE_WORDS, window, boost });

export const TEL_RULES: readonly PatternRule[] = [
  {
    label: 'TEL',
    regex: new RegExp(SOURCES.international, 'gu'),
    score: 0.9,
    validate: phoneCheck(7, 15, (v) => (hasCountryCode(v) ? 0.9 : false)),
    context: context(40, 0.1),
  },
  { label: 'TEL', regex: new RegExp(SOURCES.national, 'gu'), score: 0.85, validate: phoneCheck(7, 14), context: context(40, 0.1) },
  { label: 'TEL', regex: new RegExp(SOURCES.nationalPlain, 'gu'), score: 0.45, validate: phoneCheck(8, 14), context: context(30, 0.35) },
  {
    label: 'TEL',
    regex: new RegExp(SOURCES.nanp, 'gu'),
    score: 0.6,
    // Parentheses mark a US area code clearly; dashes fairly; dots and spaces are too common in other numbers, but
    // for the 3-3-4 grouping with a valid area code and exchange.
    validate: phoneCheck(10, 15, (v) => {
      const local = v.replace(/^1[-. \u00A0\u202F]/u, '');
      if (local.startsWith('(')) return 0.75;
      // Dots only in the 3-3-4 grouping with a valid area code and exchange (`512.555.0177`), not `123.456.7890`.
      return /^\d{3}-/u.test(local) ? 0.6 : /^[2-9]\d{2}\.[2-9]\d{2}\.\d{4}$/u.test(local) ? 0.5 : 0.35;
    }),
    context: context(30, 0.3),
  },
  { label: 'TEL', regex: new RegExp(SOURCES.local, 'gu'), score: 0.2, validate: phoneCheck(5, 12), context: context(20, 0.35) },
  // Handed over, never dropped: a phone-shaped number another identifier's label announces is that identifier.
  {
    label: 'OTH',
    regex: new RegExp(SOURCES.international, 'gu'),
    score: HANDED_OVER_SCORE,
    validate: phoneCheck(7, 15, undefined, true),
    requires: HAND_OVER_REQUIRES,
  },
  {
    label: 'OTH',
    regex: new RegExp(SOURCES.national, 'gu'),
    score: HANDED_OVER_SCORE,
    validate: phoneCheck(7, 14, undefined, true),
    requires: HAND_OVER_REQUIRES,
  },
];

/**
 * Phone and fax numbers (TEL): international, German national, NANP, and local numbers after a phone word; a
 * phone-shaped number another identifier's label announces goes to OTH.
 */
export const telRecognizer = patternRecognizer('tel', TEL_RULES, { resolveOverlaps: true });
