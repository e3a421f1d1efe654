import { describe, expect, it } from 'vitest';
import { applyOperator, isPseudonymConfig } from '../../../../src/replacement/operators/index.js';
import { replaceDate } from '../../../../src/replacement/operators/date.js';
import type { DatePseudonymization, ReplacementConfig } from '../../../../src/spec/types.js';

const date: DatePseudonymization = {
  type: 'DATE_PSEUDONYMIZATION',
  pseudonym: 'DATUM',
  replaceDay: true,
  replaceMonth: false,
  replaceYear: false,
  dateLocale: 'DE',
  showWeekday: false,
};

describe('applyOperator', () => {
  it.each<[string, ReplacementConfig, string]>([
    ['Hans Müller', { type: 'FULL_PSEUDONYMIZATION', pseudonym: 'Max Mustermann' }, 'Max Mustermann'],
    [
      'Hello',
      {
        type: 'PARTIAL_PSEUDONYMIZATION',
        pseudonym: '***',
        partialPseudonymizationStart: 2,
        partialPseudonymizationStop: -1,
        useNumericPartialPseudonymization: false,
      },
      'H***',
    ],
    [
      'DE89 3704 0044 0532 0130 00',
      {
        type: 'PARTIAL_PSEUDONYMIZATION',
        pseudonym: '',
        partialPseudonymizationStart: 5,
        partialPseudonymizationStop: -1,
        useNumericPartialPseudonymization: true,
      },
      'DE89 **** **** **** **** **',
    ],
    ['Hans Müller', { type: 'SUPPRESSION', suppressionLength: 3 }, '***'],
  ])('%j with %j → %j', (match, config, expected) => {
    expect(applyOperator(match, config)).toBe(expected);
  });

  it('delegates DATE_PSEUDONYMIZATION to replaceDate', () => {
    for (const match of ['12.03.2021', 'kein Datum']) expect(applyOperator(match, date)).toBe(replaceDate(match, date));
  });

  it('throws on a type that slipped past validation', () => {
    expect(() => applyOperator('x', { type: 'NOPE' } as unknown as ReplacementConfig)).toThrow(TypeError);
  });

  it.each<[ReplacementConfig['type'], boolean]>([
    ['FULL_PSEUDONYMIZATION', true],
    ['PARTIAL_PSEUDONYMIZATION', true],
    ['DATE_PSEUDONYMIZATION', true],
    ['SUPPRESSION', false],
  ])('isPseudonymConfig(%s) is %s', (type, expected) => {
    expect(isPseudonymConfig({ type } as ReplacementConfig)).toBe(expected);
  });
});
