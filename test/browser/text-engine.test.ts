import { describe, expect, it } from 'vitest';
import { createAnonymizer } from '../../src/platform/browser/text.js';
import { AnonymizerError } from '../../src/errors/problem.js';

/** The text engine is pure TypeScript: it must behave identically in Chromium and touch no network. */
describe('text engine in the browser', () => {
  const text =
    '😀 Herr Dr. Hans-Peter Müller, Tel. +49 (0)30 1234567, hp.mueller@example.de, 10115 Berlin. Herr Müller kommt am 3. März 2021.';

  it('runs in Chromium with UTF-16 offsets into the input', async () => {
    expect(navigator.userAgent).toMatch(/Chrome/);
    const result = await createAnonymizer({ ner: false }).text({
      text,
      textLabels: ['PER', 'TEL', 'MAIL', 'LOC', 'DATE'],
      usePseudonyms: true,
    });
    for (const d of result.detection.detections) expect(text.slice(d.startChar, d.stopChar)).toBe(d.text);
    const byText = Object.fromEntries(result.detection.detections.map((d) => [d.text, d.pseudonym]));
    expect(byText).toMatchObject({
      'Hans-Peter Müller': 'PER-1',
      Müller: 'PER-1',
      '+49 (0)30 1234567': 'TEL-1',
      'hp.mueller@example.de': 'MAIL-1',
      '10115 Berlin': 'LOC-1',
      '3. März 2021': 'DATE-1',
    });
    expect(result.pseudonymizedText).toBe('😀 Herr Dr. PER-1, Tel. TEL-1, MAIL-1, LOC-1. Herr PER-1 kommt am DATE-1.');
  });

  it('rejects invalid requests with a ProblemDetail, as in Node', async () => {
    const err = await createAnonymizer({ ner: false })
      .text({ text: ' ', textLabels: [] })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AnonymizerError);
    expect((err as AnonymizerError).problem).toMatchObject({ status: 422, problemCode: 'VALIDATION_FAILED' });
  });

  it('makes no network requests', async () => {
    const before = performance.getEntriesByType('resource').length;
    await createAnonymizer({ ner: false }).text({ text, textLabels: ['PER', 'MAIL'] });
    const after = performance.getEntriesByType('resource').slice(before);
    expect(after.map((e) => e.name)).toEqual([]);
  });
});
