import { describe, expect, it } from 'vitest';
import { adHocRecognizer, createAnonymizer, defaultRecognizers } from '../../../src/node.js';
import type { Recognizer } from '../../../src/node.js';
import { expectProblem } from '../helpers/expect-problem.js';

const EMPLOYEE = { id: 'employee-id', label: 'OTH' as const, pattern: 'EMP-\\d{6}', context: ['Personalnummer'], score: 0.4 };
const TEXT = 'Sabine Krämer (sabine@example.de), Personalnummer EMP-123456.';

describe('the recognizer registry', () => {
  it('lists the built-in recognizers by id', () => {
    const ids = defaultRecognizers().map((r) => r.id);
    expect(ids).toContain('mail');
    expect(ids).toContain('tel');
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('adds an ad-hoc recognizer and keeps the defaults and the shipped model', async () => {
    // The identifier rules (`oth`) would find this number too: left out, the ad-hoc recognizer alone finds it.
    const anonymizer = createAnonymizer({ addRecognizers: [EMPLOYEE], removeRecognizers: ['oth'] });
    const spans = await anonymizer.detect(TEXT);
    const bySource = (source: string) => spans.filter((s) => s.source === source).map((s) => TEXT.slice(s.start, s.end));
    expect(bySource('employee-id')).toEqual(['EMP-123456']);
    expect(bySource('mail')).toEqual(['sabine@example.de']);
    expect(spans.some((s) => s.source === 'ner')).toBe(true);
    const result = await anonymizer.text({ text: TEXT, textLabels: ['PER', 'MAIL', 'OTH'], usePseudonyms: true });
    expect(result.pseudonymizedText).toBe('PER-1 (MAIL-1), Personalnummer OTH-1.');
  });

  it('adds a recognizer of your own code, and removes built-in ones by id', async () => {
    const shouting: Recognizer = {
      id: 'shouting',
      labels: ['ORG'],
      detect: (text) =>
        [...text.matchAll(/\bACME\b/gu)].map((m) => ({ start: m.index, end: m.index + 4, label: 'ORG', score: 1, source: 'shouting' })),
    };
    const anonymizer = createAnonymizer({
      ner: false,
      addRecognizers: [shouting, adHocRecognizer(EMPLOYEE)],
      removeRecognizers: ['mail', 'oth'],
    });
    const spans = await anonymizer.detect('ACME: sabine@example.de, Personalnummer EMP-123456');
    expect(spans.map((s) => s.source).sort()).toEqual(['employee-id', 'shouting']);
  });

  it('a bad ad-hoc recognizer fails the engine it is given to with 422 naming its field, at its place in the list', async () => {
    const own: Recognizer = { id: 'own', labels: ['ORG'], detect: () => [] };
    await expectProblem(() => createAnonymizer({ ner: false, addRecognizers: [own, EMPLOYEE, { ...EMPLOYEE, pattern: '(' }] }), {
      status: 422,
      problemCode: 'VALIDATION_FAILED',
      errors: [
        { field: 'addRecognizers[2].id', code: 'Duplicate', message: 'is given twice' },
        { field: 'addRecognizers[2].pattern', code: 'InvalidValue', message: 'must be a valid regular expression (Unicode mode)' },
      ],
    });
  });
});
