import { creditLimitExceeded, internalError } from '../errors/problem.js';
import type { ProblemDetail } from '../spec/types.js';
import type { DocumentRecord } from '../store/records.js';

/** Statuses a runner picks up: queued work, and work whose runner died (its lock is free). */
export const PENDING_STATUSES = ['COMPUTING_QUOTA', 'UNPROCESSED', 'PROCESSING', 'COMPILING'] as const;

/** The quota step: COMPUTING_QUOTA → UNPROCESSED, or QUOTA_EXCEEDED when the page budget is spent. */
export function afterQuota(doc: DocumentRecord, exhausted: boolean, now: number): DocumentRecord | null {
  if (doc.status !== 'COMPUTING_QUOTA') return null;
  return exhausted
    ? {
        ...doc,
        status: 'QUOTA_EXCEEDED',
        problem: creditLimitExceeded('The page budget was spent before this document was processed.').problem,
        lastModified: now,
      }
    : { ...doc, status: 'UNPROCESSED', lastModified: now };
}

/** QUOTA_ERROR: the budget could not be read. */
export function quotaError(doc: DocumentRecord, now: number): DocumentRecord | null {
  if (doc.status !== 'COMPUTING_QUOTA') return null;
  return { ...doc, status: 'QUOTA_ERROR', problem: internalError('The credit budget could not be read.').problem, lastModified: now };
}

/**
 * Claims a document for processing. Called while holding its lock, so a PROCESSING/COMPILING document here was
 * left by a runner that died: it is retried, unless it already used up its attempts (a document that crashes its
 * runner every time must not crash every tab forever): then ERROR with the reason.
 */
export function claim(doc: DocumentRecord, owner: string, now: number, leaseMs: number, maxAttempts: number): DocumentRecord | null {
  if (doc.status !== 'UNPROCESSED' && doc.status !== 'PROCESSING' && doc.status !== 'COMPILING') return null;
  if (doc.attempts >= maxAttempts) {
    const problem: ProblemDetail = internalError(
      `Processing was interrupted ${doc.attempts} times (the page or app closed, or the worker crashed).`,
    ).problem;
    return { ...doc, status: 'ERROR', problem, lease: null, lastModified: now };
  }
  return { ...doc, status: 'PROCESSING', lease: { owner, until: now + leaseMs }, attempts: doc.attempts + 1, lastModified: now };
}
