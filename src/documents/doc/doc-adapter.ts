import type { DocumentAdapter } from '../adapter.js';
import { AnonymizerError, invalidFile } from '../../errors/problem.js';
import { anonymizeDoc } from './anonymize-doc.js';

/**
 * Word 97–2003 (.doc): a DOC result, rebuilt as a new file and verified before it completes (see `anonymizeDoc`).
 * The sniffer hands over any Compound File; one that is no Word document, is encrypted, older than Word 97 or
 * fast-saved is refused with its reason, and any other failure to read it (a parser throwing on a damaged or hostile
 * file) becomes 422 INVALID_FILE: never partial output.
 */
export function createDocAdapter(): DocumentAdapter {
  return {
    type: 'DOC',
    async anonymize(bytes, sniffed, job) {
      if (sniffed.type !== 'DOC') throw invalidFile('The file is not a Word 97–2003 document.');
      try {
        const r = await anonymizeDoc(bytes, job);
        return { bytes: r.bytes, extension: 'doc', pageData: r.pageData, verification: r.verification };
      } catch (err) {
        if (err instanceof AnonymizerError || (err instanceof Error && err.name === 'AbortError')) throw err;
        throw invalidFile('The Word document is damaged or uses structures that cannot be processed.');
      }
    },
  };
}
