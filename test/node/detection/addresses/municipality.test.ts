import { describe, expect, it } from 'vitest';
import { municipalityRecognizer } from '../../../../src/detection/addresses/municipality.js';
import type { TextLabelName } from '../../../../src/spec/types.js';
import type { Span } from '../../../../src/text/span.js';

const ctx = { labels: new Set<TextLabelName>(['LOC']), language: 'auto' as const };
const spans = (text: string): Span[] => municipalityRecognizer.detect(text, ctx) as Span[];
const found = (text: string): string[] => spans(text).map((s) => `${s.label}:${text.slice(s.start, s.end)}`);

describe('municipalityRecognizer', () => {
  it.each([
    ['Sie pflegt Patienten im Landkreis Ebersberg.', ['LOC:Ebersberg']],
    ['Hof Linden, Gemeinde Weyhe, Kreis Diepholz', ['LOC:Weyhe', 'LOC:Diepholz']],
    ['die größte Stadt Bayerns', ['LOC:Bayerns']],
    ['im Landkreis Neustadt an der Waldnaab', ['LOC:Neustadt an der Waldnaab']],
    ['Die Stadt Bad Homburg wächst.', ['LOC:Bad Homburg']],
    ['Wohnung im Stadtteil Bockenheim', ['LOC:Bockenheim']],
  ])('finds the place in %j', (text, expected) => {
    expect(found(text)).toEqual(expected);
    expect(spans(text).every((s) => s.score === 0.7)).toBe(true);
  });

  it.each([
    ['Geburtsort: Elbląg\nGeschlecht: weiblich', ['LOC:Elbląg']],
    ['Ortsteil:   Bürgerfelde', ['LOC:Bürgerfelde']],
    ['Place of birth: Thessaloniki, Greece', ['LOC:Thessaloniki']],
    ['City: Phoenix State: AZ ZIP: 85021', ['LOC:Phoenix', 'LOC:AZ']],
    ['Bundesland: Bayern', ['LOC:Bayern']],
    ['Wohnort: Halle (Saale)', ['LOC:Halle (Saale)']],
  ])('finds the place in the form field %j', (text, expected) => {
    expect(found(text)).toEqual(expected);
  });

  it.each([
    ['arestrepo@rhlawchicago.com, Cook County Atty. No. 61844', ['LOC:Cook County']],
    ['Highland Township , Oakland County , Michigan', ['LOC:Highland Township , Oakland County , Michigan']],
    ['She was born in County Cork. The County said no.', ['LOC:County Cork']],
    ['St. Clair County, Michigan', ['LOC:St. Clair County, Michigan']],
  ])('finds the county in %j', (text, expected) => {
    expect(found(text)).toEqual(expected);
  });

  it.each([
    ['The County Court at Leeds', 'the court'],
    ['at the County Hall today', 'a building'],
    ['Cook County Sheriff', 'an authority'],
    ['Every County has one.', 'a function word'],
  ])('finds no county in %j (%s)', (text) => {
    expect(found(text)).toEqual([]);
  });

  it.each([
    ['Ort, Datum: Berlin, 12.03.2024', 'a signature line (the dateline rule reads it)'],
    ['Ort: siehe oben', 'no name'],
    ['Wir kaufen auf dem Markt Gemüse.', 'a market, not a town word'],
    ['früher Stadt Nr. 143', 'an abbreviation'],
    ['Die Katholische Gemeinde Die Kirche', 'a function word'],
    ['Die Stadtgrenze liegt nahe.', 'a compound'],
    ['Kreis-Mitte', 'a hyphenated word'],
  ])('finds nothing in %j (%s)', (text) => {
    expect(found(text)).toEqual([]);
  });

  it('asks for nothing when LOC is not requested', () => {
    expect(municipalityRecognizer.detect('Landkreis Ebersberg', { labels: new Set<TextLabelName>(['PER']), language: 'auto' })).toEqual([]);
  });

  it('returns on adversarial input', () => {
    expect(Array.isArray(municipalityRecognizer.detect('Landkreis '.repeat(20_000), ctx))).toBe(true);
  });
});
