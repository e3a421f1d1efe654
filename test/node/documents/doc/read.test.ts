import { describe, expect, it } from 'vitest';
import { decodeCp1252, encodeCp1252 } from '../../../../src/documents/doc/cp1252.js';
import { readContainer } from '../../../../src/documents/doc/container.js';
import { pieceText, readPieces, writeUnit } from '../../../../src/documents/doc/pieces.js';
import { fitReplacement } from '../../../../src/documents/doc/redact-text.js';
import { rowEnds } from '../../../../src/documents/doc/row-ends.js';
import { storyTexts, unitsOf } from '../../../../src/documents/doc/units.js';
import { readWordFile } from '../../../../src/documents/doc/word-file.js';
import { corpusFiles } from '../../../helpers/images.js';
import { CANARY, fixture } from './fixtures.js';

/** A table stream holding only a Clx: one Prc entry, then the piece table of `pieces` (CP lengths and raw fc values). */
function clx(pieces: ReadonlyArray<{ length: number; fc: number }>): Uint8Array {
  const n = pieces.length;
  const plc = new DataView(new ArrayBuffer(4 * (n + 1) + 8 * n));
  let cp = 0;
  pieces.forEach((p, i) => {
    plc.setUint32(4 * i, cp, true);
    cp += p.length;
    plc.setUint32(4 * (n + 1) + 8 * i + 2, p.fc, true);
  });
  plc.setUint32(4 * n, cp, true);
  const head = [0x01, 0x02, 0x00, 0xaa, 0xbb, 0x02, ...new Uint8Array(new Uint32Array([plc.byteLength]).buffer)];
  return Uint8Array.from([...head, ...new Uint8Array(plc.buffer)]);
}

describe('DOC reading: code page, piece table, stories, units', () => {
  it('Windows-1252 maps 0x80–0x9F to their characters and back; characters it lacks have no byte', () => {
    expect(decodeCp1252(Uint8Array.from([0x80, 0x41, 0x9f, 0xe9]))).toBe('€AŸé');
    expect([encodeCp1252(0x20ac), encodeCp1252(0x41), encodeCp1252(0x100)]).toEqual([0x80, 0x41, undefined]);
  });

  it('reads UTF-16 and 8-bit pieces as one text indexed by CP, and writes a character in place in either', () => {
    const doc = new Uint8Array(0x600);
    doc.set([0x48, 0, 0xe9, 0, 0x3d, 0xd8], 0x400); // "Hé" and a lone high surrogate half
    doc.set([0x41, 0x80, 0x43], 0x500); // "A€C"
    const table = clx([
      { length: 3, fc: 0x400 },
      { length: 3, fc: (0x500 * 2) | 0x40000000 },
    ]);
    const pieces = readPieces(table, 0, table.length, doc, 0x100);
    expect(pieces).toEqual([
      { cpStart: 0, cpEnd: 3, at: 0x400, compressed: false },
      { cpStart: 3, cpEnd: 6, at: 0x500, compressed: true },
    ]);
    expect(pieceText(doc, pieces)).toHaveLength(6);
    expect(pieceText(doc, pieces).slice(0, 2) + pieceText(doc, pieces).slice(3)).toBe('HéA€C');
    expect(writeUnit(doc, pieces, 1, 'Ż'.charCodeAt(0))).toBe(0x17b);
    expect(writeUnit(doc, pieces, 4, 'Ż'.charCodeAt(0))).toBe(0x2a);
    expect(writeUnit(doc, pieces, 5, 'Ÿ'.charCodeAt(0))).toBe(0x178);
    expect(pieceText(doc, pieces).slice(3)).toBe('A*Ÿ');
    expect(pieceText(doc, pieces).slice(0, 2)).toBe('HŻ');
  });

  it('refuses piece tables that point outside the stream, into the FIB, or whose CPs do not grow', () => {
    const doc = new Uint8Array(0x600);
    const read = (pieces: ReadonlyArray<{ length: number; fc: number }>) => {
      const t = clx(pieces);
      return () => readPieces(t, 0, t.length, doc, 0x100);
    };
    expect(read([{ length: 0x200, fc: 0x400 }])).toThrow();
    expect(read([{ length: 4, fc: 0x40 }])).toThrow();
    expect(read([{ length: 4, fc: 0x7ffffff0 }])).toThrow();
    expect(
      read([
        { length: 2, fc: 0x400 },
        { length: 0, fc: 0x500 },
      ]),
    ).toThrow();
    const t = clx([{ length: 2, fc: 0x400 }]);
    expect(() => readPieces(t, 0, t.length + 1, doc, 0x100)).toThrow();
  });

  it('splits a story into paragraphs (paragraph, cell, page marks) and field instructions; results read in place', () => {
    const text =
      'Dear Ann\u0013 HYPERLINK "mailto:a@b.c" \u0014link\u0015 x\u0007cell\rnext\u000bline\u0002;\u0013 A \u0013 B \u0014res\u0015 C \u0014R\u0015!\r\f\r';
    const units = unitsOf(text, { kind: 'text', cpStart: 0, cpEnd: text.length });
    expect(units.map((u) => [u.kind, u.text])).toEqual([
      ['paragraph', 'Dear Annlink x'],
      ['field', ' HYPERLINK "mailto:a@b.c" '],
      ['paragraph', 'cell'],
      ['paragraph', 'next\nline ;R!'],
      ['field', ' A res C '],
      ['field', ' B '],
    ]);
    // Every ordinary character maps back to its CP.
    for (const u of units)
      for (let i = 0; i < u.text.length; i++) if (text.charCodeAt(u.cps[i]!) >= 0x20) expect(text[u.cps[i]!]).toBe(u.text[i]);
  });

  it('reads the LibreOffice fixture: every story, numbered as pages in CP order, the hyperlink target as a field', () => {
    const file = readWordFile(readContainer(fixture('canaries.doc')));
    expect(file.fib.tableStream).toBe('1Table');
    const stories = storyTexts(file.text, file.stories);
    expect(stories.map((s) => [s.story.kind, s.page])).toEqual([
      ['text', 1],
      ['ftn', 2],
      ['hdd', 3],
      ['atn', 4],
      ['txbx', 5],
    ]);
    const all = stories.flatMap((s) => s.units.map((u) => u.text));
    expect(all).toContain(`Dear ${CANARY.name}, thank you for your letter. `);
    expect(all).toContain(` HYPERLINK "mailto:${CANARY.mail}" `);
    expect(all).toContain(`Footer: write to ${CANARY.mail} today`);
    expect(all).toContain(` Ask ${CANARY.name} about it`);
    expect(all).toContain(`Boxed ${CANARY.name} text`);
  });

  const simple = corpusFiles('poi-document', ['simple.doc']).find((f) => f.name === 'simple.doc');
  it.skipIf(!simple)('reads an 8-bit (compressed) piece written by Word 97', () => {
    const file = readWordFile(readContainer(simple!.bytes));
    expect(file.pieces.every((p) => p.compressed)).toBe(true);
    expect(file.text).toBe('This is a simple file created with Word 97-SR2.\r');
  });

  it('fits a replacement into the characters it overwrites: padded, or a mask when too long, never a cut pseudonym, a control character or half a pair', () => {
    expect(fitReplacement('PER-1', 8)).toBe('PER-1   ');
    expect(fitReplacement('PER-12', 3)).toBe('***');
    expect(fitReplacement('ORG-1', 2)).toBe('**');
    expect(fitReplacement('a\rb', 3)).toBe('a b');
    expect(fitReplacement('\u{1F600}x', 1)).toBe('*');
  });
});

describe('DOC tables as detection reads them', () => {
  it('joins cells with tabs and rows with line breaks, an empty cell an extra tab, an empty paragraph a blank line', () => {
    // Rows `A | B` and ` | D`: each cell ends with 0x07, each row with one more 0x07 (its end, told by `rowEnds`).
    const text = 'Kopf\r\rA\u0007B\u0007\u0007\u0007D\u0007\u0007Ende\r';
    const ends = new Set([text.indexOf('\u0007\u0007') + 1, text.lastIndexOf('\u0007')]);
    const units = unitsOf(text, { kind: 'text', cpStart: 0, cpEnd: text.length }, ends);
    expect(units.map((u) => [u.text, u.joiner])).toEqual([
      ['Kopf', '\n\n'],
      ['A', '\t'],
      ['B', '\n\t'],
      ['D', '\n'],
      ['Ende', '\n'],
    ]);
  });

  it('finds the row ends of a LibreOffice table in its paragraph properties', () => {
    const file = readWordFile(readContainer(fixture('table.doc')));
    const ends = rowEnds(file);
    expect(ends.size).toBe(3);
    for (const cp of ends) expect(file.text.charCodeAt(cp)).toBe(0x07);
    const [main] = storyTexts(file.text, file.stories, ends);
    const joined = main!.units.map((u) => u.text + (u.joiner ?? '')).join('');
    expect(joined).toBe(
      'Teilnehmerliste\nName\tVorname\tWohnort\tTelefon\nSchulze\tKarin\tJena\t03641 284117\nBrandt\tOle\t\t040 3358921\nStand: Mai\n',
    );
  });

  it('reads no row ends from a file without paragraph properties', () => {
    const file = readWordFile(readContainer(fixture('canaries.doc')));
    file.wordDocument = file.wordDocument.slice();
    // PlcBtePapx (FibRgFcLcb97 index 13) emptied: every 0x07 reads as a cell end; no text is lost.
    file.wordDocument.fill(0, file.fib.fcLcbAt + 13 * 8 + 4, file.fib.fcLcbAt + 13 * 8 + 8);
    expect(rowEnds(file).size).toBe(0);
    expect(rowEnds(readWordFile(readContainer(fixture('canaries.doc')))).size).toBe(2);
  });
});
