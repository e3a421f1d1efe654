import { beforeAll, describe, expect, it } from 'vitest';
import { createAnonymizer } from '../../../../src/platform/node/text.js';
import { PROMPTS } from '../../../../tools/bench/roundtrip/corpus.js';
import type { CaseResult, PromptRun, RestoreUnderTest } from '../../../../tools/bench/roundtrip/core.js';
import { checkRuns, NAIVE_RESTORE, ratesOf, runPrompt, TRANSFORMATIONS } from '../../../../tools/bench/roundtrip/core.js';

// The round-trip bench's core over one German and one English prompt, rules only: rates are computed from real
// restores, a broken restore moves them, and the session's restore never puts back what does not belong.
const prompts = [PROMPTS.find((p) => p.id === 'de-mail')!, PROMPTS.find((p) => p.id === 'en-letter')!];
let runs: PromptRun[] = [];
let checked: { cases: CaseResult[]; streamed: CaseResult[] };

beforeAll(async () => {
  const anonymizer = createAnonymizer({ ner: false });
  runs = [];
  let seed = 1;
  for (const style of ['labels', 'surrogates'] as const) for (const p of prompts) runs.push(await runPrompt(anonymizer, p, style, seed++));
  checked = await checkRuns(runs);
}, 60_000);

describe('round-trip bench core', () => {
  it('finds the prompts’ people, firm, place, phone, e-mail, IBAN and date in both styles', () => {
    for (const run of runs)
      expect([...new Set(run.mentions.map((m) => m.label))], `${run.style} ${run.prompt.id}`).toEqual(
        expect.arrayContaining(['PER', 'ORG', 'LOC', 'TEL', 'MAIL', 'OTH', 'DATE']),
      );
  });

  it('checks every transformation for both styles (partial names: surrogates only), streamed too', () => {
    const rates = ratesOf(checked.cases);
    expect(rates.filter((r) => r.style === 'labels')).toHaveLength(TRANSFORMATIONS.length - 1);
    expect(rates.filter((r) => r.style === 'surrogates')).toHaveLength(TRANSFORMATIONS.length);
    expect(checked.streamed).toHaveLength(checked.cases.length);
  });

  it('the session restore: no false restore anywhere, every answer exact, streamed equal to the whole restore', () => {
    expect([...checked.cases, ...checked.streamed].filter((c) => c.falseRestore)).toEqual([]);
    for (const r of ratesOf(checked.cases)) expect(r.ok, `${r.transformation} ${r.style}`).toBe(r.total);
    expect(checked.streamed.filter((c) => !c.ok).map((c) => c.transformation)).toEqual([]);
  });

  it('a broken restore gives lower rates; a naive search-and-replace gives false restores', async () => {
    const identity: RestoreUnderTest = { whole: (_run, text) => text, stream: (_run, chunks) => Promise.resolve(chunks.join('')) };
    const none = await checkRuns(runs, identity);
    for (const r of ratesOf(none.cases)) expect(r.ok / r.total, r.transformation).toBeLessThan(1);
    const naive = await checkRuns(runs, NAIVE_RESTORE);
    const labels = ratesOf(naive.cases).filter((r) => r.style === 'labels');
    // `PER-12` in every answer, while only PER-1 and PER-2 exist: a plain replace writes the name into it.
    expect(labels.every((r) => r.falseRestores === r.total)).toBe(true);
  });
});
