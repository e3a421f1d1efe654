import { describe, expect, it } from 'vitest';
import { datelineRecognizer } from '../../../../src/detection/addresses/dateline.js';
import type { TextLabelName } from '../../../../src/spec/types.js';
import type { Span } from '../../../../src/text/span.js';

const ctx = { labels: new Set<TextLabelName>(['LOC']), language: 'auto' as const };
const spans = (text: string): Span[] => (datelineRecognizer.detect(text, ctx) as Span[]).filter((s) => s.score >= 0.5);
const found = (text: string): string[] => spans(text).map((s) => `${s.label}:${text.slice(s.start, s.end)}`);

describe('datelineRecognizer', () => {
  it.each([
    ['Bremen, 21. Februar 2023', 'Bremen'],
    ['Dortmund, den 03.11.2022', 'Dortmund'],
    ['Sehr geehrte Frau Vogt,\n\nStuttgart, 9. Okt. 2021\n\nanbei …', 'Stuttgart'],
    ['                              Bad Kreuznach, 12.01.2023', 'Bad Kreuznach'],
    ['Freiburg im Breisgau, den 1. Juli 2020.', 'Freiburg im Breisgau'],
    ['Neustadt an der Weinstraße, 02.05.2024', 'Neustadt an der Weinstraße'],
    ['Halle (Saale), 14.05.2022', 'Halle (Saale)'],
    ['Leipzig, 5.6.24', 'Leipzig'],
    ['Leeds, 2nd May 2022', 'Leeds'],
    ['Denver, CO, April 7, 2023', 'Denver, CO'],
    ['Unterschrift\r\nErfurt, 2024-02-01\r\n', 'Erfurt'],
    // A column of its own: after a wide gap, or before one.
    ['Rechnung Nr. 2024-0317                   Würzburg, 19.03.2024\nIhre Auftragsnummer', 'Würzburg'],
    ['Wuppertal, 06.02.2024                Unterschrift: A. Hadžić', 'Wuppertal'],
    ['Rechnung\tMainz, 1. März 2024', 'Mainz'],
  ])('finds the place in %j', (text, expected) => {
    expect(found(text)).toEqual([`LOC:${expected}`]);
  });

  it.each([
    ['Dienstag, 21. Februar 2023', 'a weekday'],
    ['Datum, 21. Februar 2023', 'a form label'],
    ['Eingang, 03.11.2022', 'a record word'],
    ['Entlassung, 03.11.2022', 'a noun ending in -ung'],
    ['Wir trafen uns in Bremen, 21. Februar 2023', 'not at the start of a line'],
    ['Bremen, 21. Februar 2023 (dpa) Der Senat', 'more text on the line'],
    ['Bremen, im Februar 2023', 'no complete date'],
    ['Bremen, 21.02.', 'no year'],
    ['Bremen, 1.234,56 €', 'an amount'],
    ['Bremen, Hamburg und Kiel', 'a list of towns'],
    ['Wir trafen uns  in Bremen, 21. Februar 2023', 'two spaces are no column gap'],
    ['Rechnung   Bremen, 21. Februar 2023 (dpa) Der Senat', 'more text in the column'],
  ])('finds nothing in %j (%s)', (text) => {
    expect(found(text)).toEqual([]);
  });

  it.each([
    ['indents', ' '.repeat(50_000)],
    ['town-comma chain', 'Bremen, '.repeat(6_000)],
    ['dateline lines', 'Bremen, 21.02.2023 x\n'.repeat(2_000)],
    ['column gaps', 'x    Bremen, 21.02.2023 x'.repeat(2_000)],
  ])('returns on adversarial input: %s', (_name, text) => {
    expect(Array.isArray(datelineRecognizer.detect(text, ctx))).toBe(true);
  });
});
