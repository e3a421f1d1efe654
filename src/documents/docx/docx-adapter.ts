import type { DocumentAdapter } from '../adapter.js';
import { failClosed } from '../adapter.js';
import { anonymizeDocx } from './anonymize-docx.js';
import type { ImagePipelineDeps } from '../image/anonymize-image.js';
import { imageOfDocx } from './image-of-docx.js';
import { sniffDocx } from './sniff-docx.js';

/**
 * DOCX: a rewrite of the package that keeps only allow-listed parts, verified before it completes. Any failure that
 * is not already a problem (a parser throwing on a hostile file) becomes 422 INVALID_FILE: never partial output.
 */
export function createDocxAdapter(deps: ImagePipelineDeps): DocumentAdapter {
  return {
    type: 'DOCX',
    formats: ['DOCX'],
    sniff: sniffDocx,
    anonymize: (bytes, _sniffed, job) =>
      failClosed(() => anonymizeDocx(bytes, job, deps), 'The Word document is damaged or uses structures that cannot be processed.'),
    image: async (original, _sniffed, { xref }) => imageOfDocx(original, xref),
  };
}
