import { describe, expect, it } from 'vitest';
import { registerRecognizer } from '../../../../src/detection/identifiers/registers.js';
import type { TextLabelName } from '../../../../src/spec/types.js';
import type { Span } from '../../../../src/text/span.js';

const ctx = { labels: new Set<TextLabelName>(['OTH']), language: 'auto' as const };
const found = (text: string): string[] =>
  (registerRecognizer.detect(text, ctx) as Span[]).filter((s) => s.score >= 0.5).map((s) => text.slice(s.start, s.end));

describe('registerRecognizer: foreign registers with a check digit', () => {
  it.each([
    ['Intestatario RSSMRA85T10A562S, Milano', 'RSSMRA85T10A562S'],
    ['Cod. fisc. RSSMRA85T10A562T', 'RSSMRA85T10A562T'],
    ['titular 12345678Z', '12345678Z'],
    ['NIE X-1234567-L', 'X-1234567-L'],
    ['NIE: X1234567A', 'X1234567A'],
    ['CIF de la empresa A58818501', 'A58818501'],
    ['NHS number for the patient is 943 476 5919', '943 476 5919'],
    ['Danish company, CVR 24 25 67 90', '24 25 67 90'],
    ['ΑΦΜ της εταιρείας 090000045', '090000045'],
    ['Org. nr. for selskapet: 923 609 016 MVA', '923 609 016 MVA'],
    ['Numéro SIRET de la société: 732 829 320 00074', '732 829 320 00074'],
    ['P. IVA 00743110157', '00743110157'],
  ])('finds the number in %j', (text, expected) => {
    expect(found(text)).toEqual([expected]);
  });

  it.each([
    ['RSSMRA85T10A562T', 'codice fiscale shape with a wrong check letter, no word'],
    ['12345678A', 'DNI shape with a wrong letter'],
    ['A58818501', 'CIF without its word'],
    ['Call 943 476 5919 now', 'NHS-valid digits without NHS'],
    ['NHS number 943 476 5918', 'NHS number failing mod 11'],
    ['CVR 24 25 67 91', 'CVR failing mod 11'],
    ['SIRET 732 829 320 00075', 'SIRET failing Luhn'],
    ['Artikel 12345678', 'eight digits'],
  ])('finds nothing in %j (%s)', (text) => {
    expect(found(text)).toEqual([]);
  });

  it.each([
    ['digits', '1'.repeat(50_000)],
    ['spaced digit groups', '123 '.repeat(12_500)],
    ['capitals', 'RSSMRA'.repeat(8_000)],
  ])('returns on adversarial input: %s', (_name, text) => {
    expect(Array.isArray(registerRecognizer.detect(text, ctx))).toBe(true);
  });
});
