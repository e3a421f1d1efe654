import type { Edit } from '../../replacement/apply.js';
import type { Box, PiiPageEntry } from '../../spec/types.js';
import type { DocumentJob } from '../adapter.js';
import { unionBox } from '../layout.js';
import { buildPageEntry } from '../pii-record.js';
import type { InspectedImage } from './inspect-images.js';
import { inspectedImageEntry } from './inspect-images.js';
import { paragraphBoxesOfRange } from './paragraphs.js';
import type { RasterisedPage } from './rasterise.js';
import type { ReadPage } from './read-pages.js';

/** A text the pages do not show (metadata, annotations, …) with what was redacted in it. */
export interface HiddenEntry {
  pageNum: number;
  text: string;
  edits: Edit[];
}

/** What the PII record of a redacted PDF is made of. */
export interface RedactedPdf {
  pages: readonly ReadPage[];
  rasterised: ReadonlyMap<number, RasterisedPage>;
  images: readonly InspectedImage[];
  hidden: readonly HiddenEntry[];
  /** Where each edit's replacement was drawn. */
  anonymizedBoxes: ReadonlyMap<Edit, Box>;
}

/**
 * The PII record's pages: per page its paragraphs that are not blank or hold an edit, its OCR text and image when it
 * was rasterised, and its inspected images; then the hidden texts with something redacted. Paragraph ids go on from
 * `nextParagraphId` for everything but the pages' own paragraphs.
 */
export function pageDataOf(d: RedactedPdf, job: DocumentJob, nextParagraphId: number): PiiPageEntry[] {
  let id = nextParagraphId;
  const pageData: PiiPageEntry[] = [];
  d.pages.forEach(({ text, paragraphs }, i) => {
    const r = d.rasterised.get(i);
    for (const p of paragraphs) {
      if (p.edits.length === 0 && p.paragraph.text.trim() === '') continue;
      pageData.push(
        buildPageEntry({
          pageNum: text.pageNum,
          paragraphId: p.paragraphId,
          text: p.paragraph.text,
          edits: p.edits,
          locateOriginal: (s, e) => unionBox(paragraphBoxesOfRange(p.paragraph, s, e)),
          locateAnonymized: (e) => d.anonymizedBoxes.get(e) ?? unionBox(paragraphBoxesOfRange(p.paragraph, e.start, e.end)),
        }),
      );
    }
    if (r) pageData.push(...r.entries(() => id++));
    for (const image of d.images) if (image.pageNum === text.pageNum) pageData.push(inspectedImageEntry(image, job, id++));
  });
  for (const h of d.hidden) {
    pageData.push(
      buildPageEntry({
        pageNum: h.pageNum,
        paragraphId: id++,
        text: h.text,
        edits: h.edits,
        locateOriginal: () => null,
        locateAnonymized: () => null,
      }),
    );
  }
  return pageData;
}
