import type { DocumentAdapter } from '../adapter.js';
import { failClosed } from '../adapter.js';
import { invalidFile } from '../../errors/problem.js';
import { anonymizeDocx } from './anonymize-docx.js';
import type { ImagePipelineDeps } from '../image/anonymize-image.js';

/**
 * DOCX: a rewrite of the package that keeps only allow-listed parts, verified before it completes. Any failure that
 * is not already a problem (a parser throwing on a hostile file) becomes 422 INVALID_FILE: never partial output.
 */
export function createDocxAdapter(deps: ImagePipelineDeps): DocumentAdapter {
  return {
    type: 'DOCX',
    async anonymize(bytes, sniffed, job) {
      if (sniffed.type !== 'DOCX') throw invalidFile('The file is not a Word document.');
      return failClosed(() => anonymizeDocx(bytes, job, deps), 'The Word document is damaged or uses structures that cannot be processed.');
    },
  };
}
