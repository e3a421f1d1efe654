import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TEXT_LABELS } from '../../../../src/spec/types.js';
import { MarkupError, OWN_DEV_LANGS, ownDevOutputs, ownDevRecords, parseOwnDev } from '../../../../tools/eval/own-dev.js';

const doc = (body: string) => `kind: letter\n---\n${body}\n`;

describe('own-dev markup', () => {
  it('turns [[LABEL|text]] into UTF-16 offsets, end exclusive', () => {
    const parsed = parseOwnDev(doc('Herr [[PER|Jonas Bäcker]] 👋 aus [[LOC|10115 Berlin]].'));
    expect(parsed.kind).toBe('letter');
    expect(parsed.text).toBe('Herr Jonas Bäcker 👋 aus 10115 Berlin.');
    expect(parsed.entities.map((e) => [parsed.text.slice(e.start, e.end), e.label])).toEqual([
      ['Jonas Bäcker', 'PER'],
      ['10115 Berlin', 'LOC'],
    ]);
  });

  it.each([
    ['no header', 'Herr [[PER|Jonas]]'],
    ['unknown kind', 'kind: poem\n---\nx'],
    ['unknown label', doc('[[NAME|Jonas]]')],
    ['swapped order', doc('[[Jonas|PER]]')],
    ['unclosed', doc('[[PER|Jonas')],
    ['stray close', doc('Jonas]] hier')],
    ['nested', doc('[[ORG|[[PER|Jonas]] GmbH]]')],
    ['empty span', doc('[[PER|]]')],
    ['no bar', doc('[[Jonas]]')],
    ['leading space', doc('[[PER| Jonas]]')],
    ['trailing space', doc('[[PER|Jonas ]]')],
  ])('fails loudly: %s', (_name, source) => {
    expect(() => parseOwnDev(source, 'x.txt')).toThrow(MarkupError);
  });
});

describe('eval/own-dev', () => {
  it('the committed JSONL and sidecars are exactly what the sources give', () => {
    for (const [path, content] of ownDevOutputs()) expect(readFileSync(path, 'utf8'), path).toBe(content);
  });

  it.each(OWN_DEV_LANGS)('%s: at least 20 documents with clean, non-overlapping spans of labels.md', (lang) => {
    const records = ownDevRecords(lang);
    expect(records.length).toBeGreaterThanOrEqual(20);
    for (const r of records) {
      expect(r.lang).toBe(lang);
      expect(r.source).toBe('own-dev');
      expect(r.kind).toBeTruthy();
      expect([...(r.labels ?? [])].sort()).toEqual([...TEXT_LABELS].sort());
      expect(r.entities.length, r.id).toBeGreaterThanOrEqual(10);
      let prevEnd = 0;
      for (const e of r.entities) {
        const span = r.text.slice(e.start, e.end);
        const where = `${r.id} ${e.start}-${e.end} ${JSON.stringify(span)}`;
        expect(TEXT_LABELS as readonly string[], where).toContain(e.label);
        expect(span.length, where).toBeGreaterThan(0);
        expect(span, where).toBe(span.trim());
        expect(e.start, `${where} overlaps the previous span`).toBeGreaterThanOrEqual(prevEnd);
        prevEnd = e.end;
      }
    }
  });
});
