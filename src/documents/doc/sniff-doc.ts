import { hasSignature } from '../../bytes/signature.js';
import type { SniffedType } from '../adapter.js';

const CFB = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** The DOC adapter's sniff rule: any Compound File (one that holds no Word document is refused with its reason). */
export function sniffDoc(bytes: Uint8Array): SniffedType | null {
  return hasSignature(bytes, CFB) ? { extension: 'doc' } : null;
}
