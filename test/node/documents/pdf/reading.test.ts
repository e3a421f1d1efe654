import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import type { DocumentJob } from '../../../../src/documents/adapter.js';
import { DEFAULT_MAX_PIXELS } from '../../../../src/documents/image/header.js';
import { anonymizePdf } from '../../../../src/documents/pdf/anonymize-pdf.js';
import { createNodeCodec } from '../../../../src/platform/node/codec.js';
import { createNodeDocumentAnonymizer } from '../../../../src/platform/node/platform.js';
import { nodePdfjs } from '../../../../src/platform/node/pdfjs.js';
import type { ExternalUploadConfig } from '../../../../src/spec/types.js';

// Rules only: what the test pins is what detection is given to read, not the model.
const engine = createNodeDocumentAnonymizer({ ner: false });
afterAll(() => engine.close());

const CONFIG: ExternalUploadConfig = {
  textAnonymization: { labelsConfig: [{ name: 'PER' }, { name: 'LOC' }, { name: 'TEL' }] },
  imageAnonymization: { labelsConfig: [] },
};

/** Pages of text drawn item by item, as a report writer draws a table: each item `[text, x, y]`. */
async function pdfOf(pages: ReadonlyArray<ReadonlyArray<readonly [string, number, number]>>): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const items of pages) {
    const page = doc.addPage([595, 842]);
    for (const [text, x, y] of items) page.drawText(text, { x, y, size: 11, font });
  }
  return doc.save();
}

async function found(bytes: Uint8Array): Promise<string[]> {
  const { piiRecord } = await engine.anonymizeDocument(bytes, CONFIG);
  return piiRecord.pageData.flatMap((p) => p.textData.detections.ents.map((e) => `${p.pageNum} ${e.tag} ${e.text}`));
}

describe('PDF text as detection reads it', () => {
  it('reads a table drawn cell by cell as rows under its header, so a lone surname in a cell is known by its column', async () => {
    const rows = [
      ['Name', 'Vorname', 'Wohnort', 'Telefon'],
      ['Schulze', 'Karin', 'Jena', '03641 284117'],
      ['Brandt', 'Ole', 'Kiel', '0431 3358921'],
    ];
    const items = [
      ['Teilnehmerliste', 50, 780] as const,
      ...rows.flatMap((row, r) => row.map((cell, c) => [cell, 50 + 120 * c, 760 - 16 * r] as const)),
    ];
    expect(await found(await pdfOf([items]))).toEqual([
      '1 PER Schulze',
      '1 PER Karin',
      '1 LOC Jena',
      '1 TEL 03641 284117',
      '1 PER Brandt',
      '1 PER Ole',
      '1 LOC Kiel',
      '1 TEL 0431 3358921',
    ]);
  });

  it('reads all pages in one pass, page after page, a blank line between their blocks', async () => {
    const calls: string[][] = [];
    const job: DocumentJob = {
      imageLabels: new Map(),
      text: async (text) => ({ text, edits: [] }),
      propagate: (units) => units.map((u) => [...u.edits]),
      texts: async (pieces) => {
        calls.push(pieces.map((p) => p.text + (p.joiner ?? '')));
        return pieces.map((p) => ({ text: p.text, edits: [] }));
      },
      documentId: 1,
      imageBaseUrl: 'http://localhost',
    };
    const pdf = await pdfOf([[['Seite eins', 50, 780] as const], [['Seite zwei', 50, 780] as const]]);
    await anonymizePdf(pdf, job, { pdfjs: nodePdfjs(), pixels: createNodeCodec(DEFAULT_MAX_PIXELS) });
    expect(calls).toEqual([['Seite eins\n\n', 'Seite zwei\n\n']]);
  });
});
