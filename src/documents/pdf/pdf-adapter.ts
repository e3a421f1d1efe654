import type { DocumentAdapter } from '../adapter.js';
import { failClosed } from '../adapter.js';
import { invalidFile } from '../../errors/problem.js';
import type { PdfDeps } from './anonymize-pdf.js';
import { anonymizePdf } from './anonymize-pdf.js';

/**
 * PDF: true redaction by a full rewrite (see `anonymizePdf`), verified before it completes. Any failure that is not
 * already a problem (a parser throwing on a hostile file) becomes 422 INVALID_FILE: never partial output.
 */
export function createPdfAdapter(deps: PdfDeps): DocumentAdapter {
  return {
    type: 'PDF',
    async anonymize(bytes, sniffed, job) {
      if (sniffed.type !== 'PDF') throw invalidFile('The file is not a PDF.');
      const r = await failClosed(() => anonymizePdf(bytes, job, deps), 'The PDF is damaged or uses structures that cannot be processed.');
      return { bytes: r.bytes, extension: 'pdf', pageData: r.pageData, verification: r.verification };
    },
  };
}
