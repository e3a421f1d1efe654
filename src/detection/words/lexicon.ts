import { firstNames } from '../lexicons/store.js';

/**
 * Small closed word lists shared by the rule recognizers, and helpers that turn them into regex pieces.
 * The lists exist to keep precision high: they name the capitalised words that look like names, cities or
 * company-name parts but are not (sentence starters, units after numbers, German common nouns).
 */

/** Splits a whitespace-separated word list (lists are written as template strings to stay readable). */
export function words(list: string): readonly string[] {
  return list.split(/\s+/u).filter((w) => w.length > 0);
}

/** Escapes the regex syntax characters (only those: `u` mode rejects other identity escapes). */
export function escapeRegExp(s: string): string {
  return s.replace(/[\\^$.*+?()[\]{}|/]/gu, '\\$&');
}

/** `(?:a|b|…)` over the words, longest first so that a prefix never shadows a longer word. */
export function alternation(list: readonly string[]): string {
  const sorted = [...new Set(list)].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  return `(?:${sorted.map(escapeRegExp).join('|')})`;
}

/** Alternation over a whitespace-separated list in which `_` stands for one space (`Mit_freundlichen_Grüßen`). */
export function phrases(list: string, space = '[ \\u00a0]'): string {
  return alternation(words(list)).replace(/_/gu, space);
}

/** Negative lookahead: the text here is none of the words (as a whole word). */
export function notWord(list: readonly string[]): string {
  return `(?!${alternation(list)}(?![\\p{L}\\p{N}\\p{M}]))`;
}

/** Whether a word (or every part of a hyphenated word) is a known first name; all-caps words are title-cased first. */
export function isFirstName(word: string): boolean {
  const parts = word.split('-');
  return (
    parts.length > 0 &&
    parts.every((p) => {
      const w = p.length > 1 && p === p.toUpperCase() ? p.charAt(0) + p.slice(1).toLowerCase() : p;
      return firstNames().has(w);
    })
  );
}

/** German and English month names: capitalised, but never a name, street or town after a number. */
export const MONTHS = words(`Januar Jänner Februar Feber März April Mai Juni Juli August September Oktober November
  Dezember January February March May June July October December`);

/** German and English weekday names. */
export const WEEKDAYS = words(`Montag Dienstag Mittwoch Donnerstag Freitag Samstag Sonnabend Sonntag Monday Tuesday
  Wednesday Thursday Friday Saturday Sunday`);

/** Articles, pronouns and function words that start sentences in capitals. */
export const FUNCTION_WORDS = words(`Die Der Das Den Dem Des Ein Eine Einer Einem Einen Eines The A An This That These
  Those Er Sie Es Wir Ich Ihr Ihre Ihrer Ihren Ihrem Ihres Ihnen Ihm Uns Euch Mich Dich Sich Mir Dir Mein Meine Meiner
  Meinem Meinen Sein Seine Seiner Seinem Seinen Unser Unsere Unserer Unserem Unseren Dein Deine Euer Eure Dies Diese
  Dieser Dieses Diesem Diesen Jede Jeder Jedes Alle Allen Kein Keine Man He She It We They You I My Your His Her Its
  Our Their Him Them Us Me Und Oder Aber Doch Jedoch Auch Nur Noch Schon Bitte Danke Sehr Leider Heute Gestern Morgen
  Hier Dort Da Dann Wenn Als Wie Was Wer Wo Warum Weil Dass Ob Mit Nach Vor Auf Aus Bei Beim Für Von Vom Zum Zur Im
  Am In An Über Unter Zwischen Gegen Ohne Durch Um Seit Bis Laut Gemäß Per Via Und And Or But If When Then Please
  Thank Thanks Dear Yours Regards Also Only Just Here There With From By To For Of On At As Into Since Until Re
  Betreff Subject Hallo Hello Hi Liebe Lieber Sehr Geehrte Geehrter Not Nicht No Yes Ja Nein Was Is Are Has Have Had
  Hat Habe Haben Ist Sind War Waren Wird Werden Wurde Kann Können Soll Sollte Muss Will`);

/** The function words as written, for lookups. */
export const FUNCTION_WORD_SET: ReadonlySet<string> = new Set(FUNCTION_WORDS);

/** Function words lower-cased: the joiners inside a multi-word name or heading (`County Court at Leeds`). */
export const FUNCTION_WORDS_LOWER: ReadonlySet<string> = new Set(FUNCTION_WORDS.map((w) => w.toLowerCase()));

/** Honorifics and titles (without their dot); they are never part of a name. */
export const TITLE_WORDS = words(`Herr Herrn Hr Hrn Frau Fr Dr Prof Dipl Ing Mag Mr Mrs Ms Mx Miss Sir Dame Lady Lord
  Cllr Sgt PC StB POK RA RAin Familie Fam Rechtsanwalt Rechtsanwältin Notar Notarin Richter Richterin Professor
  Professorin Doktor`);

/**
 * Words that refer to a case, file or letter before a party's name (`Akte Krämer`, `Re: Grant`, `In der Sache Nordbau
 * GmbH`, `Mandant Weber`): never part of the name. Not trades or institutions (`Kanzlei Krämer` is a firm).
 */
export const REFERENCE_WORDS = words(`Akte Akten Aktenzeichen Az Sache Sachen Rechtssache Streitsache Verfahren Betreff Betr
  Bezug Vorgang Fall Mandant Mandantin Mandanten Mandantschaft Klient Klientin Re RE Subject Ref Case Matter File Claim
  Client Applicant Respondent Claimant Defendant Plaintiff Dear Attn Attention`);

/**
 * Words that open many firms' names without naming one (`Deutsche Bank AG`, `United Parcel Service Inc.`): never the
 * head a firm is called by alone. Adjectives in `-isch`/`-sch` (`Bayerische`, `Britische`) are caught by their ending.
 */
export const GENERIC_NAME_HEADS = words(`Deutsche Deutscher Deutsches Deutschen Internationale Internationaler Nationale
  Allgemeine Allgemeiner Neue Neuer Erste Erster Vereinigte Vereinigten Gemeinnützige Freie Freier Städtische Staatliche
  Evangelische Katholische United General National International American British European Royal First New Global
  Universal Standard Central Southern Northern Western Eastern Nord Süd West Ost North South East Great Grand Saint
  Sankt St Bad Groß Klein`);

/** Company legal forms as single tokens (for stopping name sequences). */
export const LEGAL_FORM_WORDS = words(`GmbH gGmbH mbH AG KG KGaA OHG GbR eG UG SE Inc Ltd LLC LLP plc PLC Corp Co
  Corporation Limited`);

/** Words a number is counted in: a number followed by one is an amount, not a house number or postcode. */
export const UNIT_WORDS = words(`Jahre Jahren Jahr Jahres Monate Monaten Monat Wochen Woche Tage Tagen Tag Stunden
  Stunde Std Minuten Minute Min Sekunden Prozent Euro EUR Cent Mal Stück Stk Personen Leute Menschen Seiten Grad Uhr
  km m cm mm kg g l ml Meter Kilometer Kilogramm Gramm Liter Punkte Punkt Einwohner Mitarbeiter Mitarbeitende Kunden
  Fälle Exemplare Zeichen Wörter Teilnehmer Besucher Schüler Patienten Nutzer Mitglieder Stimmen Dollar USD CHF GBP
  Franken Pfund Tonnen Euros years year yrs months month weeks week days day hours hour minutes minute percent times
  people pages pieces items dollars pounds miles metres meters feet sq qm m² ha`);

/** Capitalised nouns and labels that follow a name or a number in running text but are not names or places. */
export const COMMON_NOUNS = words(`Bescheid Auskunft Recht Geld Zeit Dank Glück Angst Hilfe Unterlagen Post Nachricht
  Rückmeldung Termin Termine Zugang Einsicht Akteneinsicht Vollmacht Kenntnis Mitteilung Anfang Mitte Ende Jahrgang
  Bericht Brief Schreiben Antrag Anlage Anlagen Anhang Seite Seiten Tel Telefon Telefonnummer Fax Mobil Handy Email
  Mail E-Mail Durchwahl Zimmer Raum Abt Abteilung Str Nr Nummer Az Aktenzeichen Geb Kontakt Adresse Anschrift Service
  Support Team Kundenservice Kundendienst Sekretariat Büro Office Management Department Sales Marketing HR Personal
  Praxis Kanzlei Vorstand Datum Date Betrag Summe Gesamt Total Rechnung Invoice Kunde Kundin Kundennummer Konto IBAN
  BIC Urteil Beschluss Verfügung Bitte Grüße Gruß Dank Vielen Herzlichen Alles Gute Frohe Schöne Happy Best Kind
  Warm Many Sincerely Regards Information Informationen Hinweis Achtung Wichtig Note Notes Hier Bild Foto Video Audio
  Euro EUR Stück Mitarbeiter Mitarbeitende Mitarbeiterin Jahre Jahren Jahr Einwohner Menschen Personen Umsatz Gewinn
  Kosten Preis Preise Miete Zinsen Steuer Steuern Punkte Tage Stunden Minuten Prozent Fälle Mal Jobs Stellen Euro
  Betreff Subject Re Aw Fw Wg Vertrag Vertrags Angebot Auftrag Bestellung Lieferung Zahlung Mahnung Kündigung
  Vereinbarung Ordnung Einheit Gruppe Klasse Kurs Stufe Level Modul Kapitel Abschnitt Absatz Artikel Paragraph
  Paragraf Teil Fall Schritt Punkt Beispiel Ergebnis Ergebnisse Stand Status Version Update Total Sum Amount Balance
  Page Chapter Section Part Step Item Room Floor Level Year Years Grade Class Unit Suite Apt Apartment Flat Box
  Mama Papa Oma Opa Mutti Vati Mum Mom Dad`);

/** Austrian and Swiss towns that carry a 4-digit postcode without a country prefix. */
export const AT_CH_TOWNS = new Set(
  words(`Wien Graz Linz Salzburg Innsbruck Klagenfurt Villach Wels Dornbirn Bregenz Feldkirch Steyr Leoben Krems
  Baden Mödling Wolfsberg Amstetten Kufstein Eisenstadt Lienz Zürich Zurich Genf Genève Geneva Basel Bern Lausanne
  Winterthur Luzern Lugano Biel Thun Köniz Schaffhausen Chur Fribourg Freiburg Neuchâtel Sion Aarau Olten Solothurn
  Zug Frauenfeld Wil Uster Emmen Kriens Rapperswil Bellinzona Locarno Vaduz Davos`),
);

/** Postal codes of the US states, DC and territories. */
export const US_STATES = words(`AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH
  NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR GU VI AS MP`);

/** Full names of the US states (and DC), as addresses also write them ("Springfield, Illinois 62701"). */
export const US_STATE_NAMES = phrases(`Alabama Alaska Arizona Arkansas California Colorado Connecticut Delaware Florida
  Georgia Hawaii Idaho Illinois Indiana Iowa Kansas Kentucky Louisiana Maine Maryland Massachusetts Michigan Minnesota
  Mississippi Missouri Montana Nebraska Nevada New_Hampshire New_Jersey New_Mexico New_York North_Carolina North_Dakota
  Ohio Oklahoma Oregon Pennsylvania Rhode_Island South_Carolina South_Dakota Tennessee Texas Utah Vermont Virginia
  Washington West_Virginia Wisconsin Wyoming District_of_Columbia`);

/**
 * Further street suffixes of the USPS list (Publication 28, appendix C1) and of British usage (Brae, Wynd, Fold,
 * Paddock), without those that are mostly other words after a number ("2 Key", "3 Points", "5 Union"). Kept apart
 * from `EN_STREET_TYPES` because many of them also end town names (Sioux Falls, Colorado Springs, Salt Lake City).
 */
export const EN_STREET_TYPES_MORE =
  words(`Meadow Meadows Ford Fords View Views Mead Glade Grange Fall Falls Brook Brooks Locks Route Vale Croft
  Lea Underpass Plains Gateway Manor Manors Brae Mountain Mountains Path Estate Estates Knoll Knolls Fold Brow Yard Wynd
  Ville Neck Orchard Glen Glens Heights Hollow Junction Landing Loop Mill Mills Pass Pines Ranch Ridge Shore Shores
  Springs Trace Valley Village Vista Bend Bluff Branch Bridge Burg Bypass Canyon Causeway Cliff Cliffs Cove Creek Crest
  Crossing Dale Expressway Fields Flats Forest Forge Freeway Harbor Harbour Haven Inlet Isle Lake Lakes Motorway Overpass
  Passage Ramp Shoal Skyway Spur Stravenue Stream Viaduct Wells Paddock Chase Dene Drove Garth Hey Holt Reach
  Side Strand Wood Woods Shoals Squares Copse Villages Lodge Oval Corner Corners Field Island Islands Radial Pine Mount
  Fork Forks Plain Camp Ferry Circles Point Points Ridges Crossroad Divide Extension Bayou Beach Bluffs Bottom Burgs
  Cape Courts Coves Crossroads Curve Dam Drives Extensions Flat Forges Garden Greens Groves Harbors Hills Junctions
  Light Lights Mall Mission Parks Parkways Port Ports Prairie Rapids River Roads Rue Spurs Streets Throughway
  Trafficway Valleys Walks Wall Ways`);

/** English street types (full and abbreviated without dot). */
export const EN_STREET_TYPES = words(`Street St Road Rd Avenue Ave Av Lane Ln Drive Dr Boulevard Blvd Way Place Pl Court
  Ct Close Crescent Cres Terrace Terr Ter Square Sq Gardens Grove Row Mews Hill Parkway Pkwy Highway Hwy Circle Cir
  Walk Parade Rise Wharf Embankment Gate Park Green Broadway Alley Plaza Trail Turnpike Pike`);

/** Endings of German (and some English) common nouns: -ung, -heit, -schaft, -tion, …, and of medical terms. */
const NOUN_SUFFIXES =
  '(?:ung|ungen|heit|heiten|keit|keiten|schaft|schaften|tion|tionen|sion|sionen|tät|ität|nis|nisse|ismus' +
  '|logie|tomie|itis|pathie|skopie|graphie|grafie|therapie|plastik|ämie|arthrose|abusus|ektasie|algie)';
/** Names that end like such nouns. */
const NOUN_SUFFIX_NAMES = '(?:Hartung|Dennis|Denis|Jannis|Yannis|Janis)';

/** A word with a common German noun ending (-ung, -heit, …), anchored; the names that end alike are not. */
export const NOUN_BY_SUFFIX = new RegExp(`^(?!${NOUN_SUFFIX_NAMES}$)\\p{L}{2,30}${NOUN_SUFFIXES}$`, 'u');

/**
 * Negative lookahead for a common German noun ending (-ung, -heit, …): such words are not surnames. Not before a hyphen:
 * the first part of a double name may end alike (`Magnis-Suseno`).
 */
export const NOT_NOUN_SUFFIX = `(?!${NOUN_SUFFIX_NAMES}(?![\\p{L}]))` + `(?!\\p{L}{2,30}${NOUN_SUFFIXES}(?![\\p{L}-]))`;

/** Forms of address that stand where a name would ("Sehr geehrte Frau Kollegin"). */
export const ADDRESS_NOUNS = words('Kollege Kollegin Kollegen Kolleginnen KollegInnen');

/**
 * Courts and offices named by their kind alone ("das LSG", "das Landesarbeitsgericht"): in a decision they refer to
 * the lower court of the case and identify nobody; with a place ("Landgericht Köln") they are a longer span.
 */
const GENERIC_COURTS = words(`Gericht Landesarbeitsgericht Landgericht Amtsgericht Oberlandesgericht Sozialgericht
  Landessozialgericht Finanzgericht Verwaltungsgericht Oberverwaltungsgericht Arbeitsgericht Berufungsgericht
  Beschwerdegericht Revisionsgericht Rechtsbeschwerdegericht Tatgericht Instanzgericht Gerichtshof Senat`);
const GENERIC_INSTITUTIONS = [
  ...words('FG LSG SG LG OLG VG OVG LAG ArbG FA Finanzamt Finanzamts Finanzamtes Jobcenter'),
  ...GENERIC_COURTS.flatMap((w) => [w, `${w}s`, `${w}es`]),
];

/** Outline numbers and reference abbreviations of judgments and papers: `II.`, `III`, `Rn.`, `Abs.`, `Fig.`. */
export const OUTLINE_MARK = '(?:[IVX]{2,5}\\.?|(?:Rn|Rdnr|Abs|Tab|Fig|Bsp)\\.)';

/** Forms of address alone, in the languages of letters abroad: `Dott.`, `Sra.`, `Mme` name nobody by themselves. */
const HONORIFICS = words('Herr Herrn Frau Mr Mrs Ms Mme Mlle Sra Srta Sig Dott Dhr Mevr Dr Prof');
/** Languages, as CVs and forms list them (`German (fluent)`): labels.md leaves languages and nationalities out. */
const LANGUAGES = words(`English German French Spanish Italian Portuguese Dutch Polish Russian Turkish Arabic Chinese Mandarin
  Cantonese Japanese Korean Greek Swedish Norwegian Danish Finnish Czech Slovak Hungarian Romanian Bulgarian Croatian
  Serbian Ukrainian Hindi Urdu Bengali Punjabi Tamil Persian Farsi Hebrew Latin Englisch Deutsch Französisch Spanisch
  Italienisch Portugiesisch Niederländisch Polnisch Russisch Türkisch Arabisch Chinesisch Japanisch Griechisch
  Schwedisch Tschechisch Ungarisch Rumänisch Kroatisch Serbisch Ukrainisch`);
/**
 * Peoples, faiths, regions' adjectives and feasts (`Palestinian`, `Sunni`, `Israelis`, `Mediterranean`, `Christmas`):
 * labels.md leaves nationalities and religions out, and alone they name no person, place or organisation. Words that are
 * also given names (`Christian`) are left out below; the languages above are nationalities too.
 */
const PEOPLES_AND_FEASTS = words(`American Americans British Irish Scottish Welsh Canadian Canadians Australian Mexican Brazilian
  Argentine Argentinian Cuban Colombian Venezuelan Chilean Peruvian European Europeans African Africans Asian Asians Arab
  Arabs Israeli Israelis Palestinian Palestinians Iraqi Iraqis Iranian Iranians Syrian Syrians Lebanese Egyptian
  Egyptians Saudi Saudis Jordanian Kurdish Kurds Afghan Afghans Pakistani Pakistanis Indian Indians Bangladeshi
  Nepalese Vietnamese Thai Filipino Indonesian Malaysian Nigerian Kenyan Ethiopian Somali Sudanese Moroccan Algerian
  Tunisian Libyan Belgian Swiss Austrian Scandinavian Nordic Balkan Caribbean Mediterranean Soviet Muslim Muslims
  Islamic Islamist Islamists Christians Jewish Jews Catholic Catholics Protestant Protestants Sunni Sunnis Shiite
  Shiites Shia Hindu Hindus Buddhist Buddhists Sikh Sikhs Christmas Easter Thanksgiving Halloween Ramadan Hanukkah Diwali
  Passover Pentecost Weihnachten Ostern Pfingsten Silvester`);

/**
 * Months and feasts that are given names too (`April said…`, `Silvester Stallone`): some missing from the name list
 * for their months' sake, the others in it (a test keeps this list and the name list agreeing).
 */
export const CALENDAR_WORDS_NAMING_PEOPLE: ReadonlySet<string> = new Set(words('April May June August Mai Silvester'));

/**
 * Pronouns and what families call each other (`He's not answering`, `Has anyone heard from Grandad?`): they name
 * nobody. (Two-letter words are not in the common-word lists.)
 */
const PRONOUNS_AND_KIN_CALLS = words(`He She It We They Him Her His Its Our Their Them Me My Er Es Wir Ihm Ihn Ihnen Mum Mom
  Mummy Mommy Dad Daddy Grandad Granddad Grandpa Grandma Granny Auntie Aunty Mutti Vati Oma Opa Omi Opi`);

/**
 * Degrees and post-nominal letters after a name (`Dr. Emily O'Brien, MD`): labels.md keeps them outside PER. Some are
 * places too (`MD` Maryland, `MA` Massachusetts), so they are no person, not no name.
 */
export const POST_NOMINALS: ReadonlySet<string> = new Set(
  words(`MD PhD MBA MSc BSc MA BA LLM LLB JD Esq FRCS FRCP FRSE MRCP RN DDS DMD DO CPA`),
);

/**
 * One word that is no name: a capitalised word with a noun ending (Eignung, Gesellschaft, Traumatologie; names such
 * as Hartung excepted), a form of address (Kollegin, Herr, Dott.), a court or office named by its kind alone (LSG),
 * an outline number (`III.`), a pronoun or a family call (`He`, `Grandad`), a language (`German (fluent)`), a people,
 * faith or feast (`Palestinian`, `Sunni`, `Christmas`), a month or weekday that is no given name (`January`, not `June`).
 */
export const NOT_A_NAME = new RegExp(
  `^(?:(?!${NOUN_SUFFIX_NAMES}$)\\p{Lu}\\p{L}{1,30}${NOUN_SUFFIXES}|${alternation([...ADDRESS_NOUNS, ...GENERIC_INSTITUTIONS])}` +
    `|(?:${alternation(HONORIFICS)})\\.?|${OUTLINE_MARK}|${alternation(PRONOUNS_AND_KIN_CALLS)}|${alternation(LANGUAGES)}` +
    `|${alternation([...PEOPLES_AND_FEASTS, ...MONTHS, ...WEEKDAYS].filter((w) => !CALENDAR_WORDS_NAMING_PEOPLE.has(w)))})$`,
  'u',
);

/**
 * A span without a capital letter. People, places and organisations are written with one in German and English
 * text; the model's spans without one are common words (`the`, `loop`, `side exit` in a paper), and one such span
 * would make the document's propagation remove that word everywhere.
 */
export const NO_CAPITAL = /^[^\p{Lu}]*$/u;
