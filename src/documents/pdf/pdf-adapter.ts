import type { DocumentAdapter } from '../adapter.js';
import { failClosed } from '../adapter.js';
import type { PdfDeps } from './anonymize-pdf.js';
import { anonymizePdf } from './anonymize-pdf.js';
import { imageOfPdf, pageImageOfResult } from './image-of-pdf.js';
import { sniffPdf } from './sniff-pdf.js';

/**
 * PDF: true redaction by a full rewrite (see `anonymizePdf`), verified before it completes. Any failure that is not
 * already a problem (a parser throwing on a hostile file) becomes 422 INVALID_FILE: never partial output.
 */
export function createPdfAdapter(deps: PdfDeps): DocumentAdapter {
  return {
    type: 'PDF',
    formats: ['PDF'],
    sniff: sniffPdf,
    async anonymize(bytes, _sniffed, job) {
      const r = await failClosed(() => anonymizePdf(bytes, job, deps), 'The PDF is damaged or uses structures that cannot be processed.');
      return { bytes: r.bytes, pageData: r.pageData, verification: r.verification };
    },
    image: (original, _sniffed, { xref, pageNum, result }) =>
      imageOfPdf(original, xref, deps.pixels, async () => {
        const stored = await result();
        return stored ? pageImageOfResult(stored, pageNum, deps.pixels) : null;
      }),
  };
}
