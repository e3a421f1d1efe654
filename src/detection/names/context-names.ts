import {
  ADDRESS_NOUNS,
  COMMON_NOUNS,
  FUNCTION_WORDS,
  FUNCTION_WORDS_LOWER,
  isFirstName,
  LEGAL_FORM_WORDS,
  MONTHS,
  NOT_NOUN_SUFFIX,
  NOUN_BY_SUFFIX,
  notWord,
  phrases,
  TITLE_WORDS,
  WEEKDAYS,
  words,
} from '../words/lexicon.js';
import { isCommonWord } from '../words/common-words.js';
import { isNoName } from '../words/non-names.js';
import { placeNames } from '../lexicons/store.js';
import type { Recognizer } from '../recognizer.js';
import { KNOWN_ORG_NAMES } from '../organisations/known-orgs.js';
import { patternRecognizer, type PatternRule } from '../rules/pattern-recognizer.js';
import { SP, WORD_END, WORD_START as B } from '../rules/fragments.js';

/*
 * Person names cued by context: a title or honorific (Herr Dr. Hans-Peter Müller → "Hans-Peter Müller"), a form
 * field (Name: …), a signature or greeting, or a known first name followed by a surname. Titles stay outside the
 * span (labels.md); particles and a German genitive -s stay inside. A name is at most four tokens plus particles,
 * tokens are separated by exactly one space, so a line break, punctuation or a lower-case word ends it.
 */

const ID = 'pattern:context-name';

/** Role titles that may stand before a name on their own (Rechtsanwalt Schulz) or after Herr/Frau. */
const ROLE_TITLES = words(`Rechtsanwalt Rechtsanwältin Notar Notarin Richter Richterin Staatsanwalt Staatsanwältin
  Professor Professorin Doktor Präsident Präsidentin Vorsitzender Vorsitzende Direktor Direktorin Bürgermeister
  Bürgermeisterin Oberbürgermeister Oberbürgermeisterin Minister Ministerin Abgeordneter Abgeordnete Botschafter
  Botschafterin Pfarrer Pfarrerin Pastor Pastorin Kommissar Kommissarin Oberarzt Oberärztin Chefarzt Chefärztin
  Kollege Kollegin Pater Steuerberater Steuerberaterin Kriminalhauptkommissar Polizeiobermeister Judge
  Employment_Judge District_Judge Circuit_Judge Magistrate_Judge`);

/**
 * Kinship, relation and role nouns: a name follows when it is a known first name (mein Sohn Lukas, my wife Mary), or
 * after a possessive (kinName).
 */
const KIN = phrases(`Sohn Tochter Bruder Schwester Mutter Vater Ehemann Ehefrau Mann Partner Partnerin Freund Freundin
  Lebensgefährte Lebensgefährtin Kollege Kollegin Nachbar Nachbarin Enkel Enkelin Neffe Nichte Onkel Tante Cousin
  Cousine Chef Chefin son daughter brother sister mother father husband wife partner boyfriend girlfriend friend
  colleague neighbour neighbor uncle aunt nephew niece cousin grandson granddaughter boss accountant lawyer attorney
  solicitor dentist GP landlord landlady tenant manager supervisor assistant teacher therapist carer caregiver adviser
  advisor Anwalt Anwältin Hausarzt Hausärztin Vermieter Vermieterin Betreuer Betreuerin Lehrer Lehrerin`);

/** Honorific suffixes after "Dr." (Dr. med. dent., Dr. rer. nat., Dr. h.c.). */
const DR_SUFFIX = `(?:${SP}?(?:med|dent|vet|rer|nat|pol|oec|phil|jur|iur|theol|habil|mult|sc|techn|paed|agr|univ|univer|h\\.${SP}?c|h\\.c)\\.){0,4}`;
/** One title token. "Dr"/"Prof" without a dot only before a space; Dipl.-Ing., Dipl.-Kfm. and the like. */
const TITLE = [
  phrases(`Herrn Herr Hrn. Hr. Frau Fr. Fam. Familie Mr. Mr Mrs. Mrs Ms. Ms Mx. Mx Miss Sir Dame Lady Lord Cllr. Cllr
    Sgt. Sgt Det. Insp. Rev. Dr.-Ing. Drª Dra. DDr. Prof. Univ.-Prof. Univ._Prof. PD Priv.-Doz. Doz. Prim. Mag.a Mag.
    MMag. Ing. RA RAin StB POK PHK KHK KOK OA OÄ`),
  // Foreign forms of address on letters abroad: Mme Claire Dubois, Sra. María José Gutiérrez, Sig. Giuseppe Lo Bianco,
  // Dott.ssa Chiara Cattaneo, Dhr. Pieter van der Veen, Pan Tomáš Dvořák, Κα Ελένη Παπαδάκη.
  phrases(`Mme. Mme Mlle. Mlle Madame Monsieur Sra. Srta. Sr. Sig.ra Sig.na Sig. Dott.ssa Dott. Avv. Dhr. Mevr. Pani Pan
    Κα. Κα Κος. Κος`),
  `Dr\\.${DR_SUFFIX}`,
  `Dr(?=${SP})`,
  `Prof(?=${SP})`,
  `Dipl\\.-?${SP}?\\p{Lu}\\p{Ll}{1,8}\\.`,
  // A judge named with the court: `die Richterin am Amtsgericht Engelhardt`, `Richter am Landgericht Dr. Kurz`.
  `(?:Vorsitzende[r]?${SP})?Richter(?:in)?${SP}am${SP}\\p{Lu}\\p{Ll}{0,25}gericht(?:shof)?`,
  phrases(ROLE_TITLES.join(' ')),
].join('|');
/** Titles in a row: Herrn Dr. med., Frau Prof. Dr., Herr und Frau, Mr. & Mrs. */
const TITLES = `(?:${TITLE})(?:${SP}(?:(?:und|u\\.|and|&)${SP})?(?:${TITLE})){0,3}`;
/** After titles: a space, or a line break after Herr/Frau/Mr (address blocks put the name on the next line). */
const AFTER_TITLES = `(?:${SP}{1,2}|(?<=(?:Herrn?|Frau|Familie|Mr\\.?|Mrs\\.?|Ms\\.?))[ \\t]*\\r?\\n[ \\t]*)`;

/** Name particles that stay inside the span (von der Heydt, van Gogh, ap Gwilym, B. v. Thaden). */
const PARTICLES = phrases(`von_der von_dem von_den von_und_zu von van_der van_den van_de van_het van de_la de_los
  de_las de del della dei di da du dos ten ter ap bin ibn al el la le v._d. v.`);
const PARTICLE_TOKEN =
  /^(?:von|vom|van|de|del|della|dei|di|da|du|dos|zu|ten|ter|ap|bin|ibn|al|el|la|le|der|dem|den|het|und|los|las|v\.|d\.)$/u;

/** Words that end a name: sentence words, titles, legal forms, common nouns, months, organisation heads, roles. */
const NAME_STOP_WORDS = [
  ...FUNCTION_WORDS,
  ...TITLE_WORDS,
  ...ROLE_TITLES,
  ...LEGAL_FORM_WORDS,
  ...COMMON_NOUNS,
  ...MONTHS,
  ...WEEKDAYS,
  ...words(`Hause Haus Straße Str Weg Platz Allee Gasse Ring Bank Sparkasse Universität University Hospital Klinikum
    Klinik Amtsgericht Landgericht Finanzamt Jobcenter Stadtwerke Verlag Stiftung Institut Jr Sr Junior Senior Phone
    Mobile Tel Telefon Ext Durchwahl Zufall Gemahlin Gemahl Ober Emeritus Deutschland Germany Österreich Schweiz
    Geschäftsführer Geschäftsführerin Vorstand Vorstandsvorsitzender Leiter Leiterin Mitarbeiter Mitarbeiterin
    Sachbearbeiter Sachbearbeiterin Inhaber Inhaberin Assistent Assistentin Sekretär Sekretärin Referent Referentin
    Berater Beraterin Manager Managerin Abteilungsleiter Abteilungsleiterin Teamleiter Teamleiterin CEO CFO CTO COO
    Chairman Chairwoman President Director Head Officer Partner Partnerin Mayor Chancellor Justice Chief Provost
    Bishop River Lake Bay Valley Mountain Mount Island Band Theatre Theater Club Orchestra Quartet Trio Company
    Foundation Award Prize Center Centre Hall House Museum Park Road Street Lane Avenue Square Gardens Hotel Airport
    Station Church Cathedral Chapel College School Academy Institute Group Stadium Arena Building Tower Bridge OA OÄ
    PD MD PhD FRSE MBA MSc BSc LLM CA FA FÄ AA AÄ Doz Prim Univ MBChB MBBS BMBS MRCGP MRCP FRCP FRCS FRCSEd FRCA
    FRCOG FRCPath FRCR FACP FACS DPhil DNP RN RGN RMN CDCES CPA CFA Esq QC KC LLB BA MA`),
  ...ADDRESS_NOUNS,
];
/** Role words that are also common surnames: right after a title they are the name (Herr Richter). */
const SURNAME_ROLES = new Set(['Richter', 'Pastor', 'Pater']);
const NAME_STOP = notWord(NAME_STOP_WORDS);
const FIRST_STOP = notWord(NAME_STOP_WORDS.filter((w) => !SURNAME_ROLES.has(w)));

/** One name word: Müller, Hans-Peter, O'Brien, McDonald, MÜLLER, Müllers (genitive). */
// A hyphen may join a short syllable in lower case, as East Asian given names are written (`Hyun-woo`, `Mei-ling`).
const NW = `(?:\\p{Lu}['’])?\\p{Lu}[\\p{L}\\p{M}]{1,30}(?:-\\p{Lu}[\\p{L}\\p{M}]{1,30}|-\\p{Ll}{2,4}(?![\\p{L}\\p{M}-])){0,2}${WORD_END}`;
/** Initials: K., H.-P., Ch. (no stop-word check: "A." is an initial, "A" an article). */
const INIT = `(?:\\p{Lu}|Ch|Th|Ph)\\.(?:-\\p{Lu}\\.)?`;
/** A word followed by a house number and a postcode is the street line of an address block, not a name's end. */
const NOT_STREET_LINE = `(?!\\p{Lu}[\\p{L}\\p{M}-]{1,60}${SP}\\d{1,3}[a-zA-Z]?,?(?:${SP}{1,3}|${SP}{0,3}\\r?\\n${SP}{0,3})\\d{5}${SP})`;
/** A name token: an initial, or a word that is no stop word and has no common-noun ending (-ung, -heit …). */
const TOKEN = `(?:${INIT}|${NAME_STOP}${NOT_NOUN_SUFFIX}${NOT_STREET_LINE}${NW})`;
const FIRST_TOKEN = `(?:${INIT}|${FIRST_STOP}${NOT_NOUN_SUFFIX}${NW})`;
/** A name: up to four tokens, particles before or between them. */
const NAME = `(?:${PARTICLES}${SP})?${FIRST_TOKEN}(?:${SP}(?:${PARTICLES}${SP})?${TOKEN}){0,3}`;
/** Surname-comma-first name in forms: Müller, Hans / KRAUSE, Werner. */
const SURNAME_COMMA = `${NAME_STOP}${NW},${SP}${NAME_STOP}${NW}(?:${SP}${NAME_STOP}${NW})?`;

/** Frau CHRIST, Charlotte: all-caps surname, comma, first name (clinical and court headers). */
const CAPS_COMMA = `\\p{Lu}{2,30}(?:-\\p{Lu}{2,30})?,${SP}${NAME_STOP}\\p{Lu}\\p{Ll}{1,20}(?:-\\p{Lu}\\p{Ll}{1,20})?${WORD_END}`;

/** Form fields whose value is a person's name. */
const FIELDS = phrases(`Name Nachname Vorname Vornamen Familienname Geburtsname Rufname Vor-_und_Nachname
  Vor-_und_Zuname Name,_Vorname Patient Patientin Pat. Patientenname Name_des_Patienten Versicherter Versicherte
  Versicherungsnehmer Versicherungsnehmerin Kläger Klägerin Beklagter Beklagte Antragsteller Antragstellerin
  Antragsgegner Antragsgegnerin Mieter Mieterin Vermieter Vermieterin Kontoinhaber Kontoinhaberin Ansprechpartner
  Ansprechpartnerin Sachbearbeiter Sachbearbeiterin Bearbeiter Bearbeiterin Kontaktperson Verfasser Verfasserin
  Unterzeichner Unterzeichnerin Zeuge Zeugin Arzt Ärztin Hausarzt Hausärztin Betreuer Betreuerin Erziehungsberechtigte
  Erziehungsberechtigter Schüler Schülerin Kind Ehegatte Ehegattin Name_of_patient Patient_name Full_name First_name
  Last_name Surname Given_name Given_names Forename Middle_name Applicant Claimant Defendant Respondent Tenant Landlord
  Account_holder Contact_person Employee Employee_name Witness Beneficiary Policyholder Attn. Attn Attention z._Hd.
  z.Hd. c/o`);

/** Closing formulas after which the next line holds the sender's name. */
const CLOSINGS = phrases(`Mit_freundlichen_Grüßen Mit_freundlichem_Gruß Freundliche_Grüße Viele_Grüße Beste_Grüße
  Liebe_Grüße Herzliche_Grüße Schöne_Grüße Mit_besten_Grüßen Mit_herzlichen_Grüßen Mit_kollegialen_Grüßen
  Hochachtungsvoll MfG Gruß Grüße Best_regards Kind_regards Warm_regards Warmest_regards Regards Sincerely
  Yours_sincerely Yours_faithfully Yours_truly Best_wishes Many_thanks Thanks Thank_you Cheers Best`);
/** Signing marks before a name: im Auftrag, in Vertretung, per procura, gezeichnet. */
const SIGN_MARKS = phrases('i._A. i.A. I._A. I.A. i._V. i.V. I._V. I.V. ppa. gez. Gez.');
const GREETINGS = phrases('Liebe Lieber Liebes Hallo Hi Hey Dear Moin Servus Hello Guten_Tag Guten_Morgen Good_morning');

/** Greeting objects that are not names (Liebe Grüße, Dear Hiring Manager, Hallo zusammen). */
const GREET_STOP = notWord(
  words(`Hiring Manager Customer Customers Team Colleagues All Everyone Friends Members Parents Valued Applicant Sirs
  Madam Madams Kolleginnen Kollegen Leute Eltern Freunde Freundinnen Mitglieder Nachbarn Teilnehmende Teilnehmer
  Leserinnen Leser Kundinnen Kunden Damen Herren Zusammen Alle Welt World Readers Students Support Community
  Gemeinde Mannschaft Klasse Schatz Liebling Darling Honey Bro Dude Mum Mom Dad Grandma Grandpa`),
);

/** What follows a capitalised pair when it is an organisation or a street, not a person (Hans Müller GmbH). */
const AFTER_ORG_OR_STREET = new RegExp(
  `^${SP}?(?:&|${phrases(`GmbH AG KG OHG e.V. e._V. eG SE Inc Ltd LLC plc Corp Co. Stiftung Verlag Bank Hospital
  University Universität Klinik Straße Strasse Str. Weg Platz Allee Gasse Ring Street Road Avenue Lane Drive Institut
  Institute College School Schule Gymnasium`)})(?![\\p{L}])`,
  'u',
);
const STREET_LIKE = /(?:stra(?:ß|ss)e|str|weg|platz|allee|gasse|ring|damm|ufer|street|road|avenue)$/iu;

/** Rejects a name that is the start of an organisation or street (Hans Müller GmbH, Anna Schmidt Straße). */
function notOrgOrStreet(value: string, text: string, end: number): boolean {
  const last = value.split(/[ \u00a0]/u).pop() ?? '';
  return !AFTER_ORG_OR_STREET.test(text.slice(end, end + 16)) && !STREET_LIKE.test(last);
}

function groupStart(m: RegExpExecArray, group: string): number {
  return m.indices?.groups?.[group]?.[0] ?? m.index;
}

function groupEnd(m: RegExpExecArray, group: string): number {
  return m.indices?.groups?.[group]?.[1] ?? m.index + m[0].length;
}

function firstToken(value: string): string {
  return value.split(/[ \u00a0,]/u).find((t) => t.length > 0 && !PARTICLE_TOKEN.test(t)) ?? '';
}

/** Validator of cued names: not an organisation or street; a higher score when the first token is a known first name. */
function cuedScore(base: number, known: number) {
  return (value: string, m: RegExpExecArray, text: string): boolean | number => {
    if (!notOrgOrStreet(value, text, groupEnd(m, 'name'))) return false;
    // A department or a role after a field names no one (`Attn: Accounts Payable`); after a title it is a name.
    if (isNoName(text, { start: groupStart(m, 'name'), end: groupEnd(m, 'name'), label: 'PER' })) return false;
    const first = firstToken(value);
    // "Familie von Igor", "Sohn von Anna Schmidt": "von" after Familie or before a first name is a preposition.
    if (PARTICLE_TOKEN.test(value.split(/[ \u00a0]/u)[0] ?? '')) {
      if (isFirstName(first) || /Fam(?:ilie|\.)[ \u00a0]$/u.test(text.slice(Math.max(0, m.index), groupStart(m, 'name')))) {
        return false;
      }
    }
    return isFirstName(first) ? known : base;
  };
}

/** Nobility words that sit between first name and surname (Maximilian Freiherr von Wangenheim). */
const NOBILITY = phrases('Freiherr Freifrau Freiin Graf Gräfin Fürst Fürstin Prinz Prinzessin Baron Baronin Ritter Edler Edle');
const MIDDLE_OK = new RegExp(`^(?:\\p{Lu}\\.|${NOBILITY})$`, 'u');

/** Simple first-name shape for the gazetteer rules. */
const FIRST = '\\p{Lu}\\p{Ll}{1,20}(?:-\\p{Lu}\\p{Ll}{1,20})?';
/** A surname: no stop word, no noun ending, no 2-3 letter all-caps word (FB, CHF), not continued by a hyphen. */
const SURNAME =
  `${NAME_STOP}${NOT_NOUN_SUFFIX}(?!\\p{Lu}{2,3}(?![\\p{L}\\p{M}]))` +
  "(?:\\p{Lu}['’])?\\p{Lu}[\\p{L}\\p{M}]{1,30}(?:-\\p{Lu}[\\p{L}\\p{M}]{1,30})?(?![\\p{L}\\p{M}\\p{N}-])";
/** Gazetteer names never start inside a word, a hyphenated compound or an abbreviation. */
const GAZ_START =
  "(?<![\\p{L}\\p{N}\\p{M}'’.-])" +
  `(?<!${phrases('San Santa Santo São Saint St. St Sankt Fort Port Mount Lake Cape FC SC SV TSV VfB VfL SpVgg')}${SP})`;

/** All-caps words that head a line with a comma but are not surnames (HINWEIS, Anna). */
const CAPS_STOP = new Set(
  words(`HINWEIS ACHTUNG WICHTIG BETREFF HALLO DANKE NOTE WARNING PS RE FW AW WG CC USA EU UK OK ANLAGE ANLAGEN DATUM
  ORT NAME HI HELLO DEAR THANKS INFO TODO FYI ATTN ANTWORT FRAGE`),
);

/** Gazetteer rule check: first (and middle) tokens are known first names, and the name is no organisation/street. */
function gazetteerName(value: string, m: RegExpExecArray, text: string): boolean {
  const mid = m.groups?.mid;
  if (!isFirstName(m.groups?.first ?? '')) return false;
  if (mid !== undefined && !MIDDLE_OK.test(mid) && !isFirstName(mid)) return false;
  return notOrgOrStreet(value, text, groupEnd(m, 'name'));
}

/** A time of day as chats and ticket logs print it: `19:08`, `9:02 AM`, `08:45:10`. */
const CLOCK = `\\d{1,2}:\\d{2}(?::\\d{2})?(?:[ \\t]?(?:[AaPp]\\.?[Mm]\\.?|Uhr))?`;
/** A date as chat exports print it: `12.06.24`, `03/09/2024`, `2024-06-12`. */
const CHAT_DATE = `(?:\\d{1,2}[./]\\d{1,2}[./]\\d{2,4}|\\d{4}-\\d{2}-\\d{2})`;
/** Line start (the regexes have no `m` flag). */
const LINE_START = `(?<![^\\n])[ \\t]*`;
/** E-mail header fields whose value is a person (`An: Nguyen, Lan`, `From: Rachel Gold`). */
const MAIL_FIELDS = phrases('An Von Cc Bcc Kopie From To');

/**
 * A name candidate in the layouts below (chats, logs, tables, mail headers): up to four capitalised words or initials
 * with particles, `Surname, First` included. It is a light shape, checked word by word in `nameWords`: the stop-word
 * alternations of `NAME` compiled into each of these rules would cross V8's budget for regex code, after which every
 * later rule regex runs unoptimized (docs/measurements.md, "Rule regexes and V8's regex code limit").
 */
const LIGHT_WORD = `\\p{Lu}[\\p{L}\\p{M}'’.-]{0,30}`;
const LIGHT_NAME = `${LIGHT_WORD}(?:,?[ \\t](?:(?:von|van|de|der|den|da|di|du|le|la|ten|ter)[ \\t]){0,2}${LIGHT_WORD}){0,3}`;
const STOP_WORDS: ReadonlySet<string> = new Set(NAME_STOP_WORDS);
const COMMON_NOUN_SET: ReadonlySet<string> = new Set(COMMON_NOUNS);
const INITIAL = new RegExp(`^${INIT}$`, 'u');
const NAME_WORD = new RegExp(`^${NW}$`, 'u');

/** Whether each word of a candidate is an initial, a particle, or a name word that is no stop word or noun. */
function nameWords(value: string): boolean {
  return value
    .split(/[ \t,]+/u)
    .filter((w) => w !== '')
    .every(
      (w, i) =>
        INITIAL.test(w) || (i > 0 && PARTICLE_TOKEN.test(w)) || (NAME_WORD.test(w) && !STOP_WORDS.has(w) && !NOUN_BY_SUFFIX.test(w)),
    );
}

/** A name of one token must be a known first name or carry an initial; longer names are checked as cued names. */
function speakerScore(base: number, known: number) {
  const cued = cuedScore(base, known);
  return (value: string, m: RegExpExecArray, text: string): boolean | number => {
    if (!nameWords(value)) return false;
    if (!/[ \u00a0]/u.test(value.trim()) && !isFirstName(value) && !/\p{Lu}\./u.test(value)) return false;
    return cued(value, m, text);
  };
}

const speakerChat = speakerScore(0.85, 0.9);

/** What belongs to a person, after `X's`: a home, a relative, a celebration. */
const POSSESSED = phrases(`place house flat home apartment mum mom dad mother father wife husband son daughter brother sister
  parents grandma grandpa granny boyfriend girlfriend partner kids children family birthday party wedding funeral`);

const POSSESSIVE_BEFORE =
  /(?<![\p{L}])(?:his|her|my|our|their|your|sein|seine|seinem|seinen|seiner|ihr|ihre|ihrem|ihren|ihrer|mein|meine|meinem|meinen|meiner|unser|unsere|unserem|unseren|dein|deine)[ \t]+$/iu;

/** A name after a kinship noun: a known first name, or after a possessive one that is no common word. */
function kinName(value: string, m: RegExpExecArray, text: string): boolean | number {
  if (!notOrgOrStreet(value, text, groupEnd(m, 'name'))) return false;
  const first = firstToken(value);
  if (isFirstName(first)) return true;
  return POSSESSIVE_BEFORE.test(text.slice(Math.max(0, m.index - 12), m.index)) && !isCommonWord(first, 'auto') && 0.75;
}

/** Roles of the parties to a case, after the party's name. */
const PARTY_ROLES = phrases(`Petitioner Respondent Plaintiff Defendant Appellant Appellee Claimant Applicant Kläger Klägerin
  Beklagter Beklagte Antragsteller Antragstellerin Antragsgegner Antragsgegnerin Beschwerdeführer Beschwerdeführerin`);

/**
 * A party's name before its role: name words, no organisation, and a known first name or initial first unless written
 * in capitals as captions are (`In dem Rechtsstreit Max Mustermann, Kläger` is looked at again from `Max`).
 */
function partyName(value: string, m: RegExpExecArray, text: string): boolean {
  if (!nameWords(value) || !notOrgOrStreet(value, text, groupEnd(m, 'name'))) return false;
  const first = firstToken(value);
  return value === value.toUpperCase() ? !isCommonWord(first, 'auto') : isFirstName(first) || INITIAL.test(first);
}

/** The start of a street line: a house number first (`9 Reichel Fall`), or words and a number (`Chalet Hugo, 41`). */
const STREET_LINE = `(?:\\d{1,5}[a-zA-Z]?,?[ \\t]+\\p{Lu}|(?:(?:de|van|von|la|le|di|da|del)[ \\t]+)?(?:\\p{Lu}[\\p{L}\\p{M}.'’-]*,?[ \\t]+){1,4}\\d{1,5}[a-zA-Z]?(?![\\p{L}\\p{N}]))`;
/** A postcode on one of the lines after the street line: `Hull EC0A 8FW`, `216 19 Florina`, `62678 Huelva`, `OH 60712`. */
const POSTCODE_AHEAD =
  /(?<![\p{L}\p{N}])(?:\d{3}[ \u00a0]\d{2}|\d{2}-\d{3}|\d{4,6}|[A-Z]{1,2}\d[A-Z\d]?[ \u00a0]\d[A-Z]{2})(?![\p{L}\p{N}])/u;

/**
 * A name line in an address block: two to four name words, none a common word, and a postcode on one of the two lines
 * after the street line unless the first name is known (a heading before a numbered line is no addressee).
 */
function addresseeLine(value: string, m: RegExpExecArray, text: string): boolean | number {
  const tokens = value.split(/[ \t,]+/u).filter((w) => w !== '' && !PARTICLE_TOKEN.test(w));
  if (tokens.length < 2 || !nameWords(value) || !notOrgOrStreet(value, text, groupEnd(m, 'name'))) return false;
  if (tokens.some((w) => isCommonWord(w, 'auto'))) return false;
  if (isFirstName(tokens[0]!)) return 0.85;
  const after = text.slice(groupEnd(m, 'name'), groupEnd(m, 'name') + 240).split(/\r?\n/u);
  return after.slice(2, 4).some((line) => POSTCODE_AHEAD.test(line)) && 0.8;
}

/** A name whose first name is known (`Bauer, Jonas`, `Rachel Gold`): a field whose value may also be anything else. */
function knownFirstName(value: string, m: RegExpExecArray, text: string): boolean | number {
  if (!nameWords(value)) return false;
  const comma = value.indexOf(',');
  const first =
    comma >= 0
      ? value
          .slice(comma + 1)
          .trim()
          .split(/[ \u00a0]/u)[0]!
      : firstToken(value);
  return isFirstName(first) && notOrgOrStreet(value, text, groupEnd(m, 'name')) && 0.8;
}

/**
 * `Surname, First` in running text (`Urlaubsantrag von Vogel, Svea`, `Techniker Wittenberg, Oliver`): the first name
 * must be known, and the surname no first name (`Anna, Maria` is a list), no common word and no listed place.
 */
function surnameCommaFirst(value: string): boolean | number {
  const [surname = '', first = ''] = value.split(/,[ \u00a0]/u);
  if (!nameWords(value) || !isFirstName(first)) return false;
  // Two surnames, as Spanish and Portuguese names have them (`Vasquez Morales, Elena`): each must pass.
  const surnames = surname.split(/[ \u00a0]/u);
  const ok = (w: string) => !isFirstName(w) && !placeNames().has(w) && !isCommonWord(w, 'auto');
  return surnames.every(ok) && 0.75;
}

/** People of a court decision by their role, inflected (des Angeklagten, dem Zeugen, die Geschädigte). */
const CASE_ROLES = phrases(`Kläger Klägers Klägerin Angeklagte Angeklagten Angeklagter Beklagte Beklagten Beklagter Zeuge
  Zeugen Zeugin Geschädigte Geschädigten Geschädigter Sachverständige Sachverständigen Sachverständiger Betroffene
  Betroffenen Betroffener Beschuldigte Beschuldigten Beschuldigter Antragsteller Antragstellers Antragstellerin
  Beigeladene Beigeladenen Beigeladener Verstorbene Verstorbenen Verstorbener Erblasser Erblassers Erblasserin
  Versicherte Versicherten Versicherter Geschäftsführer Geschäftsführers Geschäftsführerin Vorstandsmitglied
  Vorstandsmitglieds Patientin Patienten Ehemann Ehemannes Ehemanns Ehefrau Herr Herrn Frau`);
/** The initials a published decision leaves of a name: `K.`, `D. F.`, one letter alone (`Herr C`), or before a surname. */
const CASE_INITIALS = `(?:\\p{Lu}\\.(?:${SP}?\\p{Lu}\\.)?(?:${SP}${NAME_STOP}${NW})?|\\p{Lu}(?![\\p{L}\\p{N}\\p{M}.]))(?![\\p{L}\\p{N}\\p{M}])`;

/**
 * One rule per name shape after the same cue, not one rule with the shapes as alternatives: V8 never optimizes a
 * regex of more than 20 KB (`kRegExpTooLargeToOptimize`), and the two name shapes together passed it (the field rule
 * 32 kB, 5× slower than its two halves). At the same place the shapes give the same score (it depends on the first
 * word), so the merge keeps the longer reading, as the alternation did (`KRAUSE, Werner` over `KRAUSE`).
 */
function cueThenName(cue: string, shapes: readonly string[], score: number, validate: NonNullable<PatternRule['validate']>): PatternRule[] {
  return shapes.map((shape) => ({ label: 'PER', regex: new RegExp(`${cue}(?<name>${shape})`, 'dgu'), group: 'name', score, validate }));
}

/**
 * A patient line's name: no common word, and a known first name among its words or a date or number after the sex
 * on the line (`KAUFMAN SCOTT [M] 03.08.2002`), which a heading with a bracket (`MRT KOPF (F)`) seldom has.
 */
function patientLine(value: string, m: RegExpExecArray, text: string): boolean {
  const names = value.split(/[ ,\t]+/u).filter((w) => w !== '');
  if (names.some((w) => isCommonWord(w, 'auto'))) return false;
  const after = m.index + m[0].length;
  const rest = text.slice(after, after + 60).split(/\r?\n/u)[0]!;
  return names.some((w) => isFirstName(w)) || /\d/u.test(rest);
}

/**
 * Roles a person is named by in reports, claims and cases, before a surname alone: `der Fahrer Demir`, `the driver
 * Brennan`, `Kläger Hoffmann`, `witness Okafor`.
 */
const ROLE_BEFORE_SURNAME = phrases(`Zeuge Zeugin Zeugen Fahrer Fahrerin Fahrers Beifahrer Beifahrerin Halter Halterin
  Kläger Klägerin Klägers Beklagte Beklagten Beklagter Beschuldigte Beschuldigten Beschuldigter Geschädigte
  Geschädigten Geschädigter Angeklagte Angeklagten Angeklagter Unfallgegner Unfallgegnerin Unfallverursacher
  Unfallverursacherin witness driver passenger plaintiff defendant claimant complainant appellant respondent suspect
  victim tenant landlord`);

/** A name word after a role: capitalised, not in capitals (`tenant ID`), not a noun by its ending. */
const ROLE_NAME_WORD = `${NAME_STOP}${NOT_NOUN_SUFFIX}(?=\\p{Lu}\\p{Ll})${NW}`;

/**
 * A name after its role (`Fahrer Demir`, `Zeugin Gerlinde von der Heydt`): a first name first, or a surname that is no common
 * word (German nouns are capitalised too), no place and no known organisation.
 */
function roleSurname(value: string): number | false {
  const words = value.split(/[ \t\u00a0\u202f]/u);
  const first = words[0]!;
  if (words.length > 1 && !isFirstName(first)) return false;
  const surname = words.at(-1)!;
  if (isCommonWord(surname, 'auto') || placeNames().has(surname) || KNOWN_ORG_NAMES.has(value) || NOT_AFTER_ROLE.has(first)) return false;
  return 0.9;
}
/** Words after a role that name no one: `Zeugen Jehovas`. */
const NOT_AFTER_ROLE: ReadonlySet<string> = new Set(['Jehovas']);

/** Greetings of a chat, before a first name written in lower case (`hey jürgen`, `hi sabine`, `danke paul`). */
const CHAT_GREETINGS = '(?:[Hh]ey|[Hh]i|[Hh]allo|[Hh]ello|[Mm]oin|[Ss]ervus|[Dd]anke|[Tt]hanks|[Tt]hx|[Ll]iebe|[Ll]ieber)';

/**
 * A known first name in lower case, as chats write them: a first name of the list, no common word in either language
 * (`mark`, `will`, `rose` stay words), four letters or more.
 */
function lowerCaseFirstName(value: string): boolean {
  const capital = value.charAt(0).toUpperCase() + value.slice(1);
  return (
    value.length >= 4 &&
    isFirstName(capital) &&
    !isCommonWord(value, 'auto') &&
    !isCommonWord(capital, 'auto') &&
    !FUNCTION_WORDS_LOWER.has(value)
  );
}

/** Person-name rules; exported so that other recognizers or tests can reuse single rules. */
export const NAME_RULES: readonly PatternRule[] = [
  {
    // A nickname in quotes inside a full name is part of it (labels.md): `Marco „Schmiddi“ Schmidt`, `Bartholomew
    // "Bart" Okeke`.
    label: 'PER',
    regex: new RegExp(`${B}(?<name>${NW}[ \\t]+[„"“'‘»«][\\p{L}\\p{M}'’.-]{2,20}[“"”'’«»][ \\t]+${NW})`, 'dgu'),
    group: 'name',
    score: 0.9,
    validate: (value) => {
      const first = firstToken(value);
      const nick = /[„"“'‘»«]([^„"“”'’«»]+)/u.exec(value)?.[1] ?? '';
      // A known first name, or one the nickname shortens (`Bartholomew "Bart"`).
      return (isFirstName(first) || first.toLowerCase().startsWith(nick.toLowerCase().slice(0, 3))) && 0.9;
    },
  },
  {
    // A surname alone after its role: `der Fahrer Demir`, `the driver Brennan`, `Kläger Hoffmann`.
    label: 'PER',
    regex: new RegExp(
      `${B}${ROLE_BEFORE_SURNAME}${SP}(?<name>${ROLE_NAME_WORD}(?:${SP}(?:${PARTICLES}${SP})?${ROLE_NAME_WORD}){0,2})`,
      'dgu',
    ),
    group: 'name',
    score: 0.9,
    validate: roleSurname,
  },
  {
    // A first name in lower case after a chat's greeting (`hey jürgen,`); its further mentions (`mit jürgen`) are found
    // as every name's are. After any other word a lower-case first name is too often a word (`allen`, `dies`).
    label: 'PER',
    regex: new RegExp(`${B}${CHAT_GREETINGS}[ \t,]{1,3}(?<name>\\p{Ll}{4,20})(?![\\p{L}\\p{N}\\p{M}])`, 'dgu'),
    group: 'name',
    score: 0.7,
    validate: lowerCaseFirstName,
  },
  // Herr Dr. Hans-Peter Müller, Frau Gerlinde von der Heydt, Herrn Müllers, Dr. K., Mr O'Brien, Herrn\nMax Muster;
  // Frau CHRIST, Charlotte.
  ...cueThenName(`${B}(?:${TITLES})${AFTER_TITLES}`, [CAPS_COMMA, NAME], 0.85, cuedScore(0.85, 0.95)),
  {
    // mein Sohn Lukas, my wife Mary Smith: with a known first name; after a possessive (his partner Al, her sister,
    // Ngozi Eze; his accountant, Montserrat Vidal) any name that is no common word.
    label: 'PER',
    regex: new RegExp(`${B}${KIN},?${SP}(?<name>${FIRST_TOKEN}(?:${SP}(?:${PARTICLES}${SP})?${TOKEN})?)`, 'dgu'),
    group: 'name',
    score: 0.8,
    validate: kinName,
  },
  // Name: Hans Müller, Nachname: Müller, Patient: KRAUSE, Werner, Kläger: Max Mustermann.
  ...cueThenName(
    `${B}${FIELDS}[ \\t]*:[ \\t]*(?:\\r?\\n[ \\t]*)?(?:(?:${TITLES})${SP})?`,
    [SURNAME_COMMA, NAME],
    0.85,
    cuedScore(0.85, 0.9),
  ),
  {
    // Mit freundlichen Grüßen\n\nHans Müller; Best regards,\nJohn Smith.
    label: 'PER',
    regex: new RegExp(
      `(?<![\\p{L}])${CLOSINGS}[,!.]?[ \\t]*\\r?\\n(?:[ \\t]*\\r?\\n){0,3}[ \\t]*(?:${SIGN_MARKS}${SP})?(?:(?:${TITLES})${SP})?` +
        `(?<name>${NAME})(?=[ \\t]*(?:\\r?\\n|,|$))`,
      'dgu',
    ),
    group: 'name',
    score: 0.8,
    validate: cuedScore(0.8, 0.9),
  },
  {
    // gez. Müller, i.A. Hans Müller, Unterschrift: Anna Schmidt.
    label: 'PER',
    regex: new RegExp(
      `${B}(?:${SIGN_MARKS}|${phrases('Unterschrift: Signed: Signature: Unterzeichnet:')})${SP}{1,2}(?:(?:${TITLES})${SP})?(?<name>${NAME})`,
      'dgu',
    ),
    group: 'name',
    score: 0.85,
    validate: cuedScore(0.85, 0.9),
  },
  {
    // Liebe Anna, Hallo Tom!, Dear John Smith,
    label: 'PER',
    regex: new RegExp(`${B}${GREETINGS}${SP}(?<name>${GREET_STOP}${NAME})(?=${SP}?[,!:]|[ \\t]*\\r?\\n)`, 'dgu'),
    group: 'name',
    score: 0.75,
    validate: cuedScore(0.75, 0.85),
  },
  {
    // Anna Schmidt, Hans-Peter Müller, Gerlinde von der Heydt: known first name + surname. The match is one
    // character; the name is captured in a lookahead so that a failed candidate does not hide the next word.
    label: 'PER',
    regex: new RegExp(`${GAZ_START}(?=(?<name>(?<first>${FIRST})${SP}(?:${PARTICLES}${SP})?${SURNAME}))\\p{Lu}`, 'dgu'),
    group: 'name',
    score: 0.7,
    validate: gazetteerName,
  },
  {
    // Anna Maria Schmidt, John F. Kennedy, Maximilian Freiherr von Wangenheim: with a middle name, initial or title.
    label: 'PER',
    regex: new RegExp(
      `${GAZ_START}(?=(?<name>(?<first>${FIRST})${SP}(?<mid>${NOBILITY}|${FIRST}|\\p{Lu}\\.)${SP}(?:${PARTICLES}${SP})?${SURNAME}))\\p{Lu}`,
      'dgu',
    ),
    group: 'name',
    score: 0.7,
    validate: gazetteerName,
  },
  {
    // KRAUSE, Werner: all-caps surname, comma, known first name.
    label: 'PER',
    regex: new RegExp(
      `${B}(?<name>(?<sur>\\p{Lu}{2,30}(?:-\\p{Lu}{2,30})?),${SP}(?<first>${FIRST})(?:${SP}${FIRST})?)(?![\\p{L}\\p{M}\\p{N}-])`,
      'dgu',
    ),
    group: 'name',
    score: 0.7,
    validate: (_value, m) => isFirstName(m.groups?.first ?? '') && !CAPS_STOP.has(m.groups?.sur ?? ''),
  },
  {
    // A maiden name: `Stefanie Okafor, geb. Meier`, `Jane Smith (née Brown)`.
    label: 'PER',
    // Right after a name or its comma, as a word of its own (`Renee Watson` holds no `nee`); `der 1965 geb. Kläger` is
    // a role noun.
    regex: new RegExp(`(?<=\\p{L}[ \\t]|[,(][ \\t]?)(?:geb\\.|née|nee)${SP}(?<name>${LIGHT_WORD})`, 'dgu'),
    group: 'name',
    score: 0.85,
    validate: (value, m, text) => !COMMON_NOUN_SET.has(value) && nameWords(value) && notOrgOrStreet(value, text, groupEnd(m, 'name')),
  },
  {
    // A sign-off after a dash at the start of a line: `— Marisol, Lakeshore Fiber`, `-- Rachel Gold`.
    label: 'PER',
    regex: new RegExp(`${LINE_START}(?:—|–|--)[ \\t]*(?<name>${LIGHT_NAME})(?=[ \\t]*(?:,|\\r?\\n|$))`, 'dgu'),
    group: 'name',
    score: 0.75,
    validate: speakerScore(0.75, 0.85),
  },
  {
    // Chat exports: `12.06.24, 19:08 - Lea K.: …`, `[03/09/2024, 18:26:11] Tunde O.: …` (WhatsApp), and logs with a
    // time before the writer: `19.04.2024 09:02 F. Gerdes: …`, `11:45 Selin Arslan (Versand): …`; a writer in lower
    // case when a known first name (`[10:02] mike: …`).
    label: 'PER',
    regex: new RegExp(
      `${LINE_START}\\[?(?:${CHAT_DATE},?[ \\t]+)?${CLOCK}\\]?[ \\t]*(?:[-–][ \\t]*)?(?<name>${LIGHT_NAME}|\\p{Ll}{2,20})(?=(?:[ \\t]*\\([^()\\n]{1,30}\\))?:[ \\t])`,
      'dgu',
    ),
    group: 'name',
    score: 0.85,
    validate: (value, m, text) =>
      /^\p{Ll}/u.test(value) ? isFirstName(value.charAt(0).toUpperCase() + value.slice(1)) && 0.85 : speakerChat(value, m, text),
  },
  {
    // Chats that print the writer and the time on a line of their own (Teams, Slack): `Schneider, Katrin 09:12`,
    // `Priya Natarajan 9:02 AM`.
    label: 'PER',
    regex: new RegExp(`${LINE_START}(?<name>${LIGHT_NAME})[ \\t]+${CLOCK}[ \\t]*(?=\\r?\\n|$)`, 'dgu'),
    group: 'name',
    score: 0.8,
    validate: speakerScore(0.8, 0.9),
  },
  {
    // A table cell or an e-mail header holding a name with a known first name: `| Bauer, Jonas |`, `An: Nguyen, Lan`.
    label: 'PER',
    regex: new RegExp(
      `(?:\\|[ \\t]{0,3}|${LINE_START}${MAIL_FIELDS}:[ \\t]{1,3})(?<name>${LIGHT_NAME})(?=[ \\t]*(?:\\||\\r?\\n|$|<|;))`,
      'dgu',
    ),
    group: 'name',
    score: 0.8,
    validate: knownFirstName,
  },
  {
    // The parties of a caption or a judgment, named before their role: `DOUGLAS R. HOLLOWAY, Petitioner,`, `Jane Roe,
    // Plaintiff`, `Max Mustermann, Kläger`, or the role alone on the next line of a caption; see partyName.
    label: 'PER',
    regex: new RegExp(
      `(?<![\\p{L}\\p{M}.])(?<name>${LIGHT_NAME}),(?:[ \\t]+${PARTY_ROLES}(?![\\p{L}])|[^\\n]{0,60}\\r?\\n[ \\t]*${PARTY_ROLES}[.,:]?[ \\t]*(?:\\r?\\n|$))`,
      'dgu',
    ),
    group: 'name',
    score: 0.85,
    validate: partyName,
    retryInside: true,
  },
  {
    // The addressee's line of an address block: a name line on its own before a street line (`Wellington Crooks⏎9
    // Reichel Fall⏎Hull EC0A 8FW`, `Vasilis Giagkos⏎Pl. Germanou 573⏎216 19 Florina`); see addresseeLine.
    label: 'PER',
    regex: new RegExp(`${LINE_START}(?<name>${LIGHT_NAME})[ \\t]*(?=\\r?\\n[ \\t]*${STREET_LINE})`, 'dgu'),
    group: 'name',
    score: 0.8,
    validate: addresseeLine,
  },
  {
    // A given name before a full name that shares its surname: `[Carla] und Gina Grau`, `[Farid] und Samira Benali`.
    label: 'PER',
    regex: new RegExp(
      `(?<![\\p{L}\\p{M}])(?<first>\\p{Lu}[\\p{L}\\p{M}-]{1,30})[ \\t](?:und|and|&)[ \\t](?=(?<next>\\p{Lu}[\\p{L}\\p{M}-]{1,30})[ \\t]\\p{Lu}\\p{Ll})`,
      'dgu',
    ),
    group: 'first',
    score: 0.8,
    validate: (value, m) => isFirstName(value) && isFirstName(m.groups?.next ?? '') && nameWords(value) && 0.8,
  },
  {
    // Pseudonymised people of a published decision, after their role: `des Angeklagten H.`, `dem Zeugen K.`, `Herr C`,
    // `ihres verstorbenen Ehemannes D. F.`.
    label: 'PER',
    regex: new RegExp(`${B}${CASE_ROLES}${SP}(?<name>${CASE_INITIALS})`, 'dgu'),
    group: 'name',
    score: 0.75,
  },
  {
    // A name whose home, family or party it is: `meet at Carmela's place`, `Brionna's mum`, `Regan's birthday`. The model
    // reads `X's place` as a place; a home or a mother belongs to a person. Not a listed place or known organisation
    // (`London's house prices`), not a common word (`the Company's house`).
    label: 'PER',
    regex: new RegExp(`${B}(?<name>\\p{Lu}\\p{Ll}[\\p{L}\\p{M}-]{1,30})['’]s${SP}${POSSESSED}(?![\\p{L}])`, 'dgu'),
    group: 'name',
    score: 0.85,
    validate: (value) => !placeNames().has(value) && !KNOWN_ORG_NAMES.has(value) && (isFirstName(value) || !isCommonWord(value, 'en')),
  },
  {
    // The patient line that imaging devices burn into a picture or print on a report: name words in capitals at a line
    // start, then the sex in brackets (`KAUFMAN SCOTT [M] 03.08.2002`, `DOE, JANE (F)`); not all common words.
    label: 'PER',
    regex: new RegExp(
      `${LINE_START}(?<name>\\p{Lu}[\\p{Lu}\\p{M}'’-]{1,30}(?:,?[ \\t]\\p{Lu}[\\p{Lu}\\p{M}'’.-]{0,30}){1,3})[ \\t]{1,3}[[(](?:M|F|W|D|O|U)[\\])](?![\\p{L}\\p{N}])`,
      'dgu',
    ),
    group: 'name',
    score: 0.8,
    validate: patientLine,
  },
  {
    // A person name as DICOM writes it, its parts joined by carets: `DOE^JANE`, `Kaufman^Scott^^Dr.`.
    label: 'PER',
    regex: /(?<![\p{L}\p{M}^])(?<name>\p{Lu}[\p{L}\p{M}'’-]{1,30}(?:\^[\p{L}\p{M}'’.-]{0,30}){1,4})(?![\p{L}\p{M}^])/dgu,
    group: 'name',
    score: 0.85,
    validate: (value) => /\^\p{Lu}[\p{L}\p{M}]/u.test(value),
  },
  {
    // `Surname, First` in running text, not a list (`…, Anna, Maria`), not a role before a full name (`unser Polier,
    // Marek Dąbrowski`): see surnameCommaFirst.
    label: 'PER',
    regex: new RegExp(
      `(?<![\\p{L}\\p{M}]|,[ \\t]?)(?:\\p{Lu}[\\p{L}\\p{M}'’-]{1,30}[ \\u00a0])?\\p{Lu}[\\p{L}\\p{M}'’-]{1,30},[ \\u00a0]\\p{Lu}[\\p{L}\\p{M}-]{1,30}(?![\\p{L}\\p{M}]|,[ \\t]\\p{Lu}|[ \\t]\\p{Lu})`,
      'gu',
    ),
    score: 0.75,
    validate: surnameCommaFirst,
    // A word before the surname that fails (`Techniker Wittenberg, Oliver`): the surname alone is tried next.
    retryInside: true,
  },
];

/** Person-name recognizer (PER) from titles, form fields, signatures, greetings and known first names. */
export const contextNameRecognizer: Recognizer = patternRecognizer(ID, NAME_RULES, { resolveOverlaps: true });
