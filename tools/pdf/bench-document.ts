// The bench's input: generated A4 text pages with 46 lines and 9–10 entities each (Node and Chromium alike).
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A text PDF of `pages` pages. */
export async function benchPdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Sehr geehrter Herr Hans Müller, Ihre Nachricht an max.mustermann@example.de vom 12.03.2021.`, {
      x: 50,
      y: 790,
      size: 11,
      font,
    });
    for (let i = 0; i < 45; i++)
      page.drawText(`Zeile ${i + 1}: Rückfragen bitte unter Tel. 030 1234567 oder an info@firma.de, Seite ${p + 1}.`, {
        x: 50,
        y: 760 - i * 15,
        size: 10,
        font,
      });
  }
  return doc.save();
}

/** Page counts the bench measures. */
export const BENCH_PAGES = [10, 100] as const;

/** One measured document. */
export interface BenchRow {
  /** Where and with which detection it ran. */
  variant: string;
  pages: number;
  seconds: number;
  pagesPerSecond: number;
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
