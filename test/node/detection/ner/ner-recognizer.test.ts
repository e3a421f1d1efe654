import { describe, expect, it } from 'vitest';
import { createAnonymizer } from '../../../../src/platform/node/text.js';
import type { NerBackend, NerEntity, NerModelInfo } from '../../../../src/detection/ner/ner-backend.js';
import { isCommonWordSpan } from '../../../../src/detection/words/common-words.js';
import { CALENDAR_WORDS_NAMING_PEOPLE, isFirstName, MONTHS, NOT_A_NAME, WEEKDAYS } from '../../../../src/detection/words/lexicon.js';
import { completeCompound, MODEL_WEIGHT, nerRecognizer, splitSpan, trimPunctuation } from '../../../../src/detection/ner/ner-recognizer.js';
import type { DetectContext } from '../../../../src/detection/recognizer.js';
import { textModelUnavailable } from '../../../../src/errors/problem.js';
import type { TextLabelName } from '../../../../src/spec/types.js';
import { expectProblem } from '../../helpers/expect-problem.js';

const INFO: NerModelInfo = {
  id: 'fake',
  labels: ['PER', 'LOC'],
  tags: ['O', 'B-PER', 'I-PER', 'B-LOC', 'I-LOC'],
  executionProvider: 'fake',
  windowTokens: 128,
  overlapTokens: 32,
  loadMs: 0,
};

/** A fake client: finds the given words (case-sensitive) as entities, or fails as told. */
function fakeBackend(
  words: Record<string, TextLabelName>,
  behaviour: 'ok' | 'no-model' | 'load-fails' | 'run-fails' | 'throws-raw' = 'ok',
) {
  const calls = { load: 0, recognize: 0 };
  const backend: NerBackend = {
    declaredLabels: ['PER', 'STR', 'LOC', 'ORG', 'DATE'],
    async load() {
      calls.load++;
      if (behaviour === 'load-fails') throw textModelUnavailable();
      if (behaviour === 'throws-raw') throw new Error('Hans Müller broke it');
      return behaviour === 'no-model' ? null : INFO;
    },
    async recognize(text) {
      calls.recognize++;
      if (behaviour === 'run-fails') throw textModelUnavailable('The text model worker stopped.');
      const entities: NerEntity[] = [];
      for (const [w, label] of Object.entries(words)) {
        for (let i = text.indexOf(w); i >= 0; i = text.indexOf(w, i + 1)) entities.push({ start: i, end: i + w.length, label, score: 0.9 });
      }
      return { entities, coverage: 1, tokens: 0, windows: 1 };
    },
  };
  return { backend, calls };
}

const ctx = (...labels: TextLabelName[]): DetectContext => ({ labels: new Set(labels), language: 'auto' });

describe('NER recognizer', () => {
  it("declares its label map's labels before loading, the model's labels ∩ ours after", async () => {
    const { backend } = fakeBackend({ Anna: 'PER' });
    const r = nerRecognizer({ backend });
    expect(r.labels).toEqual(['PER', 'STR', 'LOC', 'ORG', 'DATE']);
    await r.detect('Anna', ctx('PER'));
    expect(r.labels).toEqual(['PER', 'LOC']);
  });

  it.each([
    ['Immobilien KG,', 'Immobilien KG'],
    ['„Schmiddi“', 'Schmiddi'],
    ['(Köln)', 'Köln'],
    ['Kita e.V.', 'Kita e.V.'],
    [', ', ''],
  ])('trims punctuation around a model span: %j → %j', (raw, expected) => {
    const text = `x ${raw} y`;
    const r = trimPunctuation(text, 2, 2 + raw.length);
    expect(text.slice(r.start, r.end)).toBe(expected);
  });

  it.each([
    ['Narnia ( band ) won', 'Narnia ( band', 'Narnia ( band )'],
    ['the National Democratic Front (Iran), then', 'National Democratic Front (Iran', 'National Democratic Front (Iran)'],
    ['Müller (', 'Müller (', 'Müller'],
    ['Front (Iran) )', 'Front (Iran) ', 'Front (Iran)'],
  ])('keeps a bracket the span opened closed: in %j, %j → %j', (text, raw, expected) => {
    const start = text.indexOf(raw);
    const r = trimPunctuation(text, start, start + raw.length);
    expect(text.slice(r.start, r.end)).toBe(expected);
  });

  it('ranks model spans below rule spans (score × MODEL_WEIGHT)', async () => {
    const { backend } = fakeBackend({ Anna: 'PER' });
    expect((await nerRecognizer({ backend }).detect('Anna', ctx('PER')))[0]?.score).toBeCloseTo(0.9 * MODEL_WEIGHT);
  });

  it('drops spans under minScore', async () => {
    const { backend } = fakeBackend({ Anna: 'PER', Köln: 'LOC' });
    expect(await nerRecognizer({ backend, minScore: 0.95 }).detect('Anna wohnt in Köln', ctx('PER', 'LOC'))).toEqual([]);
    expect(await nerRecognizer({ backend, minScore: 0.9 }).detect('Anna wohnt in Köln', ctx('PER', 'LOC'))).toHaveLength(2);
  });

  it("drops spans under a per-language minScore: the request's language, else the text's, else the higher", async () => {
    const { backend } = fakeBackend({ Anna: 'PER' });
    const r = nerRecognizer({ backend, minScore: { de: 0.95, en: 0.5 } });
    const found = async (text: string, language: DetectContext['language']): Promise<number> =>
      (await r.detect(text, { labels: new Set(['PER']), language })).length;
    expect(await found('Anna ist in der Küche und kocht', 'de')).toBe(0);
    expect(await found('Anna ist in der Küche und kocht', 'auto')).toBe(0);
    expect(await found('Anna is in the kitchen and cooks', 'auto')).toBe(1);
    expect(await found('Anna ist in der Küche und kocht', 'en')).toBe(1);
    expect(await found('Anna', 'auto')).toBe(0);
  });

  it('once loaded, sends the text to the model before detect returns (the worker runs while the rules do)', async () => {
    const { backend, calls } = fakeBackend({ Anna: 'PER' });
    const r = nerRecognizer({ backend });
    expect(r.startsEarly).toBe(true);
    await r.detect('Anna', ctx('PER'));
    const pending = r.detect('Anna wohnt hier', ctx('PER'));
    expect(calls.recognize).toBe(2);
    expect((await pending).map((sp) => sp.label)).toEqual(['PER']);
  });

  it('cuts model spans at layout: a line break ends a name unless a name goes on, a wide gap separates columns', async () => {
    const text =
      'Yours sincerely,\n\nMorven Blackwood\nChief People Officer\nFarid Benali          Samira Benali\nUniversitätsklinikum\nWilhelmsburg';
    const { backend } = fakeBackend({
      'Morven Blackwood\nChief People': 'PER',
      'Farid Benali          Samira Benali': 'PER',
      'Universitätsklinikum\nWilhelmsburg': 'LOC',
    });
    const r = nerRecognizer({ backend, splitAtLayout: true, dropSpan: isCommonWordSpan });
    expect((await r.detect(text, ctx('PER', 'LOC'))).map((sp) => text.slice(sp.start, sp.end))).toEqual([
      'Morven Blackwood',
      'Farid Benali',
      'Samira Benali',
      'Universitätsklinikum\nWilhelmsburg',
    ]);
    // Without the option a span stays as the model gave it.
    const plain = nerRecognizer({ backend });
    expect((await plain.detect(text, ctx('PER'))).map((sp) => text.slice(sp.start, sp.end))).toContain('Morven Blackwood\nChief People');
    // The cut itself: a tail that does not go on is left out; one that does keeps the span whole.
    const t = 'Anna Schmidt\nOberärztin';
    expect(splitSpan(t, 0, t.length, () => false)).toEqual([{ start: 0, end: 12 }]);
    expect(splitSpan(t, 0, t.length, () => true)).toEqual([{ start: 0, end: t.length }]);
    // A tail followed by a colon is the next field's label, whatever `continues` says.
    const form = 'Delta Dental of Arizona\nSubscriber: Thanh Tran';
    expect(splitSpan(form, 0, 34, () => true)).toEqual([{ start: 0, end: 23 }]);
    // A tail after a blank line, or on a line that goes on with a number (an address line), is no part of the name.
    const block = 'Bozi Dar\n\nLuz Enríquez';
    expect(splitSpan(block, 5, 12, () => true)).toEqual([{ start: 5, end: 8 }]);
    // A blank line further on, or a second line break, ends the span even where the first break was read over.
    const cv = 'Marta Szczepańska\nSoftware Engineer\n\nM. Szczepańska, 2024';
    expect(splitSpan(cv, 0, 51, () => true)).toEqual([{ start: 0, end: 35 }]);
    const three = 'Klinikum\nNord\nWest Haus';
    expect(splitSpan(three, 0, three.length, () => true)).toEqual([{ start: 0, end: 13 }]);
    const address = 'Kruno Horvat Fabijan\nKardinala Alozija Stepinca 1\n74172 Bakar';
    expect(splitSpan(address, 13, 30, () => true)).toEqual([{ start: 13, end: 20 }]);
    const wrapped = 'an Herrn Hans\nMüller, der am 3. Mai kam';
    expect(splitSpan(wrapped, 9, 20, () => true)).toEqual([{ start: 9, end: 20 }]);
    const prose = 'an Herrn Hans\nMüller wohnt seit 2001 dort';
    expect(splitSpan(prose, 9, 20, () => true)).toEqual([{ start: 9, end: 20 }]);
    // A person's span (`splitLines`) never runs over the break: the words that go on are a piece of their own.
    expect(splitSpan(wrapped, 9, 20, () => true, true)).toEqual([
      { start: 9, end: 13 },
      { start: 14, end: 20 },
    ]);
    expect(splitSpan(form, 0, 34, () => true, true)).toEqual([{ start: 0, end: 23 }]);
    expect(splitSpan('A B\t C', 0, 6, () => true)).toEqual([
      { start: 0, end: 3 },
      { start: 5, end: 6 },
    ]);
    // A spaced dash ends the span where what follows is no name (a role after a name in a list); a firm of two
    // partners around a dash stays whole.
    const notRole = (text: string) => (start: number, end: number) => !['Analyst', 'Leitung Einkauf'].includes(text.slice(start, end));
    const listed = 'Bryan Hull - Analyst , Eduardo Tellechea';
    expect(splitSpan(listed, 0, 20, notRole(listed))).toEqual([{ start: 0, end: 10 }]);
    const firm = 'Hegmann - Nienow';
    expect(splitSpan(firm, 0, firm.length, notRole(firm))).toEqual([{ start: 0, end: firm.length }]);
    const twice = 'Anna Roth – Vertrieb – Leitung Einkauf';
    expect(splitSpan(twice, 0, twice.length, notRole(twice))).toEqual([{ start: 0, end: 20 }]);
    // A bracket opened and not closed right after the span parts two names; one closed after it stays inside.
    const bracket = 'Laura ( Birthe Wolter ) zieht um';
    expect(splitSpan(bracket, 0, 14, () => true)).toEqual([
      { start: 0, end: 5 },
      { start: 8, end: 14 },
    ]);
    expect(splitSpan('Narnia ( band ) won', 0, 13, () => true)).toEqual([{ start: 0, end: 15 }]);
  });

  it('completes a German compound a span leaves open at its end', () => {
    const t = 'beim Deutschen Patent- und Markenamts eingelegt';
    expect(completeCompound(t, 5, 26)).toEqual({ start: 5, end: 37 });
    const w = 'die Wohnungs- und Bau-Gesellschaft mbH';
    expect(completeCompound(w, 4, 17)).toEqual({ start: 4, end: 34 });
    // A closed span, or one whose next word is not capitalised, stays as it is.
    expect(completeCompound(t, 5, 37)).toEqual({ start: 5, end: 37 });
    const lower = 'die Vor- und nachteile';
    expect(completeCompound(lower, 4, 8)).toEqual({ start: 4, end: 8 });
    // A joining word at the end goes: `Schreinerei Hoffmann and`, `Vor- und` before a lower-case word.
    const firm = 'Schreinerei Hoffmann and Partner';
    expect(completeCompound(firm, 0, 24)).toEqual({ start: 0, end: 20 });
    expect(completeCompound(lower, 4, 12)).toEqual({ start: 4, end: 7 });
    // A hyphenated name the span stops inside goes on to its end: `Oldenburg[-Ofenerdiek]`, not `Oldenburg-gebiet`.
    const hyphen = 'die Feuerwehr Oldenburg-Ofenerdiek kam';
    expect(completeCompound(hyphen, 4, 23)).toEqual({ start: 4, end: 34 });
    expect(completeCompound('im Oldenburg-nahen Raum', 3, 12)).toEqual({ start: 3, end: 12 });
  });

  it('drops a model span that is one word matching dropWords (a noun by its ending, a form of address), keeps names that end alike', async () => {
    const { backend } = fakeBackend({ Eignung: 'PER', Hartung: 'PER' });
    const r = nerRecognizer({ backend, dropWords: NOT_A_NAME });
    const text = 'Die Eignung von Herrn Hartung';
    expect((await r.detect(text, ctx('PER'))).map((sp) => text.slice(sp.start, sp.end))).toEqual(['Hartung']);
    for (const word of [
      'Kollegin',
      'Traumatologie',
      'Gesellschaft',
      'Nikotinabusus',
      'LSG',
      'Landesarbeitsgericht',
      'Landesarbeitsgerichts',
      'Senats',
      'Dott',
      'Sra.',
      'Herr',
      'III.',
      'IV',
      'Rn.',
      'He',
      'Grandad',
      'Mum',
      'Dr',
      'German',
      'Französisch',
      'Palestinians',
      'Sunni',
      'Christmas',
      'January',
      'Montag',
    ])
      expect(NOT_A_NAME.test(word), word).toBe(true);
    for (const word of [
      'Hartung',
      'Dennis',
      'Rose',
      'Anna',
      'Müller',
      'BGH',
      'Landgericht Köln',
      'Herr Müller',
      'Dotter',
      'I.',
      'Ivo',
      'Germany',
      'Dr. Ivo',
      // Given names that are also a faith or a month.
      'Christian',
      'June',
      'April',
      'Silvester',
    ])
      expect(NOT_A_NAME.test(word), word).toBe(false);
    // A month, weekday or feast the name list knows stays a name.
    for (const word of [...MONTHS, ...WEEKDAYS, 'Silvester', 'Christmas', 'Ostern'])
      expect(isFirstName(word) && !CALENDAR_WORDS_NAMING_PEOPLE.has(word), word).toBe(false);
  });

  it('drops a model span that dropSpan rejects in its context (common words, not after a title)', async () => {
    const { backend } = fakeBackend({ Praxis: 'ORG', Kind: 'PER' });
    const r = nerRecognizer({ backend, dropSpan: isCommonWordSpan });
    const text = 'Die Praxis von Dr. Kind';
    expect((await r.detect(text, ctx('PER', 'ORG'))).map((sp) => text.slice(sp.start, sp.end))).toEqual(['Kind']);
  });

  it('with caseView, shows the model runs of capitals in Title Case and maps its spans back to the text as written', async () => {
    const { backend } = fakeBackend({ 'Patrick Doyle': 'PER', 'Landgericht München': 'ORG', SUMMARY: 'PER' });
    const text = 'SUMMARY\nDer Kläger PATRICK DOYLE wird in dieser Sache vor dem LANDGERICHT MÜNCHEN I vertreten.';
    const found = async (caseView: boolean) =>
      (await nerRecognizer({ backend, dropSpan: isCommonWordSpan, caseView }).detect(text, ctx('PER', 'ORG'))).map((sp) => [
        sp.label,
        text.slice(sp.start, sp.end),
      ]);
    expect(await found(true)).toEqual([
      ['PER', 'PATRICK DOYLE'],
      ['ORG', 'LANDGERICHT MÜNCHEN'],
    ]);
    expect(await found(false)).toEqual([]);
  });

  it('keeps spans of a gated label only where the text before them matches its gate', async () => {
    const { backend } = fakeBackend({ Anna: 'PER', Köln: 'LOC', Bonn: 'LOC' });
    const gated = nerRecognizer({ backend, contextGates: { LOC: /\bin\s+$/u } });
    const text = 'Anna wohnt in Köln, Bonn ist weit';
    expect((await gated.detect(text, ctx('PER', 'LOC'))).map((sp) => text.slice(sp.start, sp.end))).toEqual(['Anna', 'Köln']);
  });

  it('turns entities into spans of the requested labels only', async () => {
    const { backend } = fakeBackend({ Anna: 'PER', Köln: 'LOC' });
    const spans = await nerRecognizer({ backend }).detect('Anna wohnt in Köln', ctx('LOC'));
    expect(spans).toEqual([{ start: 14, end: 18, label: 'LOC', score: 0.9 * MODEL_WEIGHT, source: 'ner' }]);
  });

  it('does not call the model for requests it cannot serve, nor for empty text', async () => {
    const { backend, calls } = fakeBackend({});
    const r = nerRecognizer({ backend });
    await r.detect('Mail: a@b.de', ctx('MAIL'));
    await r.detect('', ctx('PER'));
    expect(calls).toEqual({ load: 0, recognize: 0 });
  });

  it('returns nothing when no model is configured', async () => {
    const { backend, calls } = fakeBackend({ Anna: 'PER' }, 'no-model');
    const r = nerRecognizer({ backend });
    expect(await r.detect('Anna', ctx('PER'))).toEqual([]);
    expect(calls.recognize).toBe(0);
    expect(r.labels).toEqual([]);
  });

  describe('failure rule', () => {
    it.each(['load-fails', 'run-fails', 'throws-raw'] as const)('%s: a request naming PER, LOC or ORG answers 502', async (mode) => {
      const { backend } = fakeBackend({}, mode);
      for (const label of ['PER', 'LOC', 'ORG'] as const) {
        const problem = await expectProblem(Promise.resolve(nerRecognizer({ backend }).detect('Anna', ctx(label, 'DATE'))), {
          status: 502,
          problemCode: 'TEXT_MODEL_UNAVAILABLE',
        });
        expect(JSON.stringify(problem)).not.toMatch(/Müller/);
      }
    });

    it.each(['load-fails', 'run-fails', 'throws-raw'] as const)(
      '%s: a request for labels the rules also serve gets no model spans',
      async (mode) => {
        const { backend } = fakeBackend({}, mode);
        expect(await nerRecognizer({ backend }).detect('am 3. März 2021', ctx('DATE', 'STR', 'MAIL'))).toEqual([]);
      },
    );

    it('a backend that throws at once (no worker could start) follows the same rule, as a rejection', async () => {
      const throwing: NerBackend = {
        declaredLabels: ['PER', 'STR'],
        load: () => {
          throw new Error('Worker constructor failed for Hans Müller');
        },
        recognize: () => {
          throw new Error('unreachable');
        },
      };
      const r = nerRecognizer({ backend: throwing });
      const pending = r.detect('Anna', ctx('PER'));
      expect(pending).toBeInstanceOf(Promise);
      const problem = await expectProblem(Promise.resolve(pending), { status: 502, problemCode: 'TEXT_MODEL_UNAVAILABLE' });
      expect(JSON.stringify(problem)).not.toMatch(/Müller/);
      expect(await r.detect('Anna', ctx('STR'))).toEqual([]);
    });
  });
});

describe('the engine with a failing model', () => {
  const engine = createAnonymizer({ nerBackend: fakeBackend({}, 'load-fails').backend });

  it('answers 502 TEXT_MODEL_UNAVAILABLE for a PER request', async () => {
    await expectProblem(engine.text({ text: 'Anna wohnt in Köln', textLabels: ['PER'] }), {
      status: 502,
      problemCode: 'TEXT_MODEL_UNAVAILABLE',
    });
  });

  it('still serves a DATE-only request from the rules', async () => {
    const r = await engine.text({ text: 'Termin am 3. März 2021.', textLabels: ['DATE'], usePseudonyms: true });
    expect(r.pseudonymizedText).toBe('Termin am DATE-1.');
  });

  it('merges model spans with rule spans, and propagates names the model found once', async () => {
    const ok = createAnonymizer({ nerBackend: fakeBackend({ 'Jojo Wendt': 'PER' }).backend });
    const r = await ok.text({
      text: 'Jojo Wendt schrieb am 3. März 2021. Wendt kam nicht.',
      textLabels: ['PER', 'DATE'],
      usePseudonyms: true,
    });
    expect(r.pseudonymizedText).toBe('PER-1 schrieb am DATE-1. PER-1 kam nicht.');
    expect(r.detection.detections.map((d) => d.text)).toEqual(['Jojo Wendt', '3. März 2021', 'Wendt']);
  });

  it('runs rules only with ner: false', async () => {
    const { backend, calls } = fakeBackend({ Anna: 'PER' });
    const rules = createAnonymizer({ ner: false, nerBackend: backend });
    await rules.text({ text: 'Anna', textLabels: ['PER'] });
    expect(calls.load).toBe(0);
  });
});
