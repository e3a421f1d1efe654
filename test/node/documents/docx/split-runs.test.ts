import { afterAll, describe, expect, it } from 'vitest';
import { createNodeDocumentAnonymizer } from '../../../../src/platform/node/platform.js';
import { readZip } from '../../../../src/documents/zip/read-zip.js';
import { seeded } from '../../../../tools/seeded-random.js';
import { CANARY, CANARY_CONFIG, buildDocx } from './fixtures.js';

const engine = createNodeDocumentAnonymizer({ ner: false });
afterAll(() => engine.close());

/** What Word puts between and around runs of one word (reliability D4). */
const BETWEEN = [
  '',
  '<w:proofErr w:type="spellStart"/>',
  '<w:proofErr w:type="spellEnd"/>',
  '<w:bookmarkStart w:id="7" w:name="b"/>',
  '<w:bookmarkEnd w:id="7"/>',
  '<w:r><w:rPr><w:b/></w:rPr></w:r>',
];
const WRAPS: Array<(runs: string) => string> = [
  (r) => r,
  (r) => `<w:ins w:id="9" w:author="A" w:date="2024-01-01T00:00:00Z">${r}</w:ins>`,
  (r) => `<w:smartTag w:uri="urn:schemas-microsoft-com:office:smarttags" w:element="PersonName">${r}</w:smartTag>`,
  (r) => `<w:hyperlink w:anchor="top">${r}</w:hyperlink>`,
  (r) => `<w:fldSimple w:instr=" MERGEFIELD x ">${r}</w:fldSimple>`,
];

/** "Dear <name>, thank you." with the whole sentence cut at random points into runs of random formatting and wrappers. */
function splitParagraph(rnd: () => number): string {
  const text = `Dear ${CANARY.name}, thank you.`;
  const cuts = new Set<number>();
  const count = 1 + Math.floor(rnd() * 6);
  for (let i = 0; i < count; i++) cuts.add(5 + Math.floor(rnd() * (CANARY.name.length + 1)));
  const points = [0, ...[...cuts].sort((a, b) => a - b), text.length];
  let xml = '';
  for (let i = 0; i + 1 < points.length; i++) {
    const piece = text.slice(points[i], points[i + 1]);
    if (piece === '') continue;
    const props = rnd() < 0.5 ? '<w:rPr><w:i/></w:rPr>' : '';
    const run = `<w:r>${props}<w:t xml:space="preserve">${piece}</w:t></w:r>`;
    xml += BETWEEN[Math.floor(rnd() * BETWEEN.length)]! + WRAPS[Math.floor(rnd() * WRAPS.length)]!(run);
  }
  return `<w:p>${xml}</w:p>`;
}

/** The text of document.xml as a reader gets it: tags dropped (no separator), so text split over runs joins up. */
function bodyText(docx: Uint8Array): string {
  const xml = new TextDecoder().decode(readZip(docx).get('word/document.xml'));
  return xml.replace(/<[^>]*>/g, '').trim();
}

describe('a name split over runs (reliability D4, property test)', () => {
  it('is always found and replaced, whatever the split points, formatting and wrappers', async () => {
    for (let seed = 1; seed <= 200; seed++) {
      const input = buildDocx({ body: splitParagraph(seeded(seed)) });
      expect(bodyText(input), `seed ${seed}`).toBe(`Dear ${CANARY.name}, thank you.`);
      const { bytes, pageData } = await engine.anonymize(input, CANARY_CONFIG);
      expect(bodyText(bytes), `seed ${seed}`).toBe('Dear PER-1, thank you.');
      expect(pageData[0]!.textData.detections.ents.map((e) => [e.text, e.startChar, e.endChar])).toEqual([[CANARY.name, 5, 13]]);
    }
  });
});
