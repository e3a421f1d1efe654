/**
 * Value generators for synthetic documents: names, addresses, organisations, dates, phones, mails, identifiers, in
 * German and English. Surnames, streets and cities come from the German LER gazetteers (read at generation time from
 * ../shared/data/german-ler/); first names, English streets, cities and companies from @faker-js/faker; names and
 * addresses of other locales from locales.ts.
 */
import { readFileSync, existsSync } from 'node:fs';
import { fakerDE, fakerDE_AT, fakerEN_GB, fakerEN_US } from '@faker-js/faker';
import type { Faker } from '@faker-js/faker';
import { isHeldOut } from './core.js';
import type { Piece, Rng } from './core.js';
import { foreignName, pickLocale, seedLocales } from './locales.js';
import type { ForeignLocale } from './locales.js';
import { ibanRemainder } from '../../../src/detection/identifiers/validators/iban.js';

import type { Lang } from './core.js';
import { MONTH_NAMES_DE, MONTH_NAMES_EN } from '../../../src/dates/months.js';
export type { Lang };

export interface Gazetteers {
  surnames: string[];
  streets: string[];
  cities: string[];
}

function readList(path: string): string[] {
  if (!existsSync(path)) throw new Error(`missing gazetteer ${path}`);
  return readFileSync(path, 'utf8')
    .split(/\r?\n/)
    .map((l) => l.trim().normalize('NFC'))
    .filter((l) => l.length > 1);
}

/**
 * Reads and filters the gazetteers. `split` selects the training values (not held out) or the held-out ones.
 */
export function loadGazetteers(dir: string, split: 'train' | 'heldout'): Gazetteers {
  const keep = (v: string) => (split === 'heldout' ? isHeldOut(v) : !isHeldOut(v));
  const surnames = readList(`${dir}/personennamen.list`).filter((s) => /^\p{Lu}[\p{L}'’-]+$/u.test(s) && s.length <= 18 && keep(s));
  const streets = readList(`${dir}/strassennamen.list`).filter(
    (s) => !/[/()\d,;]/u.test(s) && /^\p{Lu}/u.test(s) && s.length <= 32 && keep(s),
  );
  const cities = readList(`${dir}/stadtnamen.list`).filter((s) => !/[/()\d,;]/u.test(s) && /^\p{Lu}/u.test(s) && s.length <= 28 && keep(s));
  return { surnames, streets, cities };
}

const DE_MONTHS_ABBR = ['Jan.', 'Feb.', 'März', 'Apr.', 'Mai', 'Juni', 'Juli', 'Aug.', 'Sept.', 'Okt.', 'Nov.', 'Dez.'];
const EN_MONTHS_ABBR = ['Jan.', 'Feb.', 'Mar.', 'Apr.', 'May', 'Jun.', 'Jul.', 'Aug.', 'Sep.', 'Oct.', 'Nov.', 'Dec.'];
const EN_MONTHS_ABBR2 = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const pad2 = (n: number) => String(n).padStart(2, '0');
function ordinalEn(n: number): string {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${n % 10 > 3 ? 'th' : s}`;
}

const US_STATES: [string, string][] = [
  ['WA', 'Washington'],
  ['OR', 'Oregon'],
  ['CA', 'California'],
  ['NY', 'New York'],
  ['TX', 'Texas'],
  ['IL', 'Illinois'],
  ['MA', 'Massachusetts'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['OH', 'Ohio'],
  ['PA', 'Pennsylvania'],
  ['MI', 'Michigan'],
  ['CO', 'Colorado'],
  ['AZ', 'Arizona'],
  ['NC', 'North Carolina'],
  ['VA', 'Virginia'],
  ['MN', 'Minnesota'],
  ['NJ', 'New Jersey'],
];
const REAL_EN_CITIES = [
  'Seattle',
  'Portland',
  'Boston',
  'Chicago',
  'Denver',
  'Austin',
  'Houston',
  'Atlanta',
  'Phoenix',
  'Columbus',
  'Detroit',
  'Minneapolis',
  'Springfield',
  'Madison',
  'Richmond',
  'Salem',
  'Tacoma',
  'Spokane',
  'Eugene',
  'Oakland',
  'Sacramento',
  'San Diego',
  'Los Angeles',
  'San Francisco',
  'New York',
  'Brooklyn',
  'Philadelphia',
  'Pittsburgh',
  'Cleveland',
  'Manchester',
  'Leeds',
  'Bristol',
  'Sheffield',
  'Liverpool',
  'Birmingham',
  'Nottingham',
  'Leicester',
  'Cardiff',
  'Swansea',
  'Glasgow',
  'Edinburgh',
  'Aberdeen',
  'Dundee',
  'Belfast',
  'Derry',
  'York',
  'Oxford',
  'Cambridge',
  'Reading',
  'Brighton',
  'Norwich',
  'Exeter',
  'Plymouth',
  'Bath',
  'Coventry',
  'Hull',
  'Newcastle upon Tyne',
  'Sunderland',
  'Stoke-on-Trent',
  'Milton Keynes',
  'Dublin',
  'Cork',
  'Galway',
  'Toronto',
  'Vancouver',
  'Ottawa',
  'Melbourne',
  'Sydney',
  'Auckland',
];
const DE_COUNTRIES = [
  'Deutschland',
  'Österreich',
  'der Schweiz',
  'Frankreich',
  'Polen',
  'Italien',
  'Spanien',
  'der Türkei',
  'Rumänien',
  'Kroatien',
  'den Niederlanden',
  'Belgien',
  'Tschechien',
  'Ungarn',
  'Griechenland',
  'Portugal',
  'Dänemark',
  'Schweden',
  'Bulgarien',
  'Serbien',
  'der Ukraine',
  'Syrien',
  'Marokko',
  'Kanada',
  'den USA',
  'Großbritannien',
  'Irland',
  'Luxemburg',
  'Bayern',
  'Sachsen',
  'Hessen',
  'Brandenburg',
  'Thüringen',
  'Niedersachsen',
  'Nordrhein-Westfalen',
  'Baden-Württemberg',
  'Tirol',
  'Kärnten',
  'Vorarlberg',
];
const EN_COUNTRIES = [
  'Germany',
  'France',
  'Canada',
  'Mexico',
  'Ireland',
  'Scotland',
  'Wales',
  'England',
  'Spain',
  'Italy',
  'Poland',
  'India',
  'Nigeria',
  'Kenya',
  'Australia',
  'New Zealand',
  'Japan',
  'Brazil',
  'the Netherlands',
  'Portugal',
  'Romania',
  'the UK',
  'the US',
  'the USA',
  'the United States',
  'the United Kingdom',
  'Northern Ireland',
  'Ontario',
  'Quebec',
  'Texas',
  'California',
  'Florida',
  'Yorkshire',
  'Kent',
  'Lancashire',
  'Cornwall',
];

export interface Person {
  lang: Lang;
  first: string;
  middle?: string;
  last: string;
  female: boolean;
  title: string;
  /** Nickname, sometimes used. */
  nick?: string;
  /** Set when the name comes from another locale (locales.ts); the person may then also live there. */
  locale?: ForeignLocale;
}

function faker(lang: Lang, rng: Rng): Faker {
  if (lang === 'de') return rng.chance(0.85) ? fakerDE : fakerDE_AT;
  return rng.chance(0.6) ? fakerEN_US : fakerEN_GB;
}

/** A name as it appears in mail addresses and user names: lower-case ASCII letters, digits and hyphens. */
function clean(s: string): string {
  return s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/gu, '')
    .replace(/ß/gu, 'ss')
    .replace(/[^a-z0-9-]/gu, '');
}

export class Lexicon {
  constructor(
    readonly rng: Rng,
    readonly gaz: Gazetteers,
    readonly split: 'train' | 'heldout',
  ) {
    for (const f of [fakerDE, fakerDE_AT, fakerEN_GB, fakerEN_US]) f.seed(rng.int(0, 2 ** 31));
    seedLocales(rng);
  }

  /** Draws from a faker function until the value belongs to this split (held-out rule). */
  drawInSplit(fn: () => string): string {
    // 200 tries: with a tenth of the values held out, a held-out draw falls back to a training value about never.
    for (let i = 0; i < 200; i++) {
      const v = fn().normalize('NFC');
      if ((this.split === 'heldout') === isHeldOut(v)) return v;
    }
    return fn().normalize('NFC');
  }

  firstName(lang: Lang, female: boolean): string {
    const r = this.rng;
    // Mostly the language's names; some cross-language and international names (mixed populations).
    const l: Lang = r.chance(0.15) ? (lang === 'de' ? 'en' : 'de') : lang;
    const f = faker(l, r);
    let name = this.drawInSplit(() => f.person.firstName(female ? 'female' : 'male'));
    if (lang === 'de' && r.chance(0.06)) name = `${name}-${this.drawInSplit(() => f.person.firstName(female ? 'female' : 'male'))}`;
    return name;
  }

  /**
   * A plausible but (mostly) non-existent surname: the start of one listed surname joined to the end of another at
   * vowel-consonant boundaries ("Kamp" + "hofer"). Teaches the model names it cannot have memorized.
   */
  blendSurname(): string {
    const r = this.rng;
    for (let i = 0; i < 10; i++) {
      const a = r.pick(this.gaz.surnames);
      const b = r.pick(this.gaz.surnames);
      // Cut A right after a vowel, B right before a consonant that follows a vowel: "Ka|" + "|mphofer".
      const cutsA = [...a.matchAll(/[aeiouäöüy](?=[^aeiouäöüy-])/giu)].map((m) => m.index + 1).filter((k) => k >= 2 && k < a.length);
      const cutsB = [...b.matchAll(/[aeiouäöüy](?=[^aeiouäöüy-])/giu)].map((m) => m.index + 1).filter((k) => k >= 1 && k < b.length - 1);
      if (cutsA.length === 0 || cutsB.length === 0) continue;
      const name = a.slice(0, r.pick(cutsA)) + b.slice(r.pick(cutsB)).toLowerCase();
      if (name.length >= 4 && name.length <= 16 && (this.split === 'heldout') === isHeldOut(name)) return name;
    }
    return r.pick(this.gaz.surnames);
  }

  surname(lang: Lang): string {
    const r = this.rng;
    let last: string;
    if (this.split === 'train' && r.chance(0.15)) last = this.blendSurname();
    else if (lang === 'de') last = r.chance(0.7) ? r.pick(this.gaz.surnames) : this.drawInSplit(() => faker('de', r).person.lastName());
    else last = r.chance(0.55) ? this.drawInSplit(() => faker('en', r).person.lastName()) : r.pick(this.gaz.surnames);
    if (r.chance(0.05)) last = `${last}-${r.pick(this.gaz.surnames)}`;
    if (lang === 'de' && r.chance(0.04)) last = `${r.pick(['von', 'von der', 'van', 'van der', 'zu', 'von dem', 'de'])} ${last}`;
    if (lang === 'en' && r.chance(0.03)) last = `${r.pick(["O'", 'Mc', 'Mac'])}${last}`;
    return last;
  }

  person(lang: Lang): Person {
    const r = this.rng;
    const female = r.chance(0.5);
    // About a fifth of the people have a name from another locale (mixed populations, correspondents abroad).
    const locale = r.chance(0.2) ? pickLocale(r, lang) : undefined;
    const name = locale ? foreignName(this, locale, female) : { first: this.firstName(lang, female), last: this.surname(lang) };
    const p: Person = { lang, ...name, female, title: '' };
    if (locale) p.locale = locale;
    if (r.chance(0.08)) p.middle = this.firstName(lang, female);
    if (r.chance(0.03))
      p.nick = r.pick([
        'Jojo',
        'Schmiddi',
        'Kalle',
        'Bine',
        'Steffi',
        'Flo',
        'Benny',
        'Micha',
        'Jonny',
        'Sunny',
        'Bobby',
        'Kiki',
        'Tommy',
        'Lexi',
      ]);
    if (lang === 'de')
      p.title = r.weighted([
        [10, ''],
        [2, 'Dr.'],
        [0.6, 'Prof. Dr.'],
        [0.4, 'Dipl.-Ing.'],
        [0.3, 'Dr. med.'],
        [0.2, 'Prof.'],
        [0.2, 'Mag.'],
        [0.1, 'Dr. rer. nat.'],
      ]);
    else
      p.title = r.weighted([
        [10, ''],
        [2, 'Dr'],
        [1, 'Dr.'],
        [0.4, 'Prof.'],
        [0.2, 'Professor'],
        [0.1, 'Cllr'],
        [0.1, 'Sgt'],
      ]);
    return p;
  }

  /** Full name in one of several formats. Returns one PER piece. */
  fullName(p: Person, formal = false): Piece {
    const r = this.rng;
    const first = p.middle && r.chance(0.5) ? `${p.first} ${p.middle}` : p.first;
    let text = r.weighted<string>([
      [10, `${first} ${p.last}`],
      [formal ? 1 : 0.5, `${p.first.charAt(0)}. ${p.last}`],
      [formal ? 1 : 0.3, `${p.last}, ${first}`],
      [formal ? 0.5 : 0.1, `${p.last.toUpperCase()}, ${p.first}`],
      [0.2, `${p.first} ${p.last.toUpperCase()}`],
      [p.nick ? 0.6 : 0, `${p.first} „${p.nick ?? ''}“ ${p.last}`],
      [p.middle ? 0.4 : 0, `${p.first} ${p.middle?.charAt(0) ?? ''}. ${p.last}`],
    ]);
    if (r.chance(0.015)) text = text.toLowerCase();
    return { text, label: 'PER' };
  }

  /** "Herr Dr. Müller" / "Frau Schmidt" / "Mr Smith": title outside, name inside. */
  refPieces(p: Person, kase: 'nom' | 'dat' | 'acc' = 'nom'): (Piece | string)[] {
    const r = this.rng;
    const out: (Piece | string)[] = [];
    if (p.lang === 'de') {
      const herr = kase === 'nom' ? 'Herr' : 'Herrn';
      out.push(`${p.female ? 'Frau' : herr} ${p.title ? `${p.title} ` : ''}`);
    } else {
      const t = p.title || (p.female ? r.pick(['Ms', 'Mrs', 'Ms.', 'Mrs.', 'Miss']) : r.pick(['Mr', 'Mr.']));
      out.push(`${t} `);
    }
    out.push({ text: r.chance(0.2) ? `${p.first} ${p.last}` : p.last, label: 'PER' });
    return out;
  }

  /** German genitive of a surname written onto the name (inside the span): "Müllers", "Schulz'". */
  genitive(name: string): string {
    return /[sßxz]$/u.test(name) ? `${name}'` : `${name}s`;
  }

  houseNumber(lang: Lang): string {
    const r = this.rng;
    const n = String(
      r.weighted([
        [6, r.int(1, 40)],
        [3, r.int(1, 150)],
        [1, r.int(100, 400)],
      ]),
    );
    if (lang === 'de') {
      return r.weighted([
        [12, n],
        [2, `${n}${r.pick(['a', 'b', 'c', 'd'])}`],
        [1, `${n} ${r.pick(['a', 'b'])}`],
        [1, `${n}-${Number(n) + r.int(1, 4)}`],
      ]);
    }
    return r.weighted([
      [12, n],
      [1, `${n}${r.pick(['A', 'B'])}`],
    ]);
  }

  /** Street + number (STR). */
  street(lang: Lang): Piece {
    const r = this.rng;
    if (lang === 'de') {
      if (r.chance(0.04)) return { text: `Postfach ${r.digits(2)} ${r.digits(2)} ${r.digits(2)}`, label: 'STR' };
      const name = r.chance(0.8) ? r.pick(this.gaz.streets) : this.drawInSplit(() => fakerDE.location.street());
      const extra = r.chance(0.05) ? r.pick([', 2. OG', ', App. 12', ', Whg. 3', ' / Hinterhaus']) : '';
      return { text: `${name} ${this.houseNumber('de')}${extra}`, label: 'STR' };
    }
    const gb = r.chance(0.45);
    const f = gb ? fakerEN_GB : fakerEN_US;
    if (r.chance(0.04)) return { text: `${r.pick(['PO Box', 'P.O. Box'])} ${r.int(10, 99999)}`, label: 'STR' };
    const streetName = this.drawInSplit(() => f.location.street());
    let text = `${this.houseNumber('en')} ${streetName}`;
    if (gb && r.chance(0.15)) text = `${r.pick(['Flat', 'Apartment'])} ${r.int(1, 30)}, ${text}`;
    else if (!gb && r.chance(0.15)) text = `${text}, ${r.pick(['Apt', 'Apt.', 'Suite', 'Unit', '#'])} ${r.int(1, 900)}`;
    return { text, label: 'STR' };
  }

  /** A street name alone (locates an event). */
  streetName(lang: Lang): Piece {
    const r = this.rng;
    if (lang === 'de') return { text: r.pick(this.gaz.streets), label: 'STR' };
    return { text: this.drawInSplit(() => (r.chance(0.5) ? fakerEN_GB : fakerEN_US).location.street()), label: 'STR' };
  }

  city(lang: Lang): string {
    const r = this.rng;
    if (lang === 'de') return r.chance(0.85) ? r.pick(this.gaz.cities) : this.drawInSplit(() => fakerDE.location.city());
    return r.chance(0.5) ? r.pick(REAL_EN_CITIES) : this.drawInSplit(() => faker('en', r).location.city());
  }

  /** Postcode + city as one LOC span, or the city alone. */
  place(lang: Lang, withPostcode = true): Piece {
    const r = this.rng;
    const c = this.city(lang);
    if (!withPostcode) return { text: c, label: 'LOC' };
    if (lang === 'de') {
      const at = r.chance(0.1);
      const code = at ? String(r.int(1010, 9999)) : pad2(r.int(1, 99)) + r.digits(3);
      const prefix = r.chance(0.06) ? (at ? 'A-' : 'D-') : '';
      return { text: `${prefix}${code} ${c}`, label: 'LOC' };
    }
    if (r.chance(0.55)) {
      const [abbr, state] = r.pick(US_STATES);
      const zip = r.chance(0.85) ? r.digits(5) : `${r.digits(5)}-${r.digits(4)}`;
      return { text: r.chance(0.85) ? `${c}, ${abbr} ${zip}` : `${c}, ${state} ${zip}`, label: 'LOC' };
    }
    return { text: `${c} ${fakerEN_GB.location.zipCode()}`, label: 'LOC' };
  }

  country(lang: Lang): Piece[] {
    const r = this.rng;
    const c = r.pick(lang === 'de' ? DE_COUNTRIES : EN_COUNTRIES);
    const m = /^(der |den |the )(.*)$/u.exec(c);
    if (m) {
      // "the USA", "der Schweiz": the article stays outside, except in "the UK"-like abbreviations it is also outside.
      return [{ text: m[1] ?? '' }, { text: m[2] ?? '', label: 'LOC' }];
    }
    return [{ text: c, label: 'LOC' }];
  }

  company(lang: Lang): string {
    const r = this.rng;
    const s = this.surname(lang);
    const s2 = this.surname(lang);
    if (lang === 'de') {
      const branch = r.pick([
        'Bau',
        'Präzisionstechnik',
        'Immobilien',
        'Haustechnik',
        'Logistik',
        'Elektro',
        'Gebäudereinigung',
        'Software',
        'Metallbau',
        'Druck',
        'Reisen',
        'Consulting',
        'Automobile',
        'Transporte',
        'Holzbau',
        'Dental',
        'Medizintechnik',
        'Steuerberatung',
        'Verwaltungs',
        'Hausverwaltung',
      ]);
      return r.weighted<string>([
        [3, `${s} ${r.pick(['GmbH', 'AG', 'GmbH & Co. KG', 'KG', 'OHG', 'e.K.', 'UG (haftungsbeschränkt)', 'GbR'])}`],
        [3, `${s} ${branch} ${r.pick(['GmbH', 'AG', 'GmbH & Co. KG', 'KG'])}`],
        [1, `${s} & ${s2} ${r.pick(['GmbH', 'Rechtsanwälte', 'Partnerschaft mbB', 'Steuerberater'])}`],
        [2, this.drawInSplit(() => fakerDE.company.name())],
        [1, `${branch}${r.pick(['haus', 'technik', 'service', 'partner'])} ${this.city('de')} GmbH`],
        [1, `Kanzlei ${s}`],
        [0.5, `Autohaus ${s}`],
        [0.5, `Bäckerei ${s}`],
        [0.5, `Pflegedienst ${s}`],
      ]);
    }
    return r.weighted<string>([
      [3, this.drawInSplit(() => faker('en', r).company.name())],
      [2, `${s} ${r.pick(['Ltd', 'Ltd.', 'LLC', 'Inc.', 'plc', 'LLP', 'Group', 'Holdings Ltd', '& Sons', 'Corporation', 'Co.'])}`],
      [1, `${s} & ${s2} ${r.pick(['LLP', 'Solicitors', 'Associates', 'LLC'])}`],
      [
        1,
        `${r.pick(['Pacific', 'Northern', 'Summit', 'Blue Ridge', 'Evergreen', 'Harbor', 'Redwood', 'Granite', 'Silverline', 'Oakridge'])} ${r.pick(['Logistics', 'Dental Care', 'Property Management', 'Insurance', 'Plumbing', 'Energy', 'Health', 'Software', 'Lettings', 'Builders'])} ${r.pick(['Inc.', 'LLC', 'Ltd', 'Ltd.', 'Group', 'Co.'])}`,
      ],
    ]);
  }

  /** Courts, authorities, hospitals, schools, banks, insurers. Returns nominative and genitive (DE) forms. */
  institution(lang: Lang, kind?: 'court' | 'health' | 'bank' | 'authority' | 'school' | 'insurer' | 'club'): { nom: string; gen: string } {
    const r = this.rng;
    const c = this.city(lang);
    const k = kind ?? r.pick(['court', 'health', 'bank', 'authority', 'school', 'insurer', 'club'] as const);
    if (lang === 'de') {
      const g = (nom: string, gen: string) => ({ nom, gen });
      switch (k) {
        case 'court': {
          const t = r.pick([
            'Amtsgericht',
            'Landgericht',
            'Oberlandesgericht',
            'Sozialgericht',
            'Arbeitsgericht',
            'Verwaltungsgericht',
            'Landesarbeitsgericht',
            'Finanzgericht',
          ]);
          return g(`${t} ${c}`, `${t}s ${c}`);
        }
        case 'health': {
          return r.pick([
            g(`Klinikum ${c}`, `Klinikums ${c}`),
            g(`Universitätsklinikum ${c}`, `Universitätsklinikums ${c}`),
            g(
              `St.-${r.pick(['Marien', 'Josef', 'Elisabeth', 'Vinzenz', 'Johannes'])}-Krankenhaus ${c}`,
              `St.-${r.pick(['Marien', 'Josef'])}-Krankenhauses ${c}`,
            ),
            g(`Kreiskrankenhaus ${c}`, `Kreiskrankenhauses ${c}`),
            g(`Praxis Dr. ${this.surname('de')}`, `Praxis Dr. ${this.surname('de')}`),
            g(
              `${r.pick(['Helios', 'Asklepios', 'Sana', 'Vivantes'])} Klinikum ${c}`,
              `${r.pick(['Helios', 'Asklepios', 'Sana'])} Klinikums ${c}`,
            ),
            g(`Gesundheitsamt ${c}`, `Gesundheitsamts ${c}`),
          ]);
        }
        case 'bank':
          return r.pick([
            g(`Sparkasse ${c}`, `Sparkasse ${c}`),
            g(`Volksbank ${c} eG`, `Volksbank ${c} eG`),
            g('Deutsche Bank AG', 'Deutschen Bank AG'),
            g('Commerzbank AG', 'Commerzbank AG'),
            g(`Raiffeisenbank ${c} eG`, `Raiffeisenbank ${c} eG`),
            g('Postbank', 'Postbank'),
            g('ING-DiBa AG', 'ING-DiBa AG'),
            g(`Stadtsparkasse ${c}`, `Stadtsparkasse ${c}`),
            g('DKB', 'DKB'),
            g('Targobank', 'Targobank'),
          ]);
        case 'authority':
          return r.pick([
            g(`Finanzamt ${c}`, `Finanzamts ${c}`),
            g(`Jobcenter ${c}`, `Jobcenters ${c}`),
            g(`Stadt ${c}`, `Stadt ${c}`),
            g(`Landratsamt ${c}`, `Landratsamts ${c}`),
            g(`Bürgeramt ${c}`, `Bürgeramts ${c}`),
            g(`Stadtwerke ${c}`, `Stadtwerke ${c}`),
            g('Bundesagentur für Arbeit', 'Bundesagentur für Arbeit'),
            g('Deutsche Rentenversicherung Bund', 'Deutschen Rentenversicherung Bund'),
            g(`Polizeipräsidium ${c}`, `Polizeipräsidiums ${c}`),
            g(`Ausländerbehörde ${c}`, `Ausländerbehörde ${c}`),
            g(`Staatsanwaltschaft ${c}`, `Staatsanwaltschaft ${c}`),
            g('Bundeszentralamt für Steuern', 'Bundeszentralamts für Steuern'),
            g(`Magistrat der Stadt ${c}`, `Magistrats der Stadt ${c}`),
            g(`Kreisverwaltung ${c}`, `Kreisverwaltung ${c}`),
          ]);
        case 'school':
          return r.pick([
            g(
              `${r.pick(['Goethe', 'Schiller', 'Humboldt', 'Gutenberg', 'Lessing', 'Kepler'])}-Gymnasium ${c}`,
              `${r.pick(['Goethe', 'Schiller', 'Humboldt'])}-Gymnasiums ${c}`,
            ),
            g(`Grundschule ${c}`, `Grundschule ${c}`),
            g(`Universität ${c}`, `Universität ${c}`),
            g(`Technische Universität ${c}`, `Technischen Universität ${c}`),
            g(`Hochschule ${c}`, `Hochschule ${c}`),
            g(
              `Kita ${r.pick(['Sonnenblume', 'Regenbogen', 'Pusteblume', 'Löwenzahn'])} e.V.`,
              `Kita ${r.pick(['Sonnenblume', 'Regenbogen'])} e.V.`,
            ),
            g(`Volkshochschule ${c}`, `Volkshochschule ${c}`),
            g(`Berufsschule ${c}`, `Berufsschule ${c}`),
          ]);
        case 'insurer':
          return r.pick([
            g('Techniker Krankenkasse', 'Techniker Krankenkasse'),
            g(`AOK ${r.pick(['Bayern', 'Nordost', 'Niedersachsen', 'PLUS', 'Rheinland/Hamburg'])}`, 'AOK'),
            g('BARMER', 'BARMER'),
            g('DAK-Gesundheit', 'DAK-Gesundheit'),
            g('Allianz Versicherungs-AG', 'Allianz Versicherungs-AG'),
            g('HUK-COBURG', 'HUK-COBURG'),
            g('IKK classic', 'IKK classic'),
            g('ERGO Versicherung AG', 'ERGO Versicherung AG'),
            g('R+V Versicherung', 'R+V Versicherung'),
            g('Debeka', 'Debeka'),
          ]);
        case 'club':
          return r.pick([
            g(`TSV ${c} 1860 e.V.`, `TSV ${c} 1860 e.V.`),
            g(`FC ${c}`, `FC ${c}`),
            g(`Sportverein ${c} e.V.`, `Sportvereins ${c} e.V.`),
            g(`Förderverein der Grundschule ${c} e.V.`, `Fördervereins der Grundschule ${c} e.V.`),
            g(`Caritasverband ${c}`, `Caritasverbands ${c}`),
            g(`Mieterverein ${c} e.V.`, `Mietervereins ${c} e.V.`),
            g(`Freiwillige Feuerwehr ${c}`, `Freiwilligen Feuerwehr ${c}`),
          ]);
      }
    }
    const e = (nom: string) => ({ nom, gen: nom });
    const st = r.pick(US_STATES);
    switch (k) {
      case 'court':
        return r.pick([
          e(`${c} County Court`),
          e(`Superior Court of ${st[1]}`),
          e(`${c} Magistrates' Court`),
          e(`${c} Crown Court`),
          e(`District Court of ${st[1]}`),
          e(`${c} Employment Tribunal`),
          e(`Circuit Court of ${c} County`),
          e('High Court of Justice'),
        ]);
      case 'health':
        return r.pick([
          e(`${c} General Hospital`),
          e(`St ${r.pick(['Mary', 'Thomas', 'George', 'James'])}'s Hospital`),
          e(`${c} Medical Center`),
          e(`NHS ${c} Trust`),
          e(`${c} Royal Infirmary`),
          e(`${c} Family Practice`),
          e(`${this.surname('en')} Dental Clinic`),
          e('Mayo Clinic'),
        ]);
      case 'bank':
        return r.pick([
          e('Barclays'),
          e('Lloyds Bank'),
          e('HSBC UK'),
          e('NatWest'),
          e('Bank of America'),
          e('Wells Fargo'),
          e('Chase Bank'),
          e(`${c} Credit Union`),
          e('Santander UK'),
          e('Nationwide Building Society'),
          e('Monzo Bank Ltd'),
        ]);
      case 'authority':
        return r.pick([
          e('HMRC'),
          e('the Internal Revenue Service'.replace('the ', '')),
          e(`${c} City Council`),
          e(`${c} Police Department`),
          e('DVLA'),
          e('Social Security Administration'),
          e(`Department of Motor Vehicles`),
          e(`${c} Borough Council`),
          e('Home Office'),
          e(`${st[1]} Department of Labor`),
          e('Metropolitan Police'),
        ]);
      case 'school':
        return r.pick([
          e(`University of ${c}`),
          e(`${c} High School`),
          e(`${c} Community College`),
          e(`${c} Primary School`),
          e(`${c} State University`),
          e(`St ${r.pick(['Anne', 'Peter', 'John'])}'s Academy`),
        ]);
      case 'insurer':
        return r.pick([
          e('Aviva'),
          e('Direct Line'),
          e('State Farm'),
          e('Allstate'),
          e('Blue Cross Blue Shield'),
          e('Kaiser Permanente'),
          e('Admiral Insurance'),
          e('Liberty Mutual'),
          e('Aetna'),
          e('AXA UK'),
        ]);
      case 'club':
        return r.pick([
          e(`${c} Rugby Club`),
          e(`${c} Tenants' Association`),
          e(`${c} Rotary Club`),
          e(`${c} Football Club`),
          e(`Friends of ${c} Library`),
          e(`${c} Food Bank`),
        ]);
    }
  }

  /** A calendar date in one of many formats (DATE). `birth` biases the year. */
  date(lang: Lang, opts: { birth?: boolean; short?: boolean } = {}): string {
    const r = this.rng;
    const y = opts.birth ? r.int(1930, 2015) : r.int(1995, 2027);
    const m = r.int(1, 12);
    const d = r.int(1, 28);
    const yy = pad2(y % 100);
    if (lang === 'de') {
      return r.weighted<string>([
        [10, `${pad2(d)}.${pad2(m)}.${y}`],
        [3, `${d}.${m}.${y}`],
        [2, `${pad2(d)}.${pad2(m)}.${yy}`],
        [5, `${d}. ${MONTH_NAMES_DE[m - 1] ?? ''} ${y}`],
        [1, `${pad2(d)}. ${MONTH_NAMES_DE[m - 1] ?? ''} ${y}`],
        [1.5, `${d}. ${DE_MONTHS_ABBR[m - 1] ?? ''} ${y}`],
        [1, `${d}. ${DE_MONTHS_ABBR[m - 1] ?? ''} ${yy}`],
        [opts.short === false ? 0 : 1.5, `${d}. ${MONTH_NAMES_DE[m - 1] ?? ''}`],
        [opts.birth ? 0 : 1, `${MONTH_NAMES_DE[m - 1] ?? ''} ${y}`],
        [opts.birth ? 0 : 0.7, `${pad2(m)}/${y}`],
        [1, `${y}-${pad2(m)}-${pad2(d)}`],
        [0.3, `${pad2(d)}.${pad2(m)}.`],
      ]);
    }
    return r.weighted<string>([
      [5, `${MONTH_NAMES_EN[m - 1] ?? ''} ${d}, ${y}`],
      [5, `${d} ${MONTH_NAMES_EN[m - 1] ?? ''} ${y}`],
      [2, `${ordinalEn(d)} ${MONTH_NAMES_EN[m - 1] ?? ''} ${y}`],
      [1.5, `${MONTH_NAMES_EN[m - 1] ?? ''} ${ordinalEn(d)}, ${y}`],
      [opts.short === false ? 0 : 1, `${MONTH_NAMES_EN[m - 1] ?? ''} ${ordinalEn(d)}`],
      [opts.short === false ? 0 : 1, `${d} ${MONTH_NAMES_EN[m - 1] ?? ''}`],
      [2, `${EN_MONTHS_ABBR[m - 1] ?? ''} ${d}, ${y}`],
      [1, `${d} ${EN_MONTHS_ABBR2[m - 1] ?? ''} ${y}`],
      [4, `${pad2(m)}/${pad2(d)}/${y}`],
      [3, `${pad2(d)}/${pad2(m)}/${y}`],
      [1, `${m}/${d}/${yy}`],
      [2, `${y}-${pad2(m)}-${pad2(d)}`],
      [1, `${pad2(d)}.${pad2(m)}.${y}`],
      [opts.birth ? 0 : 1, `${MONTH_NAMES_EN[m - 1] ?? ''} ${y}`],
      [opts.birth ? 0 : 0.5, `${pad2(m)}/${y}`],
      [0.7, `${ordinalEn(d)} of ${MONTH_NAMES_EN[m - 1] ?? ''} ${y}`],
    ]);
  }

  phone(lang: Lang): string {
    const r = this.rng;
    if (lang === 'de') {
      const area = r.pick([
        '030',
        '040',
        '089',
        '0221',
        '069',
        '0711',
        '0911',
        '0341',
        '0351',
        '0511',
        '0201',
        '0621',
        '0761',
        '0228',
        '06221',
        '07071',
        '09131',
        '0421',
      ]);
      const mob = r.pick(['0151', '0152', '0160', '0162', '0170', '0171', '0172', '0175', '0176', '0177', '0178', '0179']);
      const num = r.digits(r.int(6, 8));
      return r.weighted<string>([
        [3, `${area} ${num}`],
        [2, `${area}/${num}`],
        [2, `+49 ${area.slice(1)} ${num}`],
        [1, `+49 (0)${area.slice(1)} ${num.slice(0, 3)}-${num.slice(3)}`],
        [2, `${mob} ${num}`],
        [1, `${mob}-${num}`],
        [1, `+49 ${mob.slice(1)} ${num}`],
        [1, `${area} ${num.slice(0, 3)} ${num.slice(3)}`],
        [0.5, `+43 1 ${r.digits(7)}`],
        [0.5, `+41 44 ${r.digits(3)} ${r.digits(2)} ${r.digits(2)}`],
      ]);
    }
    return r.weighted<string>([
      [3, `(${r.int(201, 989)}) ${r.int(200, 999)}-${r.digits(4)}`],
      [2, `${r.int(201, 989)}-${r.int(200, 999)}-${r.digits(4)}`],
      [1, `+1 ${r.int(201, 989)} ${r.int(200, 999)} ${r.digits(4)}`],
      [2, `0${r.int(20, 29)} ${r.digits(4)} ${r.digits(4)}`],
      [2, `07${r.digits(3)} ${r.digits(6)}`],
      [1, `+44 7${r.digits(3)} ${r.digits(6)}`],
      [1, `+44 (0)${r.int(113, 191)} ${r.digits(3)} ${r.digits(4)}`],
      [0.5, `${r.int(201, 989)}.${r.int(200, 999)}.${r.digits(4)}`],
      [0.5, `(${r.int(201, 989)}) ${r.int(200, 999)}-${r.digits(4)} ext. ${r.int(10, 999)}`],
    ]);
  }

  mail(p: Person | null, lang: Lang): string {
    const r = this.rng;
    const first = clean(p ? p.first : this.firstName(lang, r.chance(0.5)));
    const last = clean(p ? p.last : this.surname(lang));
    const dom =
      lang === 'de'
        ? r.pick([
            'web.de',
            'gmx.de',
            't-online.de',
            'gmail.com',
            'outlook.de',
            'posteo.de',
            'mailbox.org',
            'gmx.net',
            'freenet.de',
            'yahoo.de',
            `${last}-gmbh.de`,
            'kanzlei-recht.de',
            'stadt-verwaltung.de',
          ])
        : r.pick([
            'gmail.com',
            'outlook.com',
            'yahoo.com',
            'hotmail.co.uk',
            'icloud.com',
            'btinternet.com',
            'aol.com',
            'proton.me',
            `${last}law.com`,
            'company.co.uk',
            'example-corp.com',
          ]);
    const local = r.weighted<string>([
      [4, `${first}.${last}`],
      [2, `${first.charAt(0)}.${last}`],
      [1, `${first}${last}${r.int(1, 99)}`],
      [1, `${last}${r.int(1950, 2005)}`],
      [1, `${first}_${last}`],
      [1, r.pick(['info', 'kontakt', 'office', 'buero', 'service', 'hello', 'admin'])],
    ]);
    return `${local}@${dom}`;
  }

  /** A user name or handle derived from the person's name (OTH): "jdoe92", "m.schulz", "anna_kowalski". */
  handle(p: Person): string {
    const r = this.rng;
    const first = clean(p.first);
    const last = clean(p.last);
    return r.weighted<string>([
      [3, `${first.charAt(0)}${last}${r.chance(0.5) ? r.int(1, 99) : ''}`],
      [2, `${first}.${last}`],
      [1, `${first}_${last}`],
      [1, `${last}${first.charAt(0)}`],
      [1, `${first}${r.int(70, 2005)}`],
    ]);
  }

  iban(): string {
    const r = this.rng;
    const cc = r.weighted([
      [8, 'DE'],
      [1, 'AT'],
      [1, 'GB'],
    ] as const);
    const bban = cc === 'DE' ? r.digits(18) : cc === 'AT' ? r.digits(16) : `${r.pick(['NWBK', 'BARC', 'LOYD'])}${r.digits(14)}`;
    // Real IBANs carry valid check digits (ISO 13616), so the detector's checksum can find them as in real text.
    const s = `${cc}${String(98 - ibanRemainder(`${cc}00${bban}`)).padStart(2, '0')}${bban}`;
    return r.chance(0.7) ? s.replace(/(.{4})/gu, '$1 ').trim() : s;
  }

  caseNumber(lang: Lang): string {
    const r = this.rng;
    if (lang === 'de') {
      return r.weighted<string>([
        [3, `${r.int(1, 45)} ${r.pick(['O', 'C', 'S', 'K', 'Ca', 'T', 'U', 'F', 'Js', 'AR'])} ${r.int(1, 999)}/${pad2(r.int(10, 26))}`],
        [1, `${r.pick(['IV', 'VI', 'XII', 'II'])} ZR ${r.int(1, 300)}/${pad2(r.int(10, 26))}`],
        [1, `${r.int(100, 999)} Js ${r.int(1000, 99999)}/${pad2(r.int(10, 26))}`],
        [1, `${r.digits(3)}/${r.digits(4)}/${r.digits(4)}`],
      ]);
    }
    return r.weighted<string>([
      [2, `${r.pick(['CV', 'CR', 'FL'])}-${r.int(2015, 2026)}-${r.digits(5)}`],
      [1, `${r.pick(['A', 'B', 'C', 'K'])}${r.digits(2)}${r.pick(['AB', 'CD', 'XY'])}${r.digits(3)}`],
      [1, `${r.digits(2)}-${r.digits(4)}`],
    ]);
  }

  customerNumber(): string {
    const r = this.rng;
    return r.weighted<string>([
      [3, r.digits(r.int(6, 10))],
      [2, `${r.pick(['KD', 'K', 'RE', 'INV', 'ORD', 'V'])}-${r.digits(r.int(5, 8))}`],
      [1, `${r.int(2019, 2026)}-${r.digits(5)}`],
      [1, `${r.pick(['A', 'B', 'X', 'M'])}${r.digits(9)}`],
    ]);
  }

  plate(lang: Lang): string {
    const r = this.rng;
    if (lang === 'de')
      return `${r.pick(['M', 'B', 'HH', 'K', 'F', 'S', 'N', 'DO', 'HD', 'MZ', 'KA', 'BN', 'L', 'DD'])}-${String.fromCharCode(65 + r.int(0, 25))}${r.chance(0.6) ? String.fromCharCode(65 + r.int(0, 25)) : ''} ${r.int(1, 9999)}`;
    return r.chance(0.5)
      ? `${String.fromCharCode(65 + r.int(0, 25))}${String.fromCharCode(65 + r.int(0, 25))}${r.digits(2)} ${String.fromCharCode(65 + r.int(0, 25))}${String.fromCharCode(65 + r.int(0, 25))}${String.fromCharCode(65 + r.int(0, 25))}`
      : `${r.digits(1)}${String.fromCharCode(65 + r.int(0, 25))}${String.fromCharCode(65 + r.int(0, 25))}${String.fromCharCode(65 + r.int(0, 25))}${r.digits(3)}`;
  }

  amount(lang: Lang): string {
    const r = this.rng;
    const v = r.int(5, 25000);
    const c = r.int(0, 99);
    if (lang === 'de')
      return r.pick([`${v.toLocaleString('de-DE')},${pad2(c)} €`, `EUR ${v.toLocaleString('de-DE')},${pad2(c)}`, `${v} Euro`]);
    return r.pick([`$${v.toLocaleString('en-US')}.${pad2(c)}`, `£${v.toLocaleString('en-GB')}.${pad2(c)}`, `${v} dollars`, `€${v}`]);
  }
}
