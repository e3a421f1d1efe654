import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAnonymizer } from '../../../src/platform/node/text.js';
import { nerRequest } from '../../../src/inference/ner-backends.js';
import { nodeModelsDir } from '../../../src/platform/node/assets.js';
import { nodeNerAddresses } from '../../../src/platform/node/ner.js';
import { expectProblem } from '../helpers/expect-problem.js';
import { TINY, TINY_BERT, fixtureSha, modelFiles } from '../inference/fixtures.js';

const LABELS = ['PER', 'LOC', 'ORG', 'DATE', 'MAIL'];

describe('createAnonymizer with a NER model (tiny fixture, in-process in Node)', () => {
  it('merges model spans with the rules and propagates them', async () => {
    const engine = createAnonymizer({ ner: { url: TINY } });
    const text = 'Die Commerzbank in Berlin schrieb am 3. März 2021 an a@b.de. Berlin antwortete der Commerzbank.';
    const r = await engine.text({ text, textLabels: LABELS, usePseudonyms: true });
    expect(r.pseudonymizedText).toBe('Die ORG-1 in LOC-1 schrieb am DATE-1 an MAIL-1. LOC-1 antwortete der ORG-1.');
  });

  it('gives the same spans as rules-only for labels the model does not serve', async () => {
    const text = 'Mail an a@b.de am 3. März 2021.';
    const labels = ['MAIL', 'DATE'];
    expect(await createAnonymizer({ ner: { url: TINY } }).detect(text, { labels })).toEqual(
      await createAnonymizer({ ner: false }).detect(text, { labels }),
    );
  });

  it('loads lazily: creating the engine with a broken model is fine, a PER request is 502, DATE still works', async () => {
    const engine = createAnonymizer({ ner: { url: TINY, sha256: '0'.repeat(64) } });
    await expectProblem(engine.text({ text: 'Anna wohnt in Köln', textLabels: ['PER'] }), {
      status: 502,
      problemCode: 'TEXT_MODEL_UNAVAILABLE',
    });
    const r = await engine.text({ text: 'Am 3. März 2021 in Köln.', textLabels: ['DATE', 'STR'], usePseudonyms: true });
    expect(r.pseudonymizedText).toBe('Am DATE-1 in Köln.');
  });

  it('loads user files with a label map and a hash, reporting progress', async () => {
    const progress: number[] = [];
    const engine = createAnonymizer({
      ner: {
        files: modelFiles(TINY_BERT),
        sha256: fixtureSha('tiny-ner-bert/model.onnx'),
        labelMap: { NORP: 'ORG' },
        onProgress: (loaded) => progress.push(loaded),
      },
    });
    const spans = await engine.detect('Sie sprach mit Deutsche in London.', { labels: ['ORG', 'LOC'] });
    expect(spans.map((s) => [s.label, s.source])).toEqual([
      ['ORG', 'ner'],
      ['LOC', 'ner'],
    ]);
    expect(progress.length).toBeGreaterThan(0);
  });

  it("applies a user model's own filters: minScore, contextGates and dropWords", async () => {
    const text = 'Die Commerzbank in Berlin schrieb an Anna Müller.';
    // The model alone (no rules): `Commerzbank` is a known organisation to the rules, which would take it over.
    const nerSpans = async (filters: Record<string, unknown>) =>
      (await createAnonymizer({ recognizers: [], ner: { url: TINY, ...filters } }).detect(text, { labels: ['LOC', 'ORG'] }))
        .filter((s) => s.source === 'ner')
        .map((s) => text.slice(s.start, s.end));
    expect(await nerSpans({})).toEqual(['Commerzbank', 'Berlin']);
    expect(await nerSpans({ dropWords: /^(?:Berlin|Köln)$/u })).toEqual(['Commerzbank']);
    expect(await nerSpans({ contextGates: { LOC: /(?:^|\s)nach\s+$/u } })).toEqual(['Commerzbank']);
    expect(await nerSpans({ minScore: 0.99 })).toEqual([]);
  });

  it('keeps the shipped model and its filters when the ner option only tunes it (windows, cut-off)', async () => {
    const text = readFileSync(new URL('../../../tools/bench/fixtures/letter-de.txt', import.meta.url), 'utf8');
    const labels = ['PER', 'LOC', 'ORG', 'STR', 'DATE'];
    const shipped = await createAnonymizer().detect(text, { labels });
    expect(shipped.some((s) => s.source === 'ner')).toBe(true);
    // The default windows given explicitly: the very same spans (label map without DATE, cut-off, gates, filter).
    expect(await createAnonymizer({ ner: { windowTokens: 128, overlapTokens: 16 } }).detect(text, { labels })).toEqual(shipped);
    // One filter overridden, the others kept: fewer model spans, still none of them a DATE. (The model spans that
    // reach the result are its surest: rule spans absorb the pieces of what they read in full, so the cut-off that
    // tells them apart is high.)
    // Without the name-context rules, so that the model's readings of the letter's names reach the result.
    const removeRecognizers = ['pattern:context-name'];
    const loose = await createAnonymizer({ removeRecognizers }).detect(text, { labels });
    const strict = await createAnonymizer({ removeRecognizers, ner: { minScore: 0.995 } }).detect(text, { labels });
    const nerSpans = (spans: typeof shipped) => spans.filter((s) => s.source === 'ner');
    expect(nerSpans(strict).length).toBeLessThan(nerSpans(loose).length);
    expect(nerSpans(strict).length).toBeGreaterThan(0);
    expect(nerSpans(strict).some((s) => s.label === 'DATE')).toBe(false);
  });

  it("runs a model of the shipped recipe as the shipped one with tuning: 'shipped', and with its own options only without", async () => {
    const text = readFileSync(new URL('../../../tools/bench/fixtures/letter-de.txt', import.meta.url), 'utf8');
    const labels = ['PER', 'LOC', 'ORG', 'STR', 'DATE'];
    const url = join(nodeModelsDir(), 'ner');
    const shipped = await createAnonymizer().detect(text, { labels });
    expect(await createAnonymizer({ ner: { url, tuning: 'shipped' } }).detect(text, { labels })).toEqual(shipped);
    // As a user's model, the same weights run without the shipped filters: common nouns stay, and STR spans need no
    // place preposition before them.
    const own = await createAnonymizer({ ner: { url } }).detect(text, { labels });
    const extra = own.filter((s) => !shipped.some((t) => t.start === s.start && t.end === s.end && t.label === s.label));
    expect(extra.map((s) => [s.label, text.slice(s.start, s.end)])).toEqual([
      ['STR', 'Fachanwältin'],
      ['PER', 'Mandantin'],
    ]);
  });

  it('validates the ner option (422)', async () => {
    await expectProblem(() => createAnonymizer({ ner: { url: TINY, files: modelFiles(TINY) } }), {
      status: 422,
      problemCode: 'VALIDATION_FAILED',
    });
    await expectProblem(() => createAnonymizer({ ner: { url: TINY, labelMap: { PERSON: 'NAME' } } }), {
      status: 422,
      errors: [{ field: 'ner.labelMap.PERSON', code: 'InvalidValue', message: 'must be a text label or null' }],
    });
    await expectProblem(() => createAnonymizer({ ner: { url: TINY, tuning: 'mine' as 'shipped' } }), {
      status: 422,
      errors: [{ field: 'ner.tuning', code: 'InvalidValue', message: "must be 'shipped' or absent" }],
    });
  });

  it('defaults to the shipped model in <package>/models/manifest.json', () => {
    expect(nodeModelsDir()).toBe(join(import.meta.dirname, '..', '..', '..', 'models'));
    expect(nerRequest().spec(nodeNerAddresses()).source).toEqual({
      kind: 'manifest',
      url: `file://${join(nodeModelsDir(), 'manifest.json')}`,
    });
  });
});
