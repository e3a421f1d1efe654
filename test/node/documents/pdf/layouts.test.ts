// Issue 16: the PDF path finds at least what the text path finds. One letter, typeset in several layouts; every
// entity that text() finds in the letter's plain text must be redacted in each PDF (rules only: deterministic).
import { PDFDocument, degrees, StandardFonts } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { createNodeDocumentAnonymizer } from '../../../../src/platform/node/platform.js';
import { createAnonymizer } from '../../../../src/platform/node/text.js';
import { nodePdfjs } from '../../../../src/platform/node/pdfjs.js';
import { normalizeForSearch } from '../../../../src/text/word-search.js';
import { addContent } from './fixtures.js';
import { evidenceWith } from './inspect.js';

const LETTER = [
  'Sehr geehrter Herr Krüger,',
  'vielen Dank für Ihr Schreiben vom 14.03.2024. Bitte überweisen Sie den Betrag auf das Konto',
  'DE89 3704 0044 0532 0130 00 bei der Sparkasse. Sie erreichen Frau Sabine Hoffmann unter',
  'sabine.hoffmann@example.de oder telefonisch unter +49 30 1234567.',
  'Unsere Anschrift lautet Jungfernstieg 30, 20354 Hamburg.',
];
const PLAIN = LETTER.join('\n');

const engine = createNodeDocumentAnonymizer({ ner: false });
afterAll(() => engine.close());

type Layout = (doc: PDFDocument) => Promise<void>;
const A4: [number, number] = [595, 842];

/** Lines of Helvetica 10 from the top; `x` per column. */
async function lines(doc: PDFDocument, rows: string[], opts: { x?: number; top?: number; page?: ReturnType<PDFDocument['addPage']> } = {}) {
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = opts.page ?? doc.addPage(A4);
  rows.forEach((r, i) => page.drawText(r, { x: opts.x ?? 50, y: (opts.top ?? 780) - i * 13, size: 10, font }));
  return page;
}

const LAYOUTS: Record<string, Layout> = {
  'one column': async (doc) => void (await lines(doc, LETTER)),
  'two columns': async (doc) => {
    // The letter's first half in the left column, the rest in the right one, each line broken at a space.
    const words = PLAIN.split(/(?<=\s)/);
    const rows: string[] = [];
    let row = '';
    for (const w of words) {
      if ((row + w).length > 45 || w.includes('\n')) {
        rows.push((row + (w.includes('\n') ? w.trimEnd() : '')).trim());
        row = w.includes('\n') ? '' : w;
      } else row += w;
    }
    rows.push(row.trim());
    const half = Math.ceil(rows.length / 2);
    const page = await lines(doc, rows.slice(0, half), { x: 40 });
    await lines(doc, rows.slice(half), { x: 310, page });
  },
  'justified without space characters': async (doc) => {
    const page = doc.addPage(A4);
    const tj = (row: string) =>
      `[${row
        .split(' ')
        .map((w) => `<${Buffer.from(w, 'latin1').toString('hex')}>`)
        .join(' -180 ')}] TJ`;
    await addContent(doc, page, ['BT /F1 10 Tf 50 780 Td', ...LETTER.map((r, i) => `${i ? '0 -13 Td ' : ''}${tj(r)}`), 'ET'].join('\n'));
  },
  'hyphenated across lines': async (doc) => {
    await lines(doc, [
      'Sehr geehrter Herr Krüger,',
      'vielen Dank für Ihr Schreiben vom 14.03.2024. Bitte überweisen Sie den Betrag auf das Konto',
      'DE89 3704 0044 0532 0130 00 bei der Sparkasse. Sie erreichen Frau Sabine Hoff-',
      'mann unter sabine.hoffmann@example.de oder telefonisch unter +49 30 1234567.',
      'Unsere Anschrift lautet Jungfern-',
      'stieg 30, 20354 Hamburg.',
    ]);
  },
  'a table': async (doc) => {
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = await lines(doc, LETTER);
    const cells = [
      ['Konto', 'DE89 3704 0044 0532 0130 00'],
      ['E-Mail', 'sabine.hoffmann@example.de'],
      ['Telefon', '+49 30 1234567'],
    ];
    cells.forEach(([k, v], i) => {
      page.drawText(k!, { x: 50, y: 600 - i * 14, size: 10, font });
      page.drawText(v!, { x: 200, y: 600 - i * 14, size: 10, font });
    });
  },
  'a rotated page': async (doc) => {
    const page = await lines(doc, LETTER);
    page.setRotation(degrees(90));
  },
};

describe('every entity the text path finds is redacted in the PDF, whatever the layout', () => {
  it.each(Object.keys(LAYOUTS))('%s', async (name) => {
    const found = await createAnonymizer({ ner: false }).detect(PLAIN, {});
    const originals = found.map((s) => PLAIN.slice(s.start, s.end));
    expect(originals.length).toBeGreaterThanOrEqual(8);
    const doc = await PDFDocument.create();
    await LAYOUTS[name]!(doc);
    const result = await engine.anonymize(await doc.save(), null);
    expect(result.verification?.passed).toBe(true);
    const redacted = new Set(result.pageData.flatMap((p) => p.textData.detections.ents.map((e) => normalizeForSearch(e.text))));
    const ev = await evidenceWith(nodePdfjs(), result.bytes);
    const left = normalizeForSearch(ev.text);
    for (const o of originals) {
      const key = normalizeForSearch(o);
      // Found by the PDF path (whole, or the cell/column it stands in), and nothing of it left on the page.
      expect(
        [...redacted].some((r) => r.includes(key) || key.includes(r)),
        `${name}: ${o} detected`,
      ).toBe(true);
      expect(left.includes(key), `${name}: ${o} left`).toBe(false);
    }
  });
});
