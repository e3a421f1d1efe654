import { alternation, FUNCTION_WORDS, notWord, phrases, UNIT_WORDS, words } from '../words/lexicon.js';
import type { PatternRule } from '../rules/pattern-recognizer.js';
import { SP, WORD_END as E, WORD_START as B } from '../rules/fragments.js';

/*
 * Street lines of other countries (issue 17) as one STR span with their additions: a street-type word first (rue,
 * calle, rua, via, ul., náměstí, οδός), one word ending in a street suffix (Dutch, Scandinavian, Finnish), a genitive
 * and a type as two words (Karl Johans gate), a Czech or Slovak street adjective, and PO boxes in other languages.
 * A house number is always required: without one these words are ordinary nouns far more often than streets. Every
 * repetition is bounded, so each regex runs in linear time.
 */

/** House number: 5, 5a, 163A, 7/B, 12-14, 120/3, s/n (Spanish "sin número"); not a decimal or part of a digit run. */
const NUM =
  `(?:[1-9]\\d{0,3}(?:[a-zA-Z]|/[A-Za-z](?![\\p{L}]))?(?:${SP}?[-–/]${SP}?[1-9]\\d{0,3}[a-zA-Z]?)?|s/n\\.?)` + '(?![\\p{N}]|[.,:]\\d)';

/** Side or position of a flat after its floor: Danish "2. sal", "7. tv"; Spanish "3º Izda."; Dutch "3 hoog". */
const SIDE = `(?:${phrases('sal tv th mf Izda Izq Dcha Dcho Dto Esq Fte izda izq dcha dto esq fte hoog andar piso étage etg')}\\.?)(?![\\p{L}\\p{N}])`;
/**
 * A floor: "2." or "3" before a side word, or an ordinal "4.º", "3º", "1ª", "2ος" (then a door letter or a Catalan door
 * number, "3º 2ª", may follow).
 */
const FLOOR = `\\d{1,2}(?:\\.?${SP}?[ºª°](?:${SP}?(?:${SIDE}|[A-H](?![\\p{L}\\p{N}])|\\d{1,2}[ºª](?![\\p{L}\\p{N}])))?|ος(?![\\p{L}])|\\.?${SP}?${SIDE})`;
/**
 * Words that number a flat, staircase or entrance: "m. 6", "lok. 109" (PL), "int. 5", "Scala B" (IT), "Oppgang B" (NO),
 * "Bloc 97", "Ap. 12" (RO).
 */
const UNIT_WORD = phrases(`m. lok. int. Int. Piano piano Scala scala Sc. Interno interno Esc. esc. Bloco Lote Leil. Oppgang
  lgh. Lgh bus boîte bte Bte Porta porta Puerta pta. Pta. Appartement appt. Apt. Apt Bloc bl. Ap. ap. Et. et.`);
/**
 * What follows the number on the same street line: a floor, a flat, a Dutch storey (II, hs, also `263-II`), a Finnish
 * "A 2", a staircase letter (`Storgatan 14 B`).
 */
const ADDITION =
  `(?:,?${SP}(?:${FLOOR}|${UNIT_WORD}${SP}?[0-9A-Z]{1,4}(?![\\p{L}\\p{N}])` +
  `|(?:II|III|IV|hs|huis)(?![\\p{L}\\p{N}])|[A-H](?:${SP}\\d{1,3})?(?![\\p{L}\\p{N}-]))|-(?:II|III|IV|hs|huis)(?![\\p{L}\\p{N}]))?`;

/** One word of a street name: Garibaldi, Tanneurs, Chaussée-d'Antin, G. (an initial), Βενιζέλου. */
const NAME_WORD = `\\p{Lu}[\\p{L}\\p{M}'’.-]{0,30}`;
/** Linking words inside a street name: rue de la Paix, Avenida da Liberdade, Via dei Mille, Calle del Carmen. */
const LINK = phrases(`de de_la du des d' l' da do dos das del de_los de_las della delle dello degli dei di al alla y e
  i van von der den het`);
/** A street name after its type: one to five words, linking words before and between them. */
const NAME = `(?:${LINK}${SP}?)?${NAME_WORD}(?:${SP}(?:${LINK}${SP}?)?${NAME_WORD}){0,4}`;

/** Street types written before the name, in either case: rue, calle, rua, viale, ul., náměstí, οδός. */
const TYPE_ANY_CASE = words(`rue avenue boulevard chemin allée impasse quai calle avenida paseo travessa rua viale
  piazza piazzale vicolo ulica ulice náměstí nám. třída nábřeží námestie odos leoforos plateia οδός λεωφόρος πλατεία
  λεωφ. οδ. ul. bd. avda. pza. c/`);
/** Types that are also common words elsewhere (via, place, route, passage, corso, al.), and Catalan ones: only with a capital. */
const TYPE_CAPITAL = words(`Via Place Route Passage Cours Voie Corso Largo Strada Contrada Lungomare Rambla Ronda
  Glorieta Camino Carretera Travesía Pasaje Plaza Praça Estrada Alameda Calçada Beco Al. Aleja Pl. Plac Os. Osiedle
  Av. Avda. Tř. Strada Aleea Bulevardul Calea Șoseaua Soseaua Splaiul Intrarea Piața Viela Chalet Calleja Callejón
  Rincón Parcela Conjunto Urbanización Polígono Bajada Subida Cuesta Senda Prolongación Explanada Escalinata Masía
  Bloque Barrio Jardines Riera Caserío Poblado Carrer Avinguda Passeig Plaça Travessera Carreró`);
const upperFirst = (w: string): string => w.charAt(0).toUpperCase() + w.slice(1);
const TYPE_FIRST = alternation([...TYPE_ANY_CASE, ...TYPE_ANY_CASE.map(upperFirst), ...TYPE_CAPITAL]);
/** "Nr." or "nº" between name and number: Rua Augusta, nº 12; Via Roma Nr. 5; Vinohradská č. 12. */
const NUMBER_SIGN = `(?:(?:n\\.?[º°o]|N\\.?[º°o]|Nr|č)\\.?${SP}?)?`;
/** French types that also follow the number: 12, rue des Tanneurs; 8 Quai Charlemagne; 4 bis avenue Foch. */
const TYPE_FR = alternation(
  ['rue', 'avenue', 'boulevard', 'chemin', 'allée', 'impasse', 'quai', 'place', 'cours', 'route', 'voie'].flatMap((t) => [
    t,
    upperFirst(t),
  ]),
);

/** Endings that make one word a street: Dutch, Scandinavian, Finnish (Herengracht, Refshalevej, Mannerheimintie). */
const SUFFIX = alternation(
  words(`straat laan gracht kade singel dijk plein dreef steeg gata gatan gaten gränd gränden vägen väg vej vejen gade
  gaden veien vei vegen veg allé allén torget torg plads pladsen stræde strædet plass plassen kaia kaien brygga bryggen
  katu tie kuja polku kaari ranta aukio`),
);
/** Common words with such an ending. */
const SUFFIX_STOP = notWord(words('Brigade Partie Garantie Demokratie Bürokratie Diplomatie Sympathie'));
const SUFFIX_WORD = `${SUFFIX_STOP}\\p{Lu}[\\p{L}\\p{M}-]{1,30}${SUFFIX}`;
/** A genitive and a type as two words: Karl Johans gate, Berglunds Väg, Kongens gade. */
const GENITIVE_TYPE = phrases('gate gata gatan väg vägen Väg Vägen vej Vej gade Gade vei Vei veien allé Allé plass');
const GENITIVE_STREET = `(?:\\p{Lu}\\p{Ll}{1,20}${SP})?\\p{Lu}\\p{Ll}{1,20}s${SP}${GENITIVE_TYPE}`;
/** Turkish street types after the name: Oğuzhan Sokak 2, Atatürk Caddesi 15, Alparslan Türkeş Bulvarı 55a. */
const TR_TYPE = phrases('Sokak Sokağı Sk. Caddesi Cad. Cd. Bulvarı Blv. Yolu');
const TR_STREET = `(?:\\p{Lu}[\\p{L}\\p{M}]{1,25}${SP}){1,3}${TR_TYPE}`;
/** A Dutch name particle before a street word: de Jongstraat, van den Veldedijk. */
const NL_PARTICLE = phrases('van_den van_der van_de van de den het ten ter');
/**
 * Czech and Slovak street adjectives (Vinohradská, Palackého, Národní, Masarykova) or adjective + street noun
 * (Drotárska cesta).
 */
const CZ_STREET =
  `\\p{Lu}\\p{Ll}{2,25}(?:ská|cká|ého|ní|ova)` + `|\\p{Lu}\\p{Ll}{2,25}(?:ska|cka|á|é|ý)${SP}(?:cesta|ulica|trieda|nábrežie)`;

/** Counts and amounts after a number: "Via Roma 2 giorni" is no address. */
const UNIT_AFTER = new RegExp(
  `^${SP}?(?:${alternation([...UNIT_WORDS, ...words('giorni anni mesi días años meses jours ans mois dagen jaar dage år dagar')])}` +
    '(?![\\p{L}\\p{N}])|%|€|\\$)',
  'u',
);

/** Rejects a house number that is really an amount or a count. */
function notAmount(_value: string, m: RegExpExecArray, text: string): boolean {
  return !UNIT_AFTER.test(text.slice(m.index + m[0].length, m.index + m[0].length + 16));
}

/**
 * Words that put a street type's "name" elsewhere: a medium (Via Email 3), a firm, hotel or venue (Plaza Hotel 5,
 * Corso Capital 2), a product, a section of a text. Checked in JavaScript, word by word (no regex code per rule).
 */
const NAME_STOP: ReadonlySet<string> = new Set(
  words(`Email E-Mail EMail Mail Post Phone Telefon Fax Chat Link App Web Website Internet Zoom Skype Teams WhatsApp
  Slack Signal Telegram Amazon eBay PayPal DHL UPS FedEx TNT GLS Hermes Royal Courier Hotel Hotels Resort Motel Hostel
  Group Holdings Holding Capital Partners Partner Records Cinema Cinemas Theatre Theater Mall Shopping Bank Club Team
  Studio Studios Media Inc Ltd LLC GmbH AG SpA Srl SA SL Ltda Co Company Corp Corporation Consulting Solutions
  Services Systems Software Technologies Tech Labs Games Pictures Films Music Entertainment Sports Fitness Gym
  Restaurant Bar Cafe Café Pizzeria Chapter Table Level Test Section Page Step Part Version Edition Series Model
  Season Episode Track Album Game Player Room Floor Suite Unit Apartment Apartments Tower Towers Center Centre Crucis
  Dolorosa Lattea Ferrata Mr Mrs Ms Miss Mx`),
);
/** Counts after the number in the languages of the type-first streets (stars, stazioni, giorni, estrellas …). */
const COUNT_AFTER = new RegExp(
  `^${SP}{1,2}(?:\\p{Ll}{3,20}s(?![\\p{L}\\p{N}])|${phrases(`giorni anni mesi ore minuti persone stelle stazioni volte
  camere posti punti dipendenti euro metri chilometri voti pagine fermate tappe casa`)}(?![\\p{L}\\p{N}]))`,
  'u',
);

/** A French type right after the number: the number opens the next street ("impasse du Moulin, 9 quai Voltaire"). */
const FR_TYPE_AFTER = new RegExp(`^${SP}${TYPE_FR}${SP}`, 'u');

/**
 * A type-first street line: no name word from {@link NAME_STOP}, no count after its number ("Via Crucis 14
 * stations", "Plaza Hotel 5 stars") and no French street after it, on top of {@link notAmount}.
 */
function typeFirstStreet(value: string, m: RegExpExecArray, text: string): boolean {
  if (value.split(/[ \u00a0\u202f,]+/u).some((w) => NAME_STOP.has(w))) return false;
  const end = m.index + m[0].length;
  const after = text.slice(end, end + 24);
  return !COUNT_AFTER.test(after) && !FR_TYPE_AFTER.test(after) && notAmount(value, m, text);
}

/** PO boxes by their local name; ambiguous short forms (BP, CP, Box, PL) are left out (BP 120/80 is blood pressure). */
const PO_BOX = phrases(`Apartado_de_Correos Apartado_Postal Apdo. Case_postale Case_Postale Boîte_postale Casella_postale
  Casella_Postale Postbus Postboks Postbox Postilokero Caixa_Postal Skrytka_pocztowa P.O.B. GPO_Box Locked_Bag`);

/**
 * A postcode and town on the next line, or after a comma, in the formats of other countries: `1016 GV Amsterdam`,
 * `903 26 Umeå`, `110 00 Praha 1`, `00-950 Warszawa`, `1010 Wien`. Five digits are left to the German rule (its stop
 * words keep `Siehe Seite 12⏎10115 Berlin` out) and to the street types of French, Spanish and Italian lines.
 */
const POSTCODE_LINE_AFTER = `(?=,?(?:${SP}{1,3}|${SP}{0,3}\\r?\\n${SP}{0,3})(?:[A-Z]{1,2}-)?(?:\\d{3}${SP}\\d{2}|\\d{2}-\\d{3}|\\d{4}${SP}[A-Z]{2}|\\d{4})${SP}\\p{Lu})`;
/**
 * Words that open such a line but are no street: a count, a form word, a title. Checked in JavaScript, word by word:
 * as a regex alternation this list, copied into each rule, would cost more regex code than the rules themselves
 * (docs/measurements.md, "Rule regexes and V8's regex code limit").
 */
const BLOCK_STOP: ReadonlySet<string> = new Set([
  ...FUNCTION_WORDS,
  ...words(`Seite Page Nr No Tel Fax Zimmer Raum Room Box Postfach Postbus Apartado Total Summe Siehe See Bitte Please
  Kapitel Chapter Abschnitt Section Punkt Teil Part Anlage Schritt Step Version Ihre Your Unsere Our Meine My Diese
  This Jahr Year Bis Ab Seit Nummer Number Gruppe Group Klasse Class`),
]);
/**
 * A German five-digit postcode and town on the next line: the street line of two or three words before it (`Achtern
 * Kroog 36`, `Gut Reuschenberg 11d`, `Hüller Mühle 38`); one word is the German rule's.
 */
const DE_POSTCODE_LINE_AFTER = `(?=${SP}{0,3}\\r?\\n${SP}{0,3}(?:D-)?\\d{5}${SP}\\p{Lu})`;
/** One capitalised word of such a street line. */
const BLOCK_WORD = `\\p{Lu}[\\p{L}\\p{M}'’.-]{0,30}`;
/** One to three capitalised words, linking words between them: Na Příkopě, Prinsengracht, Achtern Kroog. */
const BLOCK_NAME = `${BLOCK_WORD}(?:${SP}(?:${LINK}${SP})?${BLOCK_WORD}){0,2}`;

/** A street line's words are no stop words, and its number is no amount. */
function blockLine(value: string, m: RegExpExecArray, text: string): boolean {
  const name = value.replace(/[ \u00a0\u202f]\d.*$/su, '');
  return name.split(/[ \u00a0\u202f]+/u).every((w) => !BLOCK_STOP.has(w.replace(/\.$/u, ''))) && notAmount(value, m, text);
}

/** Street rules of other countries; the street recognizer runs them beside its German and English rules. */
export const INTL_STREET_RULES: readonly PatternRule[] = [
  {
    // Via Garibaldi 118, int. 5; Avenida da Liberdade 190, 4.º Dto.; rue de la Paix 3; ul. Długa 48 m. 6; Odos Tsimiski 72;
    // Aleea Ocalei, Bloc 44 (a Romanian block instead of a house number).
    label: 'STR',
    regex: new RegExp(
      `${B}${TYPE_FIRST}${SP}${NAME}(?:,?${SP}${NUMBER_SIGN}${NUM}${ADDITION}|,${SP}(?:Bloc|bl\\.)${SP}?[0-9A-Z]{1,4}(?![\\p{L}\\p{N}]))`,
      'gu',
    ),
    score: 0.85,
    validate: typeFirstStreet,
  },
  {
    // 12, rue des Tanneurs; 8 Quai Charlemagne; 4 bis avenue Foch: the French number first.
    label: 'STR',
    regex: new RegExp(`${B}[1-9]\\d{0,3}(?:${SP}?(?:bis|ter)|[a-zA-Z])?,?${SP}${TYPE_FR}${SP}${NAME}${E}`, 'gu'),
    score: 0.85,
  },
  {
    // Herengracht 420, Refshalevej 163A, 2. sal; Drottninggatan 5; Mannerheimintie 12 A 3; Karl Johans gate 22;
    // de Jongstraat 1; Oğuzhan Sokak 2.
    label: 'STR',
    regex: new RegExp(`${B}(?:(?:${NL_PARTICLE}${SP})?${SUFFIX_WORD}|${GENITIVE_STREET}|${TR_STREET})${SP}${NUM}${ADDITION}`, 'gu'),
    score: 0.85,
    validate: notAmount,
  },
  {
    // Vinohradská 12, Drotárska cesta 15: a street adjective is a weaker sign than a street word.
    label: 'STR',
    regex: new RegExp(`${B}(?:${CZ_STREET})${SP}${NUMBER_SIGN}${NUM}${ADDITION}`, 'gu'),
    score: 0.7,
    validate: notAmount,
  },
  {
    // Na Příkopě 958/25⏎110 00 Praha 1, Prinsengracht 263-II⏎1016 GV Amsterdam: any street words with a house number
    // when a foreign postcode and town follow as in an address block; above the German one-word rule (0.8).
    label: 'STR',
    regex: new RegExp(`${B}${BLOCK_NAME}${SP}${NUM}${ADDITION}${POSTCODE_LINE_AFTER}`, 'gu'),
    score: 0.82,
    validate: blockLine,
  },
  {
    // Achtern Kroog 36⏎62478 Flarchheim: two or three street words opening a line before a German postcode line.
    label: 'STR',
    regex: new RegExp(
      `(?:^|(?<=[\\r\\n]))[ \\t]{0,20}(?<street>${BLOCK_WORD}(?:${SP}(?:${LINK}${SP})?${BLOCK_WORD}){1,2}${SP}${NUM}(?:${SP}?[a-z](?![\\p{L}\\p{N}]))?)${DE_POSTCODE_LINE_AFTER}`,
      'dgu',
    ),
    group: 'street',
    // Above the German one-word rule (0.8), which matches the last word alone.
    score: 0.82,
    validate: blockLine,
  },
  {
    // Apartado de Correos 123, Case postale 12, Postbus 1234, Postboks 22.
    label: 'STR',
    regex: new RegExp(`${B}${PO_BOX}${SP}?\\d{1,6}${E}`, 'gu'),
    score: 0.85,
  },
  {
    // US military mail: PSC 1234, Box 5678; Unit 2050 Box 4190; CMR 450 Box 12.
    label: 'STR',
    regex: new RegExp(`${B}(?:PSC|CMR|Unit)${SP}\\d{3,5},?${SP}Box${SP}\\d{1,5}${E}`, 'gu'),
    score: 0.9,
  },
];
