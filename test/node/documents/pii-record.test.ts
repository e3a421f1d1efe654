import { describe, expect, it } from 'vitest';
import { buildImageData, buildPageEntry, imageUrlOf } from '../../../src/documents/pii-record.js';
import type { Edit } from '../../../src/replacement/apply.js';

const text = 'Herr Max Mustermann ruft an. Tel. 030 1234567';
const edits: Edit[] = [
  {
    start: 5,
    end: 19,
    label: 'PER',
    score: 0.9,
    original: 'Max Mustermann',
    replacement: 'PER-1',
    pseudonym: 'PER-1',
    crId: 0,
    source: 'ner',
  },
  {
    start: 34,
    end: 45,
    label: 'TEL',
    score: 0.95,
    original: '030 1234567',
    replacement: '***',
    pseudonym: null,
    crId: 1,
    source: 'pattern',
  },
];

describe('PII record page entries', () => {
  it('lists tokens, entities with token indices, sentence starts, pseudonyms, crIds and one box per entity', () => {
    const entry = buildPageEntry({ pageNum: 1, paragraphId: 3, text, edits, locateOriginal: (s, e) => ({ x0: s, y0: 0, x1: e, y1: 10 }) });
    const d = entry.textData.detections;
    expect(entry.pageNum).toBe(1);
    expect(entry.textData.paragraphId).toBe(3);
    expect(d.tokens.map((t) => t.text)).toEqual(['Herr', 'Max', 'Mustermann', 'ruft', 'an', '.', 'Tel', '.', '030', '1234567']);
    expect(d.ents).toEqual([
      { startChar: 5, endChar: 19, tag: 'PER', text: 'Max Mustermann', score: 0.9, startTok: 1, endTok: 3 },
      { startChar: 34, endChar: 45, tag: 'TEL', text: '030 1234567', score: 0.95, startTok: 8, endTok: 10 },
    ]);
    expect(d.sentenceStarts).toEqual([0, 29]);
    expect(d.pseudonyms).toEqual(['PER-1', '***']);
    expect(d.crIds).toEqual([0, 1]);
    expect(d.locationsInOriginalDocument).toEqual([
      { x0: 5, y0: 0, x1: 19, y1: 10 },
      { x0: 34, y0: 0, x1: 45, y1: 10 },
    ]);
    expect(d.locationsInAnonymizedDocument).toEqual(d.locationsInOriginalDocument);
    expect(entry.imagesData).toEqual([]);
  });

  it('image data: one detection per label with polygons and scores; the URL is the engine’s own', () => {
    const url = imageUrlOf('http://localhost:8080/', 7, 0);
    expect(url).toBe('http://localhost:8080/external/v1/documents/7/images/0');
    const data = buildImageData(url, 0, [
      { label: 'face', regions: [{ box: { x0: 1, y0: 2, x1: 11, y1: 22 }, score: 0.91234 }] },
      { label: 'text', regions: [] },
    ]);
    expect(data).toEqual({
      imageUrl: url,
      xref: 0,
      detections: [
        {
          label: 'face',
          bboxs: [
            [
              [1, 2],
              [11, 2],
              [11, 22],
              [1, 22],
            ],
          ],
          scores: [0.912],
        },
      ],
    });
  });
});
