import type { Recognizer } from '../recognizer.js';
import {
  alternation,
  AT_CH_TOWNS,
  COMMON_NOUNS,
  EN_STREET_TYPES,
  FUNCTION_WORDS,
  MONTHS,
  notWord,
  phrases,
  UNIT_WORDS,
  US_STATE_NAMES,
  US_STATES,
  WEEKDAYS,
  words,
} from '../words/lexicon.js';
import { placeNames } from '../lexicons/store.js';
import { patternRecognizer, type PatternRule } from '../rules/pattern-recognizer.js';
import { SP, WORD_END as E } from '../rules/fragments.js';

/*
 * Postcode + town as ONE LOC span (labels.md): German 5-digit, Austrian/Swiss 4-digit, US "City, ST 12345",
 * UK "Town AB1 2CD", and a bare postcode after "PLZ". All repetitions are bounded; words are space-delimited.
 */

const ID = 'pattern:postcode-city';

/** Capitalised words after a number that make it an amount, a count or a label, not a postcode + town. */
const TOWN_STOP = notWord([
  ...UNIT_WORDS,
  ...COMMON_NOUNS,
  ...FUNCTION_WORDS,
  ...MONTHS,
  ...WEEKDAYS,
  ...words(`Einwohnern Euro Stück Mitarbeiter Jahre Umsatz Besucher Exemplare Kinder Frauen Männer Studierende Studenten
  Beschäftigte Haushalte Wohnungen Unternehmen Betriebe Arbeitsplätze Fahrzeuge Autos Downloads Follower Aufrufe
  Klicks Bewerbungen Anträge Datensätze Einträge Zeilen Pixel Bytes Kalorien Schritte Tonnen Einheiten Artikel Tel
  Telefon Fax Mobil Deutschland Germany Austria Österreich Schweiz Switzerland GmbH AG KG Inc Ltd Nr No Rechnungsnummer
  Kundennummer Bestellnummer Postfach Mitarbeitern Mitarbeiterinnen Beschäftigten Kundinnen Nutzern Nutzerinnen
  Besuchern Teilnehmern Teilnehmenden Schülern Schülerinnen Studierenden Patientinnen Fällen Franken Lesern Zuschauern
  Fans Menschen Bürgern Bürgerinnen Mitgliedern Exemplaren Stück Phone Fax Email Mobile Web Website Homepage
  Internet Office Building Suite Floor`),
]);

/** One town word: Berlin, München, Garmisch-Partenkirchen, Dresden-Altstadt, BERLIN. */
const TW = '\\p{Lu}[\\p{L}\\p{M}]{1,30}(?:-\\p{Lu}[\\p{L}\\p{M}]{0,30}){0,3}';
/** Words that open two-word town names (Bad Homburg, Sankt Augustin, Schwäbisch Gmünd, New York). */
const TOWN_PREFIX = `(?:${phrases(`Bad Sankt St. Neu Groß Gross Klein Alt Hohen Ost West Nord Süd Markt Lutherstadt
  Hansestadt Königs Schwäbisch Bergisch Hann. Hessisch Sächsisch Preußisch Wendisch Märkisch Nieder Ober Unter
  Windischen New San Santa Los Las Saint Port Fort Mount`)}${SP})?`;
/** Town suffixes: am Main, im Breisgau, an der Weinstraße, i. Br., a. M., a.d. Ruhr, v. d. Höhe, OT Buchholz, (Saale). */
const TOWN_SUFFIX =
  `(?:${SP}${phrases('am an_der an_dem im in_der in ob_der bei vor_der auf_der unter_der')}${SP}${TW}` +
  `|${SP}(?:a\\.${SP}?d\\.|i\\.${SP}?d\\.|v\\.${SP}?d\\.|a\\.|i\\.|b\\.|o\\.)${SP}?\\p{Lu}[\\p{L}\\p{M}]{0,20}\\.?` +
  // A part of the town: Ziesendorf OT Buchholz.
  `|${SP}OT${SP}${TW})?` +
  `(?:${SP}?\\(\\p{Lu}[\\p{L}\\p{M}]{1,20}\\.?\\))?`;
const TOWN = `${TOWN_STOP}${TOWN_PREFIX}${TW}${TOWN_SUFFIX}`;

/** Regex source of a German town name (with its stoplist); institution rules reuse it (Amtsgericht Frankfurt am Main). */
export const TOWN_PATTERN = TOWN;

/** An English building or street word after the town: "10300 Heritage Office Building" is a house number. */
const BUILDING_AFTER = new RegExp(
  `^${SP}${phrases('Office Building Street St Road Rd Avenue Ave Drive Dr Lane Center Centre Tower Plaza Park Suite Floor Boulevard Blvd Way Court Place Square')}(?![\\p{L}])`,
  'u',
);

/** Labels before a 5-digit number that make it an identifier (Kundennummer 12345 Berlin is no address). */
const ID_LABEL_BEFORE = new RegExp(
  `${phrases(`Nr No Nummer nummer Number number # Az Konto Kto BLZ ID Id Rechnung Invoice Order Bestellung Tel Fax
  Telefon Mobil Handy Ticket Vorgang Fall Case Ref ZIP Zip`)}\\.?:?${SP}{0,3}$`,
  'u',
);

/** Words before a number that announce a count or an amount (mit 25000 Mitarbeitern, rund 12000 Besucher). */
const AMOUNT_BEFORE = new RegExp(
  `(?:^|[^\\p{L}])${phrases(`mit Mit über Über rund Rund ca. circa etwa ungefähr knapp fast nur als zu insgesamt hat
  haben hatte hatten zählt zählte beschäftigt beschäftigte sind waren für je pro um auf unter mehr weniger bereits schon
  noch nun jetzt already over about around nearly almost than with has have had of`)}${SP}{1,2}$`,
  'u',
);
/** A digit group right before: part of a phone number (0911 12345), unless it is a house number (Hauptstr. 5). */
const DIGITS_BEFORE = new RegExp(`\\p{N}${SP}$`, 'u');
const HOUSE_NUMBER_BEFORE = new RegExp(`\\p{L}\\.?${SP}?[1-9]\\d{0,2}[a-zA-Z]?${SP}$`, 'u');

/** Rejects numbers that are identifiers, amounts or phone-number groups; foreign postcode rules reuse it. */
export function notIdentifier(start: number, text: string): boolean {
  const before = text.slice(Math.max(0, start - 20), start);
  if (DIGITS_BEFORE.test(before) && !HOUSE_NUMBER_BEFORE.test(before)) return false;
  return !ID_LABEL_BEFORE.test(before) && !AMOUNT_BEFORE.test(before);
}

/** Country names right after a town: they license a 4-digit postcode that could be a year. */
const COUNTRY_AFTER = /^,?[ \u00a0]{0,2}(?:Österreich|Schweiz|Austria|Switzerland|Suisse|Svizzera|Liechtenstein)/u;

/** 4-digit postcode + town: needs a known Austrian/Swiss town or a country after it, and no year look-alike. */
function austrianSwiss(_value: string, m: RegExpExecArray, text: string): boolean {
  const code = m.groups?.code ?? '';
  const town = (m.groups?.town ?? '').split(/[ \u00a0-]/u)[0] ?? '';
  const country = COUNTRY_AFTER.test(text.slice(m.index + m[0].length, m.index + m[0].length + 20));
  if (/^(?:19|20)\d\d$/u.test(code) && !country) return false;
  return (AT_CH_TOWNS.has(town) || country) && notIdentifier(m.index, text);
}

const US_CITY_STOP = notWord([
  ...EN_STREET_TYPES,
  ...FUNCTION_WORDS,
  ...words(`Suite Floor Box Attn Attention Inc Ltd LLC Corp Co Company University Hospital Visit Near Office Apt Unit
  Flat Room Dept Department Building Center Centre`),
  // Before `ID` (Idaho's code) these name an identifier: `Member ID 88412-A`, `Patient ID 40217`.
  ...words(`Member Customer Client Account Patient Employee Student Staff User Tax Policy Claim Order Badge Passport
  Device Vendor Supplier Merchant Subscriber Participant Applicant Candidate`),
]);
/** A US or UK town word (Winston-Salem, LONDON), never a street type or a sentence word, nor one ending a sentence. */
export const US_CITY = `${US_CITY_STOP}\\p{Lu}[\\p{L}\\p{M}'’-]{1,25}`;
/** A US town of up to three words; `St.`, `Ft.`, `Mt.` are named here, since `St` is a street type elsewhere. */
const US_TOWN = `(?:(?:St|Ft|Mt)\\.${SP})?(?:${US_CITY}${SP}){0,2}${US_CITY}`;
/** UK postcode: outward code (SW1A, M1, EC1A) + inward code (digit + two letters, no C I K M O V). */
export const UK_POSTCODE = `[A-PR-UWYZ][A-HK-Y]?\\d[A-Z\\d]?${SP}\\d[ABD-HJLNP-UW-Z]{2}(?![\\p{L}\\p{N}])`;

/** A US state as a code or by name, then a ZIP code (CA 94105, Illinois 62701-1234), not an identifier's start (`88412-A`). */
export const US_STATE_ZIP = `(?:${alternation(US_STATES)}|${US_STATE_NAMES})${SP}{1,2}\\d{5}(?:-\\d{4})?${E}(?!-[\\p{L}\\p{N}])`;

/** Postcode rules; exported so that other recognizers or tests can reuse single rules. */
export const POSTCODE_RULES: readonly PatternRule[] = [
  {
    // 10115 Berlin, D-50667 Köln, 60311 Frankfurt am Main, 79098 Freiburg im Breisgau, 01067 Dresden-Altstadt.
    label: 'LOC',
    regex: new RegExp(`(?<![\\p{L}\\p{N}\\p{M}.,/-])(?:D-|D${SP})?(?:0[1-9]|[1-9]\\d)\\d{3}${SP}{1,2}${TOWN}${E}(?!-)`, 'gu'),
    score: 0.9,
    validate: (_v, m, text) =>
      notIdentifier(m.index, text) && !BUILDING_AFTER.test(text.slice(m.index + m[0].length, m.index + m[0].length + 12)),
  },
  {
    // A-1010 Wien, CH-8001 Zürich, AT-5020 Salzburg.
    label: 'LOC',
    regex: new RegExp(`(?<![\\p{L}\\p{N}\\p{M}.,/-])(?:A|AT|CH|FL)-?[1-9]\\d{3}${SP}{1,2}${TOWN}${E}(?!-)`, 'gu'),
    score: 0.9,
  },
  {
    // 1010 Wien, 8001 Zürich (known town or a country after it).
    label: 'LOC',
    regex: new RegExp(`(?<![\\p{L}\\p{N}\\p{M}.,/-])(?<code>[1-9]\\d{3})${SP}{1,2}(?<town>${TOWN})${E}(?!-)`, 'gu'),
    score: 0.85,
    validate: austrianSwiss,
  },
  {
    // Seattle, WA 98109; New York, NY 10001-1234; Salt Lake City UT 84101; Springfield, Illinois 62701; St. Louis, MO
    // 63101.
    label: 'LOC',
    regex: new RegExp(`(?<![\\p{L}\\p{N}\\p{M}])${US_TOWN},?${SP}${US_STATE_ZIP}`, 'gu'),
    score: 0.9,
  },
  {
    // New York, NY; Chicago, IL; St. Louis, MO without a ZIP: only a listed place before the state code.
    label: 'LOC',
    regex: new RegExp(
      `(?<![\\p{L}\\p{N}\\p{M}])(?<town>${US_TOWN}),${SP}${alternation(US_STATES)}(?![\\p{L}\\p{N}\\p{M}]|[ \\t]\\d)`,
      'dgu',
    ),
    score: 0.8,
    validate: (_value, m) => placeNames().has(m.groups?.town ?? ''),
  },
  {
    // London SW1A 2AA, Milton Keynes MK9 2AA, Newcastle upon Tyne NE1 4ST, or the postcode alone.
    label: 'LOC',
    regex: new RegExp(
      `(?<![\\p{L}\\p{N}\\p{M}])(?:${US_CITY}(?:${SP}${phrases('upon on under le in by')}${SP}\\p{Lu}[\\p{L}\\p{M}]{1,25}|${SP}${US_CITY})?${SP})?` +
        UK_POSTCODE,
      'gu',
    ),
    score: 0.85,
  },
  {
    // SW1A2AA without the space: weaker, product codes look like this too.
    label: 'LOC',
    regex: /(?<![\p{L}\p{N}])[A-PR-UWYZ][A-HK-Y]?\d[A-Z\d]?\d[ABD-HJLNP-UW-Z]{2}(?![\p{L}\p{N}])/gu,
    score: 0.6,
  },
  {
    // PLZ 10115, Postleitzahl: 80331, PLZ/Ort 10115 (postcode alone is LOC).
    label: 'LOC',
    regex: new RegExp(
      `(?<![\\p{L}])${phrases('PLZ Plz Postleitzahl postcode Postcode ZIP Zip ZIP_code Zip_code')}(?:${SP}?/${SP}?Ort)?\\.?:?${SP}{0,3}` +
        '(?<code>(?:0[1-9]|[1-9]\\d)\\d{3}|[1-9]\\d{3})(?![\\p{L}\\p{N}])',
      'dgu',
    ),
    group: 'code',
    score: 0.85,
  },
];

/** Postcode + town recognizer (LOC): DE/AT/CH, US, UK, and postcodes after "PLZ". */
export const postcodeCityRecognizer: Recognizer = patternRecognizer(ID, POSTCODE_RULES, { resolveOverlaps: true });
