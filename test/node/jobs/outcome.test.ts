import { describe, expect, it } from 'vitest';
import type { AnonymizedDocument } from '../../../src/engine/document-engine.js';
import { anonymizedName, completionOf, projectImageUrl } from '../../../src/jobs/outcome.js';
import type { PiiPageEntry } from '../../../src/spec/types.js';
import type { DocumentRecord } from '../../../src/store/records.js';

const doc = { id: 9, projectId: 4, name: 'letter.pdf' } as DocumentRecord;
const entry = (pageNum: number, xrefs: number[]): PiiPageEntry =>
  ({
    pageNum,
    textData: { paragraphId: pageNum },
    imagesData: xrefs.map((xref) => ({ imageUrl: '', xref, detections: [] })),
  }) as unknown as PiiPageEntry;
const result = (passed: boolean | undefined): AnonymizedDocument => ({
  documentType: 'PDF',
  extension: 'pdf',
  bytes: new Uint8Array([1, 2]),
  pageData: [entry(1, [12]), entry(1, []), entry(3, [])],
  ...(passed === undefined ? {} : { verification: { passed, checked: 1, leaks: [] } }),
});

describe('outcome of a processed document', () => {
  it('names the result and addresses images under the project', () => {
    expect(anonymizedName('a.b.docx', 'docx')).toBe('a.b_anonymized.docx');
    expect(anonymizedName('.hidden', 'txt')).toBe('.hidden_anonymized.txt');
    expect(projectImageUrl('http://h:1/', 4, 9, 12)).toBe('http://h:1/external/v1/projects/4/documents/9/images/12');
  });

  it('completes a verified (or unverified) result with its file, its pages charged and its PII record kept', () => {
    for (const passed of [true, undefined]) {
      const c = completionOf(doc, true, result(passed), 'http://engine');
      expect(c).toMatchObject({
        status: 'COMPLETED',
        anonymizedName: 'letter_anonymized.pdf',
        dropOriginal: false,
        pages: 2,
        problem: null,
      });
      expect(c.result).toEqual(new Uint8Array([1, 2]));
      expect(c.pageData?.[0]?.imagesData[0]?.imageUrl).toBe('http://engine/external/v1/projects/4/documents/9/images/12');
    }
  });

  it('keeps no file when verification failed (PREVIEW_ERROR), and no PII record where the project stores none', () => {
    const c = completionOf(doc, false, result(false));
    expect(c).toMatchObject({ status: 'PREVIEW_ERROR', result: null, anonymizedName: null, pageData: null, dropOriginal: true });
    expect(c.problem?.detail).toMatch(/could not be verified/);
  });

  it('charges at least one page, and addresses images under localhost without a base', () => {
    const empty = completionOf(doc, true, { ...result(true), pageData: [] });
    expect(empty.pages).toBe(1);
    expect(completionOf(doc, true, result(true)).pageData?.[0]?.imagesData[0]?.imageUrl).toMatch(/^http:\/\/localhost\/external/);
  });
});
