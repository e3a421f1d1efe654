import { describe, expect, it } from 'vitest';
import { statusOf } from '../../../src/service/document-status.js';
import { docRecord } from '../helpers/records.js';

const problem = { title: 'Unprocessable Entity', status: 422, detail: 'The PDF is damaged.' };
const live = { phase: 'detecting' as const, pagesDone: 2, pagesTotal: 5, estimatedDurationMs: 1200 };

describe('statusOf: a stored document as its status', () => {
  it('is the id and status alone while nothing else is known', () => {
    expect(statusOf(docRecord({ id: 4, status: 'UNPROCESSED' }), undefined)).toEqual({ documentId: 4, status: 'UNPROCESSED' });
  });

  it('names the problem of a document that ended without a result, and only then', () => {
    for (const status of ['ERROR', 'PREVIEW_ERROR', 'QUOTA_EXCEEDED', 'QUOTA_ERROR'] as const)
      expect(statusOf(docRecord({ status, problem }), undefined)).toEqual({ documentId: 1, status, problem });
    expect(statusOf(docRecord({ status: 'COMPLETED', problem }), undefined)).toEqual({ documentId: 1, status: 'COMPLETED' });
  });

  it('adds the live progress and the estimate of a processing document', () => {
    expect(statusOf(docRecord({ status: 'PROCESSING' }), live)).toEqual({
      documentId: 1,
      status: 'PROCESSING',
      progress: { phase: 'detecting', pagesDone: 2, pagesTotal: 5 },
      estimatedDurationMs: 1200,
    });
    expect(statusOf(docRecord({ status: 'PROCESSING' }), { ...live, estimatedDurationMs: null }).estimatedDurationMs).toBeNull();
  });
});
