/**
 * CV / résumé (Lebenslauf): a personal-data block, dated stations with employers, schools and places, languages
 * (not labelled), references and a place-date-name sign-off. Month/year periods ("03/2019 – heute") are DATE.
 */
import { block, heading } from './case-style.js';
import type { Frame } from './frame.js';
import type { Ctx, Out } from './render.js';

const JOBS_DE = [
  'Sachbearbeiterin Buchhaltung',
  'Projektleiter IT',
  'Pflegefachkraft',
  'Softwareentwickler',
  'Kaufmännische Angestellte',
  'Vertriebsleiter',
  'Werkstudentin Marketing',
  'Elektroniker für Betriebstechnik',
  'Teamleitung Kundenservice',
  'Praktikum Personalwesen',
];
const JOBS_EN = [
  'Accounts Assistant',
  'IT Project Manager',
  'Registered Nurse',
  'Software Engineer',
  'Office Administrator',
  'Sales Manager',
  'Marketing Intern',
  'Maintenance Electrician',
  'Customer Service Team Lead',
  'HR Graduate Trainee',
];
const DEGREES_DE = ['Abitur', 'Bachelor of Science Informatik', 'Ausbildung zur Industriekauffrau', 'Master of Arts', 'Mittlere Reife'];
const DEGREES_EN = ['A-Levels', 'BSc Computer Science', 'BA (Hons) Business Studies', 'MSc Data Science', 'High School Diploma'];
const LANGUAGES_DE = ['Englisch (verhandlungssicher)', 'Französisch (Grundkenntnisse)', 'Spanisch (gut)', 'Türkisch (Muttersprache)'];
const LANGUAGES_EN = ['German (fluent)', 'French (basic)', 'Spanish (conversational)', 'Polish (native)'];

/** A month and year in one of the CV formats: "03/2019", "März 2019", "March 2019". */
function monthYear(ctx: Ctx, year: number): string {
  const r = ctx.rng;
  const m = r.int(1, 12);
  if (r.chance(0.5)) return `${String(m).padStart(2, '0')}/${year}`;
  return `${new Date(Date.UTC(year, m - 1, 1)).toLocaleString(ctx.lang === 'de' ? 'de-DE' : 'en-GB', { month: 'long', timeZone: 'UTC' })} ${year}`;
}

/** "03/2019 – 08/2022" or "since 03/2019"-like open periods. */
function period(ctx: Ctx, from: number, to: number | null): Out {
  const de = ctx.lang === 'de';
  const start = { text: monthYear(ctx, from), label: 'DATE' as const };
  if (to === null) return ctx.rng.chance(0.5) ? [start, de ? ' – heute' : ' – present'] : [de ? 'seit ' : 'since ', start];
  return [start, ' – ', { text: monthYear(ctx, to), label: 'DATE' }];
}

export function cv(f: Frame, ctx: Ctx): Out {
  const r = ctx.rng;
  const de = f.lang === 'de';
  const a = ctx.person('A');
  const section = (title: string): Out => ['\n\n', ...heading(ctx, [title]), '\n'];
  const out: Out = [
    ...heading(ctx, [r.pick(de ? ['Lebenslauf', 'Tabellarischer Lebenslauf', 'Curriculum Vitae'] : ['Curriculum Vitae', 'CV', 'Résumé'])]),
    '\n\n',
    ...block(ctx, [{ text: `${a.first} ${a.last}`, label: 'PER' }, '\n', ...ctx.addressLine(a)]),
  ];
  out.push(...section(de ? 'Persönliche Daten' : 'Personal details'));
  const fields: Out[] = [
    [de ? 'Telefon: ' : 'Phone: ', { text: a.tel, label: 'TEL' }],
    [de ? 'E-Mail: ' : 'Email: ', { text: a.mail, label: 'MAIL' }],
    [
      de ? r.pick(['Geburtsdatum: ', 'Geboren: ']) : 'Date of birth: ',
      { text: a.dob, label: 'DATE' },
      ...(r.chance(0.5) ? [de ? ' in ' : ' in ', ...ctx.render('{city}')] : []),
    ],
    [de ? 'Familienstand: ' : 'Marital status: ', r.pick(de ? ['ledig', 'verheiratet, zwei Kinder'] : ['single', 'married'])],
  ];
  if (r.chance(0.3)) fields.push(['LinkedIn: ', { text: `linkedin.com/in/${ctx.lex.handle(a).replace(/[._]/gu, '-')}`, label: 'OTH' }]);
  for (const line of r.shuffle(fields)) out.push(...line, '\n');

  out.push(...section(de ? r.pick(['Berufserfahrung', 'Beruflicher Werdegang']) : r.pick(['Work experience', 'Employment history'])));
  let year = r.int(1995, 2012);
  const jobs = r.int(1, 4);
  for (let i = 0; i < jobs; i++) {
    const end = i === jobs - 1 && r.chance(0.6) ? null : year + r.int(1, 5);
    out.push(
      ...period(ctx, year, end),
      '  ',
      r.pick(de ? JOBS_DE : JOBS_EN),
      ', ',
      ...ctx.render(r.chance(0.8) ? '{org2}, {city}' : '{inst}'),
      '\n',
    );
    year = (end ?? year) + 1;
  }

  out.push(...section(de ? 'Ausbildung' : 'Education'));
  for (let i = r.int(1, 2); i > 0; i--) {
    const from = r.int(1985, 2010);
    out.push(...period(ctx, from, from + r.int(2, 5)), '  ', r.pick(de ? DEGREES_DE : DEGREES_EN), ', ', ...ctx.render('{school}'), '\n');
  }

  out.push(
    ...section(de ? 'Sprachkenntnisse' : 'Languages'),
    r
      .shuffle([...(de ? LANGUAGES_DE : LANGUAGES_EN)])
      .slice(0, 2)
      .join(', '),
  );
  if (r.chance(0.5)) {
    out.push(...section(de ? 'Referenzen' : 'References'), ...ctx.render('{B.title}{B.full}, {org}'));
    if (r.chance(0.6)) out.push(', ', ...ctx.render(r.chance(0.5) ? '{B.tel}' : '{B.mail}'));
  }
  if (r.chance(0.6))
    out.push('\n\n', ...ctx.render('{A.city}, {docdate}'), '\n', ...block(ctx, [{ text: `${a.first} ${a.last}`, label: 'PER' }]));
  return out;
}
