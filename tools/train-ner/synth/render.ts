/**
 * Template rendering: `{slot}` placeholders in sentence patterns become labelled pieces. A document context keeps
 * its people (A, B, C) and their addresses fixed, so later mentions corefer ("Herr Müller … Müllers Antrag").
 */
import type { CaseStyle, Out } from './core.js';
import type { Piece, Rng } from './core.js';
import type { Lang, Lexicon, Person } from './lexicon.js';
import { foreignAddress } from './locales.js';
import * as T from './terms.js';
import { MONTH_NAMES_DE, MONTH_NAMES_EN } from '../../../src/dates/months.js';
import { WEEKDAYS_DE, WEEKDAYS_EN } from '../../../src/dates/weekdays.js';

export interface DocPerson extends Person {
  str: Piece;
  loc: Piece;
  city: string;
  dob: string;
  tel: string;
  mail: string;
  /** Country line of an address abroad (LOC). */
  country?: Piece;
}

export type { Out };

export class Ctx {
  readonly people: Record<string, DocPerson> = {};
  /** Entities fixed for the document (one court, one company …), created on first use. */
  private readonly fixed = new Map<string, Out>();
  /** Case augmentation of this document's headings and blocks (case-style.ts). */
  caseStyle: CaseStyle = 'plain';
  constructor(
    readonly lex: Lexicon,
    readonly lang: Lang,
  ) {}

  get rng(): Rng {
    return this.lex.rng;
  }

  person(key: string): DocPerson {
    const existing = this.people[key];
    if (existing) return existing;
    const lex = this.lex;
    const p = lex.person(this.lang);
    // Half of the people with a foreign name live in that country (customers, relatives, correspondents abroad).
    const abroad = p.locale && this.rng.chance(0.5) ? foreignAddress(lex, p.locale, this.lang) : null;
    const loc = abroad?.loc ?? lex.place(this.lang, true);
    const dp: DocPerson = {
      ...p,
      str: abroad?.str ?? lex.street(this.lang),
      loc,
      city:
        abroad?.city ??
        loc.text
          .replace(/^[A-Z]-/u, '')
          .replace(/^\d+\s+/u, '')
          .replace(/,.*$/u, '')
          .replace(/\s+[A-Z0-9]{2,4}\s[0-9][A-Z]{2}$/u, ''),
      dob: lex.date(this.lang, { birth: true, short: false }),
      tel: abroad && this.rng.chance(0.5) ? abroad.tel : lex.phone(this.lang),
      mail: lex.mail(p, this.lang),
    };
    if (abroad) dp.country = abroad.country;
    this.people[key] = dp;
    return dp;
  }

  private once(key: string, make: () => Out): Out {
    const v = this.fixed.get(key);
    if (v) return v;
    const made = make();
    this.fixed.set(key, made);
    return made;
  }

  /** Resolves one slot name to pieces. Unknown slots throw (templates are code). */
  slot(name: string): Out {
    const lex = this.lex;
    const r = this.rng;
    const L = this.lang;
    const m = /^([ABCD])\.(\w+)$/u.exec(name);
    if (m) {
      const p = this.person(m[1] as string);
      const f = m[2] as string;
      switch (f) {
        case 'full':
          return [lex.fullName(p)];
        case 'formal':
          return [lex.fullName(p, true)];
        case 'name':
          return [{ text: `${p.first} ${p.last}`, label: 'PER' }];
        case 'ref':
          return lex.refPieces(p, 'nom');
        case 'refd':
          return lex.refPieces(p, 'dat');
        case 'last':
          return [{ text: p.last, label: 'PER' }];
        case 'first':
          return [{ text: p.first, label: 'PER' }];
        case 'gen':
          return [{ text: lex.genitive(r.chance(0.7) ? p.last : `${p.first} ${p.last}`), label: 'PER' }];
        case 'initials':
          return [{ text: `${p.first.charAt(0)}. ${p.last.charAt(0)}.`, label: 'PER' }];
        case 'anrede':
          return L === 'de'
            ? [p.female ? 'Sehr geehrte Frau ' : 'Sehr geehrter Herr ', p.title ? `${p.title} ` : '', { text: p.last, label: 'PER' }]
            : ['Dear ', p.title || (p.female ? r.pick(['Ms', 'Mrs']) : 'Mr'), ' ', { text: p.last, label: 'PER' }];
        case 'title':
          return [p.title ? `${p.title} ` : ''];
        case 'herr':
          return [L === 'de' ? (p.female ? 'Frau' : 'Herr') : p.female ? 'Ms' : 'Mr'];
        case 'herrn':
          return [L === 'de' ? (p.female ? 'Frau' : 'Herrn') : p.female ? 'Ms' : 'Mr'];
        case 'er':
        case 'he':
          return [L === 'de' ? (p.female ? 'sie' : 'er') : p.female ? 'she' : 'he'];
        case 'Er':
        case 'He':
          return [L === 'de' ? (p.female ? 'Sie' : 'Er') : p.female ? 'She' : 'He'];
        case 'sein':
        case 'his':
          return [L === 'de' ? (p.female ? 'ihr' : 'sein') : p.female ? 'her' : 'his'];
        case 'str':
          return [p.str];
        case 'loc':
          return [p.loc];
        case 'city':
          return [{ text: p.city, label: 'LOC' }];
        case 'dob':
          return [{ text: p.dob, label: 'DATE' }];
        case 'tel':
          return [{ text: p.tel, label: 'TEL' }];
        case 'mail':
          return [{ text: p.mail, label: 'MAIL' }];
        case 'addr':
          return this.addressLine(p);
        case 'block':
          return this.addressBlock(p);
        default:
          throw new Error(`unknown person slot ${name}`);
      }
    }
    const inst = (kind: Parameters<Lexicon['institution']>[1], gen: boolean) => {
      const v = lex.institution(L, kind);
      return [{ text: gen ? v.gen : v.nom, label: 'ORG' as const }];
    };
    switch (name) {
      case 'str':
        return [lex.street(L)];
      case 'strname':
        return [lex.streetName(L)];
      case 'loc':
        return [lex.place(L, true)];
      case 'city':
        return [lex.place(L, false)];
      case 'country':
        return lex.country(L);
      case 'org':
        return this.once('org', () => [{ text: lex.company(L), label: 'ORG' }]);
      case 'org2':
        return [{ text: lex.company(L), label: 'ORG' }];
      case 'court':
        return this.once('court', () => inst('court', false));
      case 'court.gen':
        return inst('court', true);
      case 'health':
        return this.once('health', () => inst('health', false));
      case 'health.gen':
        return inst('health', true);
      case 'bank':
        return inst('bank', false);
      case 'auth':
        return inst('authority', false);
      case 'auth.gen':
        return inst('authority', true);
      case 'school':
        return inst('school', false);
      case 'insurer':
        return inst('insurer', false);
      case 'club':
        return inst('club', false);
      case 'inst':
        return inst(undefined, false);
      case 'inst.gen':
        return inst(undefined, true);
      case 'date':
        return [{ text: lex.date(L), label: 'DATE' }];
      case 'datefull':
        return [{ text: lex.date(L, { short: false }), label: 'DATE' }];
      case 'docdate':
        return this.once('docdate', () => [{ text: lex.date(L, { short: false }), label: 'DATE' }]);
      case 'dob':
        return [{ text: lex.date(L, { birth: true, short: false }), label: 'DATE' }];
      case 'tel':
        return [{ text: lex.phone(L), label: 'TEL' }];
      case 'mail':
        return [{ text: lex.mail(null, L), label: 'MAIL' }];
      case 'iban':
        return [{ text: lex.iban(), label: 'OTH' }];
      case 'az':
        return this.once('az', () => [{ text: lex.caseNumber(L), label: 'OTH' }]);
      case 'no':
        return [{ text: lex.customerNumber(), label: 'OTH' }];
      case 'plate':
        return [{ text: lex.plate(L), label: 'OTH' }];
      case 'age':
        return [{ text: String(r.int(18, 94)), label: 'OTH' }];
      case 'amount':
        return [lex.amount(L)];
      case 'year':
        return [String(r.int(1960, 2026))];
      case 'num':
        return [String(r.int(2, 40))];
      case 'month':
        return [r.pick(L === 'de' ? MONTH_NAMES_DE : MONTH_NAMES_EN)];
      case 'weekday':
        return [r.pick(L === 'de' ? WEEKDAYS_DE : WEEKDAYS_EN)];
      case 'drug':
        return [r.pick(T.DRUGS)];
      case 'dose':
        return [`${r.pick(L === 'de' ? T.DOSES : T.DOSES_EN)} ${r.pick(L === 'de' ? T.SCHEDULES : T.SCHEDULES_EN)}`];
      case 'diag':
        return [r.pick(L === 'de' ? T.DIAG_DE : T.DIAG_EN)];
      case 'proc':
        return [r.pick(L === 'de' ? T.PROC_DE : T.PROC_EN)];
      case 'legal':
        return [r.pick(L === 'de' ? T.LEGAL_DE : T.LEGAL_EN)];
      case 'statute':
        return [r.pick(L === 'de' ? T.STATUTES_DE : T.STATUTES_EN)];
      case 'courtabbr':
        return [{ text: r.pick(L === 'de' ? T.COURT_ABBR_DE : T.COURT_ABBR_EN), label: 'ORG' }];
      case 'time':
        return [`${r.int(7, 19)}:${r.pick(['00', '15', '30', '45'])}${L === 'de' ? ' Uhr' : ''}`];
      default:
        throw new Error(`unknown slot ${name}`);
    }
  }

  /** "Goethestraße 12, 10115 Berlin" on one line. */
  addressLine(p: DocPerson): Out {
    return [p.str, this.lang === 'de' ? this.rng.pick([', ', ', ', ' in ']) : ', ', p.loc];
  }

  /** Name, street, postcode + city on separate lines (letter heads). */
  addressBlock(p: DocPerson): Out {
    const r = this.rng;
    const lex = this.lex;
    const out: Out = [];
    if (this.lang === 'de') {
      if (r.chance(0.6)) out.push(`${p.female ? 'Frau' : 'Herrn'}\n`);
      if (p.title && r.chance(0.5)) out.push(`${p.title} `);
    } else if (r.chance(0.5)) out.push(`${p.title || (p.female ? r.pick(['Ms', 'Mrs']) : 'Mr')} `);
    out.push({ text: `${p.first} ${p.last}`, label: 'PER' }, '\n', p.str, '\n', p.loc);
    if (p.country && r.chance(0.8)) out.push('\n', p.country);
    else if (r.chance(0.1)) out.push('\n', ...lex.country(this.lang));
    return out;
  }

  /** Renders a pattern with `{slot}` placeholders. `{{` and `}}` are not supported (not needed). */
  render(pattern: string): Out {
    const out: Out = [];
    let last = 0;
    for (const m of pattern.matchAll(/\{([A-Za-z0-9.]+)\}/gu)) {
      out.push(pattern.slice(last, m.index));
      out.push(...this.slot(m[1] as string));
      last = m.index + m[0].length;
    }
    out.push(pattern.slice(last));
    return out;
  }
}
