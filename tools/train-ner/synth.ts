/**
 * Synthetic PII-dense documents in German and English for NER training (and a held-out variant for evaluation).
 *
 *   node --import tsx tools/train-ner/synth.ts [--docs 4000] [--seed 1] [--split train|heldout] [--out .train/synth]
 *                                             [--gazetteers ../shared/data/german-ler] [--langs de,en]
 *                                             [--swap .eval/data/germeval2014-test.jsonl,…]
 *
 * Writes `<out>/synth-<split>-<lang>.jsonl`: one document per line, `{id, lang, kind, caseStyle, text,
 * entities:[{start,end,label}], source, labels}` with exact UTF-16 offsets following ../shared/spec/labels.md (titles
 * outside PER, postcode + city one LOC span, German genitive -s inside, labels such as "Tel." outside …). All eight
 * text labels are annotated.
 *
 * Kinds: letter, email, form, chat and prose (below) and cv, hr, ticket, medical, court, invoice, thread and table
 * (synth/<kind>.ts). About a fifth of the people have names (and half of those addresses) from other locales
 * (synth/locales.ts); about a tenth of the documents write blocks in ALL CAPS or headings in Title Case
 * (synth/case-style.ts).
 *
 * Split `train` draws names/streets/cities that are NOT held out (core.ts isHeldOut) and sentence patterns that are
 * not held out; split `heldout` draws only held-out values and held-out patterns (document frames are shared).
 *
 * `--swap FILES` also writes `<out>/synth-train-swap-<lang>.jsonl`: the records of those (training!) files with
 * about 70% of their PER/LOC/ORG mentions replaced by generated ones (synth/swap.ts). Dev/validation files are refused.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { block, heading, pickCaseStyle } from './synth/case-style.js';
import { DocBuilder, Rng, patternsOf, validate } from './synth/core.js';
import { courtDecision } from './synth/court.js';
import { cv } from './synth/cv.js';
import { DOMAINS } from './synth/frame.js';
import type { Domain, Frame } from './synth/frame.js';
import { hrLetter } from './synth/hr.js';
import { invoice } from './synth/invoice.js';
import { Lexicon, loadGazetteers } from './synth/lexicon.js';
import type { Lang } from './synth/lexicon.js';
import { medicalReport } from './synth/medical.js';
import { Ctx } from './synth/render.js';
import { swapRecord } from './synth/swap.js';
import type { SwapRecord } from './synth/swap.js';
import type { Out } from './synth/render.js';
import type { CaseStyle } from './synth/case-style.js';
import { DE, DE_CLOSINGS, DE_SUBJECTS } from './synth/sentences-de.js';
import { EN, EN_CLOSINGS, EN_SUBJECTS } from './synth/sentences-en.js';
import { table } from './synth/table.js';
import { emailThread } from './synth/thread.js';
import { supportTicket } from './synth/ticket.js';

type Split = 'train' | 'heldout';

function patterns(bank: Record<string, string[]>, split: Split): Record<string, readonly string[]> {
  const out: Record<string, readonly string[]> = {};
  for (const [k, list] of Object.entries(bank)) out[k] = patternsOf(list, split);
  return out;
}

class Generator implements Frame {
  readonly bank: Record<string, readonly string[]>;
  constructor(
    readonly lex: Lexicon,
    readonly lang: Lang,
    readonly split: Split,
  ) {
    this.bank = patterns(lang === 'de' ? DE : EN, split);
  }

  pattern(rng: Rng, list: readonly string[]): string {
    return rng.pick(patternsOf(list, this.split));
  }

  sentences(ctx: Ctx, domain: Domain, n: number): Out {
    const r = ctx.rng;
    const out: Out = [];
    const used = new Set<string>();
    for (let i = 0; i < n; i++) {
      const jargon = domain === 'medical' ? 'clinical' : domain === 'court' ? 'legal' : r.chance(0.5) ? 'clinical' : 'legal';
      const d = r.chance(domain === 'medical' || domain === 'court' ? 0.3 : 0.06)
        ? jargon
        : r.chance(0.7)
          ? domain
          : r.chance(0.5)
            ? 'general'
            : r.chance(0.6)
              ? 'negative'
              : r.pick(DOMAINS);
      const list = this.bank[d] ?? this.bank.general ?? [];
      let pat = r.pick(list);
      for (let k = 0; k < 5 && used.has(pat); k++) pat = r.pick(list);
      used.add(pat);
      if (i > 0) out.push(r.chance(0.25) ? '\n\n' : r.chance(0.08) ? '\n' : ' ');
      out.push(...ctx.render(pat));
    }
    return out;
  }

  dateLine(ctx: Ctx): Out {
    const r = ctx.rng;
    if (this.lang === 'de')
      return ctx.render(r.pick(['{city}, {docdate}', '{city}, den {docdate}', '{docdate}', 'Datum: {docdate}', '{city}, {docdate}']));
    return ctx.render(r.pick(['{docdate}', '{city}, {docdate}', 'Date: {docdate}', '{docdate}']));
  }

  signature(ctx: Ctx, key: 'A' | 'B'): Out {
    const r = ctx.rng;
    const p = ctx.person(key);
    const out: Out = [];
    if (p.title && r.chance(0.6)) out.push(`${p.title} `);
    out.push({ text: r.chance(0.85) ? `${p.first} ${p.last}` : `${p.first.charAt(0)}. ${p.last}`, label: 'PER' });
    if (r.chance(0.35))
      out.push(
        '\n',
        ...ctx.render(
          r.pick(
            this.lang === 'de'
              ? ['{org}', 'Rechtsanwältin', 'Sachbearbeitung', 'Geschäftsführer', 'i. A.']
              : ['{org}', 'Solicitor', 'Case Officer', 'Managing Director', 'Practice Manager'],
          ),
        ),
      );
    if (r.chance(0.3))
      out.push(
        '\n',
        this.lang === 'de' ? r.pick(['Tel.: ', 'Telefon: ', 'Tel. ', 'Mobil: ']) : r.pick(['Tel: ', 'Phone: ', 'Mobile: ', 'T: ']),
        { text: p.tel, label: 'TEL' },
      );
    if (r.chance(0.25))
      out.push('\n', this.lang === 'de' ? r.pick(['E-Mail: ', 'Mail: ']) : r.pick(['Email: ', 'E: ']), { text: p.mail, label: 'MAIL' });
    return block(ctx, out);
  }

  letter(ctx: Ctx, domain: Domain): Out {
    const r = ctx.rng;
    const de = this.lang === 'de';
    const out: Out = [];
    // Sender: a person or an organisation.
    if (r.chance(0.5)) out.push(...block(ctx, ctx.addressBlock(ctx.person('A'))));
    else out.push(...block(ctx, [...ctx.render(r.pick(['{org}', '{inst}', '{court}', '{health}'])), '\n', ...ctx.render('{str}\n{loc}')]));
    if (r.chance(0.3)) out.push('\n', de ? 'Tel. ' : 'Tel. ', ...ctx.render('{tel}'));
    out.push('\n\n', ...block(ctx, ctx.addressBlock(ctx.person('B'))), '\n\n', ...this.dateLine(ctx), '\n\n');
    if (r.chance(0.8))
      out.push(
        ...heading(ctx, [
          de ? r.pick(['Betreff: ', '', 'Betr.: ']) : r.pick(['Re: ', '', 'Subject: ', 'RE: ']),
          ...ctx.render(r.pick(de ? DE_SUBJECTS : EN_SUBJECTS)),
        ]),
        '\n\n',
      );
    if (r.chance(0.2))
      out.push(
        de ? r.pick(['Ihr Zeichen: ', 'Unser Zeichen: ', 'Aktenzeichen: ', 'Az.: ']) : r.pick(['Our ref: ', 'Your ref: ', 'Reference: ']),
        ...ctx.render('{az}'),
        '\n\n',
      );
    out.push(...ctx.render(r.chance(0.85) ? '{B.anrede},' : de ? 'Sehr geehrte Damen und Herren,' : 'Dear Sir or Madam,'), '\n\n');
    out.push(...this.sentences(ctx, domain, r.int(3, 9)));
    out.push('\n\n', r.pick(de ? DE_CLOSINGS : EN_CLOSINGS), r.chance(0.5) ? ',' : '', '\n\n', ...this.signature(ctx, 'A'));
    if (r.chance(0.15))
      out.push('\n\n', de ? 'Anlagen: Kopie des Schreibens vom ' : 'Enclosures: copy of letter dated ', ...ctx.render('{date}'));
    return out;
  }

  email(ctx: Ctx, domain: Domain): Out {
    const r = ctx.rng;
    const de = this.lang === 'de';
    const a = ctx.person('A');
    const b = ctx.person('B');
    const out: Out = [];
    out.push(
      de ? r.pick(['Von: ', 'From: ']) : 'From: ',
      { text: `${a.first} ${a.last}`, label: 'PER' },
      ' <',
      { text: a.mail, label: 'MAIL' },
      '>\n',
    );
    out.push(
      de ? r.pick(['An: ', 'To: ']) : 'To: ',
      ...(r.chance(0.5)
        ? [{ text: `${b.first} ${b.last}`, label: 'PER' as const }, ' <', { text: b.mail, label: 'MAIL' as const }, '>']
        : [{ text: b.mail, label: 'MAIL' as const }]),
      '\n',
    );
    if (r.chance(0.3)) out.push('Cc: ', ...ctx.render('{mail}'), '\n');
    out.push(
      de ? r.pick(['Gesendet: ', 'Datum: ']) : r.pick(['Sent: ', 'Date: ']),
      ...ctx.render('{weekday}, '),
      ...ctx.render('{docdate}'),
      ` ${r.int(7, 22)}:${String(r.int(0, 59)).padStart(2, '0')}\n`,
    );
    out.push(de ? 'Betreff: ' : 'Subject: ', ...ctx.render(r.pick(de ? DE_SUBJECTS : EN_SUBJECTS)), '\n\n');
    out.push(
      ...ctx.render(
        r.pick(
          de
            ? ['Hallo {B.first},', 'Liebe {B.first},', 'Lieber {B.first},', '{B.anrede},', 'Hallo Frau {B.last},', 'Guten Tag,']
            : ['Hi {B.first},', 'Dear {B.first},', '{B.anrede},', 'Hello,', 'Hi all,'],
        ),
      ),
      '\n\n',
    );
    out.push(...this.sentences(ctx, domain, r.int(2, 6)));
    out.push(
      '\n\n',
      r.pick(
        de
          ? ['Viele Grüße', 'Beste Grüße', 'LG', 'Gruß', 'Mit freundlichen Grüßen']
          : ['Thanks', 'Best', 'Cheers', 'Kind regards', 'Many thanks'],
      ),
      '\n',
      ...this.signature(ctx, 'A'),
    );
    if (r.chance(0.4)) out.push('\n', ...ctx.render('{org}\n{str}, {loc}'));
    return out;
  }

  form(ctx: Ctx, domain: Domain): Out {
    const r = ctx.rng;
    const de = this.lang === 'de';
    const p = ctx.person('A');
    const lines: Out[] = [];
    const f = (label: string, v: Out) => lines.push([label, ...v]);
    if (r.chance(0.5)) {
      f(de ? r.pick(['Name: ', 'Nachname: ', 'Familienname: ']) : r.pick(['Surname: ', 'Last name: ', 'Family name: ']), [
        { text: p.last, label: 'PER' },
      ]);
      f(de ? 'Vorname: ' : r.pick(['First name: ', 'Forename(s): ', 'Given name: ']), [{ text: p.first, label: 'PER' }]);
    } else
      f(
        de
          ? r.pick(['Name: ', 'Name, Vorname: ', 'Antragsteller: ', 'Patient: '])
          : r.pick(['Name: ', 'Full name: ', 'Applicant: ', 'Patient: ']),
        ctx.render('{A.formal}'),
      );
    if (r.chance(0.8))
      f(de ? r.pick(['Geburtsdatum: ', 'geb. am: ', 'Geb.-Datum: ']) : r.pick(['Date of birth: ', 'DOB: ', 'D.O.B.: ']), [
        { text: p.dob, label: 'DATE' },
      ]);
    if (r.chance(0.3)) f(de ? 'Geburtsort: ' : 'Place of birth: ', ctx.render('{city}'));
    if (r.chance(0.5)) {
      f(de ? r.pick(['Straße, Hausnummer: ', 'Straße: ', 'Anschrift: ']) : r.pick(['Address: ', 'Street: ', 'Address line 1: ']), [p.str]);
      f(de ? r.pick(['PLZ, Ort: ', 'PLZ/Ort: ', 'Wohnort: ']) : r.pick(['City/ZIP: ', 'Town/Postcode: ', 'City, State ZIP: ']), [p.loc]);
    } else f(de ? 'Anschrift: ' : 'Address: ', ctx.addressLine(p));
    if (r.chance(0.7))
      f(de ? r.pick(['Telefon: ', 'Tel.: ', 'Mobil: ']) : r.pick(['Phone: ', 'Tel: ', 'Mobile: ']), [{ text: p.tel, label: 'TEL' }]);
    if (r.chance(0.6)) f(de ? 'E-Mail: ' : 'Email: ', [{ text: p.mail, label: 'MAIL' }]);
    if (r.chance(0.3)) f('IBAN: ', ctx.render('{iban}'));
    if (r.chance(0.3)) {
      const [lde, len, slot] = r.pick([
        ['Arbeitgeber: ', 'Employer: ', '{org}'],
        ['Krankenkasse: ', 'Insurer: ', '{insurer}'],
        ['Schule: ', 'School: ', '{school}'],
        ['Bank: ', 'Bank: ', '{bank}'],
        ['Hausarzt: ', 'GP: ', '{B.full}'],
      ] as const);
      f(de ? lde : len, ctx.render(slot));
    }
    if (r.chance(0.3))
      f(
        de
          ? r.pick(['Versichertennummer: ', 'Kundennummer: ', 'Steuer-ID: '])
          : r.pick(['Policy number: ', 'Customer ID: ', 'National Insurance number: ']),
        ctx.render('{no}'),
      );
    if (r.chance(0.3))
      f(
        de
          ? r.pick(['Notfallkontakt: ', 'Ansprechpartner: ', 'Ehepartner: '])
          : r.pick(['Emergency contact: ', 'Next of kin: ', 'Spouse: ']),
        ctx.render(r.chance(0.5) ? '{B.full}, {B.tel}' : '{B.full}'),
      );
    if (r.chance(0.4)) f(de ? 'Datum: ' : 'Date: ', ctx.render('{docdate}'));
    if (r.chance(0.3)) f(de ? 'Ort, Datum: ' : 'Place, date: ', ctx.render('{A.city}, {docdate}'));
    const out: Out = [];
    if (r.chance(0.6))
      out.push(
        ...heading(ctx, [
          r.pick(
            de
              ? [
                  'Antrag auf Wohngeld',
                  'Anmeldung',
                  'Patientenaufnahmebogen',
                  'Mitgliedsantrag',
                  'Schadensanzeige',
                  'Personalbogen',
                  'SEPA-Lastschriftmandat',
                ]
              : [
                  'Application form',
                  'Registration',
                  'Patient intake form',
                  'Membership application',
                  'Claim form',
                  'New starter form',
                  'Direct Debit Instruction',
                ],
          ),
        ]),
        '\n\n',
      );
    lines.forEach((l, i) => {
      if (i > 0) out.push(r.chance(0.85) ? '\n' : '   ');
      out.push(...l);
    });
    if (r.chance(0.5)) out.push('\n\n', ...this.sentences(ctx, domain, r.int(1, 3)));
    return out;
  }

  chat(ctx: Ctx): Out {
    const r = ctx.rng;
    const out: Out = [];
    const speakers = ['A', 'B', 'C'] as const;
    const n = r.int(4, 10);
    for (let i = 0; i < n; i++) {
      const s = ctx.person(r.pick(speakers));
      if (i > 0) out.push('\n');
      if (r.chance(0.4)) out.push(`[${String(r.int(7, 23)).padStart(2, '0')}:${String(r.int(0, 59)).padStart(2, '0')}] `);
      out.push({ text: r.chance(0.7) ? s.first : `${s.first} ${s.last}`, label: 'PER' }, ': ');
      out.push(...ctx.render(r.pick(r.chance(0.7) ? (this.bank.chat ?? []) : (this.bank.general ?? []))));
    }
    return out;
  }

  /** Free running text of one domain (reports, judgments, clinical letters without a letter frame). */
  prose(ctx: Ctx, domain: Domain): Out {
    const r = ctx.rng;
    const out: Out = [];
    if (r.chance(0.4))
      out.push(
        ...heading(
          ctx,
          ctx.render(
            r.pick(
              this.lang === 'de'
                ? [
                    'Aktenzeichen: {az}',
                    '{court}',
                    'Entlassungsbericht',
                    'Protokoll der Sitzung vom {docdate}',
                    'Aktenvermerk',
                    'Gutachten',
                  ]
                : ['Case No. {az}', '{court}', 'Discharge Summary', 'Minutes of the meeting of {docdate}', 'File note', 'Expert report'],
            ),
          ),
        ),
        '\n\n',
      );
    out.push(...this.sentences(ctx, domain, r.int(3, 10)));
    return out;
  }

  /** One document and its kind (recorded, so that scores can be reported per kind: the bar is on letters). */
  document(ctx: Ctx): { kind: DocKind; out: Out } {
    const r = ctx.rng;
    ctx.caseStyle = pickCaseStyle(r);
    const domain = r.pick(DOMAINS);
    // The original five kinds keep two thirds of the mass; the eight newer ones (issue 17) share the rest.
    const kind = r.weighted<DocKind>([
      [4, 'letter'],
      [2, 'email'],
      [2, 'form'],
      [1, 'chat'],
      [3, 'prose'],
      [0.75, 'cv'],
      [0.75, 'hr'],
      [0.75, 'ticket'],
      [0.75, 'medical'],
      [0.75, 'court'],
      [0.75, 'invoice'],
      [0.75, 'thread'],
      [0.75, 'table'],
    ]);
    switch (kind) {
      case 'letter':
        return { kind, out: this.letter(ctx, domain) };
      case 'email':
        return { kind, out: this.email(ctx, domain) };
      case 'form':
        return { kind, out: this.form(ctx, domain) };
      case 'chat':
        return { kind, out: this.chat(ctx) };
      case 'prose':
        return { kind, out: this.prose(ctx, domain) };
      case 'cv':
        return { kind, out: cv(this, ctx) };
      case 'hr':
        return { kind, out: hrLetter(this, ctx) };
      case 'ticket':
        return { kind, out: supportTicket(this, ctx) };
      case 'medical':
        return { kind, out: medicalReport(this, ctx) };
      case 'court':
        return { kind, out: courtDecision(this, ctx) };
      case 'invoice':
        return { kind, out: invoice(this, ctx) };
      case 'thread':
        return { kind, out: emailThread(this, ctx) };
      case 'table':
        return { kind, out: table(this, ctx) };
    }
  }
}

export type DocKind =
  'letter' | 'email' | 'form' | 'chat' | 'prose' | 'cv' | 'hr' | 'ticket' | 'medical' | 'court' | 'invoice' | 'thread' | 'table';

export function generate(opts: { docs: number; seed: number; split: Split; gazetteers: string; lang: Lang }) {
  const rng = new Rng(opts.seed * 1000 + (opts.lang === 'de' ? 1 : 2) + (opts.split === 'heldout' ? 500 : 0));
  const gaz = loadGazetteers(opts.gazetteers, opts.split);
  const lex = new Lexicon(rng, gaz, opts.split);
  const gen = new Generator(lex, opts.lang, opts.split);
  const records: {
    id: string;
    lang: Lang;
    kind: DocKind;
    /** Case augmentation of the document (case-style.ts): plain, upper or title. */
    caseStyle: CaseStyle;
    text: string;
    entities: { start: number; end: number; label: string }[];
    source: string;
    labels: string[];
  }[] = [];
  for (let i = 0; i < opts.docs; i++) {
    const ctx = new Ctx(lex, opts.lang);
    const { kind, out } = gen.document(ctx);
    const b = new DocBuilder().addAll(out);
    // NFC throughout, so offsets match what tokenizers see.
    const text = b.text.normalize('NFC');
    if (text.length !== b.text.length) continue;
    validate(text, b.entities);
    records.push({
      id: `synth-${opts.split}-${opts.lang}-${i}`,
      lang: opts.lang,
      kind,
      caseStyle: ctx.caseStyle,
      text,
      entities: b.entities,
      source: `synth-${opts.split}`,
      labels: ['PER', 'STR', 'MAIL', 'TEL', 'LOC', 'ORG', 'DATE', 'OTH'],
    });
  }
  return records;
}

function main() {
  const { values } = parseArgs({
    options: {
      docs: { type: 'string', default: '4000' },
      seed: { type: 'string', default: '1' },
      split: { type: 'string', default: 'train' },
      out: { type: 'string', default: '.train/synth' },
      gazetteers: { type: 'string', default: '../shared/data/german-ler' },
      langs: { type: 'string', default: 'de,en' },
      swap: { type: 'string', default: '' },
    },
  });
  const split = values.split as Split;
  if (split !== 'train' && split !== 'heldout') throw new Error('--split must be train or heldout');
  const out = resolve(values.out);
  mkdirSync(out, { recursive: true });
  for (const lang of values.langs.split(',') as Lang[]) {
    const recs = generate({ docs: Number(values.docs), seed: Number(values.seed), split, gazetteers: values.gazetteers, lang });
    const file = join(out, `synth-${split}-${lang}.jsonl`);
    writeFileSync(file, recs.map((r) => JSON.stringify(r)).join('\n') + '\n');
    const counts: Record<string, number> = {};
    for (const r of recs) for (const e of r.entities) counts[e.label] = (counts[e.label] ?? 0) + 1;
    console.log(`${file}: ${recs.length} docs, ${recs.reduce((s, r) => s + r.text.length, 0)} chars, ${JSON.stringify(counts)}`);
  }
  if (values.swap && split === 'train') {
    const rng = new Rng(Number(values.seed) * 7919 + 17);
    const byLang: Record<string, string[]> = { de: [], en: [] };
    const lexes = { train: new Lexicon(rng, loadGazetteers(values.gazetteers, 'train'), 'train') };
    for (const f of values.swap.split(',').filter(Boolean)) {
      if (/dev|-val|test\.jsonl$/u.test(basename(f)) && !/germeval2014-test|german-ler-test/u.test(basename(f))) {
        throw new Error(`refusing to swap evaluation split ${f}`);
      }
      for (const line of readFileSync(f, 'utf8').split('\n')) {
        if (!line.trim()) continue;
        const rec = JSON.parse(line) as SwapRecord;
        const sw = swapRecord(rec, lexes.train, rng);
        if (!sw) continue;
        validate(sw.text, sw.entities);
        byLang[rec.lang]?.push(JSON.stringify(sw));
      }
    }
    for (const [lang, lines] of Object.entries(byLang)) {
      const file = join(out, `synth-train-swap-${lang}.jsonl`);
      writeFileSync(file, lines.join('\n') + '\n');
      console.log(`${file}: ${lines.length} swapped records`);
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
