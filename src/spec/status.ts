import type { ProcessingStatus } from './types.js';

/** Statuses at which polling stops (section 3). */
export const TERMINAL_STATUSES: ReadonlySet<ProcessingStatus> = new Set(['COMPLETED', 'ERROR', 'QUOTA_EXCEEDED', 'QUOTA_ERROR']);

/** Whether a client polling the status endpoint can stop. */
export function isTerminal(status: ProcessingStatus): boolean {
  return TERMINAL_STATUSES.has(status);
}

/** Allowed transitions, as `decisions.md` reads section 3. */
export const TRANSITIONS: Readonly<Record<ProcessingStatus, readonly ProcessingStatus[]>> = {
  COMPUTING_QUOTA: ['QUOTA_EXCEEDED', 'QUOTA_ERROR', 'UNPROCESSED', 'ERROR'],
  QUOTA_EXCEEDED: [],
  QUOTA_ERROR: [],
  UNPROCESSED: ['PROCESSING', 'ERROR'],
  PROCESSING: ['COMPILING', 'ERROR'],
  COMPILING: ['COMPLETED', 'PREVIEW_ERROR', 'ERROR'],
  ERROR: [],
  PREVIEW_ERROR: ['ARCHIVED'],
  COMPLETED: ['FINALIZED', 'ARCHIVED'],
  FINALIZED: ['ARCHIVED'],
  ARCHIVED: [],
};

/** Whether `from → to` is a legal status change. */
export function canTransition(from: ProcessingStatus, to: ProcessingStatus): boolean {
  return TRANSITIONS[from].includes(to);
}
