/**
 * Names and addresses from other locales (@faker-js/faker): people with French, Polish, Turkish, … names, and
 * correspondents who live abroad. German and English documents mix them in at a modest rate (Lexicon.person,
 * Ctx.person), so the model does not learn that a name is only a name when it looks German or English.
 */
import {
  fakerCS_CZ,
  fakerDA,
  fakerDE,
  fakerEL,
  fakerEN_GB,
  fakerEN_IE,
  fakerEN_US,
  fakerES,
  fakerFI,
  fakerFR,
  fakerHR,
  fakerHU,
  fakerIT,
  fakerNB_NO,
  fakerNL,
  fakerPL,
  fakerPT_PT,
  fakerRO,
  fakerSK,
  fakerSV,
  fakerTR,
} from '@faker-js/faker';
import type { Faker } from '@faker-js/faker';
import type { Piece, Rng } from './core.js';
import type { Lang } from './core.js';

/** What drawing a foreign name needs of the lexicon: a draw that keeps to its split. */
interface Drawer {
  drawInSplit(fn: () => string): string;
}

export interface ForeignLocale {
  faker: Faker;
  /** The country as written in a German and an English address line. */
  country: Record<Lang, string>;
  /** Postcode and city as one LOC span, in the country's order (labels.md). */
  place(f: Faker, city: string): string;
  /** Script conversion: Greek names appear Latinized in German and English documents. */
  latin?: (s: string) => string;
}

const GREEK: Record<string, string> = {
  ου: 'ou',
  αυ: 'av',
  ευ: 'ev',
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
};

/** Simplified ELOT 743 transliteration ("Οικονόμου" → "Oikonomou"), keeping the case of each first letter. */
function latinGreek(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ου|αυ|ευ|[α-ω]/giu, (m) => {
      const t = GREEK[m.toLowerCase()] ?? m;
      return m !== m.toLowerCase() ? t.charAt(0).toUpperCase() + t.slice(1) : t;
    })
    .normalize('NFC');
}

const postcodeFirst = (f: Faker, city: string) => `${f.location.zipCode()} ${city}`;

const LOCALES: readonly ForeignLocale[] = [
  { faker: fakerFR, country: { de: 'Frankreich', en: 'France' }, place: postcodeFirst },
  { faker: fakerES, country: { de: 'Spanien', en: 'Spain' }, place: postcodeFirst },
  { faker: fakerIT, country: { de: 'Italien', en: 'Italy' }, place: postcodeFirst },
  { faker: fakerNL, country: { de: 'Niederlande', en: 'Netherlands' }, place: postcodeFirst },
  { faker: fakerPL, country: { de: 'Polen', en: 'Poland' }, place: postcodeFirst },
  { faker: fakerCS_CZ, country: { de: 'Tschechien', en: 'Czech Republic' }, place: postcodeFirst },
  { faker: fakerSK, country: { de: 'Slowakei', en: 'Slovakia' }, place: postcodeFirst },
  { faker: fakerHU, country: { de: 'Ungarn', en: 'Hungary' }, place: postcodeFirst },
  { faker: fakerRO, country: { de: 'Rumänien', en: 'Romania' }, place: postcodeFirst },
  { faker: fakerHR, country: { de: 'Kroatien', en: 'Croatia' }, place: postcodeFirst },
  { faker: fakerSV, country: { de: 'Schweden', en: 'Sweden' }, place: postcodeFirst },
  { faker: fakerDA, country: { de: 'Dänemark', en: 'Denmark' }, place: postcodeFirst },
  { faker: fakerNB_NO, country: { de: 'Norwegen', en: 'Norway' }, place: postcodeFirst },
  { faker: fakerFI, country: { de: 'Finnland', en: 'Finland' }, place: postcodeFirst },
  { faker: fakerPT_PT, country: { de: 'Portugal', en: 'Portugal' }, place: postcodeFirst },
  { faker: fakerEL, country: { de: 'Griechenland', en: 'Greece' }, place: postcodeFirst, latin: latinGreek },
  { faker: fakerTR, country: { de: 'Türkei', en: 'Turkey' }, place: postcodeFirst },
  { faker: fakerEN_GB, country: { de: 'Großbritannien', en: 'United Kingdom' }, place: (f, c) => `${c} ${f.location.zipCode()}` },
  {
    faker: fakerEN_IE,
    country: { de: 'Irland', en: 'Ireland' },
    place: (f, c) => `${c}, Co. ${f.location.county()} ${f.location.zipCode()}`,
  },
  {
    faker: fakerEN_US,
    country: { de: 'USA', en: 'USA' },
    place: (f, c) => `${c}, ${f.location.state({ abbreviated: true })} ${f.location.zipCode()}`,
  },
];
/** English documents already draw British and American names; German ones are foreign to them instead. */
const DE_LOCALE: ForeignLocale = { faker: fakerDE, country: { de: 'Deutschland', en: 'Germany' }, place: postcodeFirst };
const FOREIGN: Record<Lang, readonly ForeignLocale[]> = {
  de: LOCALES,
  en: [...LOCALES.filter((l) => l.faker !== fakerEN_GB && l.faker !== fakerEN_US), DE_LOCALE],
};

/** Seeds the locales' faker instances (module singletons) so that a generator run is reproducible. */
export function seedLocales(rng: Rng): void {
  for (const l of FOREIGN.de) l.faker.seed(rng.int(0, 2 ** 31));
}

export function pickLocale(rng: Rng, lang: Lang): ForeignLocale {
  return rng.pick(FOREIGN[lang]);
}

/** A value from the locale, in Latin script, belonging to the lexicon's split. */
function draw(lex: Drawer, l: ForeignLocale, fn: (f: Faker) => string): string {
  return lex.drawInSplit(() => (l.latin ?? String)(fn(l.faker)));
}

export function foreignName(lex: Drawer, l: ForeignLocale, female: boolean): { first: string; last: string } {
  const sex = female ? 'female' : 'male';
  return { first: draw(lex, l, (f) => f.person.firstName(sex)), last: draw(lex, l, (f) => f.person.lastName(sex)) };
}

/** Street line, postcode + city, the city alone and the country line of an address in the locale. */
export function foreignAddress(
  lex: Drawer,
  l: ForeignLocale,
  lang: Lang,
): { str: Piece; loc: Piece; city: string; country: Piece; tel: string } {
  const city = draw(lex, l, (f) => f.location.city());
  return {
    str: { text: draw(lex, l, (f) => f.location.streetAddress()), label: 'STR' },
    loc: { text: (l.latin ?? String)(l.place(l.faker, city)), label: 'LOC' },
    city,
    country: { text: l.country[lang], label: 'LOC' },
    tel: l.faker.phone.number(),
  };
}
