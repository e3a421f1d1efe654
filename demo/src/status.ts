// Processing statuses (spec section 3) as badges and progress.
import type { ProcessingStatus } from '../../src/browser.ts';
import { h } from './dom.ts';

/** How far along the lifecycle COMPUTING_QUOTA → UNPROCESSED → PROCESSING → COMPILING → COMPLETED a status is. */
export const PROGRESS: Record<ProcessingStatus, number> = {
  COMPUTING_QUOTA: 10,
  UNPROCESSED: 25,
  PROCESSING: 55,
  COMPILING: 85,
  COMPLETED: 100,
  FINALIZED: 100,
  ARCHIVED: 100,
  ERROR: 100,
  PREVIEW_ERROR: 100,
  QUOTA_EXCEEDED: 100,
  QUOTA_ERROR: 100,
};

const WORDS: Record<ProcessingStatus, string> = {
  COMPUTING_QUOTA: 'checking quota',
  UNPROCESSED: 'queued',
  PROCESSING: 'anonymizing',
  COMPILING: 'writing result',
  COMPLETED: 'done',
  FINALIZED: 'finalized',
  ARCHIVED: 'archived',
  ERROR: 'failed',
  PREVIEW_ERROR: 'failed',
  QUOTA_EXCEEDED: 'quota exceeded',
  QUOTA_ERROR: 'quota error',
};

export type Tone = 'ok' | 'bad' | 'busy';
export const toneOf = (s: ProcessingStatus): Tone =>
  s === 'COMPLETED' || s === 'FINALIZED' || s === 'ARCHIVED' ? 'ok' : PROGRESS[s] === 100 ? 'bad' : 'busy';

/** The status as a badge: the spec's value and a word for people. */
export function statusBadge(status: ProcessingStatus): HTMLElement {
  return h('span', { class: `badge ${toneOf(status)}`, title: WORDS[status] }, status);
}

/** A progress bar for a status (animated while in work). */
export function statusProgress(status: ProcessingStatus, label: string): HTMLElement {
  return h('progress', {
    class: `status-bar ${toneOf(status)}`,
    max: 100,
    value: PROGRESS[status],
    'aria-label': `${label}: ${WORDS[status]}`,
  });
}

export const statusWord = (s: ProcessingStatus) => WORDS[s];
