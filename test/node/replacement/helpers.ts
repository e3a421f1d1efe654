import type { TextLabelName } from '../../../src/spec/types.js';
import type { Span } from '../../../src/text/span.js';

/** Span over the `occurrence`-th (0-based) occurrence of `substring` in `text`. */
export function spanOf(text: string, substring: string, label: TextLabelName, occurrence = 0, score = 0.9): Span {
  let start = -1;
  for (let i = 0; i <= occurrence; i++) {
    start = text.indexOf(substring, start + 1);
    if (start < 0) throw new Error(`"${substring}" #${occurrence} not in text`);
  }
  return { start, end: start + substring.length, label, score, source: 'test' };
}

/** Spans for `[[LABEL|text]]` markup: returns the plain text and its spans in text order. */
export function parseMarked(marked: string): { text: string; spans: Span[] } {
  const spans: Span[] = [];
  let text = '';
  let last = 0;
  for (const m of marked.matchAll(/\[\[([A-Z]+)\|([^\]]*)\]\]/gu)) {
    text += marked.slice(last, m.index);
    const start = text.length;
    text += m[2]!;
    spans.push({ start, end: text.length, label: m[1] as TextLabelName, score: 0.9, source: 'test' });
    last = m.index + m[0].length;
  }
  text += marked.slice(last);
  return { text, spans };
}
