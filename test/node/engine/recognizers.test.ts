import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
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

describe("the shipped model's tuning", () => {
  it('is data beside the model (models/ner/tuning.json, hashed in the manifest), read by the engine', () => {
    const path = new URL('../../../models/ner/tuning.json', import.meta.url);
    const manifest = JSON.parse(readFileSync(new URL('../../../models/manifest.json', import.meta.url), 'utf8')) as {
      models: { files: { path: string; sha256: string }[] }[];
    };
    const entry = manifest.models.flatMap((m) => m.files).find((f) => f.path === 'ner/tuning.json');
    expect(entry?.sha256).toBe(createHash('sha256').update(readFileSync(path)).digest('hex'));
    const tuning = JSON.parse(readFileSync(path, 'utf8')) as { minScore: Record<string, number>; contextGates: Record<string, string> };
    expect(SHIPPED_MODEL.minScore).toEqual(tuning.minScore);
    expect(SHIPPED_MODEL.contextGates.STR?.source).toBe(tuning.contextGates['STR']);
    expect(SHIPPED_MODEL.contextGates.STR?.test('Sie wohnt in der ')).toBe(true);
    expect(SHIPPED_MODEL.contextGates.STR?.test('Sie wohnt ')).toBe(false);
  });
});
