import type { Span } from '../../text/span.js';
import type { DetectContext } from '../recognizer.js';
import { commonWordsDe, commonWordsEn, nameWordsEn } from '../lexicons/store.js';
import { alternation, FUNCTION_WORD_SET, isFirstName, TITLE_WORDS, words } from './lexicon.js';
import { isCommonWord } from './common-words.js';

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

/**
 * Verbs that open a CV's or a note's lines in the past tense (`Led the redesign`, `Built …`): irregular forms; the
 * regular ones (`Removed`, `Managed`) are read by their stem (`isPastTenseVerb`).
 */
const PAST_TENSE_OPENERS = words(`Led Built Wrote Grew Drove Oversaw Taught Sold Held Spoke Won Made Gave Took Brought Kept Began
  Chose Became Undertook Rebuilt Rewrote Set Ran`);

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
  Analyst Analysts Architect Officer Founder Co-founder Co-Founder Cofounder CEO CTO CFO COO CIO CMO CPO CISO VP
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

/**
 * Acronyms of things, documents, formats, vehicle classes and credentials that a model takes for a firm or a person
 * (`Export to CSV`, `For the NDA`, `an HGV driver`, `Tamsin Greer, RN`).
 */
const GENERIC_ACRONYMS = words(`CSV PDF XLS XLSX DOC DOCX PPT PPTX JSON XML HTML API URL SQL ZIP JPG JPEG PNG NDA SLA KPI KPIs
  ROI FAQ FAQs SOP HGV LGV PSV LKW PKW SUV MRT CT EKG ECG MRI RN LPN CNA APRN DOB MRN PIN TAN OTP QR SMS MMS PS
  PPS CC BCC ASAP FYI TBD TBC ETA`);

/**
 * Bodies and units named by their kind alone (`the Court`, `the Tribunal`, `Pulmonology`, `Rheumatology
 * Outpatients`): in a judgment or a letter they refer to the one of the case and identify nobody (labels.md:
 * departments and wards are not labelled).
 */
const GENERIC_BODIES = words(`Court Courts Tribunal Council Committee Board Commission Bench Registry Police Outpatients
  Inpatients Department Dept Ward Clinic Unit Abteilung Ambulanz Station Poliklinik Sprechstunde`);
/** Medical specialties, as departments and clinics are named after them. */
const SPECIALTIES = words(`Cardiology Radiology Neurology Oncology Dermatology Gastroenterology Pulmonology Rheumatology
  Nephrology Urology Gynaecology Gynecology Obstetrics Haematology Hematology Endocrinology Ophthalmology Orthopaedics
  Orthopedics Paediatrics Pediatrics Psychiatry Geriatrics Anaesthetics Anaesthesiology Anesthesiology Pathology
  Immunology Neurosurgery Physiotherapy Kardiologie Radiologie Neurologie Onkologie Dermatologie Gastroenterologie
  Pneumologie Rheumatologie Nephrologie Urologie Gynäkologie Geburtshilfe Hämatologie Endokrinologie Augenheilkunde
  Orthopädie Pädiatrie Kinderheilkunde Psychiatrie Geriatrie Anästhesie Anästhesiologie Pathologie Immunologie
  Neurochirurgie Unfallchirurgie Chirurgie Physiotherapie Notaufnahme Intensivstation`);

/** Articles alone: a model's piece of a longer name (`The` of `The Merrion Hotel`). */
const ARTICLES = words('The A An Der Die Das Den Dem Des Ein Eine Einer Einem Einen');

const KIN_SET: ReadonlySet<string> = new Set(KIN);
const ROLE_SET: ReadonlySet<string> = new Set(ROLES);
const FORM_SET: ReadonlySet<string> = new Set(FORM_WORDS);
const ACRONYM_SET: ReadonlySet<string> = new Set(GENERIC_ACRONYMS);
const BODY_SET: ReadonlySet<string> = new Set([...GENERIC_BODIES, ...SPECIALTIES]);
const ARTICLE_SET: ReadonlySet<string> = new Set(ARTICLES);
const ABBREVIATION_SET: ReadonlySet<string> = new Set(ABBREVIATIONS.flatMap((a) => [a.replace(/_/gu, ' '), a.replace(/_/gu, '')]));
const JOINERS: ReadonlySet<string> = new Set(words('of for and und & the der die des für - – /'));

/** Openers (with their preposition), possessive + family word, a family word, an abbreviation: before a name. */
const LEAD = new RegExp(
  `^(?:(?:${alternation([...OPENERS, ...PAST_TENSE_OPENERS])}(?:[ \\t]+${alternation(OPENER_PREPOSITIONS)})?|(?:${alternation(POSSESSIVES.map(capital))}[ \\t]+)?${alternation(KIN)}` +
    `|${alternation(ABBREVIATIONS).replace(/_/gu, '[ \\t]?')}|${alternation(POSSESSIVES)}[ \\t]+${alternation(KIN.map((w) => w.toLowerCase()))})[,:]?(?:[ \\t]+|$))+`,
  'u',
);
const FIELD_BEFORE = new RegExp(
  `(?::|(?<![\\p{L}])${alternation(words('Section Abschnitt Teil Part Anlage Annex Appendix Block Typ Type Klasse Class Gruppe Group'))})[ \\t]*$`,
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
 * dot (`Sex: F`, `Section B`), a generic acronym (`CSV`, `NDA`, `RN`), a body or unit named by its kind (`the Court`,
 * `Pulmonology`), an article alone, an English verb in the past tense (`Removed.`). Not after a title (`Dr. Koch`,
 * `Frau Mann`).
 */
export function isNoName(text: string, span: Pick<Span, 'start' | 'end' | 'label'>, language: DetectContext['language'] = 'auto'): boolean {
  const surface = text.slice(span.start, span.end);
  const before = text.slice(Math.max(0, span.start - 30), span.start);
  if (TITLE_BEFORE.test(before)) return false;
  // One capital letter without a dot is a form's answer (`Sex: F`, `Section B`); elsewhere it may stand for a name
  // (a judgment's `in A`, `Herren B`).
  if (/^\p{Lu}$/u.test(surface)) return FIELD_BEFORE.test(before);
  if (ACRONYM_SET.has(surface) || ARTICLE_SET.has(surface)) return true;
  if (language !== 'de' && isPastTenseVerb(surface)) return true;
  if (span.label === 'PER' && isHyphenedCommonNoun(surface, language)) return true;
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
  if (content.every((w) => BODY_SET.has(w))) return true;
  // A heading in capitals of common words only (`ALUMNI REUNION`, `JAHRESBERICHT 2024`), no first name among them.
  if (
    content.length > 1 &&
    surface === surface.toUpperCase() &&
    content.every((w) => /^\p{N}+$/u.test(w) || (isCommonWord(w.toLowerCase(), 'auto') && !isFirstName(capital(w.toLowerCase()))))
  )
    return true;
  // Words of forms and function words only (`Yes No`, `EDUCATION`); one function word alone may be a name (`Will`).
  const form = (w: string): boolean => FORM_SET.has(w.toLowerCase());
  const functional = (w: string): boolean => FUNCTION_WORD_SET.has(w) || FUNCTION_WORD_SET.has(capital(w.toLowerCase()));
  return content.every((w) => form(w) || functional(w)) && (content.length > 1 || form(content[0]!));
}

/** Family words that are surnames too (`Thomas Mann`, `Herr Sohn`): alone, no name only after a possessive. */
const SURNAME_TOO: ReadonlySet<string> = new Set(words('Mann Frau Sohn Vater Bruder Kind Partner Freund Baby Neffe Enkel'));

/**
 * Whether one capitalised word is an English verb in the past tense that opens a line (`Removed.`, `Managed a team`):
 * an irregular form listed above, or `-ed` on a common word's stem (`remove`, `manage`, `plan`); given names
 * (`Ahmed`, `Fred`) and words of four letters or fewer (`Reed`) are not.
 */
export function isPastTenseVerb(word: string): boolean {
  if (PAST_TENSE_SET.has(word)) return true;
  if (word.length < 6 || !/^\p{Lu}\p{Ll}+ed$/u.test(word) || isFirstName(word)) return false;
  const w = word.toLowerCase();
  const forms = [w, w.slice(0, -1), w.slice(0, -2), w.slice(0, -3), `${w.slice(0, -3)}y`];
  return forms.some((s) => s.length >= 3 && (commonWordsEn().has(s) || nameWordsEn().has(s)));
}
const PAST_TENSE_SET: ReadonlySet<string> = new Set(PAST_TENSE_OPENERS);

/**
 * Whether one hyphened word ends in a common noun (`Smartcard-Zertifikat`, `Erasmus-Semester`, `X-rays`): a
 * compound, no person. Double names end in a name (`Müller-Lüdenscheidt`, `Hans-Peter`): the common-word lists hold no
 * surname and no given name.
 */
export function isHyphenedCommonNoun(word: string, language: DetectContext['language']): boolean {
  const parts = word.split('-');
  if (parts.length < 2 || !parts.every((p) => /^\p{L}+$/u.test(p))) return false;
  const last = parts[parts.length - 1]!;
  if (last.length < 4 || parts.some((p) => isFirstName(p))) return false;
  const w = last.toLowerCase();
  return (language !== 'en' && commonWordsDe().has(w)) || (language !== 'de' && commonWordsEn().has(w));
}
