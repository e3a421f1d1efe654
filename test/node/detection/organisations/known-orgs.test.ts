import { describe, expect, it } from 'vitest';
import { contextOrgRecognizer } from '../../../../src/detection/organisations/context-orgs.js';
import type { TextLabelName } from '../../../../src/spec/types.js';
import type { Span } from '../../../../src/text/span.js';

// The known-organisation rules run inside the organisation recognizer.
const ctx = { labels: new Set<TextLabelName>(['ORG']), language: 'auto' as const };
const found = (text: string): string[] => (contextOrgRecognizer.detect(text, ctx) as Span[]).map((s) => text.slice(s.start, s.end));

describe('organisations known by name', () => {
  it.each([
    ["Most investors doubt Google's IPO, and Yahoo! and AOL lost ground.", ['Google', 'Yahoo!', 'AOL']],
    ['Mein Vertrag mit Vodafone endet, der Flug mit Lufthansa fiel aus.', ['Vodafone', 'Lufthansa']],
    ['Die NATO und die EU beraten, UNESCO schweigt.', ['NATO', 'EU', 'UNESCO']],
    ['Anthony Shadid of the Washington Post said NASA and the FBI agreed; HMRC wrote.', ['Washington Post', 'NASA', 'FBI', 'HMRC']],
    ['TEHRAN (AFP) - The leader of Hezbollah spoke.', ['AFP', 'Hezbollah']],
    ['Reise mit der Deutschen Bahn? Nein: mit Deutsche Bahn und Coca-Cola.', ['Deutsche Bahn', 'Coca-Cola']],
    [
      'Mitglied im TSV Odenhausen/Lahn, Fan vom 1. FC Köln und vom TSV 1860 München',
      ['TSV Odenhausen/Lahn', '1. FC Köln', 'TSV 1860 München'],
    ],
  ])('%s', (text, expected) => {
    expect(found(text)).toEqual(expected);
  });

  it.each([
    ['Fahrzeug: Škoda Octavia Combi, Audi A 3', 'a product (brand and model)'],
    ['LinkedIn: linkedin.com/in/anna', 'a profile field'],
    ['ECLI:EU:C:2015:123 und EU : C : 2015', 'a case identifier'],
    ['Richtlinie 2013/32/EU des Rates, Richtlinie 2013 / 32 / EU', 'a directive number'],
    ['die Erneuerung der Allianz, Laborwert AFP erhöht', 'common words and lab values'],
    ['mail me at google@example.org or #nato', 'handles and addresses'],
    ['SV Nr.: 12 345678 A 123, die SV Beiträge', 'the social-insurance number and contributions'],
  ])('leaves %j alone (%s)', (text) => {
    expect(found(text)).toEqual([]);
  });
});
