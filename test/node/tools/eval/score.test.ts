import { describe, expect, it } from 'vitest';
import { addScores, emptyErrors, prf, scoreDocument, summarize } from '../../../../tools/eval/score.js';
import type { ErrorCounts, LabelCounts, ScoreInput, ScoreSpan } from '../../../../tools/eval/score.js';

// "Herr Hans Müller wohnt in 10115 Berlin." — offsets: Hans Müller 5-16, 10115 Berlin 26-38.
const TEXT = 'Herr Hans Müller wohnt in 10115 Berlin.';
const PER: ScoreSpan = { start: 5, end: 16, label: 'PER' };
const LOC: ScoreSpan = { start: 26, end: 38, label: 'LOC' };

function counts(input: Partial<ScoreInput> & Pick<ScoreInput, 'gold' | 'pred'>) {
  const score = scoreDocument({ text: TEXT, labels: ['PER', 'LOC'], ...input });
  const get = (l: string) => score.perLabel.get(l) as LabelCounts;
  return { score, per: get('PER'), loc: get('LOC') };
}

describe('scoreDocument: entity level', () => {
  it.each<{ name: string; pred: ScoreSpan[]; tp: [number, number]; pred_: [number, number]; errors: Partial<ErrorCounts> }>([
    { name: 'exact matches', pred: [PER, LOC], tp: [1, 1], pred_: [1, 1], errors: {} },
    { name: 'nothing predicted', pred: [], tp: [0, 0], pred_: [0, 0], errors: { missed: 2 } },
    {
      name: 'boundary too short (surname only)',
      pred: [{ start: 10, end: 16, label: 'PER' }, LOC],
      tp: [0, 1],
      pred_: [1, 1],
      errors: { boundary: 1 },
    },
    {
      name: 'boundary too long (title included)',
      pred: [{ start: 0, end: 16, label: 'PER' }, LOC],
      tp: [0, 1],
      pred_: [1, 1],
      errors: { boundary: 1 },
    },
    {
      name: 'exact span, wrong label',
      pred: [{ start: 5, end: 16, label: 'LOC' }, LOC],
      tp: [0, 1],
      pred_: [0, 2],
      errors: { wrongLabel: 1, missed: 0 },
    },
    {
      name: 'wrong label and boundary',
      pred: [{ start: 32, end: 38, label: 'PER' }],
      tp: [0, 0],
      pred_: [1, 0],
      errors: { boundaryAndLabel: 1, missed: 1 },
    },
    {
      name: 'spurious prediction',
      pred: [PER, LOC, { start: 17, end: 22, label: 'PER' }],
      tp: [1, 1],
      pred_: [2, 1],
      errors: { spurious: 1 },
    },
  ])('$name', ({ pred, tp, pred_, errors }) => {
    const { score, per, loc } = counts({ gold: [PER, LOC], pred });
    expect([per.tp, loc.tp]).toEqual(tp);
    expect([per.pred, loc.pred]).toEqual(pred_);
    expect([per.gold, loc.gold]).toEqual([1, 1]);
    expect(score.errors).toEqual({ ...emptyErrors(), ...errors });
  });

  it('drops gold and predictions of labels not scored', () => {
    const score = scoreDocument({ text: TEXT, labels: ['PER'], gold: [PER, LOC], pred: [PER, { start: 26, end: 31, label: 'OTH' }] });
    expect([...score.perLabel.keys()]).toEqual(['PER']);
    expect(score.perLabel.get('PER')).toMatchObject({ gold: 1, pred: 1, tp: 1 });
    expect(score.errors.spurious).toBe(0);
  });

  it('drops non-matching predictions that overlap an ignore range, keeps exact matches', () => {
    const { score, per } = counts({
      gold: [PER],
      pred: [PER, { start: 26, end: 31, label: 'LOC' }],
      ignore: [{ start: 26, end: 38 }],
      labels: ['PER', 'LOC'],
    });
    expect(per.tp).toBe(1);
    expect(score.perLabel.get('LOC')).toMatchObject({ pred: 0 });
    expect(score.errors.ignored).toBe(1);
    expect(score.errors.spurious).toBe(0);
  });

  it('lists false positives and false negatives', () => {
    const fp: ScoreSpan = { start: 10, end: 16, label: 'PER' };
    const { score } = counts({ gold: [PER, LOC], pred: [fp, LOC] });
    expect(score.falsePositives).toEqual([fp]);
    expect(score.falseNegatives).toEqual([PER]);
  });
});

describe('scoreDocument: char level', () => {
  it.each<{ name: string; pred: ScoreSpan[]; perChars: [number, number, number] }>([
    // "Hans Müller": 10 non-whitespace characters.
    { name: 'fully covered', pred: [PER], perChars: [10, 10, 10] },
    { name: 'surname only covered', pred: [{ start: 10, end: 16, label: 'PER' }], perChars: [10, 6, 6] },
    { name: 'covered by another label', pred: [{ start: 5, end: 16, label: 'LOC' }], perChars: [10, 0, 10] },
    {
      name: 'covered by two spans of mixed labels',
      pred: [
        { start: 0, end: 9, label: 'PER' },
        { start: 10, end: 16, label: 'LOC' },
      ],
      perChars: [10, 4, 10],
    },
    { name: 'not covered', pred: [], perChars: [10, 0, 0] },
  ])('$name', ({ pred, perChars }) => {
    const { per } = counts({ gold: [PER], pred });
    expect([per.goldChars, per.coveredChars, per.coveredCharsAny]).toEqual(perChars);
  });

  it('counts coverage by predictions inside ignore ranges (covered text is redacted text)', () => {
    const { per } = counts({ gold: [PER], pred: [{ start: 0, end: 16, label: 'PER' }], ignore: [{ start: 0, end: 4 }] });
    expect(per.pred).toBe(0);
    expect(per.coveredCharsAny).toBe(10);
  });
});

describe('prf and summarize', () => {
  it.each([
    [0, 0, 0, { precision: 0, recall: 0, f1: 0 }],
    [1, 2, 1, { precision: 0.5, recall: 1, f1: 2 / 3 }],
    [3, 3, 6, { precision: 1, recall: 0.5, f1: 2 / 3 }],
  ])('prf(tp=%i, pred=%i, gold=%i)', (tp, pred, gold, expected) => {
    const r = prf(tp, pred, gold);
    expect(r.precision).toBeCloseTo(expected.precision);
    expect(r.recall).toBeCloseTo(expected.recall);
    expect(r.f1).toBeCloseTo(expected.f1);
  });

  it('accumulates documents; micro over all, macro over labels with gold', () => {
    const totals = { perLabel: new Map<string, LabelCounts>(), errors: emptyErrors() };
    addScores(totals, scoreDocument({ text: TEXT, labels: ['PER', 'LOC', 'DATE'], gold: [PER, LOC], pred: [PER] }));
    addScores(totals, scoreDocument({ text: TEXT, labels: ['PER', 'LOC', 'DATE'], gold: [PER, LOC], pred: [PER, LOC] }));
    const s = summarize(totals.perLabel, totals.errors, ['PER', 'LOC', 'DATE']);
    expect(s.rows.map((r) => r.label)).toEqual(['PER', 'LOC', 'DATE']);
    expect(s.micro).toMatchObject({ gold: 4, pred: 3, tp: 3 });
    expect(s.micro.f1).toBeCloseTo((2 * 1 * 0.75) / 1.75);
    // PER F1 1, LOC F1 2/3 (P 1, R .5); DATE has no gold and stays out of the macro mean.
    expect(s.macroF1).toBeCloseTo((1 + 2 / 3) / 2);
    expect(s.errors.missed).toBe(1);
    expect(s.micro.charRecallAny).toBeCloseTo((20 + 11) / (20 + 22));
  });
});
