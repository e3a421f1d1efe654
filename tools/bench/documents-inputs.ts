// The bench's inputs, the same in Node and Chromium: generated A4 text pages with 46 lines and 9–10 entities each, as
// a PDF (one text line per line) or a DOCX (one paragraph per line, a page break after each page).
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { writeZip } from '../../src/documents/zip/write-zip.js';

export type BenchFormat = 'pdf' | 'docx';

/** Page counts the bench measures, per format (the issue asks for a 50-page DOCX). */
export const BENCH_PAGES: Record<BenchFormat, readonly number[]> = { pdf: [10, 100], docx: [10, 50] };

const firstLine = 'Sehr geehrter Herr Hans Müller, Ihre Nachricht an max.mustermann@example.de vom 12.03.2021.';
const line = (i: number, p: number) => `Zeile ${i + 1}: Rückfragen bitte unter Tel. 030 1234567 oder an info@firma.de, Seite ${p + 1}.`;

async function benchPdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([595, 842]);
    page.drawText(firstLine, { x: 50, y: 790, size: 11, font });
    for (let i = 0; i < 45; i++) page.drawText(line(i, p), { x: 50, y: 760 - i * 15, size: 10, font });
  }
  return doc.save();
}

function benchDocx(pages: number): Uint8Array {
  const enc = (s: string) => new TextEncoder().encode(s);
  const para = (t: string, pageBreak = false) =>
    `<w:p><w:r>${pageBreak ? '<w:br w:type="page"/>' : ''}<w:t xml:space="preserve">${t}</w:t></w:r></w:p>`;
  const body: string[] = [];
  for (let p = 0; p < pages; p++) {
    body.push(para(firstLine, p > 0));
    for (let i = 0; i < 45; i++) body.push(para(line(i, p)));
  }
  const w = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
  return writeZip([
    [
      '[Content_Types].xml',
      enc(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
    ],
    [
      '_rels/.rels',
      enc(
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      ),
    ],
    [
      'word/document.xml',
      enc(`<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${w}"><w:body>${body.join('')}<w:sectPr/></w:body></w:document>`),
    ],
  ]);
}

/** A text document of `pages` pages in the given format. */
export async function benchInput(format: BenchFormat, pages: number): Promise<Uint8Array> {
  return format === 'pdf' ? benchPdf(pages) : benchDocx(pages);
}

/** One measured document. */
export interface BenchRow {
  format: BenchFormat;
  /** Where and with which detection it ran. */
  variant: string;
  pages: number;
  /** Paragraphs with text in the PII record (a PDF's read paragraphs; a DOCX's paragraphs). */
  paragraphs: number;
  seconds: number;
  pagesPerSecond: number;
  paragraphsPerSecond: number;
  entities: number;
  verified: boolean;
  outputKB: number;
  /**
   * Memory before the document (after a 1-page warm-up) and its peak during the document. Node: the process's RSS.
   * Chromium: the PSS of all its processes (browser, GPU, renderer with the page and its workers, utilities).
   */
  baselineMB?: number;
  peakMB?: number;
  /** Chromium only: wall-clock start and end of the document, to find its samples. */
  startedAt?: number;
  endedAt?: number;
}

/** What a bench counts in one anonymized document. */
export interface BenchCounts {
  paragraphs: number;
  entities: number;
  verified: boolean;
  outputKB: number;
}

/** The counts of one anonymized document: paragraphs with text in its PII record, entities, verification, size. */
export function countsOf(r: {
  pageData: ReadonlyArray<{ textData: { detections: { ents: readonly unknown[]; tokens: readonly unknown[] } } }>;
  bytes: { length: number };
  verification?: { passed: boolean };
}): BenchCounts {
  return {
    paragraphs: r.pageData.filter((p) => p.textData.detections.tokens.length > 0).length,
    entities: r.pageData.reduce((n, p) => n + p.textData.detections.ents.length, 0),
    verified: r.verification?.passed === true,
    outputKB: Math.round(r.bytes.length / 1024),
  };
}

/** A row from the counts (pages as generated: a DOCX's "pages" in its record are its stories). */
export function benchRow(format: BenchFormat, variant: string, pages: number, seconds: number, counts: BenchCounts): BenchRow {
  return { format, variant, pages, seconds, pagesPerSecond: pages / seconds, paragraphsPerSecond: counts.paragraphs / seconds, ...counts };
}
