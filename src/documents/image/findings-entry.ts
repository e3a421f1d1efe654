import type { PiiPageEntry } from '../../spec/types.js';
import { boxesOfRange, unionBox } from '../layout.js';
import { buildImageData, buildPageEntry } from '../pii-record.js';
import type { RasterFindings } from './anonymize-image.js';

/**
 * The page entry of one image of a document: its OCR text as one paragraph with the edits made to it, and its
 * `imagesData` (faces and `text` words, boxes in pixels of the image), the same for uploads, PDFs and Word documents.
 */
export function imageFindingsEntry(
  findings: RasterFindings,
  at: { pageNum: number; paragraphId: number; imageUrl: string; xref: number },
): PiiPageEntry {
  const layout = findings.ocrText?.layout;
  return buildPageEntry({
    pageNum: at.pageNum,
    paragraphId: at.paragraphId,
    text: layout?.text ?? '',
    edits: findings.ocrText?.applied?.edits ?? [],
    locateOriginal: (start, end) => (layout ? unionBox(boxesOfRange(layout, start, end)) : null),
    imagesData: [
      buildImageData(at.imageUrl, at.xref, [
        { label: 'face', regions: findings.faces },
        { label: 'text', regions: findings.textRegions.map((box) => ({ box, score: 1 })) },
      ]),
    ],
  });
}
