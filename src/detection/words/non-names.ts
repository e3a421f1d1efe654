import type { Span } from '../../text/span.js';
import { alternation, FUNCTION_WORD_SET, TITLE_WORDS, words } from './lexicon.js';

/*
 * Capitalised words a model takes into a name or for one, though they name no one (issue 37, step 4): a sentence's
 * opening imperative or greeting (`Call`, `Ruf`, `Grüße an`), a family word (`Mein Mann`, `Tante`), a job title
 * (`Senior Data Engineer`, `Leitende Oberärztin`), a heading or a form's word (`EDUCATION`, `Unterschrift`, `No` of
 * Yes/No), an abbreviation (`z. Hd.`). Hand-written closed lists: none of their words is a given name, and the few that
 * are surnames too (`Mann`, `Koch`) count only where the context says they are no name.
 */

/** Imperatives and greetings that open a sentence before a name: `Call Anna`, `Thanks Jo`, `Ruf Anna … an`, `Grüße an Jo`. */
const OPENERS = words(`Call Ask Tell Email E-mail Mail Text Phone Ring Contact Ping Message Remind Invite Meet Thank Thanks
  Cheers Hi Hello Hey Dear Welcome Congrats Congratulations Greetings Regards Best Love Cc Attn Forward Send Visit See
  Ruf Rufe Ruft Rufen Frag Frage Fragt Fragen Sag Sage Sagt Grüß Grüße Gruß Grüßt Grüßen Danke Dank Hallo Servus Moin
  Liebe Lieber Lieben Liebste Liebster Schreib Schreibe Schreibt Schick Schicke Schickt Melde Meld Kontaktiere
  Kontaktieren Informiere Informieren Erinnere Erinnern Besuch Besuche Vielen Herzliche Herzlichen Viele`);

/** A preposition an opener takes before the name: `Grüße an`, `Thanks to`, `Danke für`, `Ask for`. */
const OPENER_PREPOSITIONS = words('an to für for von from at');

/** Family words and words for one's partner or people close by: they stand before a name, never in it. */
const KIN = words(`Mann Frau Ehemann Ehefrau Gatte Gattin Sohn Tochter Vater Mutter Bruder Schwester Onkel Tante Oma Opa Omi Opi
  Großmutter Großvater Enkel Enkelin Cousin Cousine Neffe Nichte Schwager Schwägerin Schwiegermutter Schwiegervater
  Schwiegersohn Schwiegertochter Freund Freundin Partner Partnerin Lebensgefährte Lebensgefährtin Verlobte Verlobter
  Nachbar Nachbarin Kind Kinder Sohnemann Husband Wife Son Daughter Father Mother Brother Sister Uncle Aunt Auntie Grandma
  Grandpa Grandmother Grandfather Granny Nephew Niece Cousin Boyfriend Girlfriend Fiance Fiancé Fiancee Fiancée Neighbour
  Neighbor Mum Mom Dad Mama Papa Mutti Vati Baby Stepson Stepdaughter Stepmother Stepfather`);

/** Possessives and articles before a family word: `Mein Mann`, `my husband`, `unsere Tochter`. */
const POSSESSIVES = words(`mein meine meinem meinen meiner meines dein deine deinem deinen deiner unser unsere unserem unseren
  unserer euer eure eurem euren eurer sein seine seinem seinen seiner ihr ihre ihrem ihren ihrer my our your his her
  their der die dem den des the`);

/**
 * Job titles, ranks and the departments they name (`Senior Data Engineer`, `Head of Sales`, `Leitende Oberärztin`,
 * `Monteur`): labels.md leaves job titles unlabelled. No surname is listed (`Koch`, `Kaufmann`, `Baker` are not).
 */
const ROLES = words(`Engineer Engineers Developer Developers Designer Designers Manager Managers Director Directors Consultant
  Analyst Analysts Architect Officer Founder Co-founder Co-Founder Cofounder CEO CTO CFO COO CIO CMO CPO CISO VP SVP EVP
  President Chairman Chairwoman Chairperson Associate Intern Trainee Assistant Coordinator Specialist Administrator
  Scientist Researcher Recruiter Accountant Solicitor Barrister Paralegal Nurse Physician Surgeon Therapist Pharmacist
  Technician Editor Producer Lecturer Teacher Tutor Owner Supervisor Representative Advisor Adviser Executive Strategist
  Lead Principal Staff Senior Junior Head Chief Deputy Interim Acting Vice Managing Regional Product Data Software
  Platform Frontend Backend Full-stack Fullstack DevOps Cloud Security QA UX UI Sales Marketing Engineering Design
  Operations Finance HR People Customer Success Support Research Development Business Legal Compliance Procurement IT
  Technology Communications Growth Analytics Infrastructure Accounts Payable Receivable Officer Team Leiter Leiterin
  Leitende Leitender Leitenden Leitung Geschäftsführer Geschäftsführerin Geschäftsführung Oberarzt Oberärztin Chefarzt
  Chefärztin Assistenzarzt Assistenzärztin Facharzt Fachärztin Stationsarzt Stationsärztin Arzt Ärztin Pfleger
  Pflegerin Krankenschwester Pflegekraft Pflegefachkraft Hebamme Monteur Monteurin Techniker Technikerin Sachbearbeiter
  Sachbearbeiterin Referent Referentin Berater Beraterin Entwickler Entwicklerin Ingenieur Ingenieurin Projektleiter
  Projektleiterin Teamleiter Teamleiterin Abteilungsleiter Abteilungsleiterin Vertriebsleiter Vertriebsleiterin
  Buchhalter Buchhalterin Sekretärin Sekretär Assistent Assistentin Prokurist Prokuristin Inhaber Inhaberin
  Vorsitzender Vorsitzende Disponent Disponentin Azubi Auszubildende Auszubildender Praktikant Praktikantin
  Werkstudent Werkstudentin Mitarbeiter Mitarbeiterin Gutachter Gutachterin Physiotherapeut Physiotherapeutin
  Apotheker Apothekerin Stellvertretende Stellvertretender Kaufmännische Kaufmännischer Technische Technischer
  Vertrieb Einkauf Personal Buchhaltung Controlling`);

/**
 * Headings of CVs and reports and the words of forms (`EXPERIENCE`, `Percent`, `Name:`, `Datum`, `Unterschrift`, a
 * form's `Yes`/`No`): compared lower-cased.
 */
const FORM_WORDS = words(`name vorname nachname geburtsname datum date unterschrift signature ort anschrift address geschlecht
  sex gender yes no ja nein percent percentage prozent begin start end experience education skills summary profile
  languages references contact objective employment history qualifications certifications projects awards interests
  hobbies kenntnisse sprachen ausbildung berufserfahrung lebenslauf werdegang qualifikationen interessen subscriber
  patient member policyholder insured mrn dob normal priority status postleitzahl plz gemeinde wohnort hausnummer
  telefon staatsangehörigkeit familienstand geburtsdatum geburtsort stempel bemerkungen anmerkungen notes comments
  total subtotal signed unterschrieben seite section abschnitt`);

/**
 * Abbreviations that a model takes for an initial or a name: `z. Hd.`, `i. A.`, a weekday's `Mo.`; `_` stands for a
 * space that may be left out. No single letter with its dot: that is a person's initial (`A. Schmidt`).
 */
const ABBREVIATIONS = words(`z._Hd. Hd. Hdn. i._A. i._V. u._a. ggf. bzw. usw. Nr. No. Tel. Fax. Mo. Di. Mi. Do. Sa. So. Abs.
  Anl. Betr. Bzgl. bzgl. Ca. ca. Evtl. evtl. Inkl. inkl. Zzgl. zzgl. Mwst. MwSt. Ust. USt. Hrsg. Verf.`);

const KIN_SET: ReadonlySet<string> = new Set(KIN);
const ROLE_SET: ReadonlySet<string> = new Set(ROLES);
const FORM_SET: ReadonlySet<string> = new Set(FORM_WORDS);
const ABBREVIATION_SET: ReadonlySet<string> = new Set(ABBREVIATIONS.flatMap((a) => [a.replace(/_/gu, ' '), a.replace(/_/gu, '')]));
const JOINERS: ReadonlySet<string> = new Set(words('of for and und & the der die des für - – /'));

/** Openers (with their preposition), possessive + family word, a family word, an abbreviation: before a name. */
const LEAD = new RegExp(
  `^(?:(?:${alternation(OPENERS)}(?:[ \\t]+${alternation(OPENER_PREPOSITIONS)})?|(?:${alternation(POSSESSIVES.map(capital))}[ \\t]+)?${alternation(KIN)}` +
    `|${alternation(ABBREVIATIONS).replace(/_/gu, '[ \\t]?')}|${alternation(POSSESSIVES)}[ \\t]+${alternation(KIN.map((w) => w.toLowerCase()))})[,:]?(?:[ \\t]+|$))+`,
  'u',
);
const TITLE_BEFORE = new RegExp(`(?<![\\p{L}])${alternation(TITLE_WORDS)}\\.?[ \\t]+$`, 'u');
const POSSESSIVE_BEFORE = new RegExp(`(?<![\\p{L}])${alternation([...POSSESSIVES, ...POSSESSIVES.map(capital)])}[ \\t]+$`, 'u');

function capital(w: string): string {
  return w.charAt(0).toUpperCase() + w.slice(1);
}

/**
 * Where a model span's name begins: after the opening imperative or greeting (`Call`, `Thanks`, `Grüße an`), the
 * family word (`Mein Mann`, `Tante`) or the abbreviation (`z. Hd.`) it took in; `start` when there is none. The span
 * may be left empty (`Call` alone).
 */
export function nameStart(text: string, start: number, end: number): number {
  const lead = LEAD.exec(text.slice(start, end));
  return lead ? start + lead[0].length : start;
}

/**
 * Whether a model span names no one: an opener (`Call`, `Ruf`), a family word (`Tante`; `Mann` after a possessive),
 * an abbreviation (`Hd.`, `Mo.`), a job title or department (`Data Engineer`, `Head of Sales`, `Oberärztin`), words
 * of headings and forms or function words only (`EDUCATION`, `Yes No`, `Unterschrift`), one capital letter without a
 * dot (`Sex: F`, `Section B`). Not after a title (`Dr. Koch`, `Frau Mann`).
 */
export function isNoName(text: string, span: Pick<Span, 'start' | 'end' | 'label'>): boolean {
  const surface = text.slice(span.start, span.end);
  const before = text.slice(Math.max(0, span.start - 30), span.start);
  if (TITLE_BEFORE.test(before)) return false;
  if (/^\p{Lu}$/u.test(surface)) return true;
  if (ABBREVIATION_SET.has(surface) || nameStart(text, span.start, span.end) >= span.end) {
    // An opener or family word that is also a surname is no name only where the context says so: `Mein Mann`.
    return !(KIN_SET.has(surface) && SURNAME_TOO.has(surface)) || POSSESSIVE_BEFORE.test(before);
  }
  const parts = surface
    .replace(/\.$/u, '')
    .split(/[\s]+/u)
    .filter((w) => w.length > 0);
  const content = parts.filter((w) => !JOINERS.has(w.toLowerCase()));
  if (content.length === 0) return false;
  if (content.every((w) => ROLE_SET.has(w) || ROLE_SET.has(w.replace(/-.*$/u, '')))) return true;
  // Words of forms and function words only (`Yes No`, `EDUCATION`); one function word alone may be a name (`Will`).
  const form = (w: string): boolean => FORM_SET.has(w.toLowerCase());
  const functional = (w: string): boolean => FUNCTION_WORD_SET.has(w) || FUNCTION_WORD_SET.has(capital(w.toLowerCase()));
  return content.every((w) => form(w) || functional(w)) && (content.length > 1 || form(content[0]!));
}

/** Family words that are surnames too (`Thomas Mann`, `Herr Sohn`): alone, no name only after a possessive. */
const SURNAME_TOO: ReadonlySet<string> = new Set(words('Mann Frau Sohn Vater Bruder Kind Partner Freund Baby Neffe Enkel'));
