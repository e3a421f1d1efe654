import { indexOfAscii } from '../../bytes/signature.js';
import type { SniffedType } from '../adapter.js';

/**
 * The PDF adapter's sniff rule: a `%PDF-` header within the first 1024 bytes, where readers accept it. Other formats
 * come first in the list, so a file that starts with another format's signature is that format.
 */
export function sniffPdf(bytes: Uint8Array): SniffedType | null {
  return indexOfAscii(bytes, '%PDF-', 0, 1024) >= 0 ? { extension: 'pdf' } : null;
}
