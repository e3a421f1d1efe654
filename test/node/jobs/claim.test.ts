import { describe, expect, it } from 'vitest';
import { afterQuota, claim, quotaError } from '../../../src/jobs/claim.js';
import type { DocumentRecord } from '../../../src/store/records.js';

const doc = (status: DocumentRecord['status'], attempts = 0) => ({ id: 1, status, attempts, lease: null }) as unknown as DocumentRecord;

describe('claim (retry decision)', () => {
  it('claims queued work with a lease and counts the attempt', () => {
    expect(claim(doc('UNPROCESSED'), 'me', 100, 50, 2)).toMatchObject({
      status: 'PROCESSING',
      lease: { owner: 'me', until: 150 },
      attempts: 1,
      lastModified: 100,
    });
  });

  it('retries work left by a runner that died, until its attempts are used up: then ERROR', () => {
    expect(claim(doc('COMPILING', 1), 'me', 0, 10, 2)).toMatchObject({ status: 'PROCESSING', attempts: 2 });
    const ended = claim(doc('PROCESSING', 2), 'me', 0, 10, 2);
    expect(ended).toMatchObject({ status: 'ERROR', lease: null });
    expect(ended?.problem?.detail).toMatch(/interrupted 2 times/);
  });

  it('leaves documents in other statuses alone', () => {
    for (const status of ['COMPUTING_QUOTA', 'COMPLETED', 'ERROR'] as const) expect(claim(doc(status), 'me', 0, 10, 2)).toBeNull();
  });
});

describe('quota step', () => {
  it('queues a document, or ends it when the budget is spent or cannot be read', () => {
    expect(afterQuota(doc('COMPUTING_QUOTA'), false, 5)).toMatchObject({ status: 'UNPROCESSED', lastModified: 5 });
    expect(afterQuota(doc('COMPUTING_QUOTA'), true, 5)).toMatchObject({ status: 'QUOTA_EXCEEDED' });
    expect(quotaError(doc('COMPUTING_QUOTA'), 5)).toMatchObject({ status: 'QUOTA_ERROR' });
    expect(afterQuota(doc('UNPROCESSED'), false, 5)).toBeNull();
    expect(quotaError(doc('UNPROCESSED'), 5)).toBeNull();
  });
});
