import { invalidFile } from '../../errors/problem.js';
import type { Container } from './container.js';
import { streamOf } from './container.js';
import type { Fib } from './fib.js';
import { fcLcb, readFib } from './fib.js';
import type { Piece } from './pieces.js';
import { pieceText, readPieces } from './pieces.js';
import type { Story } from './stories.js';
import { storiesOf } from './stories.js';

/** FibRgFcLcb97 index of the Clx, which holds the piece table ([MS-DOC] 2.5.6). */
export const CLX = 33;

/** A Word binary document as read: its two main streams, FIB, piece table, whole text (index = CP) and stories. */
export interface WordFile {
  fib: Fib;
  wordDocument: Uint8Array;
  table: Uint8Array;
  pieces: Piece[];
  text: string;
  stories: Story[];
}

/**
 * Reads a Word document from its container. A Compound File that is no Word document (a spreadsheet, a mail) or that
 * is an encrypted OOXML package (a password-protected .docx is a Compound File) is refused with its reason.
 */
export function readWordFile(container: Container): WordFile {
  if (streamOf(container, 'EncryptionInfo') && streamOf(container, 'EncryptedPackage'))
    throw invalidFile('The Word document is password-protected (encrypted); remove the password and upload it again.');
  const wordDocument = streamOf(container, 'WordDocument');
  if (!wordDocument) throw invalidFile('The file is a Compound File but not a Word document.');
  const fib = readFib(wordDocument);
  const table = streamOf(container, fib.tableStream);
  if (!table) throw new Error('table stream missing');
  const clx = fcLcb(fib, wordDocument, CLX);
  if (!clx) throw new Error('no Clx');
  const pieces = readPieces(table, clx.fc, clx.lcb, wordDocument, fib.size);
  const text = pieceText(wordDocument, pieces);
  return { fib, wordDocument, table, pieces, text, stories: storiesOf(fib.ccp, text.length) };
}
