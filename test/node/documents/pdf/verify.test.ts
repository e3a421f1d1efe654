import { describe, expect, it } from 'vitest';
import { VERIFICATION_FAILED_TYPE, verificationFailed } from '../../../../src/errors/problem.js';
import { verifyPdf } from '../../../../src/documents/pdf/verify.js';
import { normalizeForSearch } from '../../../../src/text/word-search.js';
import { nodePdfjs } from '../../../../src/platform/node/pdfjs.js';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { CANARY, addContent, letterPdf } from './fixtures.js';

describe('verifyPdf (fail closed)', () => {
  it('normalises case, white space and hyphenation', () => {
    expect(normalizeForSearch('Hans-\nPeter  MÜLLER')).toBe(normalizeForSearch('hanspeter müller'));
  });

  it('finds an original string in pdf.js text and streams, reporting the label and the place only', async () => {
    const v = await verifyPdf(nodePdfjs(), await letterPdf(), [
      { label: 'PER', text: CANARY.name },
      { label: 'MAIL', text: 'nobody@else.test' },
    ]);
    expect(v.passed).toBe(false);
    expect(v.checked).toBe(2);
    expect(v.leaks).toContainEqual({
      label: 'PER',
      where: 'text of page 1',
      page: 1,
      boxes: [expect.objectContaining({ y0: 50, y1: 62 })],
    });
    // The box is where the name stands in its line (`Dear ZQXNAME1, …` drawn from x 50), not the whole line.
    const [box] = v.leaks.find((l) => l.where === 'text of page 1')!.boxes!;
    expect(box!.x0).toBeGreaterThan(70);
    expect(box!.x1 - box!.x0).toBeLessThan(60);
    expect(JSON.stringify(v)).not.toContain(CANARY.name);
    // What the document fails with: a 422 told apart by its type, naming labels and places, never the string.
    const { problem } = verificationFailed(v.leaks);
    expect(problem).toMatchObject({ status: 422, type: VERIFICATION_FAILED_TYPE, title: 'Unprocessable Entity' });
    expect(problem.problemCode).toBeUndefined();
    expect(problem.detail).toContain('PER in text of page 1');
    expect(JSON.stringify(problem)).not.toContain(CANARY.name);
  });

  it('counts a string as a word (or with a genitive s), not inside another word or as a PDF name', async () => {
    const doc = await PDFDocument.create();
    await addContent(doc, doc.addPage([595, 842]), 'BT /F1 12 Tf 50 780 Td (The announcement arose from Muellers office.) Tj ET');
    const bytes = await doc.save();
    const leaks = async (text: string) => (await verifyPdf(nodePdfjs(), bytes, [{ label: 'PER', text }])).leaks.map((l) => l.where);
    // Inside longer words: a different word. As PDF names (/Pages, /Page, /Type, /Font): structure, not text.
    for (const name of ['Ann', 'rose', 'Page', 'Pages', 'Type', 'Font']) expect(await leaks(name), name).toEqual([]);
    // A word of its own, or the name with a genitive s, is a leak wherever it is.
    expect(await leaks('office')).toContain('text of page 1');
    expect(await leaks('Mueller')).toContain('text of page 1');
    expect(await leaks('Muellers office')).toContain('text of page 1');
  });

  it('PDF syntax is structure, not text: keywords, operators, the header and pdf.js facts never count; strings do', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([595, 842]);
    await addContent(doc, page, 'BT /F1 12 Tf 50 780 Td (Plain words only.) Tj ET /OC /MC0 BDC EMC');
    page.node.set(PDFName.of('Hidden'), PDFString.of('hidden Kessler'));
    doc.context.trailerInfo.Info = doc.context.obj({ Trapped: false, Title: PDFString.of('Report') });
    const bytes = await doc.save({ useObjectStreams: false });
    const leaks = async (text: string) => (await verifyPdf(nodePdfjs(), bytes, [{ label: 'ORG', text }])).leaks.map((l) => l.where);
    // Words a model may take for names in a page's text, and that the file's syntax is made of.
    for (const word of ['PDF', 'false', 'obj', 'endobj', 'EMC', 'BDC', 'stream', 'trailer', 'Linearized'])
      expect(await leaks(word), word).toEqual([]);
    // Text in a string, wherever it is, still counts.
    expect(await leaks('Kessler')).toContain('raw bytes');
    expect(await leaks('Report')).toContain('metadata');
    expect(await leaks('Plain')).toContain('text of page 1');
  });

  it("a font's identity and program are not text: /Registry (Adobe), /FontFamily (Arial), a font file's name table", async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([595, 842]);
    await addContent(doc, page, 'BT /F1 12 Tf 50 780 Td (Plain words only.) Tj ET');
    const program = doc.context.flateStream('OTTO name table: Copyright Tavmjong Bah, Arial', { Length1: 46 });
    doc.context.register(
      doc.context.obj({
        Type: 'FontDescriptor',
        FontFamily: PDFString.of('Arial'),
        FontFile2: doc.context.register(program),
        CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
      }),
    );
    const bytes = await doc.save({ useObjectStreams: false });
    const leaks = async (text: string) => (await verifyPdf(nodePdfjs(), bytes, [{ label: 'ORG', text }])).leaks.map((l) => l.where);
    for (const word of ['Adobe', 'Arial', 'Identity', 'Tavmjong Bah']) expect(await leaks(word), word).toEqual([]);
    // The same words in a string of any other key still count.
    page.node.set(PDFName.of('Hidden'), PDFString.of('Adobe Arial'));
    const again = await doc.save({ useObjectStreams: false });
    expect((await verifyPdf(nodePdfjs(), again, [{ label: 'ORG', text: 'Adobe' }])).leaks.map((l) => l.where)).toContain('raw bytes');
  });
});
