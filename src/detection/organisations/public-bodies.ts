import { alternation, escapeRegExp, phrases, words } from '../words/lexicon.js';
import type { PatternRule } from '../rules/pattern-recognizer.js';
import { SP } from '../rules/fragments.js';

/*
 * German public bodies that need no place: federal and European courts, constitutional organs, agencies, ministries
 * (also of the states and of other countries), and their parts (`25. Senat des Bundespatentgerichts`, `Markenstelle
 * für Klasse 42 des DPMA`). German inflects them (`des Deutschen Patent- und Markenamts`, `dem Auswärtigen Amt`), so
 * names are written once with markers for their endings.
 */

const B = '(?<![\\p{L}\\p{N}\\p{M}&.-])';
/** After a name: no letter, digit, mark or hyphen (`Bundestag-Abgeordneter` is another word). */
const END = '(?![\\p{L}\\p{N}\\p{M}-])';

/**
 * One name as regex source: `~` after a word takes the adjective endings (Deutsch~ → Deutsche, Deutschen, Deutscher,
 * Deutschem, Deutsches), `#` the genitive -s/-es (Amt# → Amt, Amts, Amtes), `_` a space.
 */
function inflected(name: string): string {
  return name
    .split('_')
    .map((word) => {
      if (word.endsWith('~')) return `${escapeRegExp(word.slice(0, -1))}(?:e[mnrs]?)`;
      if (word.endsWith('#')) return `${escapeRegExp(word.slice(0, -1))}(?:e?s)?`;
      return escapeRegExp(word);
    })
    .join(SP);
}

/** Alternation of inflected names, longer names first so that `Europäischer Gerichtshof` never cuts `… für Menschenrechte`. */
function names(list: string): string {
  const all = list.split(/\s+/u).filter((n) => n.length > 0);
  return `(?:${[...new Set(all)]
    .sort((a, b) => b.length - a.length)
    .map(inflected)
    .join('|')})`;
}

/** The federal states, and the adjectives their bodies take (`Bayerische Staatskanzlei`, `Thüringer Landtag`). */
const STATES = phrases(`Baden-Württemberg Bayern Berlin Brandenburg Bremen Hamburg Hessen Mecklenburg-Vorpommern Niedersachsen
  Nordrhein-Westfalen Rheinland-Pfalz Saarland Sachsen Sachsen-Anhalt Schleswig-Holstein Thüringen`);
const STATE_ADJ = `(?:${phrases(`Baden-Württembergisch Bayerisch Brandenburgisch Bremisch Hamburgisch Hessisch
  Mecklenburg-Vorpommersch Niedersächsisch Nordrhein-Westfälisch Rheinland-Pfälzisch Saarländisch Sächsisch
  Schleswig-Holsteinisch`)}(?:e[mnrs]?)|Berliner|Thüringer)`;
/** `des Landes Schleswig-Holstein`, `des Freistaats Bayern`, `der Freien und Hansestadt Hamburg`. */
const OF_STATE = `(?:${SP}(?:des${SP}(?:Landes|Freistaate?s)${SP}${STATES}|der${SP}${names('Frei~_und_Hansestadt_Hamburg Frei~_Hansestadt_Bremen')}))`;

/** Bodies of the federation and the EU, and international ones often named in German text. */
const BODIES = names(`Bundesgerichtshof# Bundesverfassungsgericht# Bundesverwaltungsgericht# Bundesfinanzhof#
  Bundessozialgericht# Bundesarbeitsgericht# Bundespatentgericht# Bundesdisziplinargericht# Kammergericht#
  Bundesrechnungshof# Europäisch~_Gerichtshof#_für_Menschenrechte Europäisch~_Gerichtshof# Gerichtshof#_der_Europäischen_Union
  Gericht#_der_Europäischen_Union Gemeinsam~_Senat#_der_obersten_Gerichtshöfe_des_Bundes Internationale~_Gerichtshof#
  Internationale~_Strafgerichtshof# Europäisch~_Rechnungshof# Truppendienstgericht#_Nord Truppendienstgericht#_Süd
  Bundesregierung Bundesrat# Bundestag# Deutsch~_Bundestag# Bundesversammlung Bundeskanzleramt# Bundespräsidialamt#
  Auswärtig~_Amt# Bundeswehr Luftwaffe Bundesmarine Deutsch~_Marine Bundespolizei Bundesanwaltschaft Bundeskartellamt# Bundeskriminalamt# Bundesnetzagentur
  Bundesversicherungsamt# Bundesverwaltungsamt# Umweltbundesamt# Kraftfahrt-Bundesamt# Statistisch~_Bundesamt#
  Bundesagentur_für_Arbeit Bundeszentralamt#_für_Steuern Deutsch~_Rentenversicherung
  Bundesnachrichtendienst# Militärisch~_Abschirmdienst# Gemeinsam~_Bundesausschuss#
  Medizinisch~_Dienst#_der_Krankenversicherung Medizinisch~_Dienst#_der_Krankenversicherungen Medizinisch~_Dienst#_Bund
  Kassenärztlich~_Bundesvereinigung Bundesärztekammer Bundesrechtsanwaltskammer Bundesnotarkammer GKV-Spitzenverband#
  Deutsch~_Patent-_und_Markenamt# Europäisch~_Patentamt# Deutsch~_Bundesbank Europäisch~_Zentralbank
  Europäisch~_Kommission EU-Kommission Europäisch~_Parlament# Europarat# Vereint~_Nationen Weltgesundheitsorganisation
  Deutsch~_Gewerkschaftsbund# Vereint~_Dienstleistungsgewerkschaft Deutsch~_Städtetag# Deutsch~_Landkreistag#
  Deutsch~_Städte-_und_Gemeindebund# Deutsch~_Rot~_Kreuz#`);

/** The pension insurance's federal and regional carriers: Deutsche Rentenversicherung Westfalen. */
const PENSION_CARRIERS = phrases(`Bund Knappschaft-Bahn-See Baden-Württemberg Bayern_Süd Berlin-Brandenburg Braunschweig-Hannover
  Hessen Mitteldeutschland Nord Nordbayern Oldenburg-Bremen Rheinland Rheinland-Pfalz Saarland Schwaben Westfalen`);
const PENSION = `${names('Deutsch~_Rentenversicherung')}${SP}${PENSION_CARRIERS}`;

/**
 * Parties, trade unions and news agencies, by their names in German text. Party and union membership are special
 * categories of personal data (GDPR Art. 9). Whole words in their own case: `Die Linke` in capitals inside a sentence,
 * not `die Linke` (the left hand); `ver.di`, not `Verdi`. Not AFP: in a lab report it is alpha-fetoprotein.
 */
const POLITICAL = `(?:${phrases(`SPD CDU CSU FDP AfD NPD ÖVP SPÖ FPÖ BZÖ DKP MLPD ÖDP USPD KPD SED NSDAP PDS WASG BSW DGB GEW GdP NGG
  EVG ver.di dpa Reuters epd KNA ddp APA`)}|${names(`Bündnis_90/Die_Grünen Die_Linke Linkspartei Piratenpartei IG_Metall IG_BCE
  IG_BAU Marburger_Bund Vereinigung_Cockpit`)})`;

/** Governments, parliaments and chanceries of the states: `Bayerische Staatskanzlei`, `Landesregierung Hessen`. */
const STATE_ORGANS = names('Landesregierung Staatsregierung Staatskanzlei Landtag# Senatskanzlei Verfassungsgerichtshof#');
/** A state's courts after its adjective: Brandenburgisches Oberlandesgericht, Sächsisches LSG. */
const STATE_COURTS = `(?:${names(`Oberlandesgericht# Landessozialgericht# Landesarbeitsgericht# Finanzgericht# Oberverwaltungsgericht#
  Verwaltungsgerichtshof# Landesverfassungsgericht# Staatsgerichtshof# Oberst~_Landesgericht# Landeskriminalamt#`)}|${phrases('OLG LSG LAG OVG VGH FG')})`;

/** Ministries and federal or state offices named by their remit (Bundesamt für Migration und Flüchtlinge). */
const MINISTRY = names(`Bundesministerium# Landesministerium# Staatsministerium# Ministerium# Bundesamt# Landesamt#
  Bundesanstalt Landesanstalt`);
const REMIT_WORD = '\\p{Lu}[\\p{L}\\p{M}-]{1,30}';
/** A remit word, or two with an adjective between (`Anerkennung ausländischer Flüchtlinge`). */
const REMIT_PART = `${REMIT_WORD}(?:${SP}\\p{Ll}{3,25}e[mnrs]?${SP}${REMIT_WORD})?`;
/**
 * `für Migration und Flüchtlinge`, `der Justiz und für Verbraucherschutz`, `für das Personalmanagement der Bundeswehr`,
 * `für Wissenschaft , Forschung und Kunst` (a comma as tokenized text writes it too).
 */
const REMIT =
  `(?:für|der|des)${SP}(?:(?:die|das|den)${SP})?${REMIT_PART}(?:${SP}?,${SP}${REMIT_PART}){0,2}` +
  `(?:${SP}und${SP}(?:(?:für|der|des)${SP})?${REMIT_PART})?`;
/** Ministries and offices by their field, of a state or a country: Justizministerium Mecklenburg-Vorpommern, Innenverwaltung des Landes Nordrhein-Westfalen. */
const FIELD_MINISTRY = `\\p{Lu}\\p{Ll}{2,20}(?:ministerium|verwaltung|behörde)(?:s)?`;
const NATIONALITY = '\\p{Ll}{3,20}isch(?:e[mnrs]?)';

/** Abbreviations by gender, and the articles each gender takes: `der BFH`, `das BSG` (not `der BSG`: the lab value). */
const GENDER: ReadonlyMap<string, 'm' | 'n' | 'f'> = new Map([
  ...words('BGH BFH EuGH EGMR GBA G-BA BND MAD MDK DGB BRH IGH IStGH').map((w) => [w, 'm'] as const),
  ...words(`BVerfG BVerwG BSG BAG BPatG DPMA BKA BAMF BfV BMF BMJ BMJV BMAS BMG BMVg BMBF BMWi BMWK BMZ BMFSFJ EUIPO BVA
    BSI BfArM BZSt`).map((w) => [w, 'n'] as const),
  ...words('BaFin DRV EZB KBV BNetzA').map((w) => [w, 'f'] as const),
]);
const ARTICLE_GENDERS: ReadonlyMap<string, string> = new Map([
  ...words('der Der').map((w) => [w, 'mf'] as const),
  ...words('den Den').map((w) => [w, 'm'] as const),
  ...words('das Das').map((w) => [w, 'n'] as const),
  ...words('die Die zur Zur').map((w) => [w, 'f'] as const),
  ...words('des Des dem Dem vom Vom beim Beim zum Zum im Im').map((w) => [w, 'mn'] as const),
]);
const BODY_ABBR = alternation([...GENDER.keys()]);
const ARTICLE = alternation([...ARTICLE_GENDERS.keys()]);

function articleAgrees(value: string, m: RegExpExecArray): boolean {
  const gender = GENDER.get(value);
  return gender !== undefined && (ARTICLE_GENDERS.get(m.groups?.['article'] ?? '') ?? '').includes(gender);
}

/** The word before `(BFH)` names a body (`Bundesfinanzhofs (BFH)`), not a lab test (`Blutsenkung (BSG)`). */
const BODY_WORD_BEFORE = /(?:gericht|hof|amt|ausschuss|dienst|agentur|ministerium|anstalt|kammer|bund)(?:e?s)?[ \u00a0]?\([ \u00a0]?$/u;

function namedBefore(_value: string, m: RegExpExecArray, text: string): boolean {
  return BODY_WORD_BEFORE.test(text.slice(Math.max(0, m.index - 40), m.index + m[0].indexOf(m.groups?.['abbr'] ?? '')));
}

/** Kinds of senates (Zivilsenat, Kartellsenat): named, so that the rule does not try every capitalised word. */
const SENATE_KINDS = phrases(`Zivil Straf Kartell Revisions Disziplinar Wehrdienst Anwalts Notar Vergabe Fach Landwirtschafts
  Patent Marken Beschwerde Baulandsachen Dienst Ehren Finanz Steuer`);
/**
 * Parts of a body: numbered or named senates (`XI. Zivilsenat`, `25. Senat ( Marken-Beschwerdesenat )`, `Großer Senat
 * für Zivilsachen`), the patent office's departments (`Markenstelle für Klasse 42`, `Patentabteilung 1.35`).
 */
const UNIT =
  `(?:(?:(?:\\d{1,2}|[IVX]{1,5})\\.${SP})?(?:Groß(?:e[mnrs]?)${SP})?(?:${SENATE_KINDS}senat|Senat)(?:e?s)?` +
  `(?:${SP}?\\(${SP}?[\\p{L}\\p{M}-]{3,40}(?:${SP}(?:und${SP})?[\\p{L}\\p{M}-]{2,40}){0,2}${SP}?\\))?(?:${SP}für${SP}\\p{Lu}\\p{Ll}{2,30})?` +
  `|Markenstelle${SP}für${SP}Klasse${SP}\\d{1,2}|(?:Patent|Gebrauchsmuster|Marken|Design)abteilung(?:${SP}\\d{1,2}(?:\\.\\d{1,2})?)?)`;

/** Federal court abbreviations without an article count in a citation (BGH, Urteil vom …; BGH NJW 1972, 335). */
const COURT_CITATION =
  `${phrases('BGH BVerfG BVerwG BFH BSG BAG BPatG EuGH EGMR')}(?=,|${SP}?\\(|${SP}` +
  `(?:${phrases('Urteil Urt. Beschluss Beschl. vom v. NJW NZA NVwZ NStZ NZS BeckRS Az. GrS')}|[IVX]{1,4}${SP}?[A-Z]))`;

export const PUBLIC_BODY_RULES: readonly PatternRule[] = [
  {
    // Bundesgerichtshof, des Auswärtigen Amtes, beim Deutschen Patent- und Markenamt, die Bundesregierung.
    label: 'ORG',
    // With its part before it: 25. Senat (Marken-Beschwerdesenat) des Bundespatentgerichts, Markenstelle für Klasse 42
    // des Deutschen Patent- und Markenamts. One regex for both keeps the names compiled once.
    regex: new RegExp(`${B}(?:${UNIT}${SP}(?:des|der)${SP})?(?:${PENSION}|${BODIES})${END}`, 'gu'),
    score: 0.9,
  },
  {
    // die SPD, Bündnis 90/Die Grünen, IG Metall, ver.di, ( dpa ).
    label: 'ORG',
    regex: new RegExp(`${B}${POLITICAL}${END}`, 'gu'),
    score: 0.85,
  },
  {
    // Großer Senat des BFH, Markenstelle für Klasse 42 des DPMA.
    label: 'ORG',
    regex: new RegExp(`${B}${UNIT}${SP}(?:des|der)${SP}${BODY_ABBR}${END}`, 'gu'),
    requires: /[Ss]enat|Markenstelle|abteilung/u,
    score: 0.9,
  },
  {
    // Bayerische Staatskanzlei, Landesregierung Hessen, Staatsregierung des Freistaats Bayern, Sächsisches LSG.
    label: 'ORG',
    regex: new RegExp(
      `${B}(?:${STATE_ADJ}${SP}(?:${STATE_ORGANS}|${STATE_COURTS})|${STATE_ORGANS}(?:${SP}${STATES}|${OF_STATE}))${END}`,
      'gu',
    ),
    score: 0.9,
  },
  {
    // Bundesministerium der Verteidigung, Hessisches Ministerium der Finanzen, Ministerium für Bildung und Kultur des
    // Landes Schleswig-Holstein, Bundesamt für Migration und Flüchtlinge.
    label: 'ORG',
    regex: new RegExp(`${B}(?:${STATE_ADJ}${SP})?${MINISTRY}${SP}${REMIT}(?:${OF_STATE}|${SP}(?:der|des)${SP}${REMIT_WORD})?${END}`, 'gu'),
    // As sure as the body list: the remit's `der Bundeswehr` is part of the office's name, not a span of its own.
    score: 0.9,
  },
  {
    // Justizministerium Mecklenburg-Vorpommern, des tunesischen Außenministeriums, Bayerisches Kultusministerium.
    label: 'ORG',
    regex: new RegExp(
      `${B}(?:${FIELD_MINISTRY}(?:${SP}${STATES}|${OF_STATE})|(?:${NATIONALITY}|${STATE_ADJ})${SP}${FIELD_MINISTRY})${END}`,
      'gu',
    ),
    requires: /ministerium|verwaltung|behörde/u,
    score: 0.85,
  },
  {
    // der BFH, das BSG, des DPMA, beim BAMF (the article keeps `BSG`, the lab value, out).
    label: 'ORG',
    regex: new RegExp(`(?<![\\p{L}\\p{N}])(?<article>${ARTICLE})${SP}(?<abbr>${BODY_ABBR})${END}`, 'dgu'),
    group: 'abbr',
    score: 0.85,
    validate: articleAgrees,
  },
  {
    // BGH, Urteil vom 12.05.2020; BAG NZA 2019, 1.
    label: 'ORG',
    regex: new RegExp(`${B}${COURT_CITATION}`, 'gu'),
    score: 0.85,
  },
  {
    // Bundesfinanzhof (BFH).
    label: 'ORG',
    regex: new RegExp(`\\(${SP}?(?<abbr>${BODY_ABBR})${SP}?\\)`, 'dgu'),
    group: 'abbr',
    score: 0.85,
    validate: namedBefore,
  },
];
