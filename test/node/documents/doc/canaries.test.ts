import { describe, expect, it } from 'vitest';
import type { DocumentProgress } from '../../../../src/documents/adapter.js';
import { createDocAdapter } from '../../../../src/documents/doc/doc-adapter.js';
import { createDocumentAnonymizer } from '../../../../src/engine/document-engine.js';
import { corpusFiles } from '../../../helpers/images.js';
import { hasSoffice, sofficeText } from '../../../../tools/office/soffice.js';
import { CANARY, CANARY_CONFIG, fixture, NO_DETECTORS, streamsOf, whereFound } from './fixtures.js';

const engine = createDocumentAnonymizer({ adapters: [createDocAdapter(NO_DETECTORS)], ner: false });
const LIBREOFFICE = hasSoffice();

/** SttbSavedBy and SttbfAssoc of the POI sample: the users and paths of its last saves, its author. */
const SAVED_BY = ['cic22', 'JPratt', 'phamill', 'ablackshaw', 'MKhan', 'AutoRecovery'];

const input = fixture('canaries.doc');
const progress: DocumentProgress[] = [];
const result = await engine.anonymize(input, CANARY_CONFIG, { onProgress: (p) => progress.push(p) });
const savedBy = corpusFiles('poi-document', ['saved-by-table.doc']).find((f) => f.name === 'saved-by-table.doc');
const savedByConfig = {
  ...CANARY_CONFIG,
  textAnonymization: { ...CANARY_CONFIG.textAnonymization, blacklist: [{ value: 'Saddam', labelName: 'PER' as const }] },
};
const savedByResult = savedBy ? await engine.anonymize(savedBy.bytes, savedByConfig) : null;
// One soffice run for every export the tests compare.
const texts = LIBREOFFICE
  ? await sofficeText({
      'input.doc': input,
      'output.doc': result.bytes,
      ...(savedBy && savedByResult ? { 'savedByInput.doc': savedBy.bytes, 'savedByOutput.doc': savedByResult.bytes } : {}),
    })
  : {};

/** Where two exports differ: each position must lie inside an occurrence of one of `originals` in the first. */
function changedOutside(before: string, after: string, originals: readonly string[]): number[] {
  const covered = new Uint8Array(before.length);
  for (const o of originals) for (let i = before.indexOf(o); i >= 0; i = before.indexOf(o, i + 1)) covered.fill(1, i, i + o.length);
  const outside: number[] = [];
  for (let i = 0; i < before.length; i++) if (before[i] !== after[i] && !covered[i]) outside.push(i);
  return outside;
}

describe('DOC canaries (reliability D7)', () => {
  it('no canary, author, initials, reviewer or property survives in any stream, raw or decoded', () => {
    expect(result.documentType).toBe('DOC');
    expect(result.extension).toBe('doc');
    expect(result.verification).toMatchObject({ passed: true, leaks: [], checked: 3 });
    for (const c of Object.values(CANARY)) {
      expect(whereFound(input, c).length, `${c} in the input`).toBeGreaterThan(0);
      expect(whereFound(result.bytes, c), c).toEqual([]);
    }
  });

  it('the new container holds only the text streams: no property streams, embedded objects or placeholder', () => {
    expect([...streamsOf(input).keys()]).toEqual(expect.arrayContaining(['Root Entry/\u0005SummaryInformation', 'Root Entry/\u0001Ole']));
    expect([...streamsOf(result.bytes).keys()].sort()).toEqual(
      ['Root Entry/1Table', 'Root Entry/Data', 'Root Entry/WordDocument', 'Root Entry/\u0001CompObj'].sort(),
    );
  });

  it.skipIf(!LIBREOFFICE)('LibreOffice opens the output; its text is the input text except at the replaced spans, same length', () => {
    const before = texts['input.doc']!;
    const after = texts['output.doc']!;
    expect(after).toBeDefined();
    for (const c of Object.values(CANARY)) expect(after).not.toContain(c);
    expect(after).toHaveLength(before.length);
    // The soft hyphen stays where it was (LibreOffice exports it as U+00AD).
    expect(changedOutside(before, after, [CANARY.name, CANARY.mail, 'ZQX\u00adNAME1'])).toEqual([]);
    expect(after).toContain('Dear PER-1   , thank you for your letter.');
    expect(after).toContain('Please write to MAIL-1         or click this link today.');
    expect(after).toContain('This sentence carries no personal data at all: Grüße, 5 € and naïve café.');
  });

  it('PII record: one page per story, labels, and the text actually written as pseudonyms', () => {
    const ents = result.pageData.flatMap((p) =>
      p.textData.detections.ents.map((e, i) => [p.pageNum, e.tag, e.text, p.textData.detections.pseudonyms[i]]),
    );
    expect(ents).toEqual([
      [1, 'PER', CANARY.name, 'PER-1'],
      [1, 'MAIL', CANARY.mail, 'MAIL-1'],
      [1, 'MAIL', CANARY.mail, 'MAIL-1'],
      [1, 'PER', CANARY.name, 'PER-1'],
      [1, 'PER', CANARY.name, 'PER-1'],
      [1, 'MAIL', CANARY.mail, 'MAIL-1'],
      [1, 'PER', 'ZQX\u00adNAME1', 'PER-1'],
      [2, 'PER', CANARY.name, 'PER-1'],
      [3, 'PER', CANARY.name, 'PER-1'],
      [3, 'MAIL', CANARY.mail, 'MAIL-1'],
      [4, 'PER', CANARY.name, 'PER-1'],
      [5, 'PER', CANARY.name, 'PER-1'],
    ]);
    expect(result.pageData.map((p) => p.textData.paragraphId)).toEqual(result.pageData.map((_, i) => i));
    for (const p of result.pageData) {
      expect(p.textData.detections.locationsInOriginalDocument).toEqual([]);
      expect(p.imagesData).toEqual([]);
    }
    // The hyperlink's instruction is a paragraph of its own.
    expect(result.pageData.some((p) => p.textData.detections.tokens.some((t) => t.text === 'HYPERLINK'))).toBe(true);
  });

  it('reports progress through the phases in order, never past its total', () => {
    const phases = ['reading', 'detecting', 'redacting', 'verifying'];
    const order = progress.map((p) => phases.indexOf(p.phase));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(new Set(progress.map((p) => p.phase))).toEqual(new Set(phases));
    for (const p of progress) expect(p.pagesDone).toBeLessThanOrEqual(p.pagesTotal);
    expect(progress.at(-1)).toEqual({ phase: 'verifying', pagesDone: 5, pagesTotal: 5 });
  });

  it.skipIf(!savedBy)('a Word 97 file with 8-bit text: saved-by users, paths and author gone, text replaced in place', () => {
    expect(savedByResult!.verification?.passed).toBe(true);
    for (const s of SAVED_BY) {
      expect(whereFound(savedBy!.bytes, s).length, `${s} in the input`).toBeGreaterThan(0);
      expect(whereFound(savedByResult!.bytes, s), s).toEqual([]);
    }
    expect(whereFound(savedByResult!.bytes, 'Saddam')).toEqual([]);
    const originals = savedByResult!.pageData.flatMap((p) => p.textData.detections.ents.map((e) => e.text));
    expect(originals).toContain('Saddam');
    if (!LIBREOFFICE) return;
    const before = texts['savedByInput.doc']!;
    const after = texts['savedByOutput.doc']!;
    expect(after).toHaveLength(before.length);
    expect(changedOutside(before, after, originals)).toEqual([]);
  });
});
