import { afterAll, describe, expect, it } from 'vitest';
import { createNodeDocumentAnonymizer } from '../../../../src/platform/node/platform.js';
import type { ExternalUploadConfig } from '../../../../src/spec/types.js';
import { collectSegments } from '../../../../src/documents/docx/segments.js';
import { parseXml } from '../../../../src/documents/docx/xml.js';
import { buildDocx, para } from './fixtures.js';

// Rules only: what the test pins is what detection is given to read, not the model.
const engine = createNodeDocumentAnonymizer({ ner: false });
afterAll(() => engine.close());

const CONFIG: ExternalUploadConfig = {
  textAnonymization: { labelsConfig: [{ name: 'PER' }, { name: 'LOC' }, { name: 'TEL' }] },
  imageAnonymization: { labelsConfig: [] },
};

const cell = (text: string) => `<w:tc><w:tcPr><w:tcW w:w="2000" w:type="dxa"/></w:tcPr>${text === '' ? '<w:p/>' : para(text)}</w:tc>`;
const row = (cells: readonly string[]) => `<w:tr>${cells.map(cell).join('')}</w:tr>`;
const table = (rows: ReadonlyArray<readonly string[]>) =>
  `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/></w:tblPr><w:tblGrid>${rows[0]!.map(() => '<w:gridCol w:w="2000"/>').join('')}</w:tblGrid>${rows.map(row).join('')}</w:tbl>`;

/** Each detected string of the record with its label. */
async function found(body: string): Promise<string[]> {
  const { piiRecord } = await engine.anonymizeDocument(buildDocx({ body }), CONFIG);
  return piiRecord.pageData.flatMap((p) => p.textData.detections.ents.map((e) => `${e.tag} ${e.text}`));
}

describe('DOCX text as detection reads it', () => {
  it('reads a table row by row under its header, so a lone surname in a cell is known by its column', async () => {
    const body = table([
      ['Name', 'Vorname', 'Wohnort', 'Telefon'],
      ['Schulze', 'Karin', 'Jena', '03641 284117'],
      ['Brandt', 'Ole', '', '040 3358921'],
    ]);
    const ents = await found(body);
    expect(ents).toEqual(
      expect.arrayContaining(['PER Schulze', 'PER Karin', 'LOC Jena', 'TEL 03641 284117', 'PER Brandt', 'PER Ole', 'TEL 040 3358921']),
    );
    // The same cell read alone gives the rules nothing to go on.
    expect(await found(para('Schulze'))).toEqual([]);
  });

  it('reads a part’s paragraphs together: a name in one paragraph is known by the label in the one before', async () => {
    expect(await found([para('Ansprechpartnerin:'), para('Okonkwo-Bauer')].join(''))).toEqual(['PER Okonkwo-Bauer']);
    expect(await found(para('Okonkwo-Bauer'))).toEqual([]);
  });

  it('keeps what each paragraph holds in its own record entry, with offsets of its own', async () => {
    const { piiRecord } = await engine.anonymizeDocument(
      buildDocx({ body: [para('Telefon:'), para('Ruf 03641 284117 an')].join('') }),
      CONFIG,
    );
    expect(piiRecord.pageData.map((p) => p.textData.detections.ents.map((e) => [e.startChar, e.endChar, e.text]))).toEqual([
      [],
      [[4, 16, '03641 284117']],
    ]);
  });

  it('joins a part’s paragraphs by line breaks, a blank line for an empty paragraph, cells of a row by tabs (an empty first cell too)', () => {
    const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
    const body = [
      para('Anna Schmidt'),
      '<w:p/>',
      para('Sehr geehrte Frau Schmidt,'),
      table([
        ['Name', 'Ort'],
        ['Brandt', 'Kiel'],
        ['', 'Jena'],
      ]),
    ].join('');
    const xml = `<w:document xmlns:w="${W}"><w:body>${body}</w:body></w:document>`;
    const segments = collectSegments(parseXml(new TextEncoder().encode(xml), 'word/document.xml'), 'word/document.xml');
    expect(segments.map((s) => s.text + (s.joiner ?? ''))).toEqual([
      'Anna Schmidt\n\n',
      'Sehr geehrte Frau Schmidt,\n',
      'Name\t',
      'Ort\n',
      'Brandt\t',
      'Kiel\n\t',
      'Jena\n',
    ]);
  });
});
