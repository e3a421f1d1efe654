import { describe, expect, it } from 'vitest';
import { nerRequest } from '../../../src/inference/ner-backends.js';
import { expectProblem } from '../helpers/expect-problem.js';

const addresses = {
  resolveUrl: (u: string) => `https://app.test/${u}/`,
  shipped: { kind: 'manifest', url: 'https://app.test/m.json' } as const,
};

describe('nerRequest: a ner option checked and turned into a load spec', () => {
  it('the shipped model by default, a user URL resolved by the platform, tuning copied', () => {
    expect(nerRequest().spec(addresses)).toMatchObject({ source: addresses.shipped });
    expect(nerRequest().spec(addresses)).not.toHaveProperty('webgpu');
    const spec = nerRequest({ url: 'my', sha256: 'AB', windowTokens: 64, overlapTokens: 4, batchSize: 2, webgpu: true }).spec(addresses);
    expect(spec).toMatchObject({
      source: { kind: 'url', url: 'https://app.test/my/', sha256: { model: 'AB' } },
      windowTokens: 64,
      overlapTokens: 4,
      batchSize: 2,
      webgpu: true,
    });
  });

  it('declares the labels of its label map before anything loads', () => {
    expect(nerRequest({ labelMap: { PERSON: 'PER', GPE: 'LOC' } }).declaredLabels).toEqual(expect.arrayContaining(['PER', 'LOC']));
  });

  it('refuses url and files together with 422', async () => {
    const files = { config: new Uint8Array(), tokenizer: new Uint8Array(), model: new Uint8Array() };
    await expectProblem(() => nerRequest({ url: 'x', files }), { status: 422, errors: [expect.objectContaining({ field: 'ner' })] });
  });
});
