import { describe, expect, it } from 'vitest';
import { parseDate } from '../../../src/dates/parse.js';
import { isValidIban } from '../../../src/detection/identifiers/validators/iban.js';
import { surrogateLists } from '../../../src/detection/lexicons/store.js';
import type { SurrogateContext, SurrogateLocale } from '../../../src/roundtrip/surrogates/index.js';
import { surrogateFor } from '../../../src/roundtrip/surrogates/index.js';
import type { TextLabelName } from '../../../src/spec/types.js';
import { TEXT_LABELS } from '../../../src/spec/types.js';
import { seeded } from '../../../tools/seeded-random.js';

const ctx = (locale: SurrogateLocale = 'de', extra: Partial<SurrogateContext> = {}): SurrogateContext => ({
  random: seeded(7),
  locale,
  taken: new Set(),
  dateShiftDays: 20,
  ...extra,
});

const SAFE = /^[A-Za-z0-9 .,@+/()_:#-]+$/;
const words = (s: string) => s.trim().split(/\s+/);

/** Many draws of one original: each checked by `check`. */
function draws(label: TextLabelName, original: string, locale: SurrogateLocale, n = 25): string[] {
  const c = ctx(locale);
  return Array.from({ length: n }, () => {
    const s = surrogateFor(label, original, c);
    expect(s, `${label} ${original}`).not.toBeNull();
    expect(s!, original).toMatch(SAFE);
    expect(s!.toLowerCase()).not.toBe(original.toLowerCase());
    return s!;
  });
}

describe('surrogateFor: names (PER)', () => {
  const female = () => new Set([...surrogateLists().de.givenFemale, ...surrogateLists().en.givenFemale]);
  const male = () => new Set([...surrogateLists().de.givenMale, ...surrogateLists().en.givenMale]);

  it.each([
    ['Anna Schmidt', /^[A-Z][a-z]+ [A-Z][a-z]+$/],
    ['Hans-Peter Müller', /^[A-Z][a-z]+-[A-Z][a-z]+ [A-Z][a-z]+$/],
    ['Schmidt, Anna', /^[A-Z][a-z]+, [A-Z][a-z]+$/],
    ['Dr. M. Weber', /^Dr\. [A-Z]\. [A-Z][a-z]+$/],
    ['Ludwig van Beethoven', /^[A-Z][a-z]+ van [A-Z][a-z]+$/],
    ['Frau Jürgens', /^Frau [A-Z][a-z]+$/],
    ['ANNA SCHMIDT', /^[A-Z]+ [A-Z]+$/],
  ])('%s keeps its words, roles and case', (original, shape) => {
    for (const locale of ['de', 'en'] as const) {
      for (const s of draws('PER', original, locale)) {
        expect(s).toMatch(shape);
        expect(words(s)).toHaveLength(words(original).length);
      }
    }
  });

  it('keeps the gender of the first given name, or of the title', () => {
    for (const s of draws('PER', 'Anna Schmidt', 'de')) expect(female().has(s.split(' ')[0]!)).toBe(true);
    for (const s of draws('PER', 'Klaus Schmidt', 'de')) expect(male().has(s.split(' ')[0]!)).toBe(true);
    for (const s of draws('PER', 'Schmidt, Heike', 'en')) expect(female().has(s.split(', ')[1]!)).toBe(true);
    for (const s of draws('PER', 'Hans-Peter Müller', 'de')) for (const g of s.split(' ')[0]!.split('-')) expect(male().has(g)).toBe(true);
  });

  it('draws from the locale lists: German names for de, English ones for en', () => {
    const { de, en } = surrogateLists();
    for (const s of draws('PER', 'Julia Meier', 'de')) expect(de.givenFemale).toContain(s.split(' ')[0]);
    for (const s of draws('PER', 'Julia Meier', 'en')) expect(en.givenFemale).toContain(s.split(' ')[0]);
    for (const s of draws('PER', 'Meier', 'de')) expect(en.family).not.toContain(s);
  });

  it('reads one word as a family name unless it is a known first name', () => {
    const { de } = surrogateLists();
    for (const s of draws('PER', 'Sabine', 'de')) expect(de.givenFemale).toContain(s);
    for (const s of draws('PER', 'Schmidt', 'de')) expect([...de.givenFemale, ...de.givenMale]).not.toContain(s);
  });

  it('never hands out a taken surrogate or a taken word of one', () => {
    const { de } = surrogateLists();
    const taken = new Set([...de.givenFemale.slice(1), ...de.family].map((w) => w.toLowerCase()));
    const c = ctx('de', { taken });
    for (let i = 0; i < 30; i++) {
      const s = surrogateFor('PER', 'Anna Schmidt', c)!;
      for (const w of s.split(' ')) expect(taken.has(w.toLowerCase())).toBe(false);
    }
  });
});

describe('surrogateFor: organisations, places, streets', () => {
  it.each([
    ['Müller GmbH', /^[A-Z][a-z]+ GmbH$/],
    ['Amtsgericht Köln', /^Amtsgericht [A-Z][a-z]+$/],
    ['Müller GmbH & Co. KG', /^[A-Z][a-z]+ GmbH (und|and) Co\. KG$/],
    ['SAP SE', /^[A-Z]{3} SE$/],
    ['Praxis Dr. Weber', /^Praxis Dr\. [A-Z][a-z]+$/],
  ])('ORG %s keeps its generic words', (original, shape) => {
    for (const locale of ['de', 'en'] as const) for (const s of draws('ORG', original, locale)) expect(s).toMatch(shape);
  });

  it('ORG: a name of generic words only has nothing to change (null: the session uses ORG-n)', () => {
    expect(surrogateFor('ORG', 'Bundesamt für Migration und Flüchtlinge', ctx())).toBeNull();
    expect(surrogateFor('ORG', 'Deutsche Bank', ctx())).toBeNull();
    for (const s of draws('ORG', 'Deutsche Bank Lingen', 'de')) expect(s).toMatch(/^Deutsche Bank [A-Z][a-z]+$/);
  });

  it('ORG: a place inside a name becomes a town', () => {
    const towns = new Set([...surrogateLists().de.towns, ...surrogateLists().en.towns]);
    for (const s of draws('ORG', 'Amtsgericht Köln', 'de')) expect(towns.has(s.split(' ')[1]!)).toBe(true);
  });

  it('LOC: postcode shape kept, a town of as many words, countries written alike in both languages', () => {
    const { countries } = surrogateLists();
    for (const s of draws('LOC', '10115 Berlin', 'de')) expect(s).toMatch(/^\d{5} [A-Z][a-z]+$/);
    for (const s of draws('LOC', 'SW1A 1AA', 'en')) expect(s).toMatch(/^[A-Z]{2}\d[A-Z] \d[A-Z]{2}$/);
    for (const s of draws('LOC', 'D-10115 Berlin', 'de')) expect(s).toMatch(/^D-\d{5} [A-Z][a-z]+$/);
    for (const s of draws('LOC', 'Frankfurt am Main', 'de')) expect(words(s)).toHaveLength(3);
    for (const s of draws('LOC', 'Deutschland', 'de')) expect(countries).toContain(s);
    for (const s of draws('LOC', 'United Kingdom', 'en')) expect(countries).toContain(s);
    for (const s of draws('LOC', 'München', 'de')) expect(surrogateLists().de.towns).toContain(s);
  });

  it.each([
    ['Hauptstraße 12', 'de', /^[A-Z][a-z]+(weg|allee|ring|gasse|platz|strasse|pfad|steig) [1-9]\d$/],
    ['Hauptstr. 7', 'de', /^[A-Z][a-z]+str\. [1-9]$/],
    ['Karl-Marx-Straße 5a', 'de', /^[A-Z][a-z]+-[A-Z][a-z]+-(Strasse|Weg|Allee|Ring|Platz) [1-9][a-h]$/],
    ['Am Markt 3', 'de', /^Am [A-Z][a-z]+ [1-9]$/],
    ['Straße der Einheit 14', 'de', /^An der [A-Z][a-z]+ [1-9]\d$/],
    ['12 Baker Street', 'en', /^[1-9]\d [A-Z][a-z]+ [A-Z][a-z]+$/],
    ['221 Old Kent Road', 'en', /^[1-9]\d\d [A-Z][a-z]+ [A-Z][a-z]+ [A-Z][a-z]+$/],
  ] as const)('STR %s (%s) keeps its words and number width', (original, locale, shape) => {
    for (const s of draws('STR', original, locale)) {
      expect(s).toMatch(shape);
      expect(s).not.toMatch(/ß/);
    }
  });
});

describe('surrogateFor: contact data', () => {
  it('MAIL: a surrogate name in the original shape, at an RFC 2606 domain unless the original is free mail', () => {
    for (const s of draws('MAIL', 'a.schmidt@kanzlei-meier.de', 'de')) expect(s).toMatch(/^[a-z]\.[a-z]+@example\.com$/);
    for (const s of draws('MAIL', 'anna.schmidt84@gmail.com', 'de')) expect(s).toMatch(/^[a-z]+\.[a-z]+\d\d@gmail\.com$/);
    for (const s of draws('MAIL', 'Info@Verein.org', 'en')) expect(s).toMatch(/^[A-Z][a-z]+@example\.org$/);
    for (const s of draws('MAIL', 'j_doe@web.de', 'en')) expect(s).toMatch(/^[a-z]_[a-z]+@web\.de$/);
  });

  it('TEL: country code, trunk 0 and grouping kept, every other digit new', () => {
    for (const s of draws('TEL', '+49 30 1234567', 'de')) expect(s).toMatch(/^\+49 [1-9]\d \d{7}$/);
    for (const s of draws('TEL', '+49 (0)171 2345678', 'de')) expect(s).toMatch(/^\+49 \(0\)[1-9]\d\d \d{7}$/);
    for (const s of draws('TEL', '030/1234567', 'de')) expect(s).toMatch(/^0[1-9]\d\/\d{7}$/);
    for (const s of draws('TEL', '0044 20 7946 0018', 'en')) expect(s).toMatch(/^0044 [1-9]\d \d{4} \d{4}$/);
    for (const s of draws('TEL', '+1 (555) 123-4567', 'en')) expect(s).toMatch(/^\+1 \([1-9]\d\d\) \d{3}-\d{4}$/);
  });
});

describe('surrogateFor: identifiers (OTH)', () => {
  it('IBAN: same country, length and grouping, valid check digits (mod 97 = 1)', () => {
    const cases = ['DE89 3704 0044 0532 0130 00', 'DE89370400440532013000', 'GB29 NWBK 6016 1331 9268 19', 'AT611904300234573201'];
    for (const original of cases) {
      for (const s of draws('OTH', original, 'de', 50)) {
        expect(isValidIban(s), s).toBe(true);
        expect(s.slice(0, 2)).toBe(original.slice(0, 2));
        expect(s.replace(/\S/g, 'x')).toBe(original.replace(/\S/g, 'x'));
      }
    }
  });

  it('others keep their shape and a two-capital prefix; ages move by at most 3', () => {
    for (const s of draws('OTH', 'DE123456789', 'de')) expect(s).toMatch(/^DE\d{9}$/);
    for (const s of draws('OTH', 'B-AB 1234', 'de')) expect(s).toMatch(/^[A-Z]-[A-Z]{2} \d{4}$/);
    for (const s of draws('OTH', '3 O 123/21', 'de')) expect(s).toMatch(/^\d [A-Z] \d{3}\/\d{2}$/);
    for (const s of draws('OTH', 'u/TenancyNerd', 'en')) expect(s).toMatch(/^[a-z]\/[A-Z][a-z]{6}[A-Z][a-z]{3}$/);
    for (const s of draws('OTH', '192.168.0.1', 'en')) expect(s.split('.').every((o) => Number(o) <= 255)).toBe(true);
    for (const s of draws('OTH', '72', 'de')) expect(Math.abs(Number(s) - 72)).toBeLessThanOrEqual(3);
    for (const s of draws('OTH', '2', 'de')) expect(Number(s)).toBeGreaterThanOrEqual(1);
  });
});

describe('surrogateFor: dates', () => {
  const shifted = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const isoOf = (s: string, locale: 'DE' | 'EN') => {
    const p = parseDate(s, locale)!;
    return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
  };

  it.each([
    ['12.03.2024', 'de', /^\d\d\.\d\d\.\d{4}$/],
    ['12.3.24', 'de', /^\d{1,2}\.\d{1,2}\.\d\d$/],
    ['2024-03-12', 'de', /^\d{4}-\d\d-\d\d$/],
    ['12. März 2024', 'de', /^\d{1,2}\. [A-Z][a-z]+ \d{4}$/],
    ['3. Okt. 2023', 'de', /^\d{1,2}\. [A-Z][a-z]{2}\. \d{4}$/],
    ['03/12/2024', 'en', /^\d\d\/\d\d\/\d{4}$/],
    ['March 12, 2024', 'en', /^[A-Z][a-z]+ \d{1,2}, \d{4}$/],
    ['12 March 2024', 'en', /^\d{1,2} [A-Z][a-z]+ \d{4}$/],
    ['March 1st, 2024', 'en', /^[A-Z][a-z]+ \d{1,2}(st|nd|rd|th), \d{4}$/],
  ] as const)('%s (%s) moves by exactly the shift, in the same format', (original, locale, shape) => {
    const L = locale === 'de' ? 'DE' : 'EN';
    for (const days of [20, -45, 400]) {
      const s = surrogateFor('DATE', original, ctx(locale, { dateShiftDays: days }))!;
      expect(s).toMatch(shape);
      expect(s).toMatch(SAFE);
      expect(isoOf(s, L)).toBe(shifted(isoOf(original, L), days));
      if (/[a-z]/i.test(original)) expect(parseDate(s, L)!.formLocale).toBe(parseDate(original, L)!.formLocale);
    }
  });

  it('writes partial dates and weekdays back in their form; an unparseable or unmoved date is null', () => {
    expect(surrogateFor('DATE', '12.03.', ctx('de'))).toBe('01.04.');
    expect(surrogateFor('DATE', 'März 2024', ctx('de', { dateShiftDays: 10 }))).toBe('Maerz 2024');
    expect(surrogateFor('DATE', 'März 2024', ctx('de', { dateShiftDays: 30 }))).toBe('April 2024');
    expect(surrogateFor('DATE', 'Donnerstag, den 12.05.2022', ctx('de', { dateShiftDays: 1 }))).toBe('Freitag, den 13.05.2022');
    expect(surrogateFor('DATE', '28.02.2024', ctx('de', { dateShiftDays: 1 }))).toBe('29.02.2024');
    expect(surrogateFor('DATE', 'gestern', ctx('de'))).toBeNull();
    expect(surrogateFor('DATE', '12.03.2024', ctx('de', { dateShiftDays: 0 }))).toBeNull();
  });
});

describe('surrogateFor: odd originals', () => {
  it('never throw, and give null or a safe surrogate', () => {
    const odd = ['', '   ', '&', '"x"', 'ß', 'x'.repeat(500), '@', '+', '12', 'Ä. Ö.', "O'Brien", '— –', 'a\u00a0b'];
    for (const label of TEXT_LABELS) {
      for (const original of odd) {
        const s = surrogateFor(label, original, ctx());
        if (s !== null) expect(s, `${label} ${original}`).toMatch(SAFE);
      }
    }
  });
});

describe('surrogateFor: uniqueness over a long conversation', () => {
  it('1,000 draws over every label never repeat a surrogate or a name word, nor return an original', () => {
    const taken = new Set<string>();
    const c = ctx('de', { taken, random: seeded(2024) });
    const originals: Array<[TextLabelName, string]> = [
      ['PER', 'Anna Schmidt'],
      ['PER', 'Klaus Meier'],
      ['PER', 'Schmidt'],
      ['ORG', 'Müller GmbH'],
      ['LOC', '10115 Berlin'],
      ['LOC', 'Köln'],
      ['STR', 'Hauptstraße 12'],
      ['MAIL', 'a.schmidt@firma.de'],
      ['TEL', '+49 30 1234567'],
      ['OTH', 'DE89 3704 0044 0532 0130 00'],
      ['OTH', 'AB-123-CD'],
    ];
    let made = 0;
    for (let i = 0; i < 1000; i++) {
      const [label, original] = originals[i % originals.length]!;
      const s = surrogateFor(label, original, c);
      if (s === null) continue;
      made++;
      expect(s).toMatch(SAFE);
      expect(taken.has(s.toLowerCase()), s).toBe(false);
      expect(s.toLowerCase()).not.toBe(original.toLowerCase());
      if (label === 'PER' || label === 'ORG') {
        for (const w of s.split(/\s+/)) if (w !== 'GmbH') expect(taken.has(w.toLowerCase()), `${w} of ${s}`).toBe(false);
      }
      taken.add(s.toLowerCase());
      if (label === 'PER' || label === 'ORG') for (const w of s.split(/\s+/)) if (w !== 'GmbH') taken.add(w.toLowerCase());
    }
    // Names run out only after hundreds of people; then the session falls back to labels (null).
    expect(made).toBeGreaterThan(900);
  });

  it('no surrogate word is a common word (an answer would use it for itself)', async () => {
    const { commonWordsDe, commonWordsEn } = await import('../../../src/detection/lexicons/store.js');
    const lists = surrogateLists();
    const common = (w: string) => commonWordsDe().has(w.toLowerCase()) || commonWordsEn().has(w.toLowerCase());
    const bad: string[] = [];
    for (const l of ['de', 'en'] as const) {
      for (const w of [
        ...lists[l].givenFemale,
        ...lists[l].givenMale,
        ...lists[l].family,
        ...lists[l].towns.filter((t) => !t.includes(' ')),
      ]) {
        if (common(w)) bad.push(w);
      }
    }
    expect(bad).toEqual([]);
  });
});
