/**
 * HR letters: job offer, employment reference (Arbeitszeugnis, written about the employee in the third person) and
 * termination. A company letterhead, the employee's address (not on references), the kind's own sentences (split by
 * isHeldOutPattern like the shared bank) and employment sentences from the shared bank.
 */
import { block, heading } from './case-style.js';
import type { Frame } from './frame.js';
import type { Lang } from './lexicon.js';
import type { Ctx, Out } from './render.js';

type HrKind = 'offer' | 'reference' | 'termination';

const SUBJECTS: Record<Lang, Record<HrKind, string[]>> = {
  de: {
    offer: ['Ihr Arbeitsvertrag', 'Angebot eines Arbeitsvertrags', 'Einstellungszusage'],
    reference: ['Arbeitszeugnis', 'Qualifiziertes Arbeitszeugnis', 'Zwischenzeugnis'],
    termination: ['Kündigung Ihres Arbeitsverhältnisses', 'Ordentliche Kündigung', 'Kündigung zum {date}'],
  },
  en: {
    offer: ['Offer of employment', 'Your employment contract', 'Conditional offer'],
    reference: ['Employment reference', 'To whom it may concern', 'Reference for {A.name}'],
    termination: ['Termination of employment', 'Notice of dismissal', 'Notice of termination effective {date}'],
  },
};

/** The sentence after the salutation (lower-case in German letters); none on references. */
const OPENERS: Record<Lang, Record<Exclude<HrKind, 'reference'>, string>> = {
  de: {
    offer: 'wir freuen uns, Ihnen eine Anstellung bei {org} ab dem {date} anbieten zu können.',
    termination: 'hiermit kündigen wir das mit Ihnen bestehende Arbeitsverhältnis ordentlich und fristgerecht zum {date}.',
  },
  en: {
    offer: 'We are delighted to offer you the position of Office Manager at {org}, starting on {date}.',
    termination: 'I am writing to confirm that your employment with {org} will end on {date}.',
  },
};

const BODY: Record<Lang, Record<HrKind, string[]>> = {
  de: {
    offer: [
      'Ihr Arbeitsort ist unsere Niederlassung in der {str}, {loc}.',
      'Ihre direkte Vorgesetzte ist {B.ref}, die Sie am ersten Arbeitstag um {time} in Empfang nimmt.',
      'Bitte senden Sie uns den unterschriebenen Vertrag bis zum {date} zurück.',
      'Die Probezeit endet am {date}.',
      'Für Rückfragen erreichen Sie {C.ref} aus der Personalabteilung unter {C.tel}.',
      'Ihr Bruttojahresgehalt beträgt {amount}; die Zahlung erfolgt auf Ihr Konto IBAN {iban}.',
      'Wir bitten Sie, am {date} Ihren Sozialversicherungsausweis und Ihre Steuer-ID vorzulegen.',
      'Ihr Mentor in den ersten Wochen ist {B.full} aus unserem Standort {city}.',
    ],
    reference: [
      '{A.herr} {A.formal}, geboren am {A.dob} in {city}, war vom {date} bis zum {date} in unserem Unternehmen tätig.',
      '{A.herr} {A.last} hat die übertragenen Aufgaben stets zu unserer vollsten Zufriedenheit erledigt.',
      'Das Verhalten von {A.herrn} {A.last} gegenüber Vorgesetzten, Kollegen und Kunden war stets einwandfrei.',
      '{A.Er} arbeitete eng mit unserem Kunden {org2} in {city} zusammen.',
      'Das Arbeitsverhältnis endet am {date} auf eigenen Wunsch.',
      'Wir danken {A.herrn} {A.last} für die stets gute Zusammenarbeit und wünschen {A.sein}em weiteren Weg alles Gute.',
      'Für Auskünfte steht {B.ref} unter {B.tel} gern zur Verfügung.',
      'Seit {month} {year} leitete {A.er} zusätzlich das Team am Standort {city}.',
    ],
    termination: [
      'Der Betriebsrat wurde am {date} angehört.',
      'Bitte geben Sie Ihren Dienstausweis und Ihren Laptop spätestens am {date} bei {B.ref} ab.',
      'Sie sind verpflichtet, sich unverzüglich bei der {auth} arbeitsuchend zu melden.',
      'Ihr Resturlaub wird bis zum {date} gewährt.',
      'Ihr Arbeitszeugnis senden wir Ihnen an die Anschrift {A.addr}.',
      'Die Abrechnung erfolgt wie bisher auf Ihr Konto bei der {bank}.',
      'Für Fragen zur Abwicklung wenden Sie sich bitte an {C.full}, Telefon {C.tel}.',
    ],
  },
  en: {
    offer: [
      'Your place of work will be our office at {str}, {loc}.',
      'You will report to {B.ref}, who will meet you at reception at {time} on your first day.',
      'Please sign and return the enclosed contract by {date}.',
      'Your probationary period ends on {date}.',
      'If you have any questions, please contact {C.ref} in HR on {C.tel}.',
      'Your annual salary will be {amount}, paid monthly into your account ({iban}).',
      'Please bring your passport and National Insurance number on {date}.',
      'Your buddy for the first weeks will be {B.full} from our {city} office.',
    ],
    reference: [
      '{A.name}, born {A.dob}, was employed by {org} from {date} to {date} as a Customer Service Advisor.',
      'During this time {A.he} proved reliable, punctual and well liked by colleagues.',
      '{A.He} worked closely with our client {org2} in {city}.',
      'I have known {A.ref} since {month} {year}, when {A.he} joined my team.',
      "{A.first}'s employment ended on {date} at {A.his} own request.",
      'I would recommend {A.first} without hesitation.',
      'Please contact me on {B.tel} or at {B.mail} should you require further information.',
      'Since {month} {year} {A.he} also led our team in {city}.',
    ],
    termination: [
      'This follows the meeting on {date} with {B.ref} and {C.ref}.',
      'Please return your laptop and security pass to {B.full} by {date}.',
      'Your final salary, including accrued holiday pay, will be paid on {date}.',
      'Your P45 will be sent to {A.addr}.',
      'You have the right to appeal this decision in writing to {C.full} within five days.',
      'We will continue to pay your salary into your account with {bank} until {date}.',
      'If you have any questions, please contact HR at {mail} or on {tel}.',
    ],
  },
};

export function hrLetter(f: Frame, ctx: Ctx): Out {
  const r = ctx.rng;
  const de = f.lang === 'de';
  const kind = r.weighted<HrKind>([
    [1, 'offer'],
    [1, 'reference'],
    [1, 'termination'],
  ]);
  const out: Out = [...block(ctx, ctx.render(r.chance(0.7) ? '{org}\n{str}\n{loc}' : '{org}, {str}, {loc}'))];
  if (r.chance(0.4)) out.push('\n', de ? 'Personalabteilung' : 'Human Resources');
  if (kind !== 'reference') out.push('\n\n', ...block(ctx, ctx.addressBlock(ctx.person('A'))));
  out.push('\n\n', ...f.dateLine(ctx), '\n\n', ...heading(ctx, ctx.render(r.pick(SUBJECTS[f.lang][kind]))), '\n\n');
  if (kind !== 'reference') out.push(...ctx.render('{A.anrede},'), '\n\n', ...ctx.render(OPENERS[f.lang][kind]), ' ');
  const used = new Set<string>();
  for (let i = r.int(3, 6); i > 0; i--) used.add(f.pattern(r, BODY[f.lang][kind]));
  out.push(...[...used].flatMap((pat, i) => [i > 0 ? ' ' : '', ...ctx.render(pat)]));
  if (r.chance(0.5)) out.push('\n\n', ...f.sentences(ctx, 'employment', r.int(1, 3)));
  out.push(
    '\n\n',
    r.pick(de ? ['Mit freundlichen Grüßen', 'Freundliche Grüße'] : ['Yours sincerely', 'Kind regards']),
    '\n\n',
    ...f.signature(ctx, 'B'),
  );
  return out;
}
