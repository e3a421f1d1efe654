import type { PatternRule } from '../rules/pattern-recognizer.js';
import { SP } from '../rules/fragments.js';
import { GAP, LEFT_ID, LEFT_NUM, RIGHT_ID, RIGHT_NUM } from './boundaries.js';
import { isKnownIbanCountry, isValidIban, misreadIban } from './validators/iban.js';
import { cardScheme, luhnValid } from './validators/luhn.js';

/*
 * Bank and card numbers (OTH): IBANs (checksummed; a labelled one of a known country), BICs after their label, the
 * last digits of a card or account, card numbers (Luhn, a known scheme), UK sort codes with their account number.
 */

/**
 * `DE89 3704 0044 0532 0130 00`, `DE89370400440532013000`, `GB29 NWBK 6016 1331 9268 19`, `DE 89 3704 …`, and in
 * lower case (`de89 3704 …`: the checksum decides). A spaced group of lower-case letters only is a word, not a
 * group (`… 3201 und`), or an IBAN followed by a short word would be read as one candidate and fail its checksum.
 */
const IBAN_GROUP = `(?:${SP}(?![a-z]{1,4}(?![A-Za-z0-9])))?`;
const IBAN = `${LEFT_ID}[A-Za-z]{2}${SP}?\\d{2}(?:${IBAN_GROUP}[A-Za-z0-9]{4}){2,7}(?:${IBAN_GROUP}[A-Za-z0-9]{1,3})?${RIGHT_ID}`;

/**
 * An IBAN as OCR may misread it: digits read as letters (`DES9 3704 0044 0532 0130 00` for `DE89 …`, `O` for `0`,
 * `l` for `1`). Taken only where reading those letters as digits gives a valid IBAN (`misreadIban`).
 */
const MISREAD_DIGIT = '[0-9OoDQIliZzSsBGbTgq|]';
/**
 * A last short group may be misread letters only (`… 4313 l` for `… 4313 1`), which `IBAN_GROUP` reads as a word:
 * one `l`, or a group with a digit or a capital (a word after the IBAN, `bis`, stays out).
 */
const IBAN_MISREAD = `${LEFT_ID}[A-Z]{2}${SP}?${MISREAD_DIGIT}{2}(?:${IBAN_GROUP}[A-Za-z0-9|]{4}){2,7}(?:${SP}?(?:[lI|]|${MISREAD_DIGIT}{0,2}[0-9OQIZSBGDT|]${MISREAD_DIGIT}{0,2})(?![A-Za-z0-9])|${IBAN_GROUP}[A-Za-z0-9|]{1,3})?${RIGHT_ID}`;

/**
 * After its label an IBAN-shaped value is one span whatever its checksum (a typo, an example number), as SV numbers
 * and foreign registers are: `IBAN: DE89 3704 0044 0532 0130 01`, `iban de27…`, `auf das Konto DE45 …`. It needs a
 * registered country. Its digits may be misread by OCR (`IBAN_MISREAD`).
 */
const IBAN_LABELLED = `(?<![\\p{L}\\p{N}])(?:IBAN|Iban|iban|Konto|Kto\\.|Bankverbindung|account|Account)(?:${SP}?-?${SP}?(?:Nr\\.?|No\\.?|Nummer|number))?${GAP}{0,3}[:#]?${GAP}{0,20}(?<id>${IBAN}|${IBAN_MISREAD})`;

/**
 * A BIC (SWIFT code) after its label: bank, country, location and an optional branch, `BIC: GENODEF1LVB`,
 * `SWIFT/BIC DABADKKK`. Without the label eight capitals are any word in capitals.
 */
const BIC_LABELLED =
  `(?<![\\p{L}\\p{N}])(?:BIC|Bic|SWIFT|Swift)(?:${SP}?\\/${SP}?(?:BIC|SWIFT))?(?:-?${SP}?(?:Code|code))?${GAP}{0,3}[:#]?${GAP}{0,20}` +
  `(?<id>[A-Z]{4}[A-Z]{2}[A-Z2-9][A-NP-Z0-9](?:[A-Z0-9]{3})?)(?![\\p{L}\\p{N}])`;

/**
 * The last digits of a card or account that a text names instead of the whole number: `Visa ending 4417`, `last 4
 * of SSN (6620)`, `Karte endet auf 1234`. They need a card or account word before them (`year ending 2023` is a year).
 */
const LAST_DIGITS =
  `(?<![\\p{L}])(?:ending(?:${SP}in)?|ends${SP}in|endet${SP}auf|endend${SP}auf|last${SP}(?:4|four)(?:${SP}digits)?` +
  `(?:${SP}of${SP}(?:(?:the|my|your|his|her|their)${SP})?[\\p{L}.]{2,12}(?:${SP}[\\p{L}.]{2,12})?)?|letzten${SP}(?:4|vier)${SP}Ziffern)` +
  `${GAP}{0,2}[:(]?${GAP}{0,2}(?<id>\\d{4})(?![\\p{L}\\p{N}]|[.,]\\d)`;

/** `4111 1111 1111 1111`, `4111-1111-1111-1111`, `3782 822463 10005`, `4111111111111111`. */
const CARD =
  `${LEFT_NUM}(?:\\d{4}(?<cs>[ \\u00A0\\-])\\d{4}\\k<cs>\\d{4}\\k<cs>\\d{4}(?:\\k<cs>\\d{3})?` +
  `|\\d{4}[ \\u00A0\\-]\\d{6}[ \\u00A0\\-]\\d{4,5}|\\d{13,19})${RIGHT_NUM}`;
const CARD_WORDS = ['karte', 'kreditkarte', 'kartennummer', 'card', 'credit', 'debit', 'visa', 'mastercard', 'amex', 'cc'];
const LAST_DIGITS_WORDS = [...CARD_WORDS, 'account', 'konto', 'ssn', 'social security', 'iban'];

function cardScore(value: string): number | false {
  const digits = value.replace(/\D/gu, '');
  if (!luhnValid(digits)) return false;
  if (cardScheme(digits) === undefined) return 0.35;
  return /\D/u.test(value) ? 0.9 : 0.85;
}

/**
 * A UK sort code with its account number, as people pass bank details on (`60-83-71 22918846`): each is a span. A
 * sort code alone has a date's shape (`12-03-24`), so only the pair counts.
 */
const SORT_CODE = `${LEFT_NUM}\\d{2}-\\d{2}-\\d{2}(?=${GAP}{1,3}[,;]?${GAP}{0,3}\\d{8}${RIGHT_NUM})`;
const SORT_CODE_ACCOUNT = `(?<=${LEFT_NUM}\\d{2}-\\d{2}-\\d{2}${GAP}{1,3}[,;]?${GAP}{0,3})\\d{8}${RIGHT_NUM}`;

export const BANK_RULES: readonly PatternRule[] = [
  {
    label: 'OTH',
    regex: new RegExp(IBAN, 'gu'),
    score: 0.95,
    // Outside the registered countries only the usual spelling counts (`am 12 3456 …` is no IBAN of `AM`).
    validate: (v) => (isValidIban(v) ? (isKnownIbanCountry(v) ? 0.95 : /^[A-Z]{2}\d/u.test(v) && 0.75) : false),
  },
  { label: 'OTH', regex: new RegExp(IBAN_MISREAD, 'gu'), score: 0.9, validate: (v) => misreadIban(v) !== null && 0.9 },
  {
    label: 'OTH',
    regex: new RegExp(IBAN_LABELLED, 'dgu'),
    group: 'id',
    score: 0.8,
    validate: (v) => isKnownIbanCountry(v) && 0.8,
  },
  { label: 'OTH', regex: new RegExp(BIC_LABELLED, 'dgu'), group: 'id', score: 0.8 },
  {
    label: 'OTH',
    regex: new RegExp(LAST_DIGITS, 'dgu'),
    group: 'id',
    score: 0.3,
    context: { words: LAST_DIGITS_WORDS, window: 30, boost: 0.5 },
  },
  { label: 'OTH', regex: new RegExp(CARD, 'gu'), score: 0.85, validate: cardScore, context: { words: CARD_WORDS, boost: 0.4 } },
  { label: 'OTH', regex: new RegExp(SORT_CODE, 'gu'), score: 0.75 },
  { label: 'OTH', regex: new RegExp(SORT_CODE_ACCOUNT, 'gu'), score: 0.75 },
];
