import { hasSignature, indexOfAscii } from '../../bytes/signature.js';
import { invalidFile } from '../../errors/problem.js';
import type { SniffedType } from '../adapter.js';

const ZIP = [0x50, 0x4b, 0x03, 0x04];

/** The DOCX adapter's sniff rule: a ZIP that names a `word/` part; any other ZIP is 422 INVALID_FILE. */
export function sniffDocx(bytes: Uint8Array): SniffedType | null {
  if (!hasSignature(bytes, ZIP)) return null;
  if (indexOfAscii(bytes, 'word/') < 0) throw invalidFile('The ZIP container is not a Word document.');
  return { extension: 'docx' };
}
