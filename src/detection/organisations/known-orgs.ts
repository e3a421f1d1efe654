import { isCommonWord } from '../words/common-words.js';
import { phrases, words } from '../words/lexicon.js';
import { placeNames } from '../lexicons/store.js';
import type { PatternRule } from '../rules/pattern-recognizer.js';
import { SP } from '../rules/fragments.js';

/*
 * Organisations known by name alone: international bodies and large companies and brands that letters, mails and
 * posts name without a legal form (`Vertrag mit Vodafone`, `Google's IPO`, `a NATO base`). Written for this project
 * from general knowledge, in their own case. Names that are also common words, first names, surnames, places or lab
 * values are left out (`Apple`, `Amazon`, `Shell`, `Visa`, `Puma`, `Otto`, `Ford`, `Bayer`, `Tesla`, `WHO`, `AFP`,
 * `Allianz`: an alliance in German).
 */

const B = `(?<![\\p{L}\\p{N}\\p{M}&.@/#-]|/${SP})`;
/**
 * Not before a capitalised word or a number (a product or a longer name: `Škoda Octavia`, `Audi A 3`, `Microsoft
 * Access`, `Hyatt Regency`), nor before a colon (a profile field: `LinkedIn:`; a case number: `EU : C : 2015`).
 */
const END = `(?![\\p{L}\\p{N}\\p{M}@-]|\\.\\p{L}|${SP}?:|${SP}[\\p{Lu}\\p{N}])`;

const INTERNATIONAL_LIST = `UN UNO NATO EU OECD IMF IWF WTO UNICEF UNESCO UNHCR IAEA Interpol Europol Frontex FIFA UEFA
  IOC Greenpeace Amnesty_International Red_Cross Hamas Hezbollah Hisbollah Taliban Al-Qaida al-Qaida Al_Qaida
  Al-Qaeda al-Qaeda Xinhua`;
const INTERNATIONAL = phrases(INTERNATIONAL_LIST);

/**
 * National authorities of the US and the UK by their usual names (`the FBI`, `HMRC`, `NASA`), and newspapers and
 * broadcasters that letters and posts cite by name (an employer, a source): short forms that are words elsewhere
 * (`SEC` seconds, `ICE`, `UPS`, `The Times`, `Guardian`, `Bild`, `Spiegel`) are left out.
 */
const AUTHORITY_LIST = `NASA FBI CIA NSA FDA EPA IRS FEMA NOAA CDC NIH DEA USPS HMRC DVLA DWP Ofgem Ofsted Ofcom
  Home_Office Met_Office New_York_Times Washington_Post Wall_Street_Journal Financial_Times Los_Angeles_Times USA_Today
  Jerusalem_Post Daily_Mail Daily_Telegraph NYT WSJ Süddeutsche_Zeitung Frankfurter_Allgemeine FAZ Handelsblatt
  Al_Jazeera NPR PBS`;
const AUTHORITIES = phrases(AUTHORITY_LIST);

const COMPANY_LIST = `Google Microsoft Facebook Instagram WhatsApp Twitter YouTube LinkedIn TikTok Snapchat Netflix
  Spotify eBay PayPal Uber Airbnb Yahoo Yahoo! AOL IBM Intel Nvidia Cisco Lenovo Samsung Huawei Xiaomi Sony Panasonic
  Philips Nokia Ericsson Siemens SAP Telekom Deutsche_Telekom Vodafone T-Mobile Telefónica Zalando Toyota Volkswagen
  BMW Audi Porsche Mercedes-Benz Daimler Opel Honda Nissan Hyundai Renault Peugeot Ferrari Volvo Škoda
  Deutsche_Bank Commerzbank Goldman_Sachs JPMorgan Morgan_Stanley Citigroup Barclays HSBC UBS Credit_Suisse
  Mastercard American_Express Walmart Aldi Lidl Rewe Edeka Kaufland IKEA Ikea McDonald's McDonald’s Starbucks Coca-Cola
  Pepsi PepsiCo Nestlé Unilever Adidas Lufthansa Ryanair easyJet Eurowings Deutsche_Bahn DHL FedEx BBC CNN ARD ZDF RTL
  BASF Pfizer BioNTech Moderna Novartis Roche Sanofi AstraZeneca E.ON RWE EnBW Vattenfall Hyatt Marriott Wells_Fargo
  Citibank Capital_One Charles_Schwab NatWest Santander Lloyds_Bank ING N26`;
const COMPANIES = phrases(COMPANY_LIST);

/** The bodies and companies above by name, as written (`Amnesty International`, `LinkedIn`). */
export const KNOWN_ORG_NAMES: ReadonlySet<string> = new Set(
  [INTERNATIONAL_LIST, AUTHORITY_LIST, COMPANY_LIST].flatMap((list) => words(list).map((w) => w.replace(/_/gu, ' '))),
);

/**
 * Sports clubs by the abbreviation before their place or name (`SV Werder Bremen`, `1. FC Köln`, `TSV 1860 München`,
 * `THW Kiel`, `TSV Odenhausen/Lahn`): membership is personal, and the abbreviation alone says club.
 */
const CLUB = phrases('FC SV SC TSV VfB VfL TuS SpVgg TSG FSV BSC SSV ESV MSV DJK THW TuRa KSV SpVg');
const CLUB_WORD = '\\p{Lu}[\\p{L}\\p{M}-]{1,30}(?:/\\p{Lu}[\\p{L}\\p{M}-]{1,30})?';
const CLUB_NAME = `(?:\\d\\.${SP})?${CLUB}(?:${SP}\\d{2,4})?(?:${SP}${CLUB_WORD}){1,3}`;

/**
 * News agencies as a dateline's source in brackets, where their letters mean nothing else: `TEHRAN (AFP)`, `(AP)`
 * (`dpa` and `Reuters` are names anywhere, see public-bodies.ts).
 */
const AGENCY_IN_BRACKETS = `(?<=\\(${SP}?)(?:AFP|AP)(?=${SP}?\\))`;

/**
 * The words after a club's abbreviation are names, not the sentence going on (`der FC Sieger wurde`, `SV Beiträge`),
 * nor an abbreviation (`SV Nr.`: the social-insurance number).
 */
function clubWords(value: string, m: RegExpExecArray, text: string): boolean {
  const words = value.split(/[ \u00a0]/u).slice(1);
  if (text.charAt(m.index + value.length) === '.' && (words.at(-1) ?? '').length <= 3) return false;
  return words.every((w) => !/^\p{Lu}/u.test(w) || !isCommonWord(w, 'auto') || placeNames().has(w));
}

export const KNOWN_ORG_RULES: readonly PatternRule[] = [
  {
    // NATO, UNESCO, the FBI, the Washington Post, Google, Deutsche Bahn, Coca-Cola.
    label: 'ORG',
    regex: new RegExp(`${B}(?:${INTERNATIONAL}|${AUTHORITIES}|${COMPANIES})${END}`, 'gu'),
    score: 0.8,
  },
  {
    // SV Werder Bremen, 1. FC Köln, TSV 1860 München.
    label: 'ORG',
    regex: new RegExp(`(?<![\\p{L}\\p{N}\\p{M}.-])${CLUB_NAME}(?![\\p{L}\\p{N}\\p{M}-])`, 'gu'),
    score: 0.8,
    validate: clubWords,
  },
  {
    // TEHRAN (AFP) –
    label: 'ORG',
    regex: new RegExp(AGENCY_IN_BRACKETS, 'gu'),
    score: 0.85,
  },
];
