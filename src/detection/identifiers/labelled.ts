import type { PatternRule } from '../rules/pattern-recognizer.js';
import { SP } from '../rules/fragments.js';
import { GAP, LEFT_ID } from './boundaries.js';
import { SVNR_SHAPE } from './national-ids.js';

/*
 * Case numbers and labelled identifiers (OTH): German court file numbers, `#1234` issue numbers, and any value right
 * after a label that names an identifier (`Kundennummer:`, `Case No.`, `Chart #:`); the label stays outside the span.
 */

/**
 * An issue, ticket or pull-request number written with `#` (`Issue #4417`, `fixed in #4419`): three or more digits,
 * so that a rank (`#1`) stays.
 */
const HASH_NUMBER = `(?<![\\p{L}\\p{N}\\p{M}_&#/])#(?<id>\\d{3,9})(?![\\p{L}\\p{N}\\p{M}_]|[.,]\\p{N})`;

// A German court file number: `3 O 123/21`, `12 U 45/19`, `VI ZR 123/20`, `1 BvR 2835/17`, `L 2 U 123/19`.
const COURT =
  `(?:[A-Z]{1,4}${SP})?(?:[IVX]{1,5}${SP}|\\d{1,3}${SP})(?:[A-Z][A-Za-z]{0,3}${SP}){1,2}\\d{1,6}\\/\\d{2}(?:\\d{2})?` +
  // Federal Social Court numbers end in a register letter: `B 6 KA 9/14 R`.
  `(?:${SP}[RB](?![\\p{L}\\p{N}\\p{M}_.]))?`;
const CASE_WORDS = [
  'az',
  'az.',
  'aktenzeichen',
  'geschäftszeichen',
  'gz',
  'gz.',
  'zeichen',
  'case',
  'docket',
  'urteil',
  'beschluss',
  'verfahren',
  'sache',
  'rechtssache',
];

// Labels that name an identifier; a `-Nr.`, ` No.`, ` Number`, ` ID` may follow. Lower case: the regex has `i`.
const STRONG_LABELS = [
  'aktenzeichen',
  'az\\.?',
  'gz\\.?',
  'geschäftszeichen',
  'gesch\\.-?z\\.?',
  'unser zeichen',
  'ihr zeichen',
  'kassenzeichen',
  'kundennummer',
  'kundennr\\.?',
  'kdnr\\.?',
  'kd\\.-?nr\\.?',
  'rechnungsnummer',
  'rechnungsnr\\.?',
  'rg\\.-?nr\\.?',
  'bestellnummer',
  'bestellnr\\.?',
  'auftragsnummer',
  'auftragsnr\\.?',
  'ticketnummer',
  'vertragsnummer',
  'vorgangsnummer',
  'versicherungsnummer',
  'versicherungsscheinnummer',
  'policennummer',
  'schadennummer',
  'schadensnummer',
  'mitgliedsnummer',
  'personalnummer',
  'matrikelnummer',
  'patientennummer',
  'fallnummer',
  'sendungsnummer',
  'kontonummer',
  'versichertennummer',
  'krankenversichertennummer',
  'ausweisnummer',
  'personalausweisnummer',
  'passnummer',
  'reisepassnummer',
  'führerscheinnummer',
  'steuernummer',
  'st\\.-?nr\\.?',
  'stnr\\.?',
  'steuer-?id(?:-?nr\\.?)?',
  'steuer-?idnr\\.?',
  'steuer-?identifikationsnummer',
  'identifikationsnummer',
  'idnr\\.?',
  'ust\\.?-?id(?:-?nr\\.?)?',
  'ust\\.?-?idnr\\.?',
  'umsatzsteuer-?id(?:entifikationsnummer)?',
  'rentenversicherungsnummer',
  'sozialversicherungsnummer',
  'sv-?nummer',
  'rv-?nummer',
  'vsnr',
  'kvnr',
  'mandantennummer',
  'aktennummer',
  'antragsnummer',
  'buchungsnummer',
  'reservierungsnummer',
  'transaktionsnummer',
  'belegnummer',
  'lieferscheinnummer',
  'zählernummer',
  'seriennummer',
  'imei',
  'fahrgestellnummer',
  'fahrzeugidentifikationsnummer',
  'bearbeitungsnummer',
  'verwendungszweck',
  'gmc(?: number| no\\.?)?',
  'nmc pin',
  'npi',
  'ardc(?: number| no\\.?)?',
  'uscis ?#?',
  'a-number',
  'alien registration number',
  'zugangscode',
  'aktivierungscode',
  'access code',
  'activation code',
  'candidate code',
  'ssn',
  'mrn',
  'nino',
  'utr',
  'social security number',
  'national insurance number',
  'sort code',
  'routing number',
  'confirmation code',
  'crime reference',
  'crime ref\\.?',
  'crime number',
  'police reference',
  'booking reference',
  'tracking number',
  // Clinical: patient and case numbers, specimen numbers.
  'piz',
  'pid',
  'fallzahl',
  'aufnahmenummer',
  'patienten-id',
  'e-nr\\.?',
  'einsendenummer',
  'labornummer',
  'probennummer',
  'befundnummer',
  'mieternummer',
  'kennziffer',
  'inventarnummer',
  'inventarnr\\.?',
  'asset tag',
  'service tag',
  'referenznummer',
  'registernummer',
  'handelsregisternummer',
  'practice code',
  'vat reg(?:istration)?\\.?(?: no\\.?| number)?',
  // Foreign company and tax registers (their numbers' checksums: ./registers.ts).
  'cvr(?:-?nr\\.?)?',
  'kvk(?:-?nummer|-?nr\\.?)?',
  'afm',
  'nif',
  'nie',
  'cif',
  'dni',
  'codice fiscale',
  'cod\\. ?fisc\\.?',
  'partita iva',
  'p\\. ?iva',
  'siren',
  'siret',
  'nip',
  'regon',
  'ičo',
  'dič',
  'org\\.? ?nr\\.?',
  'organisasjonsnummer',
  'y-tunnus',
  'bsn',
];
// Stems that name an identifier only with a following `-Nr.`, ` No.`, ` Number`, ` ID`, ` #` (`Kunden-Nr.`, `Case No.`,
// `Chart #:`).
const STEM_LABELS = [
  'kunden',
  'rechnungs',
  'bestell',
  'auftrags',
  'vertrags',
  'vorgangs',
  'versicherungsschein',
  'versicherungs',
  'versicherten',
  'mitglieds',
  'personal',
  'patienten',
  'fall',
  'sendungs',
  'konto',
  'kto\\.?',
  'ausweis',
  'personalausweis',
  'identity card',
  'id card',
  'pass',
  'reisepass',
  'führerschein',
  'steuer',
  'akten',
  'antrags',
  'buchungs',
  'beleg',
  'zähler',
  'serien',
  'mandanten',
  'ticket',
  'order',
  'invoice',
  'customer',
  'client',
  'account',
  'acct\\.?',
  'policy',
  'claim',
  'case',
  'docket',
  'file',
  'member',
  'membership',
  'employee',
  'student',
  'patient',
  'user',
  'serial',
  'passport',
  'licen[cs]e',
  "driver'?s licen[cs]e",
  'booking',
  'confirmation',
  'tracking',
  'reference',
  'ref\\.?',
  'nhs',
  'ni',
  'registration',
  'reg\\.?',
  'transaction',
  'badge',
  'rechnung',
  'sv',
  'rv',
  'kv',
  'pat\\.?',
  'aufnahme',
  'labor',
  'befund',
  'proben',
  'einsende',
  'mieter',
  'lizenz',
  'kreditor(?:en)?',
  'debitor(?:en)?',
  'lieferanten',
  'schaden',
  'vers\\.?',
  'inventar',
  'register',
  'company',
  'companies house',
  'tenant',
  'tenancy',
  'vendor',
  'supplier',
  'merchant',
  'incident',
  'request',
  'certificate',
  'referral',
  'chart',
  'group',
  'betriebs',
  'tagebuch',
  'reservierungs',
  'mietvertrags',
  'org\\.?',
  'tax',
  'vat',
  'po',
  'purchase order',
  'atty\\.?',
  'attorney',
  "judge'?s",
];
// Common words that name an identifier only when a `:` or `#` follows, or the value clearly is one.
const WEAK_LABELS = [
  'order',
  'ticket',
  'case',
  'ref\\.?',
  'reference',
  'referenz',
  'invoice',
  'rechnung',
  'bestellung',
  'auftrag',
  'vorgang',
  'account',
  'policy',
  'claim',
  'id',
  'fin',
  'vin',
  'ein',
  'tin',
  'badge',
  'kennung',
  'fn',
  'fall',
  'sv',
  'nhs',
  'sow',
  'po',
  'incident',
  'vertrag',
  'contract',
  'plate',
  'license plate',
  'licence plate',
  'number plate',
  'registration',
  'voyage',
  'b\\/l',
  'bill of lading',
  'awb',
  'acc\\.?',
];
// A bare `Nr.:`/`No.:` names some number; only a long one is taken as an identifier (not `Zimmer Nr.: 12`).
// (`the number: 1-800-…` is a phone number: only the abbreviations count.)
const BARE_LABELS = ['nr\\.?', 'no\\.?'];
const SUFFIX = `${SP}?-?${SP}?(?:nr\\.?|no\\.?|nummer|number|id|ref\\.?|reference|#)`;
// The value: a court file number, digit groups, or one token with inner `-/.:_` (`K-123456`, `2:19-cv-01234`).
const GENERIC = '[\\p{L}\\p{N}]{1,24}(?:[\\-\\/.:_][\\p{L}\\p{N}]{1,24}){0,6}';
// Digit groups, the first of one digit too (`4 588 219`), after a letter prefix (`HR 552 908 417`) and with a
// `/03` or `-1` tail. (With the `i` flag `\p{Lu}` takes any letter: the validator checks the prefix's case.)
const SPACED = `(?:\\p{Lu}{1,4}${SP})?\\d{1,6}(?:${SP}\\d{2,6}){1,4}(?:[\\-\\/]\\d{1,4})?`;
// A letter prefix before one token that starts with a digit (`BA 7712/33-K`).
const PREFIXED = `\\p{Lu}{1,4}${SP}(?=\\p{N})${GENERIC}`;
// A value that fills its field: a code and further groups of digits (one may have a `/` or `-` inside) or capitals up
// to the end of the line, a comma, a bar or a wide gap (`CF-2024-118 402`, `KH 55 210 448 7`, `2023 D 004471`,
// `918 447 220 MVA`, `BB-M 2024/18834`). In running text a group after a space may be the next word's number
// (`Invoice 1234 12 March`), so only a field's end admits it.
const FIELD_END = `(?=${GAP}{0,3}(?:[\\r\\n,;|)·]|$)|${GAP}{2})`;
const FIELD = `(?:\\p{Lu}{1,4}${SP})?${GENERIC}(?:${SP}(?:\\p{N}{1,6}(?:[\\/\\-]\\p{N}{1,6})?|\\p{Lu}{1,4})){1,4}${FIELD_END}`;
// Between label and value: a short gloss in brackets (`Tax ID (AFM):`), `ist`/`is`, after a colon the wide gap of an
// aligned form (`Rechnungsnummer:    RE-…`), and an opening bracket (`the old account (100-339-0452)`).
const LABEL_GAP =
  `(?:${GAP}{1,2}\\([\\p{L}.\\- ]{1,15}\\))?(?:${GAP}{1,2}(?:is|ist|lautet))?` + `${GAP}{0,3}(?:[:#=]${GAP}{0,20}|${GAP}{0,3})#?\\(?`;
const LABEL =
  // Not inside a word, a handle or a URL path (`@Az1Awards`, `t.co/iD26Uo`); a word ends the label unless it ends in
  // `#` (`referral #HH-240409-117`).
  `(?<![\\p{L}\\p{N}\\p{M}_@\\/])(?:(?<strong>${STRONG_LABELS.join('|')})(?:${SUFFIX})?|(?<stem>${STEM_LABELS.join('|')})${SUFFIX}` +
  `|(?<weak>${WEAK_LABELS.join('|')})|(?<bare>${BARE_LABELS.join('|')}))(?:(?<=#)|(?![\\p{L}]))(?<p>${LABEL_GAP})`;
const STRONG_LABEL_WORD = new RegExp(`^(?:${STRONG_LABELS.join('|')})$`, 'iu');
const VALUE_END = '(?![\\p{L}\\p{N}\\p{M}_]|[\\-\\/.:_,][\\p{L}\\p{N}])';
const LABELLED = `${LABEL}(?<id>${COURT}|${SVNR_SHAPE}|${SPACED}|${PREFIXED}|${GENERIC})${VALUE_END}`;
// Its own rule: the `i` flag lets `\p{Lu}` take a word (`4711 und`), which the validator rejects, and the shorter
// value (`4711`) must then still be found by the rule above.
const LABELLED_FIELD = `${LABEL}(?<id>${FIELD})${VALUE_END}`;

// Values after a label that are not identifiers: dates, times, amounts.
const NOT_AN_ID = [/^\d{1,2}[./]\d{1,2}[./](?:\d{2}|\d{4})$/u, /^\d{1,2}:\d{2}(?::\d{2})?$/u, /^\d{4}-\d{2}-\d{2}$/u];

// A subject line's label right before the match (`Re: Invoice 425280`, `Betreff: Rechnung 425280`).
const SUBJECT_BEFORE = /(?:^|[^\p{L}])(?:re|aw|fw|fwd|wg|betreff|betr\.|subject)\s?:\s{0,3}$/iu;

// A bare `Nr.` that belongs to a phone, room, house or page word is no identifier label (`Tel.-Nr.:`, `Zimmer Nr.`).
const NOT_AN_ID_NR_BEFORE =
  /(?<![\p{L}])(?:tel|fax|phone|fon|handy|mobil|ruf|durchwahl|zimmer|raum|haus|seite|page|room|flat|apartment|etage|stock)\p{L}{0,10}\.?[\s.-]{0,2}$/iu;

function labelledScore(value: string, m: RegExpExecArray, text: string): number | false {
  if (!/\d/u.test(value)) return false;
  if (value.replace(/[^\p{L}\p{N}]/gu, '').length < 3) return false;
  if (NOT_AN_ID.some((re) => re.test(value))) return false;
  // A prefix before digit groups is a code in capitals (`HR 552 908 417`), not a word (`vom 12 03`).
  const prefix = /^(\p{L}+)[ \u00A0\u202F]/u.exec(value)?.[1];
  if (prefix !== undefined && prefix !== prefix.toUpperCase()) return false;
  // A prefix that is a label itself starts the next field (`invoice: NIP 677-228-41-90`): its own match takes the value.
  if (prefix !== undefined && STRONG_LABEL_WORD.test(prefix)) return false;
  // Spaced digits need five of them: `Nr. 3 12` is a count, not a number; a code with capitals two (`MX19 KTU`,
  // `DH 7731`).
  if (/\s/u.test(value) && value.replace(/\D/gu, '').length < (/\p{L}/u.test(value) ? 2 : 5)) return false;
  // A group of letters after a space is a code's capitals (`2023 D 004471`), not a word (`4711 und`).
  if (/\s\p{L}*\p{Ll}/u.test(value)) return false;
  const g = m.groups!;
  // A label glued to its value needs its own punctuation (`Fall-Nr.6733340001`), not `ID26UoP7tl`.
  if (g['p'] === '' && /\p{L}$/u.test(m[0].slice(0, m[0].length - value.length))) return false;
  if (g['bare'] !== undefined) {
    if (NOT_AN_ID_NR_BEFORE.test(text.slice(Math.max(0, m.index - 25), m.index))) return false;
    const digits = value.replace(/\D/gu, '').length;
    if (/[:#]/u.test(g['p']!)) return digits >= 6 && 0.6;
    // Without a colon only a code in capitals (`Einsatz Nr. TE-881273`, `Nr. ZAB 412387`) or seven digits and more
    // (`FOID card, no. 41887230`) is taken, not a count.
    return ((/^\p{Lu}{1,4}[\- ]?\d/u.test(value) && digits >= 5) || digits >= 7) && 0.6;
  }
  if (g['weak'] === undefined) return 0.85;
  if (/[:#]/u.test(g['p']!)) return 0.75;
  // `ref. AB/123`, `order 1234567`: a bare common word needs a value that is clearly no count or document number
  // (`Executive Order 13011`): a letter, seven digits, five digits behind a leading zero (`Account 035762`), or six
  // in a subject line (`Re: Invoice 425280`).
  const digits = value.replace(/\D/gu, '').length;
  if (/\p{L}/u.test(value) || digits >= 7 || (digits >= 5 && value.startsWith('0'))) return 0.6;
  return digits >= 6 && SUBJECT_BEFORE.test(text.slice(Math.max(0, m.index - 12), m.index)) && 0.6;
}

export const LABELLED_RULES: readonly PatternRule[] = [
  { label: 'OTH', regex: new RegExp(HASH_NUMBER, 'dgu'), group: 'id', score: 0.6 },
  {
    label: 'OTH',
    regex: new RegExp(`${LEFT_ID}${COURT}(?![\\p{L}\\p{N}\\p{M}_]|[\\/.,]\\p{N})`, 'gu'),
    score: 0.6,
    context: { words: CASE_WORDS, boost: 0.3 },
  },
  { label: 'OTH', regex: new RegExp(LABELLED, 'dgiu'), group: 'id', score: 0.85, validate: labelledScore },
  { label: 'OTH', regex: new RegExp(LABELLED_FIELD, 'dgiu'), group: 'id', score: 0.85, validate: labelledScore },
];
