/**
 * Medical reports (Arztbrief, Entlassungsbrief, discharge letter): hospital letterhead with department, the referring
 * doctor's address, patient line with birth date, stay dates and ward, diagnosis and medication lists, a course
 * from the shared medical bank and several signing doctors. Departments and wards are not labelled (labels.md);
 * ages are OTH.
 */
import { block, heading } from './case-style.js';
import type { Frame } from './frame.js';
import type { Ctx, Out } from './render.js';

const DEPARTMENTS_DE = [
  'Klinik für Innere Medizin',
  'Medizinische Klinik II',
  'Klinik für Unfallchirurgie',
  'Abteilung für Neurologie',
  'Klinik für Kardiologie',
];
const DEPARTMENTS_EN = [
  'Department of Medicine',
  'Cardiology Unit',
  'Trauma and Orthopaedics',
  'Department of Neurology',
  'Acute Medical Unit',
];
const SIGNERS_DE: Record<'f' | 'm', string[]> = {
  f: ['Chefärztin', 'Oberärztin', 'Assistenzärztin', 'Fachärztin für Innere Medizin'],
  m: ['Chefarzt', 'Oberarzt', 'Assistenzarzt', 'Facharzt für Innere Medizin'],
};
const SIGNERS_EN = ['Consultant Physician', 'Specialty Registrar', 'Foundation Doctor', 'Consultant Cardiologist', 'Attending Physician'];

export function medicalReport(f: Frame, ctx: Ctx): Out {
  const r = ctx.rng;
  const de = f.lang === 'de';
  const patient = ctx.person('A');
  const gp = ctx.person('B');
  const ward = `${de ? 'Station' : 'Ward'} ${r.int(1, 40)}${r.pick(['', 'A', 'B', 'C'])}`;
  const out: Out = [
    ...block(ctx, [...ctx.render('{health}'), '\n', r.pick(de ? DEPARTMENTS_DE : DEPARTMENTS_EN), '\n', ...ctx.render('{str}, {loc}')]),
  ];
  if (r.chance(0.5)) out.push('\n', de ? 'Sekretariat: ' : 'Secretary: ', ...ctx.render('{tel}'));
  out.push('\n\n', ...block(ctx, ctx.addressBlock(gp)), '\n\n', ...f.dateLine(ctx), '\n\n');
  out.push(
    ...heading(ctx, [
      r.pick(
        de
          ? ['Arztbrief', 'Entlassungsbrief', 'Vorläufiger Entlassungsbericht']
          : ['Discharge letter', 'Discharge summary', 'Clinic letter'],
      ),
    ]),
    '\n\n',
  );
  const stay: Out = ctx.render(de ? 'stationär vom {date} bis {date}' : 'admitted {date}, discharged {date}');
  out.push(
    de && patient.female ? 'Patientin: ' : 'Patient: ',
    ...ctx.render(r.chance(0.6) ? '{A.formal}' : '{A.name}'),
    de ? ', geb. ' : ', DOB ',
    { text: patient.dob, label: 'DATE' },
    ...(r.chance(0.5) ? [', ', ...ctx.addressLine(patient)] : []),
    '\n',
    ...stay,
    `, ${ward}`,
    ...(r.chance(0.4) ? ['\n', de ? 'Fallnummer: ' : 'Hospital number: ', ...ctx.render('{no}')] : []),
    '\n\n',
  );
  const salutation = de
    ? gp.female
      ? 'Sehr geehrte Frau Kollegin {B.last},'
      : 'Sehr geehrter Herr Kollege {B.last},'
    : 'Dear Dr {B.last},';
  out.push(...ctx.render(salutation), '\n\n');
  out.push(...heading(ctx, [de ? 'Diagnosen:' : 'Diagnoses:']), '\n');
  for (let i = r.int(1, 3); i > 0; i--) out.push('- ', ...ctx.render('{diag}'), '\n');
  out.push('\n', ...heading(ctx, [de ? 'Verlauf:' : 'Clinical course:']), '\n');
  if (r.chance(0.5))
    out.push(
      ...ctx.render(
        de
          ? `Die Aufnahme ${patient.female ? 'der {age}-jährigen Patientin' : 'des {age}-jährigen Patienten'} erfolgte am {date}. `
          : 'This {age}-year-old was admitted on {date}. ',
      ),
    );
  out.push(...f.sentences(ctx, 'medical', r.int(2, 6)), '\n\n');
  out.push(...heading(ctx, [de ? 'Medikation bei Entlassung:' : 'Medication on discharge:']), '\n');
  for (let i = r.int(1, 4); i > 0; i--) out.push(...ctx.render('{drug} {dose}'), '\n');
  if (r.chance(0.5))
    out.push('\n', ...ctx.render(de ? 'Wiedervorstellung am {date} in unserer Ambulanz.' : 'Follow-up in clinic on {date}.'), '\n');
  out.push('\n', de ? 'Mit freundlichen kollegialen Grüßen' : 'Yours sincerely', '\n\n');
  const signers = r.int(1, 3);
  for (let i = 0; i < signers; i++) {
    const doc = ctx.person(['C', 'D', 'E'][i] as string);
    const title = de ? r.pick(['Dr. med. ', 'Prof. Dr. med. ', '']) : r.pick(['Dr ', 'Dr. ', '']);
    out.push(
      ...block(ctx, [title, { text: `${doc.first} ${doc.last}`, label: 'PER' }]),
      '\n',
      r.pick(de ? SIGNERS_DE[doc.female ? 'f' : 'm'] : SIGNERS_EN),
      i < signers - 1 ? '\n\n' : '',
    );
  }
  return out;
}
