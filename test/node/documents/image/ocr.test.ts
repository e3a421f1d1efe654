import { afterAll, describe, expect, it } from 'vitest';
import { createNodeDocumentAnonymizer } from '../../../../src/platform/node/platform.js';
import { decodeImage } from '../../../../src/documents/image/decode.js';
import { createNodeCodec } from '../../../../src/platform/node/codec.js';
import { corpusFiles } from '../../../helpers/images.js';

// Presidio's OCR sample: a paragraph with a name, a phone number and an e-mail address.
const [sample] = corpusFiles('presidio-image', ['ocr_test.png']);

describe.skipIf(!sample)('text in images with tesseract.js (Node, local traineddata)', () => {
  // Rules only: this pins OCR and the word-box mapping, not the NER model's judgement.
  const engine = createNodeDocumentAnonymizer({ ner: false });
  afterAll(() => engine.close());

  it('finds PER, TEL and MAIL in the OCR text and blacks out exactly those words', async () => {
    const out = await engine.anonymize(sample!.bytes, {
      textAnonymization: { labelsConfig: [{ name: 'PER' }, { name: 'TEL' }, { name: 'MAIL' }] },
      imageAnonymization: { labelsConfig: [] },
    });
    const d = out.pageData[0]!.textData.detections;
    expect(d.ents.map((e) => [e.tag, e.text])).toEqual([
      ['PER', 'David Johnson'],
      ['TEL', '(212) 555-1234'],
      ['MAIL', 'opencode@microsoft.com'],
    ]);
    expect(d.tokens.length).toBeGreaterThan(100);
    const codec = createNodeCodec(50e6);
    const img = await decodeImage(out.bytes, 'png', codec, 50e6);
    for (const b of d.locationsInOriginalDocument) {
      const p = (Math.floor((b.y0 + b.y1) / 2) * img.width + Math.floor(b.x0 + 3)) * 4;
      expect([...img.data.subarray(p, p + 4)]).toEqual([0, 0, 0, 255]);
    }
  });
});
