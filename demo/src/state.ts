// What the page knows about the models it has loaded (the Models section shows it; the text playground feeds it).
import type { ProblemDetail } from '../../src/browser.ts';

export interface NerState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  loaded: number;
  total: number;
  /** Page start to the first text result, ms. */
  firstResultMs?: number;
  problem?: ProblemDetail;
}

export interface DocumentModelsState {
  /** Documents of each kind this page saw complete (the jobs worker loaded what they need). */
  images: number;
  pdfs: number;
}

export const state: { ner: NerState; documents: DocumentModelsState } = {
  ner: { status: 'idle', loaded: 0, total: 0 },
  documents: { images: 0, pdfs: 0 },
};

const listeners = new Set<() => void>();

/** Calls `fn` after every change; returns the unsubscribe. */
export function subscribe(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Changes the state and tells the listeners. */
export function update(change: (s: typeof state) => void): void {
  change(state);
  for (const fn of listeners) fn();
}
