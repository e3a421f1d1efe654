import { describe, expect, it } from 'vitest';
import { createAnonymizer } from '../../../src/platform/node/text.js';
import { textModelUnavailable } from '../../../src/errors/problem.js';
import { defaultRecognizers } from '../../../src/detection/default-recognizers.js';
import type { Recognizer } from '../../../src/detection/recognizer.js';
import type { ExternalUploadConfig, PseudonymizedText } from '../../../src/spec/types.js';
import { TEXT_LABELS } from '../../../src/spec/types.js';
import { expectProblem } from '../helpers/expect-problem.js';

const ALL = [...TEXT_LABELS];
const anonymizer = createAnonymizer({ ner: false });

function check(text: string, result: PseudonymizedText) {
  // Offsets index the exact input; detections are in text order and never overlap.
  let last = 0;
  for (const d of result.detection.detections) {
    expect(text.slice(d.startChar, d.stopChar)).toBe(d.text);
    expect(d.startChar).toBeGreaterThanOrEqual(last);
    last = d.stopChar;
  }
}

describe('anonymizer.text (spec 2.8, 4.5)', () => {
  const letter =
    'Sehr geehrter Herr Dr. Hans-Peter Müller,\nIhre Nachricht an info@kanzlei-beispiel.de vom 12.03.2021 haben wir erhalten. ' +
    'Bitte rufen Sie uns unter 030/1234567 an. Herr Müller wohnt in der Hauptstr. 5a, 10115 Berlin.';

  it('masks with *** and pseudonym null by default', async () => {
    const result = await anonymizer.text({ text: letter, textLabels: ALL });
    check(letter, result);
    expect(result.pseudonymizedText).toBe(
      'Sehr geehrter Herr Dr. ***,\nIhre Nachricht an *** vom *** haben wir erhalten. Bitte rufen Sie uns unter *** an. Herr *** wohnt in der ***, ***.',
    );
    expect(result.detection.detections.every((d) => d.pseudonym === null)).toBe(true);
    expect(result.detection.detections.map((d) => d.label)).toEqual(['PER', 'MAIL', 'DATE', 'TEL', 'PER', 'STR', 'LOC']);
  });

  it('replaces with stable LABEL-n pseudonyms when usePseudonyms is true', async () => {
    const result = await anonymizer.text({ text: letter, textLabels: ALL, usePseudonyms: true });
    check(letter, result);
    expect(result.pseudonymizedText).toBe(
      'Sehr geehrter Herr Dr. PER-1,\nIhre Nachricht an MAIL-1 vom DATE-1 haben wir erhalten. Bitte rufen Sie uns unter TEL-1 an. Herr PER-1 wohnt in der STR-1, LOC-1.',
    );
    for (const d of result.detection.detections)
      expect(d.pseudonym).toBe(result.pseudonymizedText.includes(d.pseudonym!) ? d.pseudonym : 'missing');
  });

  it('applies only the requested labels', async () => {
    const result = await anonymizer.text({ text: letter, textLabels: ['TEL', 'MAIL'], usePseudonyms: true });
    expect(result.detection.detections.map((d) => d.label)).toEqual(['MAIL', 'TEL']);
    expect(result.pseudonymizedText).toContain('Hans-Peter Müller');
  });

  it('counts tokens', async () => {
    const result = await anonymizer.text({ text: 'Hallo Welt, wie geht es?', textLabels: ['PER'] });
    expect(result.detection.tokenCount).toBe(7);
    expect(result).toEqual({ pseudonymizedText: 'Hallo Welt, wie geht es?', detection: { tokenCount: 7, detections: [] } });
  });

  it('keeps UTF-16 offsets with emoji and 𠮷 before entities', async () => {
    const text = '😀😀 𠮷野家: Mail an a.b@example.com, Tel. +49 30 1234567';
    const result = await anonymizer.text({ text, textLabels: ['MAIL', 'TEL'] });
    check(text, result);
    expect(result.detection.detections.map((d) => [d.startChar, d.stopChar, d.text])).toEqual([
      [19, 34, 'a.b@example.com'],
      [41, 55, '+49 30 1234567'],
    ]);
  });

  it('handles lone surrogates without crashing', async () => {
    const text = 'Kontakt \uD800 a@b.de \uDC00 Ende';
    const result = await anonymizer.text({ text, textLabels: ['MAIL'] });
    check(text, result);
    expect(result.pseudonymizedText).toBe('Kontakt \uD800 *** \uDC00 Ende');
  });

  it.each([
    [{ text: '', textLabels: ['PER'] }, 'text', 'NotBlank'],
    [{ text: ' \n ', textLabels: ['PER'] }, 'text', 'NotBlank'],
    [{ text: 'x', textLabels: [] }, 'textLabels', 'NotEmpty'],
    [{ text: 'x', textLabels: ['PER', 'IBAN'] }, 'textLabels[1]', 'InvalidValue'],
  ])('rejects %j with 422 VALIDATION_FAILED', async (request, field, code) => {
    const problem = await expectProblem(anonymizer.text(request), { status: 422, problemCode: 'VALIDATION_FAILED' });
    expect(problem.errors).toContainEqual(expect.objectContaining({ field, code }));
  });
});

describe('anonymizer.text with an upload config (2.5)', () => {
  const text = 'Kunde Max Mustermann, IBAN DE89 3704 0044 0532 0130 00, geboren am 12.03.2021, Tel. 0171-1234567. Projekt Blau.';
  const run = (config: ExternalUploadConfig, usePseudonyms = false, textLabels = ALL) =>
    anonymizer.text({ text, textLabels, usePseudonyms }, { config });

  it('applies each ReplacementConfig variant per label', async () => {
    const result = await run({
      textAnonymization: {
        labelsConfig: [
          {
            name: 'OTH',
            config: {
              type: 'PARTIAL_PSEUDONYMIZATION',
              pseudonym: 'X',
              partialPseudonymizationStart: 5,
              partialPseudonymizationStop: -4,
              useNumericPartialPseudonymization: true,
            },
          },
          {
            name: 'DATE',
            config: {
              type: 'DATE_PSEUDONYMIZATION',
              pseudonym: 'DATUM',
              replaceDay: true,
              replaceMonth: false,
              replaceYear: false,
              dateLocale: 'DE',
              showWeekday: true,
            },
          },
          { name: 'TEL', config: { type: 'SUPPRESSION', suppressionLength: 5 } },
          { name: 'PER', config: { type: 'FULL_PSEUDONYMIZATION', pseudonym: 'Kunde A' } },
        ],
      },
    });
    check(text, result);
    expect(result.pseudonymizedText).toBe(
      'Kunde Kunde A, IBAN DE89 **** **** **** **** 00, geboren am **.03.2021 (Freitag), Tel. *****. Projekt Blau.',
    );
    const pseudonyms = Object.fromEntries(result.detection.detections.map((d) => [d.label, d.pseudonym]));
    expect(pseudonyms).toEqual({ PER: 'Kunde A', OTH: 'DE89 **** **** **** **** 00', DATE: '**.03.2021 (Freitag)', TEL: null });
  });

  it('blacklists values whatever was detected, and whitelists detections', async () => {
    const result = await run(
      {
        textAnonymization: {
          blacklist: [{ value: 'projekt blau', labelName: 'ORG' }],
          whitelist: [{ value: '0171-1234567', labelName: 'TEL' }],
        },
      },
      true,
    );
    expect(result.pseudonymizedText).toContain('0171-1234567');
    expect(result.pseudonymizedText).toMatch(/ORG-1\.$/);
  });

  it('validates the config', async () => {
    const problem = await expectProblem(
      run({ textAnonymization: { labelsConfig: [{ name: 'PER', config: { type: 'SUPPRESSION' } as never }] } }),
      {
        status: 422,
        problemCode: 'VALIDATION_FAILED',
      },
    );
    expect(problem.errors).toEqual([
      { field: 'config.textAnonymization.labelsConfig[0].config.suppressionLength', code: 'NotNull', message: 'must not be null' },
    ]);
  });
});

describe('recognizer failures', () => {
  const broken: Recognizer = { id: 'ner', labels: ['PER', 'LOC', 'ORG'], detect: () => Promise.reject(textModelUnavailable()) };
  const withModel = createAnonymizer({ recognizers: [broken, ...defaultRecognizers()] });

  it('answers 502 TEXT_MODEL_UNAVAILABLE when a model label is asked for', async () => {
    await expectProblem(withModel.text({ text: 'Anna wohnt in Köln', textLabels: ['PER'] }), {
      status: 502,
      problemCode: 'TEXT_MODEL_UNAVAILABLE',
    });
  });

  it('still serves pattern-only labels', async () => {
    const result = await withModel.text({ text: 'Mail: a@b.de', textLabels: ['MAIL'], usePseudonyms: true });
    expect(result.pseudonymizedText).toBe('Mail: MAIL-1');
  });
});

describe('hostile input', () => {
  it('processes 10 MB of text', async () => {
    const chunk = 'Herr Müller (mueller@example.de, Tel. 030 1234567) wohnt in der Hauptstr. 5, 10115 Berlin. Lorem ipsum dolor sit amet. ';
    const text = chunk.repeat(Math.ceil((10 * 1024 * 1024) / chunk.length));
    const result = await anonymizer.text({ text, textLabels: ['MAIL', 'TEL'], usePseudonyms: true });
    const n = text.length / chunk.length;
    expect(result.detection.detections).toHaveLength(2 * n);
    expect(result.pseudonymizedText.startsWith('Herr Müller (MAIL-1, Tel. TEL-1)')).toBe(true);
  }, 120_000);

  it.each([
    ['digits and separators', '1 '.repeat(50_000)],
    ['dots', '1.'.repeat(50_000)],
    ['at signs', 'a@'.repeat(50_000)],
    ['capitalised words', 'Herr Ab '.repeat(20_000)],
    ['plus signs', '+49 '.repeat(30_000)],
    ['no whitespace', 'x'.repeat(200_000)],
  ])('returns on adversarial input: %s', async (_, text) => {
    const result = await anonymizer.text({ text, textLabels: ALL });
    expect(result.detection.tokenCount).toBeGreaterThan(0);
  });
});

describe('labels', () => {
  it('getTextLabels returns {name, description} for all eight labels', () => {
    expect(anonymizer.getTextLabels().map((l) => l.name)).toEqual(['PER', 'STR', 'MAIL', 'TEL', 'LOC', 'ORG', 'DATE', 'OTH']);
  });
});
