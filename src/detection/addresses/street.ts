import {
  alternation,
  EN_STREET_TYPES,
  EN_STREET_TYPES_MORE,
  FUNCTION_WORDS,
  MONTHS,
  NOT_NOUN_SUFFIX,
  notWord,
  phrases,
  UNIT_WORDS,
  WEEKDAYS,
  words,
} from '../words/lexicon.js';
import type { Recognizer } from '../recognizer.js';
import { patternRecognizer, type PatternRule } from '../rules/pattern-recognizer.js';
import { SP, WORD_END as E, WORD_START as B } from '../rules/fragments.js';
import { UK_POSTCODE, US_CITY, US_STATE_ZIP } from './postcode-city.js';
import { HU_STREET_RULES } from './street-hu.js';
import { INTL_STREET_RULES } from './street-intl.js';

/*
 * Street + house number (German and English) and PO boxes, as one STR span with additions (5a, 12-14, Flat 2,
 * Floor 14). Every repetition is bounded and every word is delimited by a space, so each regex runs in linear time.
 * `\b` is ASCII-only even with the `u` flag, hence the explicit letter lookarounds.
 */

const ID = 'pattern:street';

/**
 * German house number: 5, 5a, 5 a, 12-14, 12–14, 120/3. At most three digits (four-digit numbers are years far more
 * often); not followed by a decimal part or by a short digit group (phone numbers: "Telefonnummer 450 550").
 */
const NUM_DE =
  `[1-9]\\d{0,2}(?:${SP}?[a-zA-Z](?![\\p{L}\\p{N}]|\\.\\p{L}))?` +
  `(?:${SP}?[-–/]${SP}?[1-9]\\d{0,2}(?:[a-zA-Z](?![\\p{L}\\p{N}]))?)?` +
  `(?![\\p{N}]|[.,:]\\d|${SP}\\d{1,4}(?![\\p{N}]))`;
/** What may follow the house number in the same STR span: flat, floor or building (", Whg. 3", ", 2. OG", " / Hinterhaus"). */
const ADDITION =
  `(?:,?${SP}?(?:(?:Whg\\.|Wohnung|App\\.|Apt\\.|Zi\\.|Zimmer|Top)${SP}?\\d{1,3}|\\d{1,2}\\.${SP}?(?:OG|Etage|Stock|Obergeschoss)` +
  `(?:${SP}(?:rechts|links|Mitte))?|EG|DG|/${SP}?(?:Hinterhaus|Vorderhaus|Seitenflügel|Gartenhaus|Rückgebäude))(?![\\p{L}\\p{N}]))?`;
/** Optional "Nr." between street and number. */
const NR = `(?:Nr\\.${SP}?)?`;

/** Suffixes that make a compound word a street name (Hauptstraße, Konrad-Adenauer-Ufer, Lindenweg). */
const SUFFIX =
  '(?:[Ss]tra(?:ß|ss)e|[Ss]tr\\.?|[Ww]eg|[Gg]asse|[Aa]llee|[Pp]latz|[Rr]ing|[Dd]amm|[Uu]fer|[Cc]haussee|[Ss]teig|' +
  '[Ss]tieg|[Pp]fad|[Kk]amp|[Tt]wiete|[Gg]raben|[Pp]romenade|[Rr]edder|[Dd]eich|[Kk]ai)';
/** Compounds with a street suffix that name something else (parking space, platform, detour, earring …). */
const COMPOUND_STOP = notWord(
  words(`Parkplatz Stellplatz Arbeitsplatz Sitzplatz Steckplatz Standplatz Liegeplatz Tabellenplatz Ausbildungsplatz
  Studienplatz Kitaplatz Krippenplatz Startplatz Spielplatz Bahnsteig Flugsteig Einstieg Anstieg Aufstieg Abstieg
  Rechtsweg Umweg Ausweg Dienstweg Zahlungsweg Versandweg Lieferweg Fußweg Radweg Rückweg Heimweg Lernpfad Dateipfad
  Ehering Ohrring Fingerring Schlüsselring Staudamm`),
);
/** A compound street word: capital start, at most 40 more characters, ends in a street suffix. */
const COMPOUND = `${COMPOUND_STOP}\\p{Lu}[\\p{L}\\p{M}'’.-]{0,40}?${SUFFIX}`;
/** Street nouns that need a modifier to be a street (Berliner Allee, Neuer Wall, Alter Markt). */
const BARE = phrases(`Straße Strasse Str. Str Weg Gasse Allee Platz Ring Damm Ufer Chaussee Steig Pfad Kamp Graben
  Promenade Markt Wall Deich Kai Tor Hof Berg Anger Brücke`);
/** Adjectives in -e that open street names (Alte Landstraße, Große Hamburger Straße): a closed list. */
const ADJ_E = phrases(`Alte Neue Lange Hohe Breite Große Grosse Kleine Obere Untere Mittlere Hintere Vordere Schöne
  Krumme Kurze Stille Grüne Rote Weiße Schwarze Heilige Innere Äußere Westliche Östliche Nördliche Südliche Gelbe
  Blaue Tiefe Steile Sankt St.`);
/** Nouns in -er that must not pass as the adjective of a street name (Absender Hauptstraße 5). */
const ADJ_ER_STOP = notWord(
  words(`Der Oder Aber Über Unser Ihrer Meiner Seiner Dieser Jeder Einer Keiner Mieter Vermieter Kläger Inhaber
  Absender Empfänger Bewohner Eigentümer Nutzer Fahrer Lehrer Partner Mitarbeiter Nummer Zimmer Wasser Keller Leiter
  Kinder Bürger Täter Unter Hinter Weiter Später Vater Mutter Bruder Schwester Tochter Gläubiger Schuldner Verkäufer
  Käufer Anbieter Betreiber Halter Auftraggeber Arbeitgeber Versender Besteller`),
);
/** A street adjective: from the -e list, or any -er form (Berliner, Neuer, Alter, Kärntner). */
const ADJ = `(?:${ADJ_E}|${ADJ_ER_STOP}\\p{Lu}\\p{Ll}{2,25}er)(?![\\p{L}\\p{N}])`;
/** Weak compound suffixes (hof, markt, wall): real streets (Lindenhof, Heumarkt) but also common nouns. */
const WEAK_SUFFIX = '(?:hof|markt|wall)';
const WEAK_STOP = notWord(
  words(`Bahnhof Hauptbahnhof Friedhof Innenhof Hinterhof Vorhof Bauhof Wertstoffhof Betriebshof Gasthof Schlachthof
  Bauernhof Pausenhof Schulhof Arbeitsmarkt Supermarkt Wochenmarkt Weihnachtsmarkt Flohmarkt Immobilienmarkt
  Wohnungsmarkt Aktienmarkt Binnenmarkt Kapitalmarkt Firewall Schutzwall Erdwall Lärmschutzwall`),
);

/** Capitalised prepositions that open street names (Am Lindenhof, Unter den Linden, An der Alster). */
const PREP = `(?:${phrases(`Am Im Beim Zum Zur Vom An_der An_den An_dem Auf_der Auf_dem Auf_den In_der In_den In_dem
  Unter_der Unter_den Unter_dem Hinter_der Hinter_den Hinter_dem Vor_der Vor_den Vor_dem Bei_der Bei_den Bei_dem
  Neben_der Neben_den Neben_dem Über_der Über_den Über_dem Ober_der Ober_dem Zwischen_den Zu_den Auf'm`)})`;
/** Words after such a preposition that are not street names (Im Jahr 2020, Am Montag 5, In der Telefonnummer …). */
const PREP_NOUN_STOP = notWord([
  ...MONTHS,
  ...WEEKDAYS,
  ...words(`Jahr Jahre Jahren Jahres Tag Tage Tagen Monat Monaten Woche Wochen Quartal Kapitel Abschnitt Absatz
  Paragraph Paragraf Artikel Teil Raum Räumen Zimmer Klasse Stock Geschoss Stockwerk Erdgeschoss Obergeschoss
  Untergeschoss Dachgeschoss Saal Gebäude Haus Block Bereich Anhang Anlage Seite Zeile Spalte Schritt Fall Ende Anfang
  Laufe Rahmen Alter Durchschnitt Vergleich Verfahren Vertrag Sommer Winter Frühjahr Frühling Herbst Halbjahr Semester
  Schuljahr Geschäftsjahr Zeitraum Zeitpunkt Punkt Jahrgang Level Stufe Gruppe Team Bus Zug Gleis Bahnsteig Terminal
  Wagen Sitz Reihe Ordner Fach Modul Kurs Heft Band Folge Staffel Runde Spiel Minute Stunde Sekunde Prozent Wert
  Betrag Höhe Größe Summe Gesamten Schnitt Mittel Moment Jahrzehnt Jahrhundert Kreis Bezirk Landkreis Stadtteil
  Ortsteil Rang Rennen Finale Halbfinale Viertelfinale Original Anschluss Auftrag Namen Wege Ergebnis Tabelle Liste
  Jahresverlauf Vorjahr Folgejahr Monatsverlauf Nachgang Verlauf Zuge Zusammenhang Hinblick Vorfeld Nachhinein Übrigen
  Allgemeinen Einzelnen Wesentlichen Grunde Prinzip Augenblick Gespräch Telefonat Büro Homeoffice Urlaub Dienst
  Einsatz Krankenhaus Alltag Internet Netz Telefonnummer Rufnummer Nummer Faxnummer Hotline Durchwahl Kennziffer
  Kennung Mal`),
]);
/**
 * An adjective between preposition and street noun, capitalised or not (`Zur Alten Mühle`, `Zur weißen Brücke`); in
 * lower case not an ordinal or a quantity (`Zum ersten Mal 3 Tore`).
 */
const PREP_ADJ =
  `(?!(?:ersten|zweiten|dritten|vierten|fünften|letzten|nächsten|vorigen|gleichen|selben|ganzen|halben|anderen|` +
  `meisten|besten|kommenden|folgenden|jeweiligen)${SP})[\\p{Lu}\\p{Ll}]\\p{Ll}{1,20}(?:en|er|e)${SP}`;
const PREP_NOUN = `${PREP_NOUN_STOP}${NOT_NOUN_SUFFIX}\\p{Lu}[\\p{L}\\p{M}]{1,30}(?:-\\p{Lu}?[\\p{L}\\p{M}]{1,30}){0,3}`;

/** "Straße des 17. Juni", "Platz der Republik", "Allee der Kosmonauten". */
const GENITIVE_HEAD = phrases('Straße Strasse Platz Allee Ufer Weg Ring Damm Brücke Markt Chaussee Promenade Park');
const GENITIVE_LINK = phrases('der des am an_der zum zur vom');
const GENITIVE_TAIL = `(?:\\d{1,2}\\.${SP}\\p{Lu}\\p{Ll}{2,12}|(?:\\p{Lu}[\\p{L}\\p{M}]{1,25}${SP})?\\p{Lu}[\\p{L}\\p{M}]{1,25})`;

/** English: number (221B, 12-14, Scottish flat 14/3), one to four capitalised words or ordinals, a street type, optional direction. */
const EN_NUM = `(?:\\d{1,3}/)?\\d{1,5}[A-Za-z]?(?:${SP}?[-–]${SP}?\\d{1,5}[A-Za-z]?)?`;
const EN_WORD = `(?:\\p{Lu}[\\p{L}\\p{M}'’-]{0,25}|\\d{1,3}(?:st|nd|rd|th))`;
/** Abbreviated types take their dot (Main St.); full words leave a sentence's full stop outside. */
const EN_ABBR = new Set(words('St Rd Ave Av Ln Dr Blvd Pl Ct Cres Terr Ter Sq Pkwy Hwy Cir'));
const EN_TYPES = [...EN_STREET_TYPES, ...EN_STREET_TYPES_MORE];
const EN_TYPE =
  `(?:${alternation(EN_TYPES.filter((t) => EN_ABBR.has(t)))}\\.?` +
  `|${alternation(EN_TYPES.filter((t) => !EN_ABBR.has(t) && t !== 'Broadway'))})`;
const EN_DIR = `(?:${SP}(?:NW|NE|SW|SE|N|S|E|W)(?![\\p{L}\\p{N}]))?`;
/** Full street types that name places more often than streets without a number (Central Park, Village Green). */
const EN_PLACE_TYPES = new Set(
  words(`Park Green Hill Gate Plaza Mall Village Villages Lake Lakes Forest Valley Heights Harbor Harbour Isle Island
  Islands Creek Wood Woods Field Fields Side Reach Club Camp Point Points Mount Corner Corners`),
);
const EN_TYPE_FULL = alternation(EN_TYPES.filter((t) => !EN_ABBR.has(t) && t !== 'Broadway' && !EN_PLACE_TYPES.has(t)));
/** A flat, unit or floor before the street line: "Flat 2", "Unit 3", "4th Floor", "Ground Floor Flat". */
const EN_UNIT =
  `(?:${phrases('Flat Apt. Apt Apartment Unit Suite Ste. Ste Level Shop')}${SP}#?\\d{1,4}[A-Za-z]?(?:/\\d{1,2}(?![\\p{N}]))?` +
  `|(?:\\d{1,2}(?:st|nd|rd|th)|${phrases('Ground First Second Third Top Lower Upper Basement Garden')})${SP}` +
  `(?:Floor|Fl\\.)(?:${SP}${phrases('Flat Suite Office')})?|${phrases('Basement_Flat Garden_Flat Top_Flat')})`;
/** Words that end a building name on an address line (Kennet House, Marlowe Court, Millbrook Health Centre). */
const EN_BUILDING_TYPE = phrases(`House Court Centre Center Building Buildings Tower Towers Lodge Mansions Hall Chambers
  Works Mill Yard Farm Cottage Cottages Barn Block Wing Exchange Quay Wharf`);
const EN_BUILDING = `(?:The${SP})?${notWord(FUNCTION_WORDS)}(?:${EN_WORD}${SP}){1,3}${EN_BUILDING_TYPE}`;
/** Unit and building name before the number, each followed by a comma or a space: "Flat 6, Marlowe Court, 88 …". */
const EN_PRE = `(?:${EN_UNIT}(?:,?${SP}|,?${SP}{0,3}\\r?\\n${SP}{0,3}))?(?:${EN_BUILDING},?${SP})?`;
/** One addition after the street: "Suite 200", "Apt. 4B", "#12", "Floor 14", "14th Floor", "Level 5". */
const EN_ADD =
  `(?:${phrases('Floor Fl. Suite Ste. Unit Apt. Apt Apartment Room Rm. Level #')}${SP}?#?\\d{1,4}[A-Za-z]?` +
  `|\\d{1,2}(?:st|nd|rd|th)${SP}(?:Floor|Fl\\.))(?![\\p{L}\\p{N}])`;
/**
 * Up to two additions, after a comma or a space, or alone on the next line of an address block ("742 Evergreen
 * Terrace⏎Apt 3⏎Springfield, IL 62704": labels.md keeps the unit inside STR, and a span may cross a line break).
 */
const EN_POST = `(?:(?:,?${SP}|,?${SP}{0,3}\\r?\\n${SP}{0,3}(?=${EN_ADD}${SP}{0,3}(?:[,\\r\\n]|$)))${EN_ADD}){0,2}`;
/** A US or UK town line right after: "Springfield, IL 62701", "Portland, Oregon 97201", "Cambridge CB2 1TN". */
const EN_TOWN_AFTER =
  `(?=,?(?:${SP}{1,3}|${SP}{0,3}\\r?\\n${SP}{0,3})(?:${US_CITY}${SP}){0,2}${US_CITY}` +
  `(?:${SP}${phrases('upon on under')}${SP}\\p{Lu}\\p{Ll}{1,20})?,?${SP}(?:${US_STATE_ZIP}|${UK_POSTCODE}))`;
/** Start of an address line: the text's or a line's start, or after a comma or a table-cell bar. */
const LINE_START = `(?<=^${SP}{0,8}|[,|]${SP}{1,3})`;
const PO_BOX = phrases(
  'P.O._Box P._O._Box P.O.Box PO_Box P.O._BOX PO_BOX P_O_Box Po_Box Post_Office_Box POST_OFFICE_BOX POB Postfach POSTFACH',
);

const UNIT_AFTER = new RegExp(`^${SP}?(?:${alternation(UNIT_WORDS)}(?![\\p{L}\\p{N}])|%|€|\\$)`, 'u');

/** Rejects a house number that is really an amount ("Am Ende 5 Jahre"). */
function notAmount(_value: string, m: RegExpExecArray, text: string): boolean {
  return !UNIT_AFTER.test(text.slice(m.index + m[0].length, m.index + m[0].length + 16));
}

const YEAR_BEFORE = new RegExp(
  `(?:^|[^\\p{L}])${phrases('in In since Since by By from From until Until of before Before after After during During')}${SP}$`,
  'u',
);

/** Words that number what follows them, not a house: "Chapter 12 The Street", "Track 3 Abbey Road". */
const LABEL_BEFORE = new RegExp(
  `(?:^|[^\\p{L}])${phrases(`Chapter Page Pages Section Part Step Table Figure Fig. Episode Season Volume Vol. Track
  Article Item Rule Lesson Module Grade Year Class Act Scene Book Level Stage Round Game Match Question No. Nr. Number
  Seite Kapitel Teil Abschnitt chapter page section part step table figure episode track item rule lesson grade year`)}${SP}$`,
  'u',
);

/**
 * English addresses: a 4-digit number after "in"/"since" is a year ("In 2020 Oxford Street …"); a number after a
 * counting word numbers something else ("Chapter 12 The Street").
 */
function englishAddress(value: string, m: RegExpExecArray, text: string): boolean {
  const before = text.slice(Math.max(0, m.index - 12), m.index);
  if (/^(?:19|20)\d\d(?!\d)/u.test(value) && YEAR_BEFORE.test(before.slice(-8))) return false;
  if (/^\d/u.test(value) && LABEL_BEFORE.test(before)) return false;
  return notAmount(value, m, text);
}

/** A German postcode + town right after (or "in" and them): the line before it in an address block is the street line. */
const POSTCODE_AFTER = `(?=,?(?:${SP}{1,3}(?:in${SP})?|${SP}{0,3}\\r?\\n${SP}{0,3})(?:(?:D|A|CH)-)?\\d{4,5}${SP}\\p{Lu})`;
/**
 * Any capitalised -e/-es word opening a street name (Kahle Hege, Grünes Feld, Niedere Reihe): only where the context
 * already says "street line" (a postcode and town follow, or a field label precedes), as the closed list cannot
 * hold every adjective.
 */
const ADJ_ANY_STOP = notWord(
  words(`Siehe Bitte Habe Danke Liebe Liebes Ihre Ihres Seine Seines Meine Meines Unsere Unseres Eure Deine Keine Keines
  Diese Dieses Jede Jedes Welche Welches Eine Eines Alle Alles Manche Einige Viele Wenige Andere Anderes Beide Beides
  Gute Gutes Gerne Heute Ohne Gemäße Jene Solche`),
);
/** Not the -er forms here: before a street line they are mostly surnames (Tobias Öhler Kaiserstraße 33). */
const ADJ_ANY = `(?:${ADJ_E}|${ADJ_ANY_STOP}\\p{Lu}\\p{Ll}{2,20}(?:e|es))(?![\\p{L}\\p{N}])`;
/** A street word after such an adjective: a capitalised noun that is not a common non-street noun (Seite, Jahr). */
const ADJ_NOUN = `${PREP_NOUN_STOP}\\p{Lu}[\\p{L}\\p{M}]{2,30}(?:-\\p{L}[\\p{L}\\p{M}]{1,30}){0,2}`;

/** One capitalised street word of an address block (Rählwiese, Ziegelhütte, ThyssenKrupp-Allee). */
const BLOCK_WORD = `${PREP_NOUN_STOP}${NOT_NOUN_SUFFIX}\\p{Lu}[\\p{L}\\p{M}]{3,30}(?:-\\p{L}[\\p{L}\\p{M}]{1,30}){0,3}`;
/** Field labels and words whose value is a street line ("Anschrift: Kiefernblick 392", "wohnhaft Riedhohl 31"). */
const ADDRESS_FIELD = phrases(
  'Anschrift Adresse Wohnanschrift Wohnadresse Straße Strasse Str. Straße_und_Hausnummer Straße,_Hausnummer wohnhaft wohnhaft_in Hauses Anwesens',
);
/** Prepositions that put a street name without a number in a sentence ("wohnt in der Lindenstraße"). */
const IN_STREET = phrases(
  'in_der In_der auf_der Auf_der an_der An_der aus_der Aus_der in_die In_die über_die Über_die Ecke Kreuzung Einmündung',
);

/** Street rules; exported so that other recognizers or tests can reuse single rules. */
export const STREET_RULES: readonly PatternRule[] = [
  {
    // Hauptstraße 5, Konrad-Adenauer-Ufer 21, Alte Landstraße 3, Berliner Allee 1, Neuer Wall 10, Alt-Moabit 88.
    label: 'STR',
    regex: new RegExp(
      `${B}(?:(?:${ADJ_E}${SP})?(?:${ADJ}${SP})?${COMPOUND}|(?:${ADJ_E}${SP})?${ADJ}${SP}${BARE}|Alt-\\p{Lu}[\\p{L}\\p{M}-]{1,30})` +
        `${SP}?${NR}${NUM_DE}${ADDITION}`,
      'gu',
    ),
    score: 0.85,
    validate: notAmount,
  },
  {
    // Lindenhof 3, Heumarkt 5: weaker suffixes.
    label: 'STR',
    regex: new RegExp(`${B}${WEAK_STOP}\\p{Lu}\\p{Ll}{2,30}${WEAK_SUFFIX}${SP}${NR}${NUM_DE}${ADDITION}`, 'gu'),
    score: 0.65,
    validate: notAmount,
  },
  {
    // Am Lindenhof 12-14, Unter den Linden 77, An der Alster 7, Im Winkel 3, Am Alten Markt 4.
    label: 'STR',
    regex: new RegExp(`${B}${PREP}${SP}(?:${PREP_ADJ})?${PREP_NOUN}${SP}${NR}${NUM_DE}${ADDITION}`, 'gu'),
    score: 0.85,
    validate: notAmount,
  },
  {
    // Straße des 17. Juni 135, Platz der Republik 1.
    label: 'STR',
    regex: new RegExp(`${B}${GENITIVE_HEAD}${SP}${GENITIVE_LINK}${SP}${GENITIVE_TAIL}${SP}${NR}${NUM_DE}${ADDITION}`, 'gu'),
    score: 0.85,
    validate: notAmount,
  },
  {
    // 221B Baker Street, Flat 2, 14 Kings Road, 1600 Pennsylvania Avenue NW, 350 Fifth Ave, Floor 14, 1585 Broadway.
    label: 'STR',
    regex: new RegExp(
      `${B}${EN_PRE}${EN_NUM}${SP}(?:(?:${EN_WORD}${SP}){1,4}${EN_TYPE}|Broadway)(?![\\p{L}\\p{N}])${EN_DIR}${EN_POST}`,
      'gu',
    ),
    score: 0.85,
    validate: englishAddress,
  },
  {
    // Rählwiese 22a⏎38727 Altlandsberg, ThyssenKrupp Allee 133, 02589 …, Kahle Hege 28⏎…: any street word (or word +
    // street noun, or adjective + noun) with a house number, when a postcode and town follow as in an address block.
    label: 'STR',
    regex: new RegExp(
      `${B}(?:${ADJ_ANY}${SP}${ADJ_NOUN}|${BLOCK_WORD}(?:${SP}${BARE})?)${SP}${NR}${NUM_DE}${ADDITION}${POSTCODE_AFTER}`,
      'gu',
    ),
    score: 0.8,
    validate: notAmount,
  },
  {
    // "unter der Anschrift Oberer Neuer Weg 13", "Straße: Milchgrund 18": any street words with a number after a field label.
    label: 'STR',
    regex: new RegExp(
      `(?<=${B}${ADDRESS_FIELD}${SP}?:?${SP})(?:(?:(?:${ADJ}|${ADJ_ANY})${SP}){1,2}${ADJ_NOUN}|(?:${BLOCK_WORD}|${BARE}))${SP}${NR}${NUM_DE}${ADDITION}`,
      'gu',
    ),
    // Above the other German rules: where they match a part ("Neuer Weg 13"), this one has the whole street.
    score: 0.86,
    validate: notAmount,
  },
  {
    // "in der Lindenstraße", "über die Kantstraße", "Kreuzung Friedrich-Ebert-Straße / Luisenstraße": a street name
    // without a number after a place preposition, or after another such street and a slash.
    label: 'STR',
    regex: new RegExp(
      `(?<=${B}${IN_STREET}${SP}(?:${COMPOUND}${SP}?/${SP}?)?)(?:(?:${ADJ_E}${SP})?(?:${ADJ}${SP})?${COMPOUND}|(?:${ADJ_E}${SP})?${ADJ}${SP}${BARE})(?![\\p{L}\\p{N}])`,
      'gu',
    ),
    score: 0.7,
  },
  {
    // "meet at Miller's place on Ceasar Gardens", "on Armand Locks": an English street without a number after "on".
    label: 'STR',
    regex: new RegExp(`(?<=${B}(?:on|On)${SP})(?:${EN_WORD}${SP}){1,3}(?:${EN_TYPE_FULL})(?![\\p{L}\\p{N}])`, 'gu'),
    score: 0.7,
  },
  {
    // 15 Sammie Bank⏎Vancouver, GA 76298, 9 The Coppice, Oxford OX1 2JD: a numbered line of one to three words with
    // any last word (the suffix lists cannot hold every street type), when a US or UK town line follows.
    label: 'STR',
    regex: new RegExp(`${B}${EN_PRE}${EN_NUM}${SP}(?:${EN_WORD}${SP}){0,2}${EN_WORD}(?![\\p{L}\\p{N}])${EN_POST}${EN_TOWN_AFTER}`, 'gu'),
    score: 0.8,
    validate: englishAddress,
  },
  {
    // London Road⏎Reading RG1 5AN, "Lower Road, Calne SN11 9HX": an English street without a number, when its town and
    // postcode follow as in an address block; with the flat or unit and building before it, wherever the line starts
    // ("occupied Flat 4B, Riverside House, Chapel Street, Salford M3 5JZ").
    label: 'STR',
    regex: new RegExp(
      `(?:${LINE_START}|${B}(?=${EN_UNIT}))${EN_PRE}${notWord(FUNCTION_WORDS)}(?:${EN_WORD}${SP}){1,3}(?:${EN_TYPE_FULL})(?![\\p{L}\\p{N}])${EN_TOWN_AFTER}`,
      'gmu',
    ),
    score: 0.75,
  },
  {
    // PO Box 123, P.O. Box 12, Postfach 91 02 33.
    label: 'STR',
    regex: new RegExp(`${B}${PO_BOX}${SP}?\\d{1,6}(?:${SP}\\d{2,3}(?![\\p{N}])){0,3}${E}`, 'gu'),
    score: 0.9,
  },
];

/** Street + house number and PO box recognizer (STR), German and English. */
export const streetRecognizer: Recognizer = patternRecognizer(ID, [...STREET_RULES, ...INTL_STREET_RULES, ...HU_STREET_RULES], {
  resolveOverlaps: true,
});
