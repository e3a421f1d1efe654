import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeDocumentAnonymizer } from '../../../../src/platform/node/platform.js';
import { readZip } from '../../../../src/documents/zip/read-zip.js';
import type { AnonymizedDocument } from '../../../../src/engine/document-engine.js';
import { sofficeConvert, sofficeText } from '../../../../tools/office/soffice.js';
import { ALL_CANARIES, CANARY, CANARY_CONFIG, KEPT, canaryDocx } from './fixtures.js';

const engine = createNodeDocumentAnonymizer({ ner: false });
afterAll(() => engine.close());

/** Where a canary is found: every ZIP part, decoded as UTF-8/latin1 and as UTF-16. */
function partsWith(bytes: Uint8Array, canary: string): string[] {
  const found: string[] = [];
  for (const [name, data] of readZip(bytes)) {
    const latin1 = new TextDecoder('latin1').decode(data);
    const utf16 = new TextDecoder('utf-16le').decode(data);
    if (latin1.includes(canary) || utf16.includes(canary) || new TextDecoder().decode(data).includes(canary)) found.push(name);
  }
  return found;
}

/** Date, time and comment length of every central-directory record (reliability D1: no entry time, no comment). */
function centralRecords(bytes: Uint8Array): Array<{ time: number; date: number; comment: number; extra: number }> {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = [];
  for (let i = 0; i + 46 <= bytes.length; i++)
    if (dv.getUint32(i, true) === 0x02014b50)
      out.push({
        time: dv.getUint16(i + 12, true),
        date: dv.getUint16(i + 14, true),
        extra: dv.getUint16(i + 30, true),
        comment: dv.getUint16(i + 32, true),
      });
  return out;
}

describe('DOCX canaries (reliability D1–D6)', () => {
  const input = canaryDocx();
  let result: AnonymizedDocument;
  let texts: Record<string, string>;
  let parts: Map<string, Uint8Array>;

  beforeAll(async () => {
    result = await engine.anonymize(input, CANARY_CONFIG);
    parts = readZip(result.bytes);
    texts = await sofficeText({ 'in.docx': input, 'out.docx': result.bytes });
  }, 120_000);

  it('the input really carries every canary (the test can fail)', () => {
    for (const c of ALL_CANARIES) expect(partsWith(input, c), c).not.toEqual([]);
    expect(texts['in.docx']).toContain(CANARY.name);
  });

  it('no canary survives in any part of the output', () => {
    expect(result.documentType).toBe('DOCX');
    expect(result.extension).toBe('docx');
    expect(result.verification).toMatchObject({ passed: true, leaks: [] });
    for (const c of ALL_CANARIES) expect(partsWith(result.bytes, c), c).toEqual([]);
  });

  it('no canary in what LibreOffice reads, and the non-PII text is unchanged', () => {
    const out = texts['out.docx']!;
    for (const c of ALL_CANARIES) expect(out, c).not.toContain(c);
    // The visible text is the input's with each detected name replaced, the deleted text gone and the insertion kept.
    const expected = texts['in.docx']!.replaceAll(CANARY.name, 'PER-1').replace(CANARY.deleted, '');
    expect(out).toBe(expected);
    for (const k of KEPT) expect(out).toContain(k);
  });

  it('drops properties, comments, people, custom XML, macros and embedded objects; keeps the stories', () => {
    const names = [...parts.keys()].sort();
    for (const gone of [
      'docProps/core.xml',
      'docProps/app.xml',
      'docProps/custom.xml',
      'word/comments.xml',
      'word/people.xml',
      'customXml/item1.xml',
      'word/vbaProject.bin',
      'word/embeddings/oleObject1.bin',
    ])
      expect(names).not.toContain(gone);
    for (const kept of [
      'word/document.xml',
      'word/header1.xml',
      'word/footer1.xml',
      'word/footnotes.xml',
      'word/endnotes.xml',
      'word/settings.xml',
      'word/media/image1.jpeg',
    ])
      expect(names).toContain(kept);
    const rels = new TextDecoder().decode(parts.get('word/_rels/document.xml.rels'));
    expect(rels).not.toMatch(/comments|people|oleObject|vbaProject|customXml/);
    expect(new TextDecoder().decode(parts.get('_rels/.rels'))).not.toMatch(/docProps/);
    const types = new TextDecoder().decode(parts.get('[Content_Types].xml'));
    expect(types).not.toMatch(/comments|people|vbaProject|core-properties/);
  });

  it('accepts tracked changes and removes authors, dates, rsids and personal settings', () => {
    const doc = new TextDecoder().decode(parts.get('word/document.xml'));
    expect(doc).not.toMatch(/w:del\b|w:ins\b|rPrChange|w:author|w:date|w:rsid|commentRange|commentReference|OLEObject/);
    expect(doc).toContain(KEPT[2]);
    const header = new TextDecoder().decode(parts.get('word/header1.xml'));
    expect(header).not.toMatch(/w:del\b|w:ins\b|w:author|w:date/);
    expect(header).toContain('Header kept');
    const settings = new TextDecoder().decode(parts.get('word/settings.xml'));
    expect(settings).not.toMatch(/attachedTemplate|docVars|rsids|trackRevisions/);
    expect(settings).toContain('defaultTabStop');
    expect(new TextDecoder().decode(parts.get('word/_rels/settings.xml.rels') ?? new Uint8Array())).not.toMatch(/file:/);
  });

  it('replaces both copies of a text box, alt texts, field instructions and hyperlink targets', () => {
    const doc = new TextDecoder().decode(parts.get('word/document.xml'));
    expect(doc.match(/Box for PER-1/g)).toHaveLength(2);
    expect(doc).toContain('descr="Photo of PER-1"');
    expect(doc).toContain('HYPERLINK "mailto:MAIL-1"');
    expect(doc).toContain('w:tooltip="Mail PER-1"');
    const rels = new TextDecoder().decode(parts.get('word/_rels/document.xml.rels'));
    expect(rels).toContain('Target="mailto:MAIL-1?subject=PER-1"');
  });

  it('re-encodes images from pixels (EXIF gone) and writes a ZIP without dates or comments', () => {
    const jpeg = parts.get('word/media/image1.jpeg')!;
    expect([jpeg[0], jpeg[1], jpeg[2]]).toEqual([0xff, 0xd8, 0xff]);
    expect(new TextDecoder('latin1').decode(jpeg)).not.toContain('Exif');
    const records = centralRecords(result.bytes);
    expect(records).toHaveLength(parts.size);
    for (const r of records) expect(r).toEqual({ time: 0, date: 0x21, comment: 0, extra: 0 });
  });

  it('opens in LibreOffice as a document it can convert to PDF', async () => {
    const pdf = await sofficeConvert({ 'out.docx': result.bytes }, 'pdf');
    expect(new TextDecoder('latin1').decode(pdf['out.docx']!.subarray(0, 5))).toBe('%PDF-');
  }, 120_000);
});
