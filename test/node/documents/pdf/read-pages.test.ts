import { describe, expect, it } from 'vitest';
import type { PdfPageText } from '../../../../src/documents/pdf/read.js';
import type { ReadPage } from '../../../../src/documents/pdf/read-pages.js';
import { rasteriseFirst, rasterReason } from '../../../../src/documents/pdf/read-pages.js';
import type { Edit } from '../../../../src/replacement/apply.js';

/** A page's text with the given letters (a space is no letter) and counts. */
function page(letters: string, extra: Partial<PdfPageText> = {}): PdfPageText {
  return {
    glyphs: [...letters].map((text) => ({ text })),
    garbled: false,
    unsafeFonts: false,
    imageCount: 0,
    pathCount: 0,
    ...extra,
  } as PdfPageText;
}

describe('rasterReason (pages that go to the rasteriser whatever is found on them)', () => {
  it('rewrites a page with usable text', () => {
    expect(rasterReason(page('Anna', { imageCount: 3, pathCount: 500 }))).toBeNull();
    expect(rasterReason(page(' '))).toBeNull();
  });

  it('rasterises text without usable Unicode, a scan, and text drawn as outlines', () => {
    expect(rasterReason(page('Anna', { garbled: true }))).toBe('text without usable Unicode');
    expect(rasterReason(page('  ', { imageCount: 1 }))).toBe('scanned page');
    expect(rasterReason(page('', { pathCount: 201 }))).toBe('text as vector outlines');
    expect(rasterReason(page('', { pathCount: 200 }))).toBeNull();
  });
});

describe('rasteriseFirst (the decision before any rewrite)', () => {
  const edit = { start: 0, end: 4 } as Edit;
  const read = (text: PdfPageText, edits: Edit[]): ReadPage => ({
    text,
    paragraphs: [{ paragraph: {} as ReadPage['paragraphs'][number]['paragraph'], edits, paragraphId: 0 }],
    rasterReason: rasterReason(text),
  });

  it("keeps the page's own reason", () => {
    expect(rasteriseFirst(read(page('x', { garbled: true }), []))).toBe('text without usable Unicode');
  });

  it('rasterises a page with fonts the rewrite cannot measure only where something on it is redacted', () => {
    expect(rasteriseFirst(read(page('Anna', { unsafeFonts: true }), [edit]))).toBe('fonts the rewrite cannot measure');
    expect(rasteriseFirst(read(page('Anna', { unsafeFonts: true }), []))).toBeNull();
    expect(rasteriseFirst(read(page('Anna'), [edit]))).toBeNull();
  });
});
