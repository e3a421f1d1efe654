import type { DocumentAdapter } from '../adapter.js';
import { failClosed } from '../adapter.js';
import type { ImagePipelineDeps } from '../image/anonymize-image.js';
import { anonymizeDoc } from './anonymize-doc.js';
import { imageOfDoc } from './image-of-doc.js';
import { sniffDoc } from './sniff-doc.js';

/**
 * Word 97–2003 (.doc): a DOC result, rebuilt as a new file and verified before it completes (see `anonymizeDoc`).
 * The sniffer hands over any Compound File; one that is no Word document, is encrypted, older than Word 97 or
 * fast-saved is refused with its reason, and any other failure to read it (a parser throwing on a damaged or hostile
 * file) becomes 422 INVALID_FILE: never partial output. Pictures go through the image pipeline with `deps`, as in DOCX.
 */
export function createDocAdapter(deps: ImagePipelineDeps): DocumentAdapter {
  return {
    type: 'DOC',
    formats: ['DOC'],
    sniff: sniffDoc,
    async anonymize(bytes, _sniffed, job) {
      const r = await failClosed(
        () => anonymizeDoc(bytes, job, deps),
        'The Word document is damaged or uses structures that cannot be processed.',
      );
      return { bytes: r.bytes, pageData: r.pageData, verification: r.verification };
    },
    image: async (original, _sniffed, { xref }) => imageOfDoc(original, xref),
  };
}
