import { describe, expect, it } from 'vitest';
import { readContainer, streamOf, writeContainer } from '../../../../src/documents/doc/container.js';
import { clearLcb, fcLcb, readFib } from '../../../../src/documents/doc/fib.js';
import { scrubMetadata } from '../../../../src/documents/doc/metadata.js';
import { findInStream, maskInStream } from '../../../../src/documents/doc/stream-search.js';
import { verifyDoc } from '../../../../src/documents/doc/verify.js';
import { needleOf } from '../../../../src/text/word-search.js';
import { CANARY, fixture, whereFound } from './fixtures.js';

const needles = [
  { label: 'PER', needle: needleOf(CANARY.name)! },
  { label: 'MAIL', needle: needleOf(CANARY.mail)! },
];

describe('DOC verification and scrubbing', () => {
  it('finds a string as a word in 8-bit text and in UTF-16LE at both alignments, and masks only its letters', () => {
    const text = `x ${CANARY.name}, y`;
    const wide = Buffer.from(`.${text}`, 'utf16le');
    const odd = Uint8Array.from([0x00, ...wide]);
    const eight = Uint8Array.from(Buffer.from(`${text} and ${CANARY.name}X glued`, 'latin1'));
    const n = [needles[0]!.needle];
    // UTF-16 text also reads as 8-bit text with NULs inside its words, which join them: found both ways.
    expect(findInStream(wide, n).map((h) => h.width)).toEqual([1, 2]);
    expect(findInStream(odd, n).map((h) => h.width)).toEqual([1, 2]);
    expect(findInStream(eight, n).map((h) => h.width)).toEqual([1]);
    expect(maskInStream(odd, n)).toBe(2);
    expect(Buffer.from(odd.subarray(1)).toString('utf16le')).toBe('.x ********, y');
    expect(maskInStream(eight, n)).toBe(1);
    expect(Buffer.from(eight).toString('latin1')).toBe(`x ********, y and ${CANARY.name}X glued`);
  });

  it('fails an un-anonymized file: leaks by label and place (stream, page and story), never the string', () => {
    const input = fixture('canaries.doc');
    const c = readContainer(input);
    const streams = ['WordDocument', '1Table', 'Data'].map((n) => [n, streamOf(c, n)!] as const);
    const v = verifyDoc(
      writeContainer(streams),
      needles,
      streams.map(([n]) => n),
    );
    expect(v.passed).toBe(false);
    expect(v.checked).toBe(2);
    expect(v.leaks).toEqual(
      expect.arrayContaining([
        { label: 'PER', where: 'stream WordDocument' },
        { label: 'MAIL', where: 'stream Data' },
        { label: 'PER', where: 'text of page 1 (main text)', page: 1 },
        { label: 'PER', where: 'text of page 4 (comments)', page: 4 },
        { label: 'MAIL', where: 'text of page 3 (headers and footers)', page: 3 },
      ]),
    );
    expect(JSON.stringify(v.leaks)).not.toContain(CANARY.name);
    // A container with more than was written fails too.
    expect(verifyDoc(writeContainer(streams), [], ['WordDocument', '1Table']).leaks).toEqual([
      { label: 'container', where: 'entries other than those written' },
    ]);
  });

  it('masks comment authors, initials and revision authors in place; drops printer and undo data, keeping what overlaps', () => {
    const c = readContainer(fixture('canaries.doc'));
    const wordDocument = streamOf(c, 'WordDocument')!.slice();
    const table = streamOf(c, '1Table')!.slice();
    const fib = readFib(wordDocument);
    // PrDrvr (27): a printer name at the end of the table stream; DocUndo (119) overlaps the piece table (Clx, 33).
    const printer = Buffer.from('\\\\SERVER\\ZQXNAME1 printer', 'utf16le');
    const grown = Uint8Array.from([...table, ...printer]);
    const dv = new DataView(wordDocument.buffer);
    dv.setUint32(fib.fcLcbAt + 27 * 8, table.length, true);
    dv.setUint32(fib.fcLcbAt + 27 * 8 + 4, printer.length, true);
    const clx = fcLcb(fib, wordDocument, 33)!;
    dv.setUint32(fib.fcLcbAt + 119 * 8, clx.fc, true);
    dv.setUint32(fib.fcLcbAt + 119 * 8 + 4, clx.lcb, true);
    const before = grown.slice();
    const counts = scrubMetadata(fib, wordDocument, grown);
    expect(counts).toEqual({ maskedMetadataStrings: 4, droppedStructures: 2 });
    expect(fcLcb(fib, wordDocument, 27)!.lcb).toBe(0);
    expect(fcLcb(fib, wordDocument, 119)!.lcb).toBe(0);
    expect(grown.subarray(clx.fc, clx.fc + clx.lcb)).toEqual(before.subarray(clx.fc, clx.fc + clx.lcb));
    expect(grown.subarray(table.length).every((b) => b === 0)).toBe(true);
    for (const s of [CANARY.author, CANARY.initials, CANARY.reviewer]) {
      expect(whereFound(before, s).length, s).toBeGreaterThan(0);
      expect(whereFound(grown, s), s).toEqual([]);
    }
    // Clearing a size the FIB does not have is a no-op.
    expect(() => clearLcb(fib, wordDocument, fib.fcLcbCount + 5)).not.toThrow();
  });
});
