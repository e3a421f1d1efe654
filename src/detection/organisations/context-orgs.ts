import type { Recognizer } from '../recognizer.js';
import {
  COMMON_NOUNS,
  FUNCTION_WORDS,
  isFirstName,
  LEGAL_FORM_WORDS,
  MONTHS,
  NOT_NOUN_SUFFIX,
  notWord,
  phrases,
  TITLE_WORDS,
  UNIT_WORDS,
  WEEKDAYS,
  words,
} from '../words/lexicon.js';
import { isCommonCompound, isCommonWord } from '../words/common-words.js';
import { readLanguage } from '../text-language.js';
import { patternRecognizer, type PatternRule } from '../rules/pattern-recognizer.js';
import { placeNames } from '../lexicons/store.js';
import { KNOWN_ORG_NAMES, KNOWN_ORG_RULES } from './known-orgs.js';
import { PUBLIC_BODY_RULES } from './public-bodies.js';
import { TOWN_PATTERN } from '../addresses/postcode-city.js';
import { SP, WORD_END as E } from '../rules/fragments.js';

/*
 * Organisations cued by a legal form (Müller Präzisionstechnik GmbH) or an institution head (Amtsgericht Köln,
 * University of Leeds, Royal Free Hospital). The capitalised run before a legal form is at most six words, never
 * starts with an article, preposition or role noun, and never crosses a line break or punctuation other than "&".
 */

const ID = 'pattern:context-org';
const B = '(?<![\\p{L}\\p{N}\\p{M}&.-])';

/** Words that start sentences or introduce a company but are not part of its name. */
const ORG_STOP_WORDS = [
  ...FUNCTION_WORDS,
  ...MONTHS,
  ...WEEKDAYS,
  ...TITLE_WORDS,
  ...LEGAL_FORM_WORDS,
  ...words(`Firma Fa Unternehmen Arbeitgeber Arbeitgeberin Auftraggeber Auftraggeberin Auftragnehmer Auftragnehmerin Kunde
  Kundin Lieferant Lieferantin Vermieter Vermieterin Mieter Mieterin Hersteller Händler Tochter Tochtergesellschaft
  Muttergesellschaft Gesellschafter Geschäftsführer Geschäftsführerin Vorstand Inhaber Inhaberin Mitarbeiter
  Mitarbeiterin Client Customer Employer Supplier Vendor Landlord Tenant Contractor Absender Empfänger Sender Recipient
  Name Firmenname Adresse Address Anschrift Kontakt Contact Tel Fax Email Mail Rechnung Vertrag Angebot Auftrag
  Bestellung Invoice Contract Sowie Versus Vs Gegen Beklagte Beklagten Klägerin Kläger Antragsgegnerin Antragstellerin
  Sehr Geehrte Geehrter Hiermit Herewith Welcome Willkommen Werkstatt Autowerkstatt Fachwerkstatt Vertragswerkstatt
  Betrieb Handwerksbetrieb Dienstleister Partnerbetrieb Call Ask Phone Ring Visit Try Thank Tell Book Join Meet`),
];
// Letterheads write the same words in capitals (`IN THE CIRCUIT COURT`, `AN DIE FIRMA`).
const STOP = notWord([...ORG_STOP_WORDS, ...ORG_STOP_WORDS.map((w) => w.toUpperCase())]);

/** One word of a company name: Müller, E.ON, 1&1, 3M, eBay, Coca-Cola, O'Neill. */
const W =
  "(?:\\p{Lu}[\\p{L}\\p{M}\\p{N}'’.-]{0,40}|\\p{N}{1,4}[&\\p{L}][\\p{L}\\p{M}\\p{N}'’.&-]{0,40}" +
  "|\\p{Ll}{1,2}\\p{Lu}[\\p{L}\\p{M}\\p{N}'’.-]{0,40})";
/** Nouns that head names continued by "für"/"of" (Gesellschaft für Informatik, Bank of America); also compounds. */
const CONN_HEAD_DE = words(`Gesellschaft Verein Verband Bund Stiftung Institut Zentrum Akademie Vereinigung
  Gemeinschaft Initiative Kuratorium Agentur Amt Büro Kanzlei Praxis Bank Kasse Dienst Dienste Stelle Fonds
  Genossenschaft Forum Netzwerk Werk Klinik Schule Haus`).map((w) => `[${w.charAt(0)}${w.charAt(0).toLowerCase()}]${w.slice(1)}`);
const CONN_HEAD_EN = words(`University Institute Society Association Company Federation Council College Church Museum
  Academy Agency Department Board Office Trust Foundation Fund Chamber Union League Friends Center Centre School Bureau
  Corporation Services Group Banco Banca Caisse Société Compañía Laboratories Ministry`);
const CONN_HEAD = `(?:${[...CONN_HEAD_DE, ...CONN_HEAD_EN].join('|')})`;
/**
 * How two name words join: a space, "&"/"+", "für"/"of" after a head noun, "und"/"and" before Söhne/Partner or after
 * a "für X" part (Verein für Kultur und Sport) or a compound left open (Wohnungs- und Entwicklungsgesellschaft). A bare "and"/"of" would glue neighbours into one name
 * ("Products of Johnson & Johnson Inc.", "Microsoft and Acme Corp.").
 */
const JOIN =
  `(?:${SP}(?:[&+]${SP})?` +
  `|${SP}(?:und|and)${SP}(?=(?:Söhne|Sohn|Sons|Partner|Partners|Co|Company|Töchter)(?![\\p{L}]))` +
  `|(?<=${CONN_HEAD})${SP}(?:of|for|für|fuer|zur|zum|de)${SP}` +
  `|(?<=(?:für|zur|zum|of|for)${SP}\\p{Lu}[\\p{L}\\p{M}-]{0,40})${SP}(?:und|and)${SP}` +
  // A German compound left open before "und" (Wohnungs- und Entwicklungsgesellschaft mbH, BAU- UND HANDELS GMBH).
  `|(?<=\\p{L}-)${SP}(?:und|UND|u\\.|&)${SP}` +
  // Romance and Dutch particles inside a name (Quinta do Vale, Lda.; Bodegas de la Sierra S.L.; Bakker van der Berg B.V.;
  // Brandl, Seidel & de Vries PartG mbB).
  `|${SP}(?:[&+]${SP})?(?:da|de|del|della|di|do|dos|das|du|de${SP}la|de${SP}los|van|van${SP}de[nr]?)${SP}(?=\\p{Lu}))`;
/** Legal forms; `phrases` sorts longest first, so "GmbH & Co. KG" wins over "GmbH". `_` is a space. */
const LEGAL = phrases(`GmbH_&_Co._KGaA GmbH_&_Co._KG GmbH_&_Co._OHG GmbH_&_Co.KG AG_&_Co._KGaA AG_&_Co._KG SE_&_Co._KGaA
  SE_&_Co._KG UG_(haftungsbeschränkt)_&_Co._KG UG_(haftungsbeschränkt) gGmbH GmbH mbH gAG AG KGaA KG OHG oHG GbR
  PartGmbB PartG_mbB PartG mbB eG e.G. e._G. e.V. e._V. SE AöR KdöR Inc. Inc Ltd. Ltd LLC L.L.C. LLP plc PLC Corp.
  Corp Corporation Limited Co.,_Ltd. Co.,_Ltd S.A.S. S.A. S.p.A. S.r.l. SARL S.à_r.l. B.V. N.V. A/S ApS Oy Pty_Ltd.
  Pty_Ltd GesmbH Ges.m.b.H. Stiftung &_Co. &_Co &_Partner_mbB &_Partner e.K. e._K. e.Kfm. e.Kfr. S.L. S.L.U. S.A.U.
  S.A.R.L. SAS SRL Srl S.R.L. SpA S.p.a. Sp._z_o.o. Sp.z_o.o. sp._z_o.o. s.r.o. spol._s_r.o. a.s. Kft. Kft Zrt. Nyrt.
  Lda. Lda Ltda. A.Ş. AŞ d.o.o. SIA UAB OÜ P.C. L.P. LP Pty_Ltd A/S ApS Oyj Oy AB_(publ) GMBH_&_CO._KG GMBH MBH LTD.
  LTD LIMITED INC. INC CORP. LLC. &_Söhne &_Sons &_Sohn &_Son &_syn_s.r.o.`);
/** `Co.` alone ends a firm's name (`Ashdown Cleaning Co.`), not an Irish county (`Sligo, Co. Mayo`). */
const LEGAL_TAIL = `(?:,?${SP}${LEGAL}|${SP}Co\\.?(?!${SP}?\\p{Lu})|-(?:AG|GmbH|KGaA|KG))(?![\\p{L}\\p{N}\\p{M}-])`;
/** Whether a name ends in a legal form. */
const LEGAL_END = new RegExp(`${LEGAL_TAIL}$`, 'u');

/**
 * A firm's name without its legal form (`Hartmann Logistik GmbH` → `Hartmann Logistik`, `Cascade Biologics, Inc.` →
 * `Cascade Biologics`), or null when it ends in none: the short name a letter goes on to use.
 */
export function withoutLegalForm(name: string): string | null {
  const m = LEGAL_END.exec(name);
  return m && m.index > 0 ? name.slice(0, m.index) : null;
}

/** Heads of associations, whose names may contain articles (Verein der Freunde des Zoos e.V.). */
const ASSOC_HEAD = phrases(`Verein Förderverein Gesellschaft Freundeskreis Freunde Bund Verband Bundesverband Landesverband
  Stiftung Arbeitsgemeinschaft Institut Zentrum Vereinigung Akademie Kuratorium Initiative Deutsche Deutscher Deutsches
  Internationale Europäische`);
const ASSOC_CONN = phrases('der des die das dem den für zur zum und von vom im in am an &');

const STREET_TYPE_BEFORE = new RegExp(
  `${phrases('Street St Avenue Ave Road Rd Boulevard Blvd Drive Dr Lane Way Place Court')}\\.?${SP}SE$`,
  'u',
);

/** "1600 Pennsylvania Avenue SE" is a direction, not a Societas Europaea. */
function notStreetDirection(value: string): boolean {
  return !STREET_TYPE_BEFORE.test(value);
}

/** German institution heads that take a place after them (optional genitive -s/-es, dative -n). */
const DE_HEAD_WORDS = `Amtsgericht Landgericht Oberlandesgericht Verwaltungsgericht Oberverwaltungsgericht Verwaltungsgerichtshof
  Sozialgericht Landessozialgericht Arbeitsgericht Landesarbeitsgericht Finanzgericht Familiengericht Insolvenzgericht
  Registergericht Nachlassgericht Betreuungsgericht Schöffengericht Finanzamt Hauptzollamt Zollamt Jobcenter Stadtwerke
  Landratsamt Bezirksamt Standesamt Bürgeramt Einwohnermeldeamt Ordnungsamt Sozialamt Jugendamt Gesundheitsamt Bauamt
  Ausländerbehörde Polizeipräsidium Polizeiinspektion Polizeidirektion Polizeirevier Staatsanwaltschaft
  Generalstaatsanwaltschaft Regierungspräsidium Bezirksregierung Universität Universitätsklinikum Uniklinik Uniklinikum
  Universitätsklinik Universitätsspital Klinikum Kreisklinikum Krankenhaus Kreiskrankenhaus Kantonsspital Sparkasse
  Stadtsparkasse Kreissparkasse Volksbank Raiffeisenbank Landesbank Hochschule Fachhochschule Handwerkskammer IHK HWK
  Rechtsanwaltskammer Ärztekammer Landesärztekammer Zahnärztekammer Stadtverwaltung Gemeindeverwaltung Kreisverwaltung
  Stadtbibliothek Landeskriminalamt Caritasverband Kreisverband Ortsverband Bezirksverband Diakoniewerk`;
const DE_HEADS = phrases(DE_HEAD_WORDS);
const DE_HEAD_ADJ = `(?:${phrases(`Städtisches Städtische Städtischen Städtischem Städt. Evangelisches Evangelische
  Evangelischen Katholisches Katholische Katholischen Technische Technischen Freie Freien Staatliche Staatlichen
  Öffentliche Öffentlichen Berliner Hamburger Münchner Kölner Frankfurter Stuttgarter Dresdner Leipziger Helios
  Asklepios Vivantes Sana Ameos Agaplesion MediClin Median Alexianer Johanniter Malteser DRK AWO Diakonie Caritas`)}${SP})?`;
/** Roman-numeral court districts: Landgericht München I. */
const ROMAN = `(?:${SP}(?:I|II|III|IV)(?![\\p{L}\\p{N}]))?`;
// A title after a court or office is its judge's (`Richterin am Amtsgericht Dr. Wiśniewska`), no place of it.
const PLACE = `(?!(?:Dr|Prof|Dipl|Hr|Fr)\\.)${TOWN_PATTERN}${ROMAN}`;
/** Letterheads in capitals: AMTSGERICHT NÜRNBERG. */
const DE_HEADS_CAPS = phrases(DE_HEAD_WORDS.toUpperCase());
const CAPS_WORD = `\\p{Lu}[\\p{Lu}\\p{M}]{1,30}(?:-\\p{Lu}[\\p{Lu}\\p{M}]{1,30}){0,2}`;
/** A place in capitals, also with its suffix: KERNEN IM REMSTAL, FRANKFURT AM MAIN. */
const CAPS_PLACE = `${CAPS_WORD}(?:${SP}${phrases('IM AM AN_DER IN_DER OB_DER')}${SP}${CAPS_WORD})?${ROMAN}`;
/** Banks often carry a region of up to three words (Sparkasse Rhein Neckar Nord). */
const BANK_HEADS = phrases('Sparkasse Stadtsparkasse Kreissparkasse Volksbank Raiffeisenbank Landesbank');
const PLACE_WORD_STOP = notWord([...ORG_STOP_WORDS, 'Konto', 'IBAN', 'BIC', 'BLZ', 'Kontonummer', 'Filiale']);

/** Court abbreviations that need a place: OLG Köln, LG Berlin, AG München. */
const COURT_ABBR = phrases('OLG LG AG VG OVG VGH LAG LSG ArbG SG FG');

/**
 * "der Stadt X" is the authority only after an administrative noun or a preposition of dealing with it (Bescheid der
 * Stadt Augsburg, Widerspruch gegen die Stadt Augsburg); otherwise it is the place (Ortschaften der Stadt X).
 */
const AUTHORITY_BEFORE = new RegExp(
  `(?:^|[^\\p{L}])(?:${phrases(`Bescheid Bescheids Gebührenbescheid Schreiben Einladung Mitteilung Satzung Verwaltung
  Bürgermeister Bürgermeisterin Oberbürgermeister Oberbürgermeisterin Stadtrat Gemeinderat Rechnung Mahnung
  Widerspruch Klage Verfügung Genehmigung Auskunft Antwort Vertrag Zuständigkeit Mitarbeiter Mitarbeiterin
  Mitarbeiterinnen Vertreter Vertreterin Antrag Anordnung Aufforderung Anhörung Stellungnahme Auftrag Förderung
  Zuschuss Beschluss Pressestelle Ordnungsamt Sozialamt Jugendamt Bauamt Standesamt Bürgeramt Magistrat Haushalt
  Eigentum Website Homepage Kasse Stadtkasse an gegen bei mit seitens durch von Auftrag_der Namen_der`)})${SP}(?:der|die|den)${SP}$`,
  'u',
);

function authorityNotPlace(_value: string, m: RegExpExecArray, text: string): boolean {
  return AUTHORITY_BEFORE.test(text.slice(Math.max(0, m.index - 40), m.index + 4));
}

/** Municipalities and districts that act as authorities (Stadt Oldenburg – Bürgerbüro, Landkreis Harz, Der Landrat). */
const MUNICIPALITY = phrases(`Stadt Gemeinde Landkreis Kreis Markt Landeshauptstadt Hansestadt Kreisstadt Marktgemeinde
  Stadtgemeinde Samtgemeinde Verbandsgemeinde`);
/**
 * Without an article, `Stadt X` is the authority when one of its offices or heads follows after a dash, comma, dot
 * or line break (`Stadt X – Jugendamt`, `Landkreis X\nDer Landrat`) or when it issued or acts (`ausgestellt durch
 * Stadt X`, `Behörde: Stadt X`); elsewhere it is the place (`600 Jahre Stadt X`, `Gemeinde X, Kreis Y`).
 */
const OFFICE_AFTER = new RegExp(
  `^${SP}{0,3}(?:[-–—,·|/]|\\r?\\n)\\s{0,3}(?:(?:Der|Die)${SP})?(?:${phrases(`Oberbürgermeister Oberbürgermeisterin
  Bürgermeister Bürgermeisterin Landrat Landrätin Magistrat Stadtverwaltung Gemeindeverwaltung Kreisverwaltung
  Bürgerbüro Bürgerservice Fachbereich Fachdienst Dezernat Referat Abteilung Kämmerei Stadtkasse Amt`)}|\\p{Lu}\\p{Ll}{1,30}(?:amt|behörde))(?![\\p{L}])`,
  'u',
);
const ACTING_BEFORE = new RegExp(`(?:${phrases('durch seitens Behörde: Ausstellungsbehörde: Aussteller: Absender:')})${SP}{1,3}$`, 'u');

function authorityByContext(_value: string, m: RegExpExecArray, text: string): boolean {
  const end = m.index + m[0].length;
  return OFFICE_AFTER.test(text.slice(end, end + 60)) || ACTING_BEFORE.test(text.slice(Math.max(0, m.index - 30), m.index));
}

/** English capitalised word, also St./St and possessives (St Thomas' Hospital, Children's Hospital). */
const EN_W = `(?:St\\.?|\\p{Lu}[\\p{L}\\p{M}\\p{N}.-]{0,30}(?:['’]s?)?)`;
const EN_PLACE = `\\p{Lu}[\\p{L}\\p{M}'’-]{1,25}(?:${SP}\\p{Lu}[\\p{L}\\p{M}'’-]{1,25}){0,2}`;
const EN_HEAD_WORDS = `University Hospital Infirmary Medical_Center Medical_Centre Clinic College Police_Department
  Police_Service Fire_Department Sheriff's_Office Police Constabulary
  County_Council City_Council Borough_Council District_Council NHS_Foundation_Trust NHS_Trust Crown_Court County_Court
  Magistrates'_Court Magistrates_Court Building_Society Credit_Union Primary_School High_School Grammar_School Hotel
  School Academy`;
/** In capitals too: MERCY GENERAL HOSPITAL. */
const EN_HEADS = `(?:${phrases(EN_HEAD_WORDS)}|${phrases(EN_HEAD_WORDS.toUpperCase())})`;
/** Words before "Bank" that make a place or a generic noun (West Bank, Food Bank). */
const BANK_PREFIX_STOP = notWord(
  words('West East North South Left Right River Sand Data Blood Food Sperm Power Memory Piggy Central World Seed Gene Test'),
);

/** Kinds of school, hotel or academy: `High School` or `Sunday School` alone names no institution. */
const GENERIC_KINDS: ReadonlySet<string> = new Set(
  words(`High Sunday Primary Secondary Grammar Boarding Medical Law Business Summer Night Public Private Elementary
  Middle Nursery Driving Art Music Dance Language Budget Luxury Airport Military Police`),
);

/** An institution named by its own words: no sentence end inside, and not a kind of school or hotel alone. */
function namedInstitution(value: string): boolean {
  if (/\.[ \u00a0]/u.test(value.replace(/\bSt\. /gu, 'St '))) return false;
  const parts = value.split(/[ \u00a0]+/u);
  return !(parts.length === 2 && /^(?:Hotel|School|Academy)$/u.test(parts[1]!) && GENERIC_KINDS.has(parts[0]!));
}

/** Police stations named by number: Polizeirevier 4, Polizeiinspektion 12. */
const NUMBERED_HEADS = phrases('Polizeirevier Polizeiinspektion Polizeiabschnitt Polizeikommissariat Polizeiwache Revier');

/** Institutions named by their site: Klinik am Park, Radiologie am Markt, Praxis an der Oper. */
const SITE_HEADS = words(`Klinik Klinikum Radiologie Praxis Zahnarztpraxis Gemeinschaftspraxis Apotheke Kita Schule
  Gymnasium Ärztehaus Zentrum Hotel Pflegeheim Seniorenheim MVZ Tierklinik Tierarztpraxis`);
const SITE_HEAD = `(?:${phrases(SITE_HEADS.join(' '))}|${phrases(SITE_HEADS.join(' ').toUpperCase())})`;
const SITE_PREP = `(?:am|an${SP}der|im|AM|AN${SP}DER|IM)`;

/**
 * Trades and practices named after their owner: Schreinerei Hoffmann, Kanzlei Dr. Weber, Zahnarztpraxis Meier-Lutz,
 * Bäckerei Yıldız & Sohn. The owner is one or two surnames (a title may stand before each), never a common noun
 * (Bäckerei Öffnungszeiten, Kanzlei Team).
 */
const TRADE_WORDS = words(`Schreinerei Tischlerei Zimmerei Dachdeckerei Bäckerei Konditorei Metzgerei Fleischerei Gärtnerei
  Druckerei Malerbetrieb Malerei Elektrobetrieb Installationsbetrieb Fahrschule Spedition Kanzlei Anwaltskanzlei
  Rechtsanwaltskanzlei Steuerkanzlei Notariat Rechtsanwälte Steuerberatung Ingenieurbüro Architekturbüro
  Planungsbüro Hausverwaltung Zahnarztpraxis Arztpraxis Hausarztpraxis Gemeinschaftspraxis Tierarztpraxis
  Physiotherapiepraxis Physiotherapie Apotheke Autohaus Reisebüro Friseursalon Salon Weinhandlung Buchhandlung
  Optiker Augenoptik Bestattungen Bestattungsinstitut Umzüge Gasthaus Gasthof Pension Hotel Café Restaurant Praxis`);
const TRADES = phrases(TRADE_WORDS.join(' '));
const OWNER_STOP = notWord([
  ...ORG_STOP_WORDS,
  // A trade after `und` starts the next firm (`Malerbetrieb Schulze und Schreinerei Wagner`).
  ...TRADE_WORDS,
  ...COMMON_NOUNS,
  ...UNIT_WORDS,
  ...words(`Team Öffnungszeiten Zimmer Frühstück Termin Termine Leistungen Angebot Angebote Preise Kontakt Impressum
  Meister Meisterbetrieb Service Öffnung Betrieb Filiale Standort Leitung Inhaber Inhaberin Chef Chefin Personal
  Kosten Rechnung Nord Süd Ost West Mitte Zentrum Stadt Land Haus Hof Garten Markt Platz Straße`),
]);
const TITLE = `(?:(?:Dr|Prof|Dipl)\\.${SP}(?:(?:med|dent|jur|rer|vet)\\.${SP}(?:nat\\.${SP})?)?){0,2}`;
const OWNER = `${TITLE}${OWNER_STOP}${NOT_NOUN_SUFFIX}\\p{Lu}\\p{Ll}[\\p{Ll}\\p{M}'’]{1,30}(?:-\\p{Lu}\\p{Ll}[\\p{Ll}\\p{M}]{1,30})?`;

/** Partnerships list their partners before the form: Morgan, Delaney and Price LLP; Rechtsanwälte A, B & C PartG mbB. */
const PARTNER = `\\p{Lu}[\\p{L}\\p{M}'’-]{1,30}`;
/** A particle before the last partner's name (Brandl, Seidel & de Vries). */
const PARTICLE = `(?:de|van|von|da|di|du|van${SP}de[nr]?|von${SP}der|de${SP}la)`;
const PARTNERSHIP = phrases('LLP PartG_mbB PartGmbB PartG P.C. Solicitors Rechtsanwälte Steuerberater &_Partner_mbB &_Partner');

/**
 * A firm named by its partners alone (`Morgan, Delaney and Price`, `Homenick, Farrell & Zieme`): every name a surname,
 * that is no common word (nor a compound of them: `Teamleiterin`), place or known organisation, and the last no given
 * name (people listed by first name end with one: `Anna, Ben and Carla`; not `Leeds, York and Hull`).
 */
function partnersOnly(value: string): boolean {
  const names = value.split(/,?[ \u00a0]+(?:and|&)[ \u00a0]+|,[ \u00a0]+/u);
  return names.every(surname) && !isFirstName(names.at(-1)!);
}

/** A partner's name: no common word or compound of them, no place, no known organisation. */
function surname(w: string): boolean {
  return /^\p{Lu}\p{Ll}/u.test(w) && !isCommonWord(w, 'auto') && !isCommonCompound(w) && !placeNames().has(w) && !KNOWN_ORG_NAMES.has(w);
}

/** A billing field before a firm or person: `Bill to:`, `Invoice to:`, `Rechnung an:`. */
const BILLING_FIELD = /(?:^|[^\p{L}])(?:(?:Bill|Invoice|Ship|Sold|Remit)[ \t]+to|(?:Rechnung|Lieferung)[ \t]+an)[ \t]*:[ \t]*$/u;
/** The next line starts an address: a house number, a PO box, or street words and a number (`41 Main St`, `Hauptstr. 5`). */
const ADDRESS_NEXT =
  /^[ \t]*\r?\n[ \t]*(?:\d{1,5}[a-zA-Z]?[ \t]+\p{Lu}|P\.?[ \t]?O\.?[ \t]?Box|Postfach|(?:\p{Lu}[\p{L}\p{M}.'’-]*[ \t]+){1,4}\d{1,5}[a-zA-Z]?(?![\p{L}\p{N}]))/u;

/**
 * Two partners around a spaced dash (`Hegmann - Nienow`): a person's double name has no spaces, but real text puts
 * spaced dashes between any two words (`Coca - Cola` tokenised, `Saffir - Simpson` scale, `Montreal - Repentigny`
 * route, `Befund - Ambulanz` heading: 56 such pairs on the dev sets, one a firm), so only where a firm stands: after a
 * billing field, or alone on a line that an address follows. Every name a surname as above, none a given name; not
 * in German text, where any two nouns look so (and German firms join their partners' names with `&` or `und`).
 */
function dashPartners(value: string, m: RegExpExecArray, text: string): boolean {
  const names = value.split(/[ \t][-–][ \t]|-/u);
  if (!names.every(surname) || names.some((w) => isFirstName(w)) || readLanguage(text) === 'de') return false;
  const lineStart = text.lastIndexOf('\n', m.index - 1) + 1;
  const before = text.slice(Math.max(lineStart, m.index - 40), m.index);
  if (BILLING_FIELD.test(before)) return true;
  const end = m.index + value.length;
  return /^[ \t]*$/u.test(text.slice(lineStart, m.index)) && ADDRESS_NEXT.test(text.slice(end, end + 80));
}

/** English firms named by owner and trade: FitzGerald Joinery, Ashworth Mensah Solicitors, Bramley & Sons Builders. */
const EN_TRADES = phrases(`Solicitors Accountants Associates Architects Surveyors Joinery Plumbing Electrical Roofing Builders
  Bakery Catering Removals Landscaping Dental Pharmacy Opticians Lettings Motors Jewellers Rechtsanwälte Adjusters
  Airways Airlines Pediatrics Paediatrics Cycleworks Haulage Couriers Glazing Decorators Logistics Consultants
  Laboratories Pharmaceuticals`);
/**
 * Trade words that also end common phrases (`Customer Services`, `Public Health`, `Managed Systems`): they make a firm
 * only after a word that is no common word (`Tanabe Cloud Systems`, `Calloway Health`).
 */
const EN_TRADES_GENERIC: ReadonlySet<string> = new Set(
  words(`Services Systems Solutions Maintenance Technologies Consulting Engineering Construction Software Capital
  Digital Health Interiors Cleaning Security Insurance Studios Ventures Networks Fiber Fibre Media Energy Foods Labs
  Trust Traders Trading Supplies Cardiology Dermatology Orthopedics Orthopaedics Radiology Oncology Neurology Urology
  Physiotherapy Chiropractic Dentistry Optometry Podiatry Psychiatry Psychology Counselling Counseling Veterinary`),
);

/** A firm named by trade: a generic trade word needs a name word before it and ends the title; `& Sons` ranks with the legal forms. */
function tradeFirm(value: string, m: RegExpExecArray, text: string): boolean | number {
  const names = value.split(/[ \u00a0]+/u);
  const trade = names.pop() ?? '';
  // A word ending in a dot (not `St.` or an initial) ends a sentence: `Public Health. Calloway Health` is looked at
  // again inside.
  if (names.some((w) => w.length > 2 && w.endsWith('.') && w !== 'St.')) return false;
  if (EN_TRADES_GENERIC.has(trade)) {
    // A name word must come before it; a line that goes on in capitalised words is a heading (`Best Digital Product,
    // NZ Design Awards`).
    const name = names.filter((w) => w !== '&');
    const end = m.index + m[0].length;
    const heading =
      /(?:^|\n)[ \t]*$/u.test(text.slice(Math.max(0, m.index - 8), m.index)) && /^[ \t]\p{Lu}/u.test(text.slice(end, end + 2));
    if (name.every((w) => isCommonWord(w, 'en')) || heading) return false;
  }
  return /&[ \u00a0](?:Sons?|Söhne)[ \u00a0]/u.test(value) ? 0.9 : true;
}

/** English court kinds that take a place: County Court at Leeds, Circuit Court of Cook County. */
const EN_COURT_KINDS = 'County Crown Magistrates Family Employment Circuit District Superior Supreme Sheriff Probate';
const EN_COURT = `(?:${phrases(EN_COURT_KINDS)}${SP}Court${SP}(?:at|of|in|for)|${phrases(EN_COURT_KINDS.toUpperCase())}${SP}COURT${SP}(?:AT|OF|IN|FOR))`;

/** A judge's title before a court's name (`Richterin am`, `Vorsitzender Richter am`): rank, not the court's name. */
const JUDGE_BEFORE = /(?<![\p{L}])Richter(?:in)?[ \t\u00a0]+am[ \t\u00a0]+$/u;

/** Organisation rules; exported so that other recognizers or tests can reuse single rules. */
/**
 * Day-care centres, whose names are any word (`Kita Sonnenschein`, `Kindertagesstätte Regenbogen`, `Kindergarten
 * St. Josef`), and parishes with their saint and place (`Pfarrei St. Marien Lindlar`, `Kirchengemeinde St. Georg`).
 */
const CHILD_CARE = phrases('Kindertagesstätte Kindergarten Kinderkrippe Kinderhaus Kinderladen Familienzentrum Kita KiTa Hort');
const PARISH = phrases('Pfarrei Pfarrgemeinde Kirchengemeinde Pfarreiengemeinschaft Seelsorgeeinheit Gemeinde Parish');
const SAINT = `(?:St\\.?|Sankt|Saint|Heilig(?:e|er|en)?|Hl\\.)${SP}\\p{Lu}[\\p{L}\\p{M}-]{1,25}`;
const NAMED_WORD = `\\p{Lu}[\\p{L}\\p{M}-]{2,25}`;

export const ORG_RULES: readonly PatternRule[] = [
  {
    // Kita Sonnenschein, Kindertagesstätte Regenbogen, Kindergarten St. Josef, Kita „Pusteblume“.
    label: 'ORG',
    regex: new RegExp(`${B}${CHILD_CARE}${SP}[„"“]?(?:${SAINT}|${NAMED_WORD})[“"”]?${E}`, 'gu'),
    score: 0.8,
  },
  {
    // Pfarrei St. Marien Lindlar, Kirchengemeinde St. Georg, Parish of St Mary.
    label: 'ORG',
    regex: new RegExp(`${B}${PARISH}${SP}(?:of${SP})?${SAINT}(?:${SP}${PLACE})?${E}`, 'gu'),
    score: 0.8,
  },
  {
    // Müller Präzisionstechnik GmbH, Kita Sonnenblume e.V., Cascade Biologics, Inc., Johnson & Johnson Inc.
    label: 'ORG',
    regex: new RegExp(`${B}${STOP}${W}(?:${JOIN}${STOP}${W}){0,5}${LEGAL_TAIL}`, 'gu'),
    score: 0.9,
    validate: notStreetDirection,
  },
  {
    // Verein der Freunde des Zoos e.V., Gesellschaft für Informatik e.V.
    label: 'ORG',
    regex: new RegExp(`${B}${ASSOC_HEAD}(?:${SP}(?:${ASSOC_CONN}${SP}){0,2}${STOP}${W}){0,7}${LEGAL_TAIL}`, 'gu'),
    score: 0.9,
  },
  {
    // Amtsgericht Köln, Landgerichts Köln, Finanzamt München II, Universität Hamburg, Städtisches Klinikum Karlsruhe;
    // hospitals of a group or charity: Asklepios Klinikum Großkarlbach, DRK Krankenhaus Chemnitz; a place left as its
    // initial in published decisions: Amtsgericht P., Finanzamt X.
    label: 'ORG',
    regex: new RegExp(`${B}${DE_HEAD_ADJ}${DE_HEADS}(?:e?s|n)?${SP}(?:${PLACE}|\\p{Lu}\\.?)${E}(?:${LEGAL_TAIL})?`, 'gu'),
    score: 0.85,
    // With its legal form (Raiffeisenbank Bernau im Schwarzwald eG) as sure as the legal-form rule, whose shorter
    // reading (`Schwarzwald eG`) would otherwise win. After a judge's title the court is their rank and the name is
    // theirs (`die Richterin am Amtsgericht Engelhardt`): the person rule reads it, unless it is a listed place
    // (`ein Richter am Oberlandesgericht Köln`).
    validate: (value, m, text) => {
      if (JUDGE_BEFORE.test(text.slice(Math.max(0, m.index - 40), m.index)) && !placeNames().has(value.replace(/^\S+\s+/u, '')))
        return false;
      return LEGAL_END.test(value) ? 0.9 : true;
    },
  },
  {
    // Sparkasse Rhein Neckar Nord, Volksbank Mittelhessen.
    label: 'ORG',
    regex: new RegExp(`${B}${BANK_HEADS}${SP}${PLACE}(?:${SP}${PLACE_WORD_STOP}\\p{Lu}[\\p{L}\\p{M}-]{1,25}){1,2}${E}`, 'gu'),
    score: 0.85,
  },
  {
    // Goethe-Gymnasium, Max-Planck-Institut für Informatik, Ludwig-Maximilians-Universität München.
    label: 'ORG',
    regex: new RegExp(
      `${B}\\p{Lu}[\\p{L}\\p{M}-]{1,40}-${phrases('Universität Gymnasium Realschule Grundschule Gesamtschule Oberschule Schule Stiftung Institut')}` +
        `(?:${SP}für${SP}\\p{Lu}[\\p{L}\\p{M}-]{1,30}|${SP}${PLACE})?${E}` +
        // Clinics only with a place: Hals-Nasen-Ohren-Klinik is a department, Helios-Klinikum Berlin a hospital.
        `|${B}\\p{Lu}[\\p{L}\\p{M}-]{1,40}-${phrases('Klinik Klinikum Kliniken Krankenhaus Hospital')}${SP}${PLACE}${E}`,
      'gu',
    ),
    score: 0.85,
  },
  {
    // OLG Köln, LG Berlin, AG München (courts in citations).
    label: 'ORG',
    regex: new RegExp(`${B}${COURT_ABBR}${SP}${PLACE}${E}`, 'gu'),
    score: 0.85,
  },
  {
    // Magistrat der Stadt Wien.
    label: 'ORG',
    regex: new RegExp(`${B}Magistrat${SP}der${SP}(?:Stadt|Landeshauptstadt)${SP}${PLACE}${E}`, 'gu'),
    score: 0.9,
  },
  {
    // "der Stadt Augsburg" as the authority (Bescheid der Stadt Augsburg), not "in der Stadt Augsburg".
    label: 'ORG',
    regex: new RegExp(
      `(?<![\\p{L}])(?:der|die|Die|Der)${SP}(?<org>${phrases('Stadt Gemeinde Landeshauptstadt Hansestadt Kreisstadt Marktgemeinde Stadtgemeinde')}${SP}${PLACE})${E}`,
      'dgu',
    ),
    group: 'org',
    score: 0.8,
    validate: authorityNotPlace,
  },
  {
    // Stadt Oldenburg – Bürgerbüro, Landkreis Harz / Der Landrat, ausgestellt durch Stadt Wuppertal.
    label: 'ORG',
    regex: new RegExp(`${B}${MUNICIPALITY}${SP}${PLACE}${E}`, 'gu'),
    score: 0.8,
    validate: authorityByContext,
  },
  {
    // University of Leeds, Bank of England, California Institute of Technology, University of California at Berkeley.
    label: 'ORG',
    regex: new RegExp(
      `${B}(?:${STOP}${EN_W}${SP}){0,2}${phrases('University Bank College Institute Ministry Museum')}${SP}of${SP}(?:the${SP})?` +
        `${EN_PLACE}(?:${SP}(?:at|in)${SP}${EN_PLACE})?${E}`,
      'gu',
    ),
    score: 0.85,
  },
  {
    // Stanford University, Royal Free Hospital, St Thomas' Hospital, Leeds City Council, Hyde Park Montessori School.
    label: 'ORG',
    regex: new RegExp(`${B}${STOP}${EN_W}(?:${SP}(?:and${SP}|&${SP})?${STOP}${EN_W}){0,2}${SP}${EN_HEADS}${E}`, 'gu'),
    score: 0.8,
    validate: namedInstitution,
    retryInside: true,
  },
  {
    // AMTSGERICHT NÜRNBERG, LANDGERICHT MÜNCHEN I.
    label: 'ORG',
    regex: new RegExp(`${B}${DE_HEADS_CAPS}${SP}${CAPS_PLACE}${E}`, 'gu'),
    score: 0.85,
  },
  {
    // Polizeirevier 4, Polizeiinspektion 12.
    label: 'ORG',
    regex: new RegExp(`${B}${NUMBERED_HEADS}${SP}\\d{1,3}(?![\\p{L}\\p{N}\\p{M}]|[.,]\\p{N})`, 'gu'),
    score: 0.8,
  },
  {
    // Klinik am Südpark, RADIOLOGIE AM MARKTPLATZ, Praxis an der Oper.
    label: 'ORG',
    regex: new RegExp(`${B}${SITE_HEAD}${SP}${SITE_PREP}${SP}\\p{Lu}[\\p{L}\\p{M}-]{2,30}${E}`, 'gu'),
    score: 0.75,
  },
  {
    // Schreinerei Hoffmann, Kanzlei Dr. Weber, Gemeinschaftspraxis Dr. Okafor & Dr. Lind, Spedition Kaya und Sohn.
    label: 'ORG',
    regex: new RegExp(`${B}${TRADES}${SP}${OWNER}(?:${SP}(?:&|und)${SP}${OWNER})?${E}`, 'gu'),
    // Above the model's reading across two firms (`Schulze und Schreinerei Wagner`), which it scores about 0.73.
    score: 0.75,
    // With a title the practice outranks the person rule's reading of its owner (`Praxis Dr. Bäcker`, not `Bäcker`).
    validate: (value) => (/(?:Dr|Prof)\.[ \u00a0]/u.test(value) ? 0.85 : true),
  },
  {
    // Morgan, Delaney and Price LLP; Rechtsanwälte Lang, Osei & Roth PartG mbB.
    label: 'ORG',
    regex: new RegExp(
      `${B}(?:${TRADES}${SP})?${STOP}${PARTNER}(?:,${SP}${PARTNER}){1,3},?${SP}(?:and|und|&)${SP}(?:${PARTICLE}${SP})?${PARTNER}${SP}${PARTNERSHIP}(?![\\p{L}\\p{N}\\p{M}-])`,
      'gu',
    ),
    // Above the legal-form rule's 0.9 would lose to its shorter `Price LLP`; equal scores let the longer span win.
    score: 0.9,
  },
  {
    // Morgan, Delaney and Price; Homenick, Farrell & Zieme: three or more partners, no legal form. Not `und`: German
    // capitalises every noun, and its lists of three (`Rubor, Color und Functio`) are no firms.
    label: 'ORG',
    regex: new RegExp(`${B}${STOP}${PARTNER}(?:,${SP}${PARTNER}){1,3},?${SP}(?:and|&)${SP}${PARTNER}${E}`, 'gu'),
    score: 0.7,
    validate: partnersOnly,
  },
  {
    // Bill to: Hegmann - Nienow; Ondricka-Buckridge - Reichert heading an address block: two surnames around a
    // spaced dash where a firm stands; see dashPartners.
    label: 'ORG',
    regex: new RegExp(`${B}${STOP}${PARTNER}[ \\t][-–][ \\t]${PARTNER}${E}`, 'gu'),
    score: 0.7,
    validate: dashPartners,
  },
  {
    // FitzGerald Joinery, Ashworth Mensah Solicitors, Gerrard & Sons Jewellers, Tanabe Cloud Systems.
    label: 'ORG',
    regex: new RegExp(
      `${B}${STOP}${EN_W}(?:${SP}(?:&${SP})?${STOP}${EN_W}){0,2}${SP}(?:${EN_TRADES}|${phrases([...EN_TRADES_GENERIC].join(' '))})${E}`,
      'gu',
    ),
    score: 0.7,
    validate: tradeFirm,
    retryInside: true,
  },
  {
    // County Court at Leeds, Circuit Court of Cook County, CIRCUIT COURT OF COOK COUNTY.
    label: 'ORG',
    regex: new RegExp(`${B}${EN_COURT}${SP}(?:the${SP}|THE${SP})?${EN_PLACE}${E}`, 'gu'),
    score: 0.85,
  },
  {
    // Deutsche Bank, Silicon Valley Bank (not West Bank, Food Bank).
    label: 'ORG',
    regex: new RegExp(`${B}${STOP}${BANK_PREFIX_STOP}${EN_W}(?:${SP}${STOP}${EN_W}){0,2}${SP}Bank${E}`, 'gu'),
    score: 0.75,
  },
  ...PUBLIC_BODY_RULES,
  ...KNOWN_ORG_RULES,
];

/** Organisation recognizer (ORG): legal-form endings and institution heads, German and English. */
export const contextOrgRecognizer: Recognizer = patternRecognizer(ID, ORG_RULES, { resolveOverlaps: true });
