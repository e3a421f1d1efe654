import { invalidFile } from '../../errors/problem.js';
import { u16, u32 } from './le.js';

/** `wIdent` of a Word 97–2003 document, and of a Word 6/95 one ([MS-DOC] 2.5.2 FibBase). */
const WORD_97 = 0xa5ec;
const WORD_6 = 0xa5dc;
/** The oldest `nFib` of the format read here (Word 97). */
const NFIB_97 = 0x00c1;

/** Offsets of the text lengths (CPs) of each story in FibRgLw97 ([MS-DOC] 2.5.4). */
const CCP = { text: 0x0c, ftn: 0x10, hdd: 0x14, mcr: 0x18, atn: 0x1c, edn: 0x20, txbx: 0x24, hdrTxbx: 0x28 } as const;

/** Text lengths of the stories, in characters (CPs), in the order the stories follow each other. */
export type StoryLengths = Record<keyof typeof CCP, number>;

/** What the anonymizer needs of the File Information Block at the start of the WordDocument stream. */
export interface Fib {
  /** `0Table` or `1Table`: the stream holding the piece table and the other structures the FIB points to. */
  tableStream: string;
  ccp: StoryLengths;
  /** Where the FibRgFcLcb pairs (fc, lcb) start in the WordDocument stream, and how many there are. */
  fcLcbAt: number;
  fcLcbCount: number;
  /** The FIB's size: text and structures lie after it. */
  size: number;
}

/**
 * Reads the FIB. Files this anonymizer cannot rebuild safely are refused with the reason a person needs: encrypted
 * or obfuscated (only FibBase is readable, the rest is ciphertext), older than Word 97, or fast-saved (`fComplex`:
 * the WordDocument stream then holds deleted text and an incremental piece table). A FIB that does not fit its
 * stream is damaged (a plain Error, reported as such by the adapter).
 */
export function readFib(wordDocument: Uint8Array): Fib {
  const b = wordDocument;
  if (b.length < 0x22) throw new Error('FIB truncated');
  const wIdent = u16(b, 0);
  const nFib = u16(b, 2);
  const flags = u16(b, 0x0a);
  if (wIdent !== WORD_97 && wIdent !== WORD_6) throw new Error('not a Word FIB');
  if (flags & 0x0100) throw invalidFile('The Word document is password-protected (encrypted); remove the password and upload it again.');
  if (wIdent === WORD_6 || nFib < NFIB_97)
    throw invalidFile('Word documents older than Word 97 (Word 6/95 and earlier) are not supported; save it in a newer format first.');
  if (flags & 0x0004)
    throw invalidFile(
      'Fast-saved Word documents are not supported: they keep deleted text. Save the document again with fast save turned off.',
    );

  let at = 0x20;
  const csw = u16(b, at);
  at += 2 + csw * 2;
  if (at + 2 > b.length) throw new Error('FIB truncated');
  const cslw = u16(b, at);
  const rgLw = at + 2;
  at = rgLw + cslw * 4;
  if (cslw * 4 < 0x2c || at + 2 > b.length) throw new Error('FIB truncated');
  const fcLcbCount = u16(b, at);
  const fcLcbAt = at + 2;
  at = fcLcbAt + fcLcbCount * 8;
  if (at + 2 > b.length) throw new Error('FIB truncated');
  const cswNew = u16(b, at);
  const size = at + 2 + cswNew * 2;
  if (size > b.length) throw new Error('FIB truncated');

  const ccp = {} as StoryLengths;
  for (const [k, off] of Object.entries(CCP) as Array<[keyof StoryLengths, number]>) {
    const v = u32(b, rgLw + off);
    if (v > 0x7fffffff) throw new Error('negative text length');
    ccp[k] = v;
  }
  return { tableStream: flags & 0x0200 ? '1Table' : '0Table', ccp, fcLcbAt, fcLcbCount, size };
}

/** The (fc, lcb) pair `index` of FibRgFcLcb (offset and size in the table stream), or null when the FIB has none. */
export function fcLcb(fib: Fib, wordDocument: Uint8Array, index: number): { fc: number; lcb: number } | null {
  if (index >= fib.fcLcbCount) return null;
  const at = fib.fcLcbAt + index * 8;
  return { fc: u32(wordDocument, at), lcb: u32(wordDocument, at + 4) };
}

/** Sets the size of structure `index` to 0: it is then absent for every reader. */
export function clearLcb(fib: Fib, wordDocument: Uint8Array, index: number): void {
  if (index >= fib.fcLcbCount) return;
  wordDocument.fill(0, fib.fcLcbAt + index * 8 + 4, fib.fcLcbAt + index * 8 + 8);
}
