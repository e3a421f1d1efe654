import { describe, expect, it } from 'vitest';
import { SHIPPED_MODEL } from '../../../src/engine/recognizers.js';
import type { Span } from '../../../src/text/span.js';

const span = (text: string, word: string, label: Span['label']): Span => {
  const start = text.indexOf(word);
  return { start, end: start + word.length, label, score: 0.6, source: 'ner' };
};

describe("the shipped model's span filter", () => {
  it('drops a degree after a name taken for a person, keeps it as a place', () => {
    const signed = "Kind regards, Dr. Emily O'Brien, MD, Senior Counsel";
    expect(SHIPPED_MODEL.dropSpan(signed, span(signed, 'MD', 'PER'), 'en')).toBe(true);
    const place = 'We flew from Baltimore, MD to Boston.';
    expect(SHIPPED_MODEL.dropSpan(place, span(place, 'MD', 'LOC'), 'en')).toBe(false);
  });
});
