import { describe, expect, it } from 'vitest';
import { intlPostcodeRecognizer } from '../../../../src/detection/addresses/postcode-intl.js';
import type { TextLabelName } from '../../../../src/spec/types.js';
import type { Span } from '../../../../src/text/span.js';

// Shapes drawn from @faker-js/faker's locales (nl, cs_CZ, sk, el, sv, pl, pt_PT, da, nb_NO, it, fr, en_CA, en_IE).
const ctx = { labels: new Set<TextLabelName>(['LOC']), language: 'auto' as const };
const spans = (text: string): Span[] => (intlPostcodeRecognizer.detect(text, ctx) as Span[]).filter((s) => s.score >= 0.5);
const found = (text: string): string[] => spans(text).map((s) => text.slice(s.start, s.end));

describe('intlPostcodeRecognizer', () => {
  it.each([
    ['Herengracht 420, 1017 BZ Amsterdam', ['1017 BZ Amsterdam']],
    ['Sennastraat 299c\n2401DR Douwenhoek', ['2401DR Douwenhoek']],
    ['Křimovská 3, 302 48 Blansko', ['302 48 Blansko']],
    ['Vinohradská 12, 110 00 Praha 1', ['110 00 Praha 1']],
    ['Drotárska cesta 15, 811 02 Bratislava', ['811 02 Bratislava']],
    ['Γεωργιάδη 2, 298 98 Έδεσσα', ['298 98 Έδεσσα']],
    ['Odos Ermou 72, 546 22 Thessaloniki, Greece', ['546 22 Thessaloniki']],
    ['Drottninggatan 5, 111 51 Stockholm', ['111 51 Stockholm']],
    ['pl. Flis 344 m. 236, 86-434 Kcynia', ['86-434 Kcynia']],
    ['Alameda Ricardo Esteves 1, 6296-245 Barcelos', ['6296-245 Barcelos']],
    // Four digits: a street line before, or a country after.
    ['Refshalevej 163A, 2. sal\n1432 København K, Denmark', ['1432 København K']],
    ['Strandkaien 22 5013 Bergen', ['5013 Bergen']],
    ['Karl Johans gate 22, 0159 Oslo', ['0159 Oslo']],
    ['Rue Royale 12, 1000 Bruxelles', ['1000 Bruxelles']],
    ['Head office in 8000 Aarhus C, Danmark', ['8000 Aarhus C']],
    // Italian provinces and French CEDEX belong to the place.
    ['Via Garibaldi 118, int. 5\n90133 Palermo PA', ['90133 Palermo PA']],
    ['Piazza Venezia 5, 00187 Roma RM', ['00187 Roma RM']],
    ['8 Quai Charlemagne, 75008 Paris Cedex 08', ['75008 Paris Cedex 08']],
    // Canada, Ireland, US military mail.
    ['Deepa | Toronto, ON M5V 2T6 | deepa@example.ca', ['Toronto, ON M5V 2T6']],
    ['Montréal (QC) H2X 1Y4', ['Montréal (QC) H2X 1Y4']],
    ['Eircode: D02 X285', ['D02 X285']],
    ['12 Main Street, Cork T12 YX67', ['Cork T12 YX67']],
    ['Eoin | Dublin 8 | eoin@example.ie', ['Dublin 8']],
    ['Dublin 6W is leafy', ['Dublin 6W']],
    ['PSC 802, Box 74, APO AE 09499', ['APO AE 09499']],
  ])('finds the place in %j', (text, expected) => {
    expect(found(text)).toEqual(expected);
  });

  it.each([
    ['Bestellen Sie Artikel 4711 AB Schrauben.'],
    ['Product code 1234 AB Series'],
    ['In 1998 GT Turbo was fast'],
    ['Im Jahr 2019 Oslo besucht'],
    ['Seit 2020 Bergen als Wohnort'],
    ['Er hat 1500 Kunden in Bergen'],
    ['He paid 2500 NOK in Bergen.'],
    ['Tel. 030 123 45 Berlin'],
    ['Seite 123 45 Kinder'],
    ['12-345 Punkte erreicht'],
    ['Hauptstraße 5, 2019 Berlin'],
    ['Order 45 2019 Oslo'],
    ['Dublin 2024 was cold'],
    ['Order number D02 1234'],
    ['Müller 80331 München AG'],
  ])('finds nothing in %j', (text) => {
    expect(found(text)).toEqual([]);
  });

  it.each([
    ['1234 AB ', 'Dutch codes'],
    ['123 45 ', 'three-and-two-digit codes'],
    ['12-345 ', 'Polish codes'],
    ['Abc 1 1234 Abc ', 'four-digit codes after a street line'],
    ['Toronto, ', 'Canadian towns'],
  ])('returns on a 50,000-character adversarial string (%j, %s)', (unit) => {
    const text = unit.repeat(Math.ceil(50_000 / unit.length)).slice(0, 50_000);
    expect(Array.isArray(intlPostcodeRecognizer.detect(text, ctx))).toBe(true);
  });
});

describe('intlPostcodeRecognizer: Australian and Italian 00 codes (issue 37, step 5)', () => {
  it.each([
    ['2 George St, Sydney NSW 2000', ['Sydney NSW 2000']],
    ['Level 5, 100 Pitt Street\nSurry Hills, NSW 2010', ['Surry Hills, NSW 2010']],
    ['Shop 3, 45 King St, Melbourne VIC 3000, Australia', ['Melbourne VIC 3000']],
    ['12 Hay St, Perth WA 6000.', ['Perth WA 6000']],
    ['Mascot NSW 2020\nAustralia', ['Mascot NSW 2020']],
    ['Via Roma 12, 00184 Roma', ['00184 Roma']],
    ['Váci utca 15., 1052 Budapest', ['1052 Budapest']],
    ['Sig.ra Bianchi\nVia Flaminia 3\n00060 Formello', ['00060 Formello']],
  ])('finds the place in %j', (text, expected) => {
    expect(found(text)).toEqual(expected);
  });

  // A state and a year-like number in a sentence, and 00-numbers without a street line before them.
  const states = ['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS'];
  const yearFamily = states.flatMap((s) =>
    ['Olympics review', 'Budget papers', 'Election results'].map((t, i) => `The Sydney ${s} ${2000 + i * 12} ${t} are out.`),
  );
  const zeroFamily = ['Order', 'Invoice', 'Code', 'Ref'].flatMap((w) =>
    ['Roma', 'Milano', 'Napoli'].map((t, i) => `${w} 0018${i} Roma is due; see also 0019${i} ${t}.`),
  );
  // A sentence ending in a number is no street line before a 4-digit code: "Ka 430. 1415 Zwangsarbeiter".
  const sentenceFamily = ['Gotha Ka 430.', 'Seite 12.', 'Typ Go 345.'].map((s, i) => `${s} ${1415 + i} Zwangsarbeiter werden`);
  it.each([...yearFamily, ...zeroFamily, ...sentenceFamily])('finds nothing in %j', (text) => {
    expect(found(text)).toEqual([]);
  });
});
