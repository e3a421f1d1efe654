import { describe, expect, it } from 'vitest';
import { parseTextRequest, parseUploadConfig } from '../../../src/validation/schemas.js';
import type { FieldError } from '../../../src/spec/types.js';
import { expectProblem } from '../helpers/expect-problem.js';

async function errorsOf(fn: () => unknown): Promise<FieldError[]> {
  const problem = await expectProblem(fn, { status: 422, problemCode: 'VALIDATION_FAILED', title: 'Unprocessable Entity' });
  return problem.errors ?? [];
}

describe('text request validation (spec 2.8)', () => {
  it('accepts a valid request and defaults usePseudonyms to false', () => {
    expect(parseTextRequest({ text: 'Hallo', textLabels: ['PER'] })).toEqual({ text: 'Hallo', textLabels: ['PER'], usePseudonyms: false });
  });

  it.each<[string, unknown, FieldError[]]>([
    ['blank text', { text: '   ', textLabels: ['PER'] }, [{ field: 'text', code: 'NotBlank', message: 'must not be blank' }]],
    ['empty text', { text: '', textLabels: ['PER'] }, [{ field: 'text', code: 'NotBlank', message: 'must not be blank' }]],
    ['missing text', { textLabels: ['PER'] }, [{ field: 'text', code: 'NotNull', message: 'must not be null' }]],
    ['text not a string', { text: 5, textLabels: ['PER'] }, [{ field: 'text', code: 'InvalidType', message: 'must be of type string' }]],
    [
      'empty textLabels',
      { text: 'x', textLabels: [] },
      [{ field: 'textLabels', code: 'NotEmpty', message: 'must contain at least one label' }],
    ],
    ['missing textLabels', { text: 'x' }, [{ field: 'textLabels', code: 'NotNull', message: 'must not be null' }]],
    [
      'unknown label',
      { text: 'x', textLabels: ['PER', 'NAME'] },
      [{ field: 'textLabels[1]', code: 'InvalidValue', message: 'must be a known text label' }],
    ],
    [
      'lower-case label',
      { text: 'x', textLabels: ['per'] },
      [{ field: 'textLabels[0]', code: 'InvalidValue', message: 'must be a known text label' }],
    ],
    [
      'usePseudonyms not boolean',
      { text: 'x', textLabels: ['PER'], usePseudonyms: 'yes' },
      [{ field: 'usePseudonyms', code: 'InvalidType', message: 'must be of type boolean' }],
    ],
    ['body null', null, [{ field: '$', code: 'NotNull', message: 'must not be null' }]],
    ['body a string', 'Hans', [{ field: '$', code: 'InvalidType', message: 'must be of type Object' }]],
  ])('%s → 422 with errors[]', async (_, body, expected) => {
    expect(await errorsOf(() => parseTextRequest(body))).toEqual(expected);
  });

  it('reports blank text and empty labels together', async () => {
    expect((await errorsOf(() => parseTextRequest({ text: ' ', textLabels: [] }))).map((e) => e.field)).toEqual(['text', 'textLabels']);
  });

  it('never echoes the text in the problem', async () => {
    const problem = await expectProblem(() => parseTextRequest({ text: 'Hans Müller', textLabels: ['XYZ'] }), { status: 422 });
    expect(JSON.stringify(problem)).not.toContain('Müller');
  });
});

describe('upload config validation (spec 2.5)', () => {
  const variants = {
    full: { type: 'FULL_PSEUDONYMIZATION', pseudonym: 'X' },
    partial: {
      type: 'PARTIAL_PSEUDONYMIZATION',
      pseudonym: '#',
      partialPseudonymizationStart: 2,
      partialPseudonymizationStop: -1,
      useNumericPartialPseudonymization: false,
    },
    date: {
      type: 'DATE_PSEUDONYMIZATION',
      pseudonym: 'D',
      replaceDay: true,
      replaceMonth: false,
      replaceYear: false,
      dateLocale: 'DE',
      showWeekday: true,
    },
    suppression: { type: 'SUPPRESSION', suppressionLength: 3 },
  };

  it.each(Object.entries(variants))('accepts the %s variant', (_, config) => {
    const out = parseUploadConfig({ textAnonymization: { labelsConfig: [{ name: 'PER', config }] } });
    expect(out.textAnonymization?.labelsConfig?.[0]?.config).toEqual(config);
  });

  it('fills the partial defaults (start 1, stop -1, numeric false)', () => {
    const out = parseUploadConfig({
      textAnonymization: { labelsConfig: [{ name: 'TEL', config: { type: 'PARTIAL_PSEUDONYMIZATION', pseudonym: '*' } }] },
    });
    expect(out.textAnonymization?.labelsConfig?.[0]?.config).toEqual({
      type: 'PARTIAL_PSEUDONYMIZATION',
      pseudonym: '*',
      partialPseudonymizationStart: 1,
      partialPseudonymizationStop: -1,
      useNumericPartialPseudonymization: false,
    });
  });

  it('accepts empty, null and missing members, and image configs defaulting to MASK', () => {
    expect(parseUploadConfig({})).toEqual({});
    expect(parseUploadConfig({ textAnonymization: null, imageAnonymization: { labelsConfig: [{ name: 'face' }] } })).toEqual({
      textAnonymization: null,
      imageAnonymization: { labelsConfig: [{ name: 'face', anonymizationType: 'MASK' }] },
    });
    expect(parseUploadConfig({ textAnonymization: { labelsConfig: [{ name: 'PER', config: null }], blacklist: null } })).toBeTruthy();
  });

  it.each<[string, unknown, Array<Pick<FieldError, 'field' | 'code'>>]>([
    [
      'unknown type',
      { name: 'PER', config: { type: 'HASH' } },
      [{ field: 'textAnonymization.labelsConfig[0].config.type', code: 'InvalidValue' }],
    ],
    [
      'missing type',
      { name: 'PER', config: { pseudonym: 'x' } },
      [{ field: 'textAnonymization.labelsConfig[0].config.type', code: 'NotNull' }],
    ],
    [
      'FULL without pseudonym',
      { name: 'PER', config: { type: 'FULL_PSEUDONYMIZATION' } },
      [{ field: 'textAnonymization.labelsConfig[0].config.pseudonym', code: 'NotNull' }],
    ],
    [
      'PARTIAL with a fractional start',
      { name: 'PER', config: { ...variants.partial, partialPseudonymizationStart: 1.5 } },
      [{ field: 'textAnonymization.labelsConfig[0].config.partialPseudonymizationStart', code: 'InvalidType' }],
    ],
    [
      'DATE without flags',
      {
        name: 'DATE',
        config: {
          type: 'DATE_PSEUDONYMIZATION',
          pseudonym: 'x',
          replaceDay: true,
          replaceMonth: true,
          replaceYear: true,
          showWeekday: false,
        },
      },
      [{ field: 'textAnonymization.labelsConfig[0].config.dateLocale', code: 'NotNull' }],
    ],
    [
      'DATE with an unknown locale',
      { name: 'DATE', config: { ...variants.date, dateLocale: 'FR' } },
      [{ field: 'textAnonymization.labelsConfig[0].config.dateLocale', code: 'InvalidValue' }],
    ],
    [
      'SUPPRESSION without length',
      { name: 'PER', config: { type: 'SUPPRESSION' } },
      [{ field: 'textAnonymization.labelsConfig[0].config.suppressionLength', code: 'NotNull' }],
    ],
    [
      'SUPPRESSION negative',
      { name: 'PER', config: { type: 'SUPPRESSION', suppressionLength: -1 } },
      [{ field: 'textAnonymization.labelsConfig[0].config.suppressionLength', code: 'Min' }],
    ],
    [
      'SUPPRESSION too long',
      { name: 'PER', config: { type: 'SUPPRESSION', suppressionLength: 2_000_000_000 } },
      [{ field: 'textAnonymization.labelsConfig[0].config.suppressionLength', code: 'Max' }],
    ],
    ['unknown label name', { name: 'FOO', config: null }, [{ field: 'textAnonymization.labelsConfig[0].name', code: 'InvalidValue' }]],
  ])('labelsConfig: %s → 422', async (_, entry, expected) => {
    const errors = await errorsOf(() => parseUploadConfig({ textAnonymization: { labelsConfig: [entry] } }));
    expect(errors.map(({ field, code }) => ({ field, code }))).toEqual(expected);
  });

  it('validates list entries (both members required)', async () => {
    const errors = await errorsOf(() =>
      parseUploadConfig({ textAnonymization: { blacklist: [{ value: 'x' }], whitelist: [{ value: ' ', labelName: 'PER' }] } }),
    );
    expect(errors.map(({ field, code }) => ({ field, code }))).toEqual([
      { field: 'textAnonymization.blacklist[0].labelName', code: 'NotNull' },
      { field: 'textAnonymization.whitelist[0].value', code: 'NotBlank' },
    ]);
  });

  it('rejects unknown image labels and types', async () => {
    const errors = await errorsOf(() =>
      parseUploadConfig({ imageAnonymization: { labelsConfig: [{ name: 'car', anonymizationType: 'SWIRL' }] } }),
    );
    expect(errors.map((e) => e.field)).toEqual([
      'imageAnonymization.labelsConfig[0].name',
      'imageAnonymization.labelsConfig[0].anonymizationType',
    ]);
  });

  it('prefixes fields with where the config sits', async () => {
    const errors = await errorsOf(() => parseUploadConfig({ textAnonymization: 3 }, 'config'));
    expect(errors).toEqual([{ field: 'config.textAnonymization', code: 'InvalidType', message: 'must be of type Object' }]);
  });
});
