import { describe, expect, it } from 'vitest';
import { cvLineRecognizer } from '../../../../src/detection/layout/cv-lines.js';
import type { TextLabelName } from '../../../../src/spec/types.js';
import type { Span } from '../../../../src/text/span.js';

const found = (text: string, labels: TextLabelName[] = ['ORG', 'LOC']): string[] =>
  (cvLineRecognizer.detect(text, { labels: new Set(labels), language: 'auto' }) as Span[]).map(
    (s) => `${s.label}:${text.slice(s.start, s.end)}`,
  );

describe('cvLineRecognizer', () => {
  it.each([
    ['06/2015 – 03/2018  Kaufmännische Angestellte, Scherbarth-Lobinger, Morhelferland', ['ORG:Scherbarth-Lobinger', 'LOC:Morhelferland']],
    ['2019–present  Data Engineer, Ocado Technology, Hatfield', ['ORG:Ocado Technology', 'LOC:Hatfield']],
    ['seit 11/2010\tPflegefachkraft, Pflegedienst Schmerschneider, Lingen (Ems)', ['ORG:Pflegedienst Schmerschneider', 'LOC:Lingen (Ems)']],
    ['Januar 2001 – 08/2004  Mittlere Reife, Realschule am Park, Bad Kreuznach', ['ORG:Realschule am Park', 'LOC:Bad Kreuznach']],
  ])('reads the employer and town of %j', (text, expected) => {
    expect(found(text)).toEqual(expected);
  });

  it.each([
    '2012–2016     BSc Mathematics, University of Warwick',
    'Am 12.03.2020 kamen Anna, Bernd, Carla.',
    '2019–2021  Projekte: Apps, Web, Cloud',
    '2020  Umsatz, Gewinn, Verlust',
    'Data Engineer, Ocado Technology, Hatfield',
  ])('leaves %j alone', (text) => {
    expect(found(text)).toEqual([]);
  });

  it('labels only what the request asks for', () => {
    expect(found('2019–present  Data Engineer, Ocado Technology, Hatfield', ['LOC'])).toEqual(['LOC:Hatfield']);
  });
});
