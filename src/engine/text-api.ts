import type { TextCallOptions } from './text-engine.js';
import type { PseudonymizedText, TextLabel, TextRequest } from '../spec/types.js';
import type { Span } from '../text/span.js';

/** What `workers/text.worker.ts` exposes: the text engine with cloneable arguments (no AbortSignal). */
export interface TextWorkerApi {
  text(request: TextRequest, options?: Omit<TextCallOptions, 'signal'>): Promise<PseudonymizedText>;
  detect(text: string, options?: { labels?: readonly string[]; config?: TextCallOptions['config'] }): Promise<Span[]>;
  getTextLabels(): TextLabel[];
}
