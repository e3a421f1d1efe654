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

  it('drops a known organisation taken for a person (a profile field), and a job rank beside a common word', () => {
    const field = 'Mobile: 07911 123456 | LinkedIn: linkedin.com/in/seun';
    expect(SHIPPED_MODEL.dropSpan(field, span(field, 'LinkedIn', 'PER'), 'en')).toBe(true);
    const cv = '2016–2019     Junior Analyst, Barclays';
    expect(SHIPPED_MODEL.dropSpan(cv, span(cv, 'Analyst', 'PER'), 'en')).toBe(true);
    expect(SHIPPED_MODEL.dropSpan(cv, span(cv, 'Junior Analyst', 'PER'), 'en')).toBe(true);
    const name = 'Ask Tom Senior about it.';
    expect(SHIPPED_MODEL.dropSpan(name, span(name, 'Tom Senior', 'PER'), 'en')).toBe(false);
  });
});
