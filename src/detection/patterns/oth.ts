import { isKnownIbanCountry, isValidIban } from '../validators/iban.js';
import { isDeDocumentSerial, isValidDeDocumentNumber } from '../validators/de-id-card.js';
import { isValidDeVatId } from '../validators/de-vat-id.js';
import { isValidSteuerId } from '../validators/de-tax-id.js';
import { isValidSvnr } from '../validators/de-svnr.js';
import { isValidIpv6 } from '../validators/ip.js';
import { isValidContainerNumber } from '../validators/container.js';
import { isValidKvnr } from '../validators/kvnr.js';
import { cardScheme, luhnValid } from '../validators/luhn.js';
import { patternRecognizer, type PatternRule } from './pattern-recognizer.js';
import { SP } from './fragments.js';

/*
 * OTH: identifiers of a person or case. Checksummed identifiers (IBAN, cards, Steuer-IdNr, SV-Nummer, KVNR,
 * German VAT ID, container numbers) are validated and score high alone; shapes without a checksum or with a weak one (Steuernummer,
 * plates with spaces, KVNR-like strings, ID-card numbers, bare case numbers) score lower and need a context word. Generic numbers (customer, invoice,
 * order, ticket, passport …) are found only right after their label, which stays outside the span. Ages are the
 * number only (`[[OTH|72]] Jahre`, `a [[OTH|75]]-year-old`).
 *
 * Every repetition is bounded, separators are never part of the atoms they separate, and the boundaries are short
 * look-arounds, so each regex runs in linear time on any input.
 */

// Between a label and its value forms also use tabs (`Fallnummer:\tA-202344102`).
const GAP = String.raw`[ \t\u00A0\u202F]`;
// Not inside a word or number.
const LEFT_ID = String.raw`(?<![\p{L}\p{N}\p{M}_])`;
const RIGHT_ID = String.raw`(?![\p{L}\p{N}\p{M}_])`;
// A number that must not continue another number (`1.234`, `12 34…`, `/12`).
const LEFT_NUM = String.raw`(?<![\p{L}\p{N}\p{M}_.,\/+\-]|\p{N}${SP})`;
const RIGHT_NUM = String.raw`(?![\p{L}\p{N}\p{M}_]|[.,\/\-]\p{N})`;

// ---------------------------------------------------------------------------------------------------------------
// Bank and card numbers

/**
 * `DE89 3704 0044 0532 0130 00`, `DE89370400440532013000`, `GB29 NWBK 6016 1331 9268 19`, `DE 89 3704 …`, and in
 * lower case (`de89 3704 …`: the checksum decides). A spaced group of lower-case letters only is a word, not a
 * group (`… 3201 und`), or an IBAN followed by a short word would be read as one candidate and fail its checksum.
 */
const IBAN_GROUP = `(?:${SP}(?![a-z]{1,4}(?![A-Za-z0-9])))?`;
const IBAN = `${LEFT_ID}[A-Za-z]{2}${SP}?\\d{2}(?:${IBAN_GROUP}[A-Za-z0-9]{4}){2,7}(?:${IBAN_GROUP}[A-Za-z0-9]{1,3})?${RIGHT_ID}`;

/**
 * After its label an IBAN-shaped value is one span whatever its checksum (a typo, an example number), as SV numbers
 * and foreign registers are: `IBAN: DE89 3704 0044 0532 0130 01`, `iban de27…`, `auf das Konto DE45 …`. It needs a
 * registered country.
 */
const IBAN_LABELLED = `(?<![\\p{L}\\p{N}])(?:IBAN|Iban|iban|Konto|Kto\\.|Bankverbindung|account|Account)(?:${SP}?-?${SP}?(?:Nr\\.?|No\\.?|Nummer|number))?${GAP}{0,3}[:#]?${GAP}{0,20}(?<id>${IBAN})`;

/**
 * A BIC (SWIFT code) after its label: bank, country, location and an optional branch, `BIC: GENODEF1LVB`,
 * `SWIFT/BIC DABADKKK`. Without the label eight capitals are any word in capitals.
 */
const BIC_LABELLED =
  `(?<![\\p{L}\\p{N}])(?:BIC|Bic|SWIFT|Swift)(?:${SP}?\\/${SP}?(?:BIC|SWIFT))?(?:-?${SP}?(?:Code|code))?${GAP}{0,3}[:#]?${GAP}{0,20}` +
  `(?<id>[A-Z]{4}[A-Z]{2}[A-Z2-9][A-NP-Z0-9](?:[A-Z0-9]{3})?)(?![\\p{L}\\p{N}])`;

/** UK National Insurance number: `QQ 12 34 56 C`, `AB123456C`; the shape is weak alone and needs its words. */
const NINO = `${LEFT_ID}[A-Z]{2}${SP}?\\d{2}${SP}?\\d{2}${SP}?\\d{2}${SP}?[A-D]${RIGHT_ID}`;
const NINO_WORDS = ['national insurance', 'ni number', 'ni no', 'nino', 'ni-nummer'];

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

/** US Medicare Beneficiary Identifier: `1EG4-TE5-MK73`, eleven characters, letters other than S L O I B Z. */
const MBI_LETTER = '[AC-HJKMNP-RT-Y]';
const MBI = `${LEFT_ID}[1-9]${MBI_LETTER}[AC-HJKMNP-RT-Y0-9]\\d-?${MBI_LETTER}[AC-HJKMNP-RT-Y0-9]\\d-?${MBI_LETTER}{2}\\d{2}${RIGHT_ID}`;
const MBI_WORDS = ['medicare', 'mbi', 'beneficiary'];

/** Freight container numbers (ISO 6346, `MSKU 907032 3`): the check digit, or a container word before them. */
const CONTAINER = `${LEFT_ID}[A-Z]{3}[UJZ]${SP}?\\d{6}${SP}?\\d${RIGHT_ID}`;
const CONTAINER_WORDS = ['container', 'cntr', 'ctr', 'equipment'];

/**
 * An issue, ticket or pull-request number written with `#` (`Issue #4417`, `fixed in #4419`): three or more digits,
 * so that a rank (`#1`) stays.
 */
const HASH_NUMBER = `(?<![\\p{L}\\p{N}\\p{M}_&#/])#(?<id>\\d{3,9})(?![\\p{L}\\p{N}\\p{M}_]|[.,]\\p{N})`;

// ---------------------------------------------------------------------------------------------------------------
// German tax, social and health insurance numbers

/** Steuer-IdNr: `12 345 678 901`, `123 456 789 01`, `12345678901`. */
const STEUER_ID = `${LEFT_NUM}(?:[1-9]\\d(?:${SP}\\d{3}){3}|[1-9]\\d{2}(?:${SP}\\d{3}){2}${SP}\\d{2}|[1-9]\\d{10})${RIGHT_NUM}`;
const STEUER_ID_WORDS = [
  'steuer-id',
  'steuerid',
  'steuer-idnr',
  'idnr',
  'identifikationsnummer',
  'steueridentifikationsnummer',
  'tin',
  'tax id',
];

/** Steuernummer: `21/815/08150`, `181/815/08155`, `93815/08152`, `013 815 08153`, `2181508150`; context only. */
const STEUERNUMMER = `${LEFT_NUM}(?:\\d{2,3}\\/\\d{3,4}\\/\\d{4,5}|\\d{5}\\/\\d{5}|\\d{3}${SP}\\d{3,4}${SP}\\d{4,5}|\\d{10,13})${RIGHT_NUM}`;
const STEUERNUMMER_WORDS = ['steuernummer', 'steuer-nr', 'steuernr', 'st.-nr', 'st.nr', 'stnr', 'st-nr', 'finanzamt', 'tax number'];

/**
 * Rentenversicherungsnummer: area, birth date, initial, serial and check digit, run together or spaced at any of
 * their borders: `65 170839 J 003`, `65170839J003`, `65 17 08 39 J 003`, `65 170839 J 00 3`.
 */
const SVNR_SHAPE = `\\d{2}${SP}?\\d{2}${SP}?\\d{2}${SP}?\\d{2}${SP}?[A-Z]${SP}?\\d{2}${SP}?\\d`;
const SVNR = `${LEFT_ID}${SVNR_SHAPE}${RIGHT_ID}`;

/** KVNR (Krankenversichertennummer): `A123456780`. */
const KVNR = `${LEFT_ID}[A-Z]\\d{9}${RIGHT_ID}`;
const KVNR_WORDS = [
  'krankenversichertennummer',
  'versichertennummer',
  'versicherten-nr',
  'versichertennr',
  'kvnr',
  'kv-nr',
  'krankenkasse',
  'versicherten-id',
  'egk',
  'gesundheitskarte',
  'health insurance',
];

/**
 * German ID-card and passport serial numbers (since November 2010): nine characters without vowels, `L01X00T47`;
 * the machine-readable zone adds the ICAO check digit, `L01X00T471`. The shape alone is weak evidence (product codes
 * look alike), so both need a word such as `Personalausweis` before them; the check digit lifts the score.
 */
const DE_DOCUMENT = `${LEFT_ID}[CFGHJKLMNPRTVWXYZ][CFGHJKLMNPRTVWXYZ0-9]{8}\\d?${RIGHT_ID}`;
const DE_DOCUMENT_WORDS = [
  'ausweis',
  'personalausweis',
  'perso ',
  'perso:',
  'perso-',
  'reisepass',
  'passnummer',
  'pass-nr',
  'pass nr',
  'passport',
  'identity card',
  'id card',
  'id-karte',
  'dokumentennummer',
  'document number',
  'ausgewiesen',
];

function deDocumentScore(value: string): number | false {
  if (value.length === 10) return isValidDeDocumentNumber(value) && 0.45;
  return isDeDocumentSerial(value) && 0.3;
}

/**
 * VAT IDs: `DE123456789`, `DE 123 456 789`, `ATU12345678`, `NL123456789B01`, `FRXX123456789`, `CHE-123.456.789`,
 * `GB 123 4567 89` (grouped as UK invoices print it), `EL123456789`.
 */
const VAT =
  `${LEFT_ID}(?:DE${SP}?\\d{3}${SP}?\\d{3}${SP}?\\d{3}|ATU\\d{8}|NL\\d{9}B\\d{2}|FR[0-9A-HJ-NP-Z]{2}\\d{9}|BE[01]\\d{9}` +
  `|IT\\d{11}|ES[0-9A-Z]\\d{7}[0-9A-Z]|PL\\d{10}|LU\\d{8}|DK\\d{8}|GB${SP}?\\d{3}${SP}?\\d{4}${SP}?\\d{2}(?:\\d{3})?|CHE-?\\d{3}\\.?\\d{3}\\.?\\d{3}` +
  `|EL\\d{9}|PT\\d{9}|CZ\\d{8,10}|HU\\d{8}|SE\\d{10}01|FI\\d{8}|IE\\d{7}[A-W][A-I]?|NO\\d{9}MVA)${RIGHT_ID}`;
const VAT_WORDS = ['ust', 'ust-id', 'ust-idnr', 'ust.-idnr', 'umsatzsteuer', 'vat', 'mwst', 'tva', 'iva', 'uid'];

/**
 * Company and association registers: `HRB 12345`, `HR B 12345`, `HRA 1234`, `VR 1234`, `GnR 123`, `PR 123`, with the
 * court's letters some registers add (`HRB 12345 B`, `HRB 31877 HB`).
 */
const REGISTER = `${LEFT_ID}(?<reg>HR${SP}?[AB]|GnR|VR|PartR|PR|GsR)${SP}?\\d{1,6}(?:${SP}(?!AG|KG|UG|EU)[A-Z]{1,2}(?![\\p{L}\\p{N}]))?${RIGHT_ID}`;
const REGISTER_WORDS = [
  'amtsgericht',
  'registergericht',
  'handelsregister',
  'vereinsregister',
  'partnerschaftsregister',
  'genossenschaftsregister',
  'register',
];

// ---------------------------------------------------------------------------------------------------------------
// Network addresses

const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]\\d|\\d)';
/** IPv4 with an optional prefix length: `192.168.0.1`, `10.0.0.0/8`. */
const IPV4 = `(?<![\\p{L}\\p{N}\\p{M}_.\\/\\-])(?:${OCTET}\\.){3}${OCTET}(?:\\/(?:3[0-2]|[12]\\d|\\d))?(?![\\p{L}\\p{N}\\p{M}_]|\\.\\p{N})`;
const IP_WORDS = ['ip', 'ip-adresse', 'ipv4', 'address', 'adresse', 'server', 'host', 'client'];
// A four-part number after these words is a version or a section, not an address.
const VERSION_BEFORE = /(?<![\p{L}])(?:version|ver|v|release|build|update|abschnitt|kapitel|section|chapter|ziffer|nr|no)\.?\s{0,2}$/iu;

/** IPv6, full or compressed, optionally with an embedded IPv4 tail: `2001:db8::1`, `::ffff:192.0.2.1`. */
const IPV6 =
  `(?<![\\p{L}\\p{N}\\p{M}_.]|[0-9A-Fa-f]:)(?:[0-9A-Fa-f]{0,4}:){2,7}(?:(?:${OCTET}\\.){3}${OCTET}|[0-9A-Fa-f]{1,4})?` +
  `(?![\\p{L}\\p{N}\\p{M}_:]|\\.\\p{N})`;

function ipv6Score(value: string): boolean {
  if (!isValidIpv6(value)) return false;
  // `::` or `a::` alone are punctuation more often than addresses.
  return value.split(/[:.]/u).filter((g) => g !== '').length >= 2 || /^::[0-9A-Fa-f]{1,4}$/u.test(value);
}

// ---------------------------------------------------------------------------------------------------------------
// Licence plates

/** `B-AB 1234`, `M AB 123`, `HH-XY 12E`, `KA-AB 12H`, `B·AB 1234`, `B-AB1234`. */
const PLATE =
  `${LEFT_ID}(?<district>[A-ZÄÖÜ]{1,3})(?<sep>-|${SP}?[·•]${SP}?|${SP})(?<letters>[A-Z]{1,2})[ \\u00A0\\-]?(?<num>[1-9]\\d{0,3})[EH]?` +
  `(?![\\p{L}\\p{N}\\p{M}_\\/]|[.,:]\\p{N})`;
const PLATE_WORDS = ['kennzeichen', 'kfz', 'pkw', 'lkw', 'fahrzeug', 'amtl.', 'plate', 'registration', 'vehicle'];
// Abbreviations that share the plate shape: norms, units, statutes, technical terms (`DIN A4`, `DVB-T 2`, `SGB V 12`).
const NOT_A_DISTRICT: ReadonlySet<string> = new Set([
  'DIN',
  'ISO',
  'EN',
  'IEC',
  'VDE',
  'VDI',
  'DVB',
  'UV',
  'HD',
  'USB',
  'LTE',
  'CD',
  'DVD',
  'GB',
  'MB',
  'KB',
  'TB',
  'PS',
  'KW',
  'KM',
  'NR',
  'NO',
  'SGB',
  'BGB',
  'GG',
  'AO',
  'ZPO',
  'HGB',
  'ART',
  'ABS',
  'ANL',
  'AZ',
  'TEL',
  'FAX',
  'HRB',
  'HRA',
  'VR',
  'PR',
  'AG',
  'KG',
  'UG',
  'EUR',
  'USD',
  'CHF',
  'DM',
  'ID',
  'IP',
  'PIN',
  'TAN',
  'PLZ',
  'RE',
  'RG',
  'KD',
  'EU',
  'UN',
  'BVERFG',
  'BGH',
  'OLG',
  'LG',
  'AG',
  'VG',
  'OVG',
  'BAG',
  'BSG',
  'BFH',
  'LAG',
  'SG',
  'FG',
  'MP',
  'PC',
  'TV',
  'IT',
  'OP',
  'COVID',
  'SARS',
  'ICD',
  'WHO',
  'RKI',
  'NATO',
  'BMW',
  'VW',
  'A',
  'I',
  'II',
  'III',
  'IV',
  'V',
  'VI',
  'VII',
  'VIII',
  'IX',
  'X',
  'XI',
  'XII',
  // Clinical and lab abbreviations that are no district code (`CK-MB 64`, `LV-F 5`, `NT-BNP 300`).
  'CK',
  'LV',
  'LDL',
  'HDL',
  'GPT',
  'GOT',
  'AST',
  'ALT',
  'LDH',
  'CRP',
  'TSH',
  'PSA',
  'INR',
  'PTT',
  'SPO',
  'BNP',
  'TNF',
  'IGG',
  'IGM',
  'IGA',
  'HLA',
  'HIV',
  'HCV',
  'HBV',
  'EBV',
  'CMV',
  'HSV',
  'VZV',
  'MRT',
  'EKG',
  'EEG',
  'EMG',
  'DRG',
  'GCS',
  'BMI',
  'KHK',
  'TIA',
  'ZVK',
  'PEG',
  'ERC',
  'PET',
  'GFR',
  'CKD',
  'AKI',
  'ANA',
  'ACE',
  'ATP',
  'DNA',
  'RNA',
  'PCR',
  'MCV',
  'MCH',
  'RDW',
  'WBC',
  'RBC',
  'HKT',
  'FSH',
  'ADH',
  'ESC',
  'AHA',
  'LAD',
  'RCA',
  'RCX',
  'ICU',
  'ITS',
  'IMC',
  'ZNA',
  'LWS',
  'BWS',
  'HWS',
  'ISG',
  'UKG',
  'TEE',
  'TTE',
  'NT',
  'CT',
  'OP',
]);
// A unit after the number makes it a measurement (`CK-MB 35 U/l`, `HB-A 12 %`).
const UNIT_AFTER = /^\s{0,2}(?:%|‰|°|\/|mmHg|[µμmnpk]?(?:g|l|mol|U|IE|E|Gy|Hz|W|V|bar|Pa|s)(?![\p{L}])|min(?![\p{L}])|h(?![\p{L}]))/u;

function plateScore(_v: string, m: RegExpExecArray, text: string): number | false {
  const g = m.groups!;
  const district = g['district']!;
  if (NOT_A_DISTRICT.has(district)) return false;
  if (UNIT_AFTER.test(text.slice(m.index + m[0].length, m.index + m[0].length + 8))) return false;
  if (district.length + g['letters']!.length + g['num']!.length > 8) return false;
  // A dash or the seal dot between district and letters is the plate's own spelling; a space alone is weak.
  return g['sep']!.trim() === '' ? 0.4 : 0.85;
}

// ---------------------------------------------------------------------------------------------------------------
// Case numbers and labelled identifiers

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

// ---------------------------------------------------------------------------------------------------------------
// Ages: the number only

const LEFT_AGE = String.raw`(?<![\p{L}\p{N}\p{M}_.,\/\-])`;
const AGE_DE_STRONG =
  `${LEFT_AGE}\\d{1,3}(?=${SP}?-?${SP}?[jJ](?:ä|ae|a)hrig(?:e[nmrs]?)?(?![\\p{L}])|${SP}?-?[jJ](?:ä|ae)hr\\.|-[jJ]\\.(?!\\p{L})` +
  `|${SP}?(?:Jahre|J\\.)${SP}alt(?![\\p{L}])|\\.${SP}?(?:Lj\\.?|LJ|Lebensjahr)(?![\\p{L}]))`;
const AGE_EN_STRONG = `${LEFT_AGE}\\d{1,3}(?=${SP}?-?${SP}?(?:years?|yrs?\\.?)${SP}?-?${SP}?old(?![\\p{L}])|${SP}?(?:y\\/o|yo)(?![\\p{L}\\p{N}]))`;
// In a record's header the age follows the birth date in brackets: `DOB: 09/30/1952 (71 y)`, `(72 J.)`.
const AGE_BRACKETED = `(?<=\\()\\d{1,3}(?=${SP}?(?:y|yrs?|J|Jahre)\\.?\\))`;
const AGE_DE_WEAK = `${LEFT_AGE}\\d{1,3}(?=${SP}(?:Jahre|J\\.)(?![\\p{L}])(?!${SP}alt(?![\\p{L}])))`;
// A birthday: `he turns 80 on 28 Sept`, `Oma wird 90!` (not `wird 5 Seiten lang`: a time, a bracket or the end follows).
const AGE_TURNS = `(?<=(?<![\\p{L}])(?:turn(?:s|ed|ing)?|wird|wurde)${SP})\\d{1,3}(?=${SP}?(?:[!.,;)]|$)|${SP}(?:on|in|this|next|today|tomorrow|soon|and|am|im|diese[ns]?|nächste[ns]?|heute|morgen|bald|und)(?![\\p{L}]))`;
const AGE_MIT = `(?<=(?<![\\p{L}])[Mm]it${SP})\\d{1,3}(?=${SP}Jahren(?![\\p{L}]))`;
const AGE_LABELLED =
  `(?<![\\p{L}\\p{N}])(?:[Aa]ged|[Aa]ge|AGE|Alter|ALTER|[Ii]m Alter von|[Aa]t the age of|[Ll]ebensalter)${GAP}{0,2}:?${GAP}{0,2}` +
  `(?<n>\\d{1,3})(?![\\p{L}\\p{N}\\p{M}_]|[.,]\\p{N})`;

// What follows `10-jährige …` / `5 Jahre …` when it is an anniversary or a duration, not a person's age. Nouns may
// carry a short inflection (`Jubiläums`); function words must end there (`her` is not `Herr`).
const NOT_AN_AGE_AFTER = new RegExp(
  '^[\\s-]{0,3}(?:(?:jubiläum|dienstjubiläum|firmenjubiläum|bestehen|erfahrung|berufserfahrung|betriebszugehörigkeit|' +
    'zugehörigkeit|ausbildung|studium|laufzeit|garantie|gewährleistung|vertrag|mitgliedschaft|tätigkeit|frist|' +
    'zinsbindung|ehe|partnerschaft|haft|haftstrafe|freiheitsstrafe|gefängnis|geschichte|tradition|pause|abwesenheit|' +
    'zusammenarbeit|entwicklung|forschung|amtszeit|dienstzeit|beziehung|planung|programm|projekt|anniversary|warranty|' +
    'experience)\\p{L}{0,3}|(?:lang|her|später|zuvor|danach|vorher|nach|hintereinander|in\\s+folge|ago|later|long))(?![\\p{L}])',
  'iu',
);
// Words before `N Jahre` that make it a duration (`seit 20 Jahren`, `vor 10 Jahren`, `für 3 Jahre`).
const DURATION_BEFORE =
  /(?<![\p{L}])(?:seit|vor|nach|für|über|in|ca\.|circa|etwa|rund|fast|knapp|mehr als|weniger als|letzten|nächsten|innerhalb|binnen|alle|bis|von|zu|um|auf|jeweils|insgesamt|dauer|laufzeit|frist|garantie|haft|je|pro|ab|mindestens|höchstens|maximal|minimal|bereits|schon|noch|weitere)\s{1,3}$/iu;

function afterMatch(text: string, m: RegExpExecArray): string {
  // Skip the age word itself (`-jährige`, ` Jahre`) and look at what follows.
  const rest = text.slice(m.index + m[0].length, m.index + m[0].length + 60);
  return rest.replace(/^[\s-]{0,3}(?:j(?:ä|ae|a)hrig\p{L}{0,3}|jahre\p{L}{0,2}|jähr\.|j\.|\.\s?(?:lj\.?|lebensjahr))/iu, '');
}

function ageScore(strong: number) {
  return (value: string, m: RegExpExecArray, text: string): number | false => {
    const n = Number(value);
    if (n > 130) return false;
    if (NOT_AN_AGE_AFTER.test(afterMatch(text, m))) return false;
    return strong;
  };
}

function weakAgeScore(value: string, m: RegExpExecArray, text: string): number | false {
  const n = Number(value);
  if (n > 130) return false;
  if (DURATION_BEFORE.test(text.slice(Math.max(0, m.index - 20), m.index))) return false;
  if (NOT_AN_AGE_AFTER.test(afterMatch(text, m))) return false;
  return /J\./u.test(text.slice(m.index + m[0].length, m.index + m[0].length + 3)) ? 0.7 : 0.55;
}

// ---------------------------------------------------------------------------------------------------------------

export const OTH_RULES: readonly PatternRule[] = [
  {
    label: 'OTH',
    regex: new RegExp(IBAN, 'gu'),
    score: 0.95,
    // Outside the registered countries only the usual spelling counts (`am 12 3456 …` is no IBAN of `AM`).
    validate: (v) => (isValidIban(v) ? (isKnownIbanCountry(v) ? 0.95 : /^[A-Z]{2}\d/u.test(v) && 0.75) : false),
  },
  {
    label: 'OTH',
    regex: new RegExp(IBAN_LABELLED, 'dgu'),
    group: 'id',
    score: 0.8,
    validate: (v) => isKnownIbanCountry(v) && 0.8,
  },
  { label: 'OTH', regex: new RegExp(BIC_LABELLED, 'dgu'), group: 'id', score: 0.8 },
  { label: 'OTH', regex: new RegExp(NINO, 'gu'), score: 0.3, context: { words: NINO_WORDS, boost: 0.6 } },
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
  { label: 'OTH', regex: new RegExp(MBI, 'gu'), score: 0.35, context: { words: MBI_WORDS, boost: 0.45 } },
  {
    label: 'OTH',
    regex: new RegExp(CONTAINER, 'gu'),
    score: 0.35,
    validate: (v) => (isValidContainerNumber(v) ? 0.85 : 0.35),
    context: { words: CONTAINER_WORDS, boost: 0.4 },
  },
  { label: 'OTH', regex: new RegExp(HASH_NUMBER, 'dgu'), group: 'id', score: 0.6 },
  {
    label: 'OTH',
    regex: new RegExp(STEUER_ID, 'gu'),
    score: 0.85,
    validate: (v) => isValidSteuerId(v),
    context: { words: STEUER_ID_WORDS, boost: 0.1 },
  },
  { label: 'OTH', regex: new RegExp(STEUERNUMMER, 'gu'), score: 0.3, context: { words: STEUERNUMMER_WORDS, boost: 0.45 } },
  { label: 'OTH', regex: new RegExp(SVNR, 'gu'), score: 0.95, validate: (v) => isValidSvnr(v) },
  {
    label: 'OTH',
    regex: new RegExp(KVNR, 'gu'),
    score: 0.7,
    validate: (v) => isValidKvnr(v),
    context: { words: KVNR_WORDS, boost: 0.25 },
  },
  {
    label: 'OTH',
    regex: new RegExp(DE_DOCUMENT, 'gu'),
    score: 0.3,
    validate: deDocumentScore,
    context: { words: DE_DOCUMENT_WORDS, boost: 0.45 },
  },
  {
    label: 'OTH',
    regex: new RegExp(VAT, 'gu'),
    score: 0.75,
    // A German VAT ID carries a check digit: a wrong one still has the shape, but needs a `USt-IdNr.` before it.
    validate: (v) => (v.startsWith('DE') ? (isValidDeVatId(v) ? 0.9 : 0.45) : 0.75),
    context: { words: VAT_WORDS, boost: 0.3 },
  },
  {
    label: 'OTH',
    regex: new RegExp(REGISTER, 'dgu'),
    score: 0.9,
    validate: (v, m) => {
      const reg = m.groups!['reg']!;
      if (/^HR/u.test(reg)) return 0.9;
      // `VR 12`, `PR 2` are too short to be register numbers; `VR 2012` is as often a journal year in a citation.
      const digits = v.replace(/\D/gu, '');
      if (digits.length < 3) return false;
      return reg === 'PR' || /^(?:19[5-9]|20[0-4])\d$/u.test(digits) ? 0.3 : 0.6;
    },
    context: { words: REGISTER_WORDS, boost: 0.3 },
  },
  {
    label: 'OTH',
    regex: new RegExp(IPV4, 'gu'),
    score: 0.85,
    validate: (v, m, text) => {
      if (VERSION_BEFORE.test(text.slice(Math.max(0, m.index - 15), m.index))) return false;
      // `1.2.3.4` is a section or version number as often as an address; it needs an `IP` before it.
      return v
        .replace(/\/\d+$/u, '')
        .split('.')
        .every((o) => o.length === 1)
        ? 0.4
        : 0.85;
    },
    context: { words: IP_WORDS, boost: 0.45 },
  },
  { label: 'OTH', regex: new RegExp(IPV6, 'gu'), score: 0.9, validate: (v) => ipv6Score(v) },
  { label: 'OTH', regex: new RegExp(PLATE, 'dgu'), score: 0.85, validate: plateScore, context: { words: PLATE_WORDS, boost: 0.4 } },
  {
    label: 'OTH',
    regex: new RegExp(`${LEFT_ID}${COURT}(?![\\p{L}\\p{N}\\p{M}_]|[\\/.,]\\p{N})`, 'gu'),
    score: 0.6,
    context: { words: CASE_WORDS, boost: 0.3 },
  },
  { label: 'OTH', regex: new RegExp(LABELLED, 'dgiu'), group: 'id', score: 0.85, validate: labelledScore },
  { label: 'OTH', regex: new RegExp(LABELLED_FIELD, 'dgiu'), group: 'id', score: 0.85, validate: labelledScore },
  { label: 'OTH', regex: new RegExp(AGE_DE_STRONG, 'gu'), score: 0.9, validate: ageScore(0.9) },
  { label: 'OTH', regex: new RegExp(AGE_EN_STRONG, 'giu'), score: 0.9, validate: ageScore(0.9) },
  { label: 'OTH', regex: new RegExp(AGE_BRACKETED, 'gu'), score: 0.8, validate: ageScore(0.8) },
  { label: 'OTH', regex: new RegExp(AGE_DE_WEAK, 'gu'), score: 0.55, validate: weakAgeScore },
  { label: 'OTH', regex: new RegExp(AGE_MIT, 'gu'), score: 0.7, validate: ageScore(0.7) },
  { label: 'OTH', regex: new RegExp(AGE_TURNS, 'gu'), score: 0.6, validate: ageScore(0.6) },
  { label: 'OTH', regex: new RegExp(AGE_LABELLED, 'dgu'), group: 'n', score: 0.85, validate: (v) => Number(v) <= 130 && 0.85 },
];

/**
 * Other identifiers (OTH): IBAN, cards, sort codes, tax/social/health numbers, IPs, plates, containers, case, issue and
 * labelled numbers, ages.
 */
export const othRecognizer = patternRecognizer('oth', OTH_RULES, { resolveOverlaps: true });
