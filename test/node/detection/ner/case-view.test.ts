import { describe, expect, it } from 'vitest';
import { caseView, mergeCaseView } from '../../../../src/detection/ner/case-view.js';
import type { NerEntity } from '../../../../src/detection/ner/ner-backend.js';

/** Mixed-case words around a case, so that the text is not mostly in capitals. */
const inProse = (s: string): string => `Sehr geehrte Damen und Herren, ${s} schreibt Ihnen heute wegen der Sache.`;

describe('case view', () => {
  it.each([
    ['PATRICK DOYLE', 'Patrick Doyle'],
    ['COUNTY COURT AT LEEDS.', 'County Court at Leeds.'],
    ['LANDGERICHT MÜNCHEN I', 'Landgericht München I'],
    ["PATRICK J. O'BRIEN-SMITH", "Patrick J. O'Brien-Smith"],
    ['ÉMILE ZOLA', 'Émile Zola'],
    ['E\u0301MILE ZOLA', 'E\u0301mile Zola'],
    ['ΓΙΩΡΓΟΣ ΠΑΠΑΔΟΠΟΥΛΟΣ', 'Γιωργος Παπαδοπουλος'],
    ['ИВАН ПЕТРОВ', 'Иван Петров'],
    ['İSMAIL ÖZTÜRK', 'İsmail Öztürk'],
    ['PROF. DR. MED. LOUISA HARTZ', 'Prof. Dr. med. Louisa Hartz'],
  ])('writes runs of capitals in Title Case, function words inside a run in lower case: %j → %j', (caps, expected) => {
    expect(caseView(inProse(caps))).toBe(inProse(expected));
  });

  it.each([
    ['GROẞE STRAẞE', 'GROẞE', 'a capital ẞ lower-cases to ß, which upper-cases to SS'],
    ['KADIİ OĞLU', 'KADIİ', 'İ inside a word lower-cases to two units'],
  ])('leaves a word that does not lower-case unit for unit as written: %j (%s)', (caps, kept) => {
    const text = inProse(caps);
    const view = caseView(text);
    expect(view.length).toBe(text.length);
    expect(view).toContain(kept);
  });

  it('keeps every offset: the view has the length of the text and changes the case of letters only', () => {
    const text = inProse('Herr PATRICK DOYLE 𝐀𝐁 😀 GROẞE İSTANBUL ΣΟΦΙΑ ΣΟΦΙΑ Ǆ\uD800 STRAẞE\nFRAU ÄNNE ÖZBEK');
    const view = caseView(text);
    expect(view).not.toBe(text);
    expect(view.length).toBe(text.length);
    for (let i = 0; i < text.length; i++) {
      if (view[i] !== text[i]) expect(view[i]!.toUpperCase()).toBe(text[i]);
    }
  });

  it.each([
    'Sehr geehrter Herr Doyle, die GmbH in der USA hat IBAN DE12 3456.',
    'SUMMARY\nThe patient was seen today and is doing well.',
    'Siehe BGH NJW 1972, 335 und ADAC GT Masters, CATIA V5, ST-55120.',
    'Dear Sir, PATRICK\nDOYLE wrote to us about the SOW/FC matter.',
    'WHO WANTS TO HELP MILLIONS FOR UNITED WAY',
  ])('returns mixed-case text, lone words, abbreviations, words split by a line break and shouting unchanged: %j', (text) => {
    expect(caseView(text)).toBe(text);
  });

  it("merges the model's answers: the text's where the view kept the words, the view's where it recased them", () => {
    const text = inProse('SUNRIDGE DENTAL — NEW PATIENTS, Anna');
    const view = caseView(text);
    const entity = (s: string, label: NerEntity['label']): NerEntity => {
      const start = view.indexOf(s);
      return { start, end: start + s.length, label, score: 0.9 };
    };
    const plain = [entity('Sunridge', 'PER'), entity('Anna', 'PER')];
    const viewed = [entity('Sunridge Dental', 'ORG'), entity('Dental — New', 'ORG'), entity('Anna', 'LOC')];
    expect(mergeCaseView(text, view, plain, viewed).map((e) => [e.label, text.slice(e.start, e.end)])).toEqual([
      ['PER', 'Anna'],
      ['ORG', 'SUNRIDGE DENTAL'],
    ]);
  });
});
