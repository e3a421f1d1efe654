import { afterAll, describe, expect, it } from 'vitest';
import { createNodeDocumentAnonymizer } from '../../../../src/platform/node/platform.js';
import { imageOfDocx } from '../../../../src/documents/docx/image-of-docx.js';
import { readZip } from '../../../../src/documents/zip/read-zip.js';
import { CANARY, CANARY_CONFIG, canaryDocx } from './fixtures.js';

const engine = createNodeDocumentAnonymizer({ ner: false });
afterAll(() => engine.close());

describe('the PII record of a DOCX', () => {
  it('has one entry per paragraph, a page per story, and the same pseudonym and crId for a name everywhere', async () => {
    const input = canaryDocx();
    const { piiRecord } = await engine.anonymizeDocument(input, CANARY_CONFIG, { documentId: 7 });
    expect(piiRecord).toMatchObject({
      documentId: 7,
      documentName: 'document-7.docx',
      documentType: 'DOCX',
      processingStatus: 'COMPLETED',
    });
    const pages = piiRecord.pageData;
    // paragraphId counts through the document.
    expect(pages.map((p) => p.textData.paragraphId)).toEqual(pages.map((_, i) => i));
    // Page 1 is the main document; then the other stories in part-name order: endnotes, footer, footnotes, header.
    const storyText = (n: number) => pages.filter((p) => p.pageNum === n).map((p) => p.textData.detections.ents.map((e) => e.text));
    expect(storyText(2)).toEqual([[CANARY.name]]);
    expect(storyText(3)).toEqual([[CANARY.name, CANARY.mail]]);
    expect(storyText(4)).toEqual([[CANARY.name]]);
    expect(storyText(5)).toEqual([[CANARY.name], []]);
    expect(Math.max(...pages.map((p) => p.pageNum))).toBe(5);

    const first = pages[0]!.textData.detections;
    expect(first.ents).toEqual([{ startChar: 5, endChar: 13, tag: 'PER', text: CANARY.name, score: 1, startTok: 1, endTok: 2 }]);
    expect(first.pseudonyms).toEqual(['PER-1']);
    // Word files have no page geometry: no boxes.
    expect(first.locationsInOriginalDocument).toEqual([]);
    expect(first.locationsInAnonymizedDocument).toEqual([]);
    const names = pages.flatMap((p) =>
      p.textData.detections.ents.map((e, i) => ({ e, crId: p.textData.detections.crIds[i], ps: p.textData.detections.pseudonyms[i] })),
    );
    const ofName = names.filter((x) => x.e.text === CANARY.name);
    expect(ofName.length).toBeGreaterThanOrEqual(10);
    expect(new Set(ofName.map((x) => x.crId)).size).toBe(1);
    expect(new Set(ofName.map((x) => x.ps))).toEqual(new Set(['PER-1']));
    // The text box is recorded once (its mc:Fallback copy is edited, not counted again).
    const texts = pages.map((p) => p.textData.detections.tokens.map((t) => t.text).join(' '));
    expect(texts.filter((t) => t.startsWith('Box for')).length).toBe(1);
    // Alt texts and links are recorded when something was found in them; shape names like "Picture 3" are not.
    expect(texts.filter((t) => t.startsWith('Photo of')).length).toBe(3);
    expect(texts).not.toContain('Picture 3');

    // The picture: an entry with its imageUrl, whose xref (the ZIP entry's position) the service serves.
    const image = pages.find((p) => p.imagesData.length > 0)!;
    expect(image.pageNum).toBe(1);
    const { imageUrl, xref } = image.imagesData[0]!;
    expect(imageUrl).toBe(`http://localhost/external/v1/documents/7/images/${xref}`);
    const served = imageOfDocx(input, xref);
    expect(served?.contentType).toBe('image/jpeg');
    expect(served?.bytes).toEqual([...readZip(input).entries()].find(([n]) => n === 'word/media/image1.jpeg')![1]);
    expect(imageOfDocx(input, 0)).toBeNull();
  });
});
