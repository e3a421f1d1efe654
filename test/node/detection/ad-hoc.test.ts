import { describe, expect, it } from 'vitest';
import { adHocRecognizer, parseAdHocRecognizers } from '../../../src/detection/ad-hoc.js';
import type { DetectContext } from '../../../src/detection/recognizer.js';
import type { Span } from '../../../src/text/span.js';
import { expectProblem } from '../helpers/expect-problem.js';

const ctx: DetectContext = { labels: new Set(['OTH', 'PER']), language: 'auto' };

describe('ad-hoc recognizers', () => {
  it('finds its pattern; a context word before a match adds 0.3', () => {
    const r = adHocRecognizer({ id: 'employee-id', label: 'OTH', pattern: 'EMP-\\d{6}', context: ['Personalnummer'], score: 0.4 });
    const text = 'Personalnummer EMP-123456. Die Kopie des Ausweises liegt im Anhang: EMP-654321.';
    const spans = r.detect(text, ctx) as Span[];
    const at = (s: string) => ({ start: text.indexOf(s), end: text.indexOf(s) + s.length, label: 'OTH', source: 'employee-id' });
    expect(spans.map(({ start, end, label, source }) => ({ start, end, label, source }))).toEqual([at('EMP-123456'), at('EMP-654321')]);
    expect(spans[0]!.score).toBeCloseTo(0.7);
    expect(spans[1]!.score).toBeCloseTo(0.4);
  });

  it('a validator by name keeps only matches that pass it; ignoreCase', () => {
    const card = adHocRecognizer({ id: 'card', label: 'OTH', pattern: '\\d{4}(?: \\d{4}){3}', validator: 'luhn', score: 0.9 });
    expect((card.detect('4111 1111 1111 1111 und 4111 1111 1111 1112', ctx) as Span[]).map((s) => s.start)).toEqual([0]);
    const code = adHocRecognizer({ id: 'code', label: 'OTH', pattern: 'case-\\d{3}', ignoreCase: true, score: 0.9 });
    expect(code.detect('CASE-123 and case-456', ctx)).toHaveLength(2);
  });

  it('skips its work when its label is not asked for', () => {
    const r = adHocRecognizer({ id: 'x', label: 'ORG', pattern: 'Acme', score: 1 });
    expect(r.detect('Acme', ctx)).toEqual([]);
  });

  it('reads configs from outside, or answers 422 with one error per bad field', async () => {
    expect(parseAdHocRecognizers([{ id: 'a', label: 'OTH', pattern: 'x\\d', score: 0.5 }], 'rec')).toHaveLength(1);
    await expectProblem(() => parseAdHocRecognizers({}, 'rec'), {
      status: 422,
      problemCode: 'VALIDATION_FAILED',
      errors: [{ field: 'rec', code: 'InvalidType', message: 'must be a JSON array of recognizers' }],
    });
    const problem = await expectProblem(
      () =>
        parseAdHocRecognizers(
          [
            { id: 'a', label: 'XYZ', pattern: '(', score: 2, color: 'red' },
            { id: 'a', label: 'OTH', pattern: 'x*', score: 0.5, validator: 'md5', context: [1] },
          ],
          'rec',
        ),
      { status: 422, problemCode: 'VALIDATION_FAILED' },
    );
    expect(problem.errors!.map((e) => `${e.field} ${e.code}`).sort()).toEqual([
      'rec[0].color Unknown',
      'rec[0].label InvalidValue',
      'rec[0].pattern InvalidValue',
      'rec[0].score InvalidValue',
      'rec[1].context InvalidType',
      'rec[1].id Duplicate',
      'rec[1].pattern InvalidValue',
      'rec[1].validator InvalidValue',
    ]);
  });
});
