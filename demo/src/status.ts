// Processing statuses (spec section 3) as badges and progress.
import type { DocumentProgress, ProcessingStatus } from '../../src/browser.ts';
import { fractionDone } from '../../src/browser.ts';
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

/** "~14 s left", "~2 min left". */
function remaining(ms: number): string {
  return ms < 60_000 ? `~${Math.max(1, Math.round(ms / 1000))} s left` : `~${Math.round(ms / 60_000)} min left`;
}

/**
 * A progress bar for a status (animated while in work); while PROCESSING with page progress, the bar follows the
 * pages through the phases and a caption says where it is and how long it may take.
 */
export function statusProgress(
  status: ProcessingStatus,
  label: string,
  live?: { progress?: DocumentProgress; estimatedDurationMs?: number | null },
): HTMLElement {
  const p = status === 'PROCESSING' ? live?.progress : undefined;
  const value = p ? PROGRESS.UNPROCESSED + (PROGRESS.COMPILING - PROGRESS.UNPROCESSED) * fractionDone(p) : PROGRESS[status];
  const caption = p
    ? [
        `${p.phase} · page ${Math.min(p.pagesDone + 1, p.pagesTotal)}/${p.pagesTotal}`,
        live?.estimatedDurationMs != null ? remaining(live.estimatedDurationMs) : null,
      ]
        .filter(Boolean)
        .join(' · ')
    : null;
  const bar = h('progress', {
    class: `status-bar ${toneOf(status)}`,
    max: 100,
    value: Math.round(value),
    'aria-label': `${label}: ${caption ?? WORDS[status]}`,
  });
  return caption ? h('span', { class: 'status-progress' }, bar, h('small', { class: 'muted phase' }, caption)) : bar;
}

export const statusWord = (s: ProcessingStatus) => WORDS[s];
