import { describe, expect, it } from 'vitest';
import { placeNames } from '../../../../src/detection/lexicons/store.js';
import { placeRecognizer } from '../../../../src/detection/addresses/places.js';
import type { TextLabelName } from '../../../../src/spec/types.js';
import type { Span } from '../../../../src/text/span.js';

const ctx = { labels: new Set<TextLabelName>(['LOC']), language: 'auto' as const };
const spans = (text: string): Span[] => placeRecognizer.detect(text, ctx) as Span[];
const found = (text: string): string[] => spans(text).map((s) => text.slice(s.start, s.end));

describe('placeRecognizer', () => {
  it.each([
    ['Wir ziehen nach Deutschland.', ['Deutschland']],
    ['Urlaub in die Niederlande und die Türkei', ['Niederlande', 'Türkei']],
    ['She moved to the Netherlands in 2019.', ['Netherlands']],
    ['Herengracht 420\nAmsterdam\nThe Netherlands', ['Amsterdam', 'The Netherlands']],
    ['Wir wollen in Bayern Urlaub machen.', ['Bayern']],
    ['Wanderungen im Harz und am Bodensee, Urlaub in Böhmen', ['Harz', 'Bodensee', 'Böhmen']],
    ['5013 Bergen\nNORWAY', ['NORWAY']],
    ['546 22 Thessaloniki, Greece', ['Greece']],
    ['right to work in the UK – please bring', ['UK']],
    ['an office in the US and one in the United Kingdom', ['US', 'United Kingdom']],
    ['die Wirtschaft Deutschlands und Frankreichs', ['Deutschlands', 'Frankreichs']],
    ['Er lebt wieder in seiner Heimatstadt Mainz.', ['Mainz']],
    ['die erste Verfassung des modernen Griechenlandes', ['Griechenlandes']],
    ["Germany's exports", ['Germany']],
    ['Bosnien und Herzegowina, Nordrhein-Westfalen und Bayern', ['Bosnien und Herzegowina', 'Nordrhein-Westfalen', 'Bayern']],
    ['a Delaware corporation based in Ontario', ['Delaware', 'Ontario']],
    ['(Schweiz)', ['Schweiz']],
    ['Berlin Germany', ['Berlin', 'Germany']],
    ['Wuppertal und Bochum', ['Wuppertal', 'Bochum']],
    // German and English names of cities that GeoNames names otherwise (Munich, Milano, Köln).
    ['Flug von München nach Mailand über Prag', ['München', 'Mailand', 'Prag']],
    ['offices in Cologne and Geneva', ['Cologne', 'Geneva']],
    // A town's line may end in a first name: the country on the next line is still a place.
    ['Pl. Germanou 573\n216 19 Florina\nGreece\n\n20/11/2001', ['Greece']],
    ['Storgatan 4\n903 26 Umeå\nSverige', ['Sverige']],
    ['ul. Lipowa 3, 31-000 Kraków, Polska', ['Kraków', 'Polska']],
    ['1050 Bruxelles, België / Belgique', ['België', 'Belgique']],
    ['Οδός Αθηνάς 12, 105 51 Αθήνα, Ελλάδα', ['Ελλάδα']],
    ['602 00 Brno, Česko', ['Česko']],
  ])('finds the places in %j', (text, expected) => {
    expect(found(text)).toEqual(expected);
    expect(spans(text).every((s) => s.label === 'LOC' && s.score >= 0.5)).toBe(true);
  });

  it.each([
    ['fine china and roast turkey', 'lower case'],
    ['deutsche Staatsangehörige, German payroll', 'adjectives'],
    ['die Deutschland-Tour kostet 30 US-Dollar', 'hyphenated compounds'],
    ['CONTACT US', 'the pronoun in capitals'],
    ['Chad and Jordan signed the lease', 'first names left out of the list'],
    ['Beatriz Montenegro, Herr England', 'a surname after a first name or a title'],
    ['the University of Wisconsin and the Bank of America', 'a word of an institution name'],
    ['the Minnesota Timberwolves won the US Open', 'a word before a capitalised name'],
    ['Disclosure Scotland', 'a word after a capitalised name'],
    ['Credit Suisse und Orlen Polska', 'an endonym inside a company name'],
    ['Reading the Mobile number, we ate Essen', 'cities that are common words are left out'],
    ['Seine Mutter kam. Oder doch nicht?', 'rivers that are German function words (Seine, Oder)'],
  ])('finds nothing in %j (%s)', (text) => {
    expect(found(text)).toEqual([]);
  });

  it('reads places in lower case outside German text, below the other rules', () => {
    const chat = 'i live in malaysia and fly to san francisco, my mail is berlin@example.org #paris';
    expect(found(chat)).toEqual(['malaysia', 'san francisco']);
    expect(spans(chat).every((s) => s.score < 0.6)).toBe(true);
    const en = { labels: ctx.labels, language: 'en' as const };
    expect((placeRecognizer.detect('we drove on to dresden', en) as Span[]).length).toBe(1);
    // An infinitive in German text, or without a language: `erlangen`, not Erlangen.
    expect(found('um einen Vorteil zu erlangen, sagt er')).toEqual([]);
    expect(placeRecognizer.detect('Bedeutung erlangen', { labels: ctx.labels, language: 'de' })).toEqual([]);
  });

  it('asks for nothing when LOC is not requested', () => {
    expect(placeRecognizer.detect('Deutschland', { labels: new Set<TextLabelName>(['PER']), language: 'auto' })).toEqual([]);
  });

  it.each([
    ['long word', 'Deutschland'.repeat(50_000)],
    ['name chain', 'Bosnien und '.repeat(20_000)],
    ['capital words', 'New South '.repeat(30_000)],
  ])('returns on adversarial input: %s', (_name, text) => {
    expect(Array.isArray(placeRecognizer.detect(text, ctx))).toBe(true);
  });
});

describe('place names (written by tools/lexicons/build-places.ts)', () => {
  it('are capitalised names, small enough to ship in the browser bundle', () => {
    const list = [...placeNames()];
    expect(list.every((n) => /^\p{Lu}/u.test(n) && n === n.trim() && !n.includes('  '))).toBe(true);
    expect(list.join('|').length).toBeLessThan(25_000);
  });

  it('hold German and English countries, regions and large cities, but no ambiguous words', () => {
    for (const name of [
      'Deutschland',
      'Germany',
      'Niederlande',
      'The Netherlands',
      'Türkei',
      'United Kingdom',
      'Bayern',
      'Tirol',
      'Ontario',
      'Wuppertal',
    ])
      expect(placeNames().has(name), name).toBe(true);
    for (const name of ['Chad', 'Jordan', 'Island', 'Jersey', 'Zug', 'Jura', 'Essen', 'Reading', 'Mobile', 'Austin'])
      expect(placeNames().has(name), name).toBe(false);
  });
});
