import { alternation, phrases, words } from '../words/lexicon.js';
import type { Recognizer } from '../recognizer.js';
import { patternRecognizer, type PatternRule } from '../rules/pattern-recognizer.js';
import { SP, WORD_END as E } from '../rules/fragments.js';
import { notIdentifier, TOWN_PATTERN, US_CITY } from './postcode-city.js';

/*
 * Postcode + town of other countries as ONE LOC span (labels.md, issue 17): Dutch "1017 BZ Amsterdam", Czech, Slovak,
 * Greek and Swedish "110 00 Praha 1", Polish "80-822 Gdańsk", Portuguese "1250-147 Lisboa", Nordic and Benelux
 * 4-digit codes in an address block, Italian provinces and French CEDEX after a 5-digit code, Canadian
 * "Toronto, ON M5V 2T6", Irish Eircodes and Dublin districts, US military APO/FPO. The German, Austrian, Swiss, US and
 * UK shapes stay in ./postcode-city.ts, whose town pattern and stoplist these rules share.
 */

const ID = 'pattern:postcode-intl';

/** No letter, digit, mark or code punctuation before a postcode. */
const START = '(?<![\\p{L}\\p{N}\\p{M}.,/-])';
/** A town with what may follow it: a Danish district letter (København K), a Prague district (Praha 1). */
const TOWN = `${TOWN_PATTERN}(?:${SP}(?:[A-ZÆØÅ]|[1-9]\\d?)(?![\\p{L}\\p{N}]))?${E}(?!-)`;

/** Country names after a town: they make a bare 4-digit code a postcode. */
const COUNTRY_AFTER = new RegExp(
  `^,?${SP}{0,2}(?:\\r?\\n${SP}{0,3})?${phrases(`Denmark Danmark DENMARK Dänemark Norway Norge NORWAY Norwegen Sweden
  Finland Suomi FINLAND Finnland Belgium Belgique België BELGIUM Belgien Netherlands Nederland NETHERLANDS Niederlande
  Luxembourg Luxemburg LUXEMBOURG Hungary Magyarország Ungarn Slovenia Slowenien Cyprus Zypern Austria Österreich
  Switzerland Schweiz Suisse Liechtenstein Australia Bulgaria Bulgarien Greece Griechenland`)}${E}`,
  'u',
);
/** A street line right before (house number at its end, an addition after it): "Strandkaien 22 5013 Bergen". */
const STREET_LINE_BEFORE = new RegExp(
  `\\p{L}{2,}\\.?${SP}\\d{1,4}[a-zA-Z]?(?:\\.(?=,))?(?:,?${SP}[\\p{L}\\p{N}.º]{1,8}(?:${SP}[\\p{L}.]{1,6})?)?,?(?:${SP}{1,3}|${SP}{0,3}\\r?\\n${SP}{0,3})$`,
  'u',
);

/** A 4-digit code (+ letters) + town: only in an address (a street line before it or a country after it), never a year look-alike. */
function addressBlock(_value: string, m: RegExpExecArray, text: string): boolean {
  const end = m.index + m[0].length;
  if (COUNTRY_AFTER.test(text.slice(end, end + 24))) return notIdentifier(m.index, text);
  if (/^(?:19|20)\d\d/u.test(m[0])) return false;
  return STREET_LINE_BEFORE.test(text.slice(Math.max(0, m.index - 48), m.index)) && notIdentifier(m.index, text);
}

const notId = (_value: string, m: RegExpExecArray, text: string): boolean => notIdentifier(m.index, text);

/** Italian province codes after the town (90133 Palermo PA; "(RM)" is already the town pattern's); no legal form. */
const PROVINCE = `${SP}(?!(?:AG|KG|SE|UG|OG|EU|DE)(?![\\p{L}]))\\p{Lu}{2}(?![\\p{L}\\p{N}])`;
const CEDEX = `${SP}(?:CEDEX|Cedex)(?:${SP}\\d{1,2})?(?![\\p{L}\\p{N}])`;
const CA_PROVINCE = alternation(words('AB BC MB NB NL NS NT NU ON PE QC SK YT'));
const CA_POSTCODE = `[ABCEGHJ-NPRSTVXY]\\d[ABCEGHJ-NPRSTV-Z]${SP}?\\d[ABCEGHJ-NPRSTV-Z]\\d(?![\\p{L}\\p{N}])`;
/** Eircode: routing key + four characters with at least one letter (all-digit groups are phone or order numbers). */
const EIRCODE = `(?:[AC-FHKNPRTV-Y]\\d{2}|D6W)${SP}?(?=[0-9]{0,3}[AC-FHKNPRTV-Y])[0-9AC-FHKNPRTV-Y]{4}(?![\\p{L}\\p{N}])`;

/** Australian states and territories; a 4-digit postcode follows them (Sydney NSW 2000). */
const AU_STATE = alternation(words('NSW VIC QLD SA WA TAS NT ACT'));

/** Foreign postcode rules; exported so that tests can reuse single rules. */
export const INTL_POSTCODE_RULES: readonly PatternRule[] = [
  {
    // 1017 BZ Amsterdam, 2671VG Naaldwijk (Dutch codes never use the letter pairs SA, SD, SS).
    label: 'LOC',
    regex: new RegExp(`${START}[1-9]\\d{3}${SP}?(?!S[ADS])[A-Z]{2}${SP}{1,2}${TOWN}`, 'gu'),
    score: 0.9,
    // Product codes and model names share the shape (4711 AB Schrauben, 1998 GT Turbo).
    validate: addressBlock,
  },
  {
    // 110 00 Praha 1, 546 22 Thessaloniki, 851 01 Bratislava, 114 55 Stockholm, 546 22 Θεσσαλονίκη.
    label: 'LOC',
    regex: new RegExp(`${START}[1-9]\\d{2}${SP}\\d{2}${SP}{1,2}${TOWN}`, 'gu'),
    score: 0.85,
    validate: notId,
  },
  {
    // 80-822 Gdańsk (Polish), 1250-147 Lisboa (Portuguese).
    label: 'LOC',
    regex: new RegExp(`${START}(?:\\d{2}-\\d{3}|[1-9]\\d{3}-\\d{3})${SP}{1,2}${TOWN}`, 'gu'),
    score: 0.85,
    validate: notId,
  },
  {
    // 1432 København K, 5013 Bergen, DK-8000 Aarhus C, 1000 Bruxelles: in an address block only.
    label: 'LOC',
    regex: new RegExp(`${START}(?:(?:DK|N|NO|S|SE|FI|B|BE|L|LU|NL)-)?\\d{4}${SP}{1,2}${TOWN}`, 'gu'),
    score: 0.85,
    validate: addressBlock,
  },
  {
    // 90133 Palermo PA, 00187 Roma RM, 75008 Paris Cedex 08: the province or CEDEX belongs to the place span.
    label: 'LOC',
    regex: new RegExp(`${START}\\d{5}${SP}{1,2}${TOWN_PATTERN}(?:${PROVINCE}|${CEDEX})`, 'gu'),
    score: 0.9,
    validate: notId,
  },
  {
    // Toronto, ON M5V 2T6; Montréal (QC) H2X 1Y4.
    label: 'LOC',
    regex: new RegExp(
      `(?<![\\p{L}\\p{N}\\p{M}])(?:${US_CITY}${SP}){0,2}${US_CITY},?${SP}(?:${CA_PROVINCE}|\\(${CA_PROVINCE}\\))${SP}{1,2}${CA_POSTCODE}`,
      'gu',
    ),
    score: 0.9,
  },
  {
    // D02 X285, Cork T12 YX67: an Irish Eircode, with its town before it.
    label: 'LOC',
    regex: new RegExp(`(?<![\\p{L}\\p{N}\\p{M}])(?:${US_CITY},?${SP})?${EIRCODE}`, 'gu'),
    score: 0.8,
  },
  {
    // Dublin 8, Dublin 6W: the postal district is part of the place.
    label: 'LOC',
    regex: new RegExp(`(?<![\\p{L}\\p{N}\\p{M}])Dublin${SP}(?:6W|1\\d|2[0-4]|[1-9])(?![\\p{L}\\p{N}])`, 'gu'),
    score: 0.85,
  },
  {
    // Sydney NSW 2000, Surry Hills, NSW 2010, Perth WA 6000: an Australian town, state and postcode as one place.
    label: 'LOC',
    regex: new RegExp(
      `(?<![\\p{L}\\p{N}\\p{M}])(?:${US_CITY}${SP}){0,2}${US_CITY},?${SP}${AU_STATE}${SP}{1,2}[0-9]\\d{3}(?![\\p{L}\\p{N}]|[.,]\\d)`,
      'gu',
    ),
    score: 0.9,
    // A year-like code (NSW has 2000–2999) ends the line or the sentence: "Sydney NSW 2020 Olympics" is no address.
    validate: (value, m, text) =>
      !/(?:19|20)\d\d$/u.test(value) || /^(?:[,.;)]|\s*$|[ \t]*\r?\n|,?[ \t]*Australia)/u.test(text.slice(m.index + m[0].length)),
  },
  {
    // 00184 Roma, 00060 Formello: Italian codes of Lazio start with 00, which no German code does; after a street line.
    label: 'LOC',
    regex: new RegExp(`${START}00\\d{3}${SP}{1,2}${TOWN}`, 'gu'),
    score: 0.85,
    validate: addressBlock,
  },
  {
    // APO AE 09001, FPO AP 96601: US military post offices.
    label: 'LOC',
    regex: new RegExp(`(?<![\\p{L}\\p{N}\\p{M}])(?:APO|FPO|DPO)${SP}(?:AA|AE|AP)${SP}\\d{5}${E}`, 'gu'),
    score: 0.9,
  },
];

/** Foreign postcode + town recognizer (LOC). */
export const intlPostcodeRecognizer: Recognizer = patternRecognizer(ID, INTL_POSTCODE_RULES, { resolveOverlaps: true });
