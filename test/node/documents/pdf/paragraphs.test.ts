import { describe, expect, it } from 'vitest';
import type { PdfGlyph } from '../../../../src/documents/pdf/read.js';
import { groupParagraphs, lineBoxesOfRange, paragraphBoxesOfRange } from '../../../../src/documents/pdf/paragraphs.js';
import { readingPieces } from '../../../../src/documents/pdf/reading.js';
import { joinPieces } from '../../../../src/text/pieces.js';

/** Glyphs of `text` set on one baseline from `x`, 6 pt wide each, 10 pt font (a space is a glyph of its own). */
function line(text: string, x: number, base: number): PdfGlyph[] {
  return [...text].map((c, i) => ({
    text: c,
    box: { x0: x + 6 * i, y0: base - 8, x1: x + 6 * i + 6, y1: base + 2 },
    size: 10,
    base,
  }));
}

describe('paragraphs of a page (packed glyph boxes)', () => {
  const glyphs = [...line('Herr Jungfern-', 50, 100), ...line('stieg 30 wohnt', 50, 112), ...line('Seite 2', 50, 300)];
  const [first, second] = groupParagraphs(glyphs);

  it('joins lines, drops a line-end hyphen from the text, and starts a paragraph after a wide gap', () => {
    expect(first!.text).toBe('Herr Jungfernstieg 30 wohnt');
    expect(second!.text).toBe('Seite 2');
    // One entry per glyph that is not a space: the dropped hyphen keeps its box but no characters.
    expect(first!.starts.length).toBe('HerrJungfern-stieg30wohnt'.length);
  });

  it('gives the boxes of every glyph of a range, the line-end hyphen of a broken word among them (it goes with the word)', () => {
    const start = first!.text.indexOf('Jungfernstieg');
    const boxes = paragraphBoxesOfRange(first!, start, start + 'Jungfernstieg'.length);
    expect(boxes).toHaveLength('Jungfern-stieg'.length);
    expect(boxes[0]).toEqual({ x0: 80, y0: 92, x1: 86, y1: 102 });
    expect(boxes.at(-1)).toEqual({ x0: 74, y0: 104, x1: 80, y1: 114 });
  });

  it('merges a range line by line: a street broken across two lines is two boxes', () => {
    const start = first!.text.indexOf('Jungfernstieg 30');
    expect(lineBoxesOfRange(first!, start, start + 'Jungfernstieg 30'.length)).toEqual([
      { x0: 80, y0: 92, x1: 134, y1: 102 },
      { x0: 50, y0: 104, x1: 98, y1: 114 },
    ]);
  });
});

describe('words that go on over a line break', () => {
  /** The block of `lines`, each set from x 50, 12 pt apart. */
  const block = (...lines: string[]) => groupParagraphs(lines.flatMap((text, i) => line(text, 50, 100 + 12 * i))).map((p) => p.text);

  it('keeps a hyphen that is part of the word: before a capital, a digit, or in an e-mail or web address', () => {
    expect(block('Herr aus Baden-', 'Württemberg kam')).toEqual(['Herr aus Baden-Württemberg kam']);
    expect(block('Nr. INV-', '787849')).toEqual(['Nr. INV-787849']);
    expect(block('teufler@stadt-', 'verwaltung.de')).toEqual(['teufler@stadt-verwaltung.de']);
    expect(block('siehe www.stadt-', 'verwaltung.de/kontakt')).toEqual(['siehe www.stadt-verwaltung.de/kontakt']);
    // A writer's word break is still read as the word.
    expect(block('Herr Jungfern-', 'stieg 30')).toEqual(['Herr Jungfernstieg 30']);
  });

  it('joins a word broken where it filled the line (a narrow cell): a number, a word in lower case, an address', () => {
    expect(block('27.09.193', '8')).toEqual(['27.09.1938']);
    expect(block('Geburtsda', 'tum')).toEqual(['Geburtsdatum']);
    expect(block('jodie@yahoo.d', 'e')).toEqual(['jodie@yahoo.de']);
    expect(block('annbergman92', '@yahoo.de')).toEqual(['annbergman92@yahoo.de']);
    expect(block('INV-', '787849', '1')).toEqual(['INV-7878491']);
  });

  it('keeps the break after a line that did not fill the block, had a space, or before a capital or another kind of character', () => {
    expect(block('0178', '5891114')).toEqual(['0178\n5891114']);
    expect(block('10. April', '1996')).toEqual(['10. April\n1996']);
    expect(block('Hamburg', 'Germany')).toEqual(['Hamburg\nGermany']);
    expect(block('Kundennummer', '12345')).toEqual(['Kundennummer\n12345']);
  });
});

describe('gaps within a line', () => {
  const textOf = (glyphs: PdfGlyph[]) => groupParagraphs(glyphs).map((p) => p.text);

  it('reads one space as a space and two or more as a tab between columns', () => {
    expect(textOf(line('Grace Okonjo DOB', 50, 100))).toEqual(['Grace Okonjo DOB']);
    expect(textOf(line('Grace Okonjo   DOB: 1961', 50, 100))).toEqual(['Grace Okonjo\tDOB: 1961']);
  });

  it('reads a gap without space characters as a tab when it is wider than the font size, else as a space', () => {
    // 10 pt font: a gap of 12 pt separates columns, one of 8 pt (a stretched word space) does not.
    expect(textOf([...line('Okonjo', 50, 100), ...line('DOB', 50 + 36 + 12, 100)])).toEqual(['Okonjo\tDOB']);
    expect(textOf([...line('Okonjo', 50, 100), ...line('DOB', 50 + 36 + 8, 100)])).toEqual(['Okonjo DOB']);
  });
});

describe('tables drawn cell by cell', () => {
  // A header row, then a row whose last cell wraps (`518` / `130`), then the next row: LibreOffice's order.
  const glyphs = [
    ...line('Adressliste', 50, 88),
    ...line('Name', 50, 100),
    ...line('Telefon', 200, 100),
    ...line('Fredrik Vedvik', 50, 112),
    ...line('06221 518', 200, 112),
    ...line('130', 200, 124),
    ...line('Arian Siegelaub', 50, 136),
    ...line('0911 910', 200, 136),
  ];
  const paragraphs = groupParagraphs(glyphs);

  it('makes each cell a block: the first cell of a row is no line of the block above, the next row no line of the last cell', () => {
    expect(paragraphs.map((p) => p.text)).toEqual([
      'Adressliste',
      'Name',
      'Telefon',
      'Fredrik Vedvik',
      '06221 518\n130',
      'Arian Siegelaub',
      '0911 910',
    ]);
  });

  it('reads the cells of a row as a line of columns, a wrapped cell as one line of the same length', () => {
    const pieces = readingPieces(paragraphs);
    expect(joinPieces(pieces).text).toBe('Adressliste\nName\tTelefon\nFredrik Vedvik\t06221 518 130\nArian Siegelaub\t0911 910');
    pieces.forEach((piece, i) => expect(piece.text.length).toBe(paragraphs[i]!.text.length));
  });

  it('keeps a centred block together: its lines start where their length puts them', () => {
    const centred = [
      ...line('Praxis am Markt', 250, 100),
      ...line('Dr. Ann Lee', 262, 112),
      ...line('Markt 1, 07743 Jena, Tel. 03641 1234', 190, 124),
    ];
    expect(groupParagraphs(centred).map((p) => p.text)).toEqual(['Praxis am Markt\nDr. Ann Lee\nMarkt 1, 07743 Jena, Tel. 03641 1234']);
  });
});

describe('running text and short lines', () => {
  // 6-pt glyphs, 10-pt boxes: a 45-character line is 270 pt wide, 27 font sizes.
  const prose = [
    ...line('The claimant worked at its depot in Manchester', 50, 100),
    ...line('M17 1HG, from 3 April 2014 until June.', 50, 112),
  ];
  const address = [...line('Hannah Levy', 50, 200), ...line('Unit 9, Trafford Park', 50, 212), ...line('Manchester M17 1HG', 50, 224)];

  it('reads a wrapped line of running text as one with the next (a space for the line break, offsets unchanged)', () => {
    const [p] = groupParagraphs(prose);
    const [piece] = readingPieces([p!]);
    expect(piece!.text).toBe('The claimant worked at its depot in Manchester M17 1HG, from 3 April 2014 until June.');
    expect(piece!.text.length).toBe(p!.text.length);
  });

  it('keeps the line breaks of a table written as text and of a line the next word would have fitted after', () => {
    const rows = groupParagraphs([
      ...line('| Moritz Große-Boymann | 0351 80154917 | 581968 |', 50, 300),
      ...line('| Elyssa Onody | +43 1 8403896 | 7785875135 |', 50, 312),
    ]);
    expect(readingPieces(rows)[0]!.text).toBe(
      '| Moritz Große-Boymann | 0351 80154917 | 581968 |\n| Elyssa Onody | +43 1 8403896 | 7785875135 |',
    );
    // The second line is nearly full, but `I` would have fitted after it: its writer ended it there.
    const ended = groupParagraphs([
      ...line('The claimant worked at its depot in Manchester', 50, 400),
      ...line('from 2014 until the end of June in 2023.', 50, 412),
      ...line('I was told so.', 50, 424),
    ]);
    expect(readingPieces(ended)[0]!.text).toBe(
      'The claimant worked at its depot in Manchester from 2014 until the end of June in 2023.\nI was told so.',
    );
  });

  it('keeps the line breaks of short lines: an address block stays lines', () => {
    const [p] = groupParagraphs(address);
    expect(readingPieces([p!])[0]!.text).toBe('Hannah Levy\nUnit 9, Trafford Park\nManchester M17 1HG');
  });
});
