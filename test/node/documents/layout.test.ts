import { describe, expect, it } from 'vitest';
import { boxesOfRange, layoutFromParagraphs, unionBox } from '../../../src/documents/layout.js';

const w = (text: string, x0: number, y0: number) => ({ text, box: { x0, y0, x1: x0 + text.length * 10, y1: y0 + 12 } });

describe('text layout', () => {
  const layout = layoutFromParagraphs([
    [
      [w('Herr', 0, 0), w('Max', 50, 0), w('Mustermann', 90, 0)],
      [w('Tel.', 0, 20), w('030', 50, 20), w('1234567', 90, 20)],
    ],
    [[w('Danke', 0, 60)]],
  ]);

  it('joins words by spaces, lines by newlines, paragraphs by a blank line; every word maps to its characters', () => {
    expect(layout.text).toBe('Herr Max Mustermann\nTel. 030 1234567\n\nDanke');
    for (const word of layout.words) expect(layout.text.slice(word.start, word.end)).toMatch(/^\S+$/);
    expect(layout.words[2]).toMatchObject({ start: 9, end: 19 });
  });

  it('gives the boxes of exactly the words a span touches', () => {
    const start = layout.text.indexOf('Max');
    expect(boxesOfRange(layout, start, start + 'Max Mustermann'.length).map((b) => b.x0)).toEqual([50, 90]);
    // A span covering part of a word still takes the whole word.
    const tel = layout.text.indexOf('234');
    expect(boxesOfRange(layout, tel, tel + 3)).toEqual([{ x0: 90, y0: 20, x1: 160, y1: 32 }]);
    expect(boxesOfRange(layout, 4, 5)).toEqual([]);
  });

  it('unions boxes', () => {
    expect(unionBox([])).toBeNull();
    expect(unionBox(boxesOfRange(layout, 0, layout.text.indexOf('030') + 3))).toEqual({ x0: 0, y0: 0, x1: 190, y1: 32 });
  });

  it('reads a gap of more than two word heights inside a line as a tab between columns', () => {
    const form = layoutFromParagraphs([[[w('Name:', 0, 0), w('Okonjo', 60, 0), w('DOB:', 150, 0), w('1961', 200, 0)]]]);
    // 12-high words: a gap of 30 between `Okonjo` and `DOB:` is a column's, gaps of 10 are word spaces.
    expect(form.text).toBe('Name: Okonjo\tDOB: 1961');
  });

  it('reads the line break after a full line of running text as a space; short lines keep theirs', () => {
    // 12-high words, 10 per character: running text is 420 wide or more.
    const words = (s: string, y: number) => {
      let x = 0;
      return s.split(' ').map((t) => {
        const word = w(t, x, y);
        x += (t.length + 1) * 10;
        return word;
      });
    };
    const prose = layoutFromParagraphs([[words('The claimant worked at its depot in Manchester', 0), words('M17 1HG until June.', 20)]]);
    expect(prose.text).toBe('The claimant worked at its depot in Manchester M17 1HG until June.');
    const address = layoutFromParagraphs([[words('Hannah Levy', 0), words('Manchester M17 1HG', 20)]]);
    expect(address.text).toBe('Hannah Levy\nManchester M17 1HG');
  });

  it('starts a paragraph where a line lies a blank line below the last, though tesseract grouped them', () => {
    // 12-high words: running lines 20 apart, a blank line between makes 40.
    const text = layoutFromParagraphs([
      [
        [w('Assignee:', 0, 0), w('Delgado', 100, 0)],
        [w('Requester:', 0, 40), w('Okeke', 110, 40)],
      ],
    ]).text;
    expect(text).toBe('Assignee: Delgado\n\nRequester: Okeke');
  });

  it('joins paragraphs on consecutive lines by a line break (tesseract makes each line of an address one)', () => {
    const text = layoutFromParagraphs([
      [[w('Robert-Blum-Straße', 0, 0), w('21', 200, 0)]],
      [[w('51373', 0, 20), w('Leverkusen', 60, 20)]],
    ]).text;
    expect(text).toBe('Robert-Blum-Straße 21\n51373 Leverkusen');
  });

  it('reads a word that goes on over a line break as one: after its own hyphen, or broken where it filled the line', () => {
    const lines = (...texts: string[]) => layoutFromParagraphs([texts.map((t, i) => [w(t, 0, 20 * i)])]);
    expect(lines('RF-', '2024-0108').text).toBe('RF-2024-0108');
    expect(lines('Jungfern-', 'stieg').text).toBe('Jungfernstieg');
    expect(lines('27.09.193', '8').text).toBe('27.09.1938');
    expect(lines('Hamburg', 'Germany').text).toBe('Hamburg\nGermany');
    // The dropped hyphen's word keeps its box, its characters end before the hyphen.
    const hyphenated = lines('Jungfern-', 'stieg');
    expect(hyphenated.words.map((x) => hyphenated.text.slice(x.start, x.end))).toEqual(['Jungfern', 'stieg']);
  });

  describe('a scanned table', () => {
    // 12-high words, 10 per character; cells 20 or more apart, word spaces 10 (under 0.7 word heights: 8.4).
    const row = (y: number, cells: Array<[number, string]>) =>
      cells.flatMap(([x, cell]) => {
        let at = x;
        return cell.split(' ').map((t) => {
          const word = w(t, at, y);
          at += (t.length + 1) * 10;
          return word;
        });
      });

    it('reads its columns under the header and a row whose cells wrap (a line with empty columns) as one row', () => {
      const text = layoutFromParagraphs([
        [
          row(0, [
            [0, 'Name'],
            [120, 'E-Mail'],
            [320, 'Geburtsda'],
            [440, 'Ort'],
          ]),
          row(20, [[320, 'tum']]),
          row(40, [
            [0, 'Frederike'],
            [120, 'teufler@stadt-'],
            [320, '27.09.193'],
            [440, 'Jena'],
          ]),
          row(60, [
            [0, 'Teufler'],
            [120, 'verwaltung.de'],
            [320, '8'],
          ]),
          row(80, [
            [0, 'Roma Ernsts'],
            [120, 'roma@yahoo.de'],
            [320, '10.07.2003'],
            [440, 'Gera'],
          ]),
          row(100, [
            [0, 'Kaja Burkhard'],
            [120, 'kaja@web.de'],
            [320, '05.06.1963'],
            [440, 'Suhl'],
          ]),
        ],
      ]).text;
      expect(text).toBe(
        'Name\tE-Mail\tGeburtsdatum\tOrt\nFrederike Teufler\tteufler@stadt-verwaltung.de\t27.09.1938\tJena\n' +
          'Roma Ernsts\troma@yahoo.de\t10.07.2003\tGera\nKaja Burkhard\tkaja@web.de\t05.06.1963\tSuhl',
      );
    });

    it('joins a header and rows that tesseract gave paragraphs of their own, however tall a word box', () => {
      // The header wrapped (its `.` line unread), so the first row lies 3 word heights below it; one of the row's word
      // boxes reaches up into the line above.
      const first = row(36, [
        [0, 'Vedvik'],
        [120, '0314615'],
        [240, 'vedvik@posteo.de'],
        [440, '+49 6221 518-'],
      ]);
      first[1] = { ...first[1]!, box: { ...first[1]!.box, y0: 20 } };
      const text = layoutFromParagraphs([
        [
          row(0, [
            [0, 'Name'],
            [120, 'Kundennr'],
            [240, 'E-Mail'],
            [440, 'Telefon'],
          ]),
        ],
        [
          first,
          row(56, [
            [120, '19'],
            [440, '130'],
          ]),
        ],
        [
          row(76, [
            [0, 'Freida'],
            [120, '5719330'],
            [240, 'f.cottin@yahoo.de'],
            [440, '030 9351605'],
          ]),
        ],
        [
          row(96, [
            [0, 'Adam'],
            [120, '8118161'],
            [240, 'a.romich@web.de'],
            [440, '0341 500029'],
          ]),
        ],
      ]).text;
      expect(text).toBe(
        'Name\tKundennr\tE-Mail\tTelefon\nVedvik\t031461519\tvedvik@posteo.de\t+49 6221 518-130\n' +
          'Freida\t5719330\tf.cottin@yahoo.de\t030 9351605\nAdam\t8118161\ta.romich@web.de\t0341 500029',
      );
    });

    it('is no table where no header names columns: lines that start alike with numbers, or running text', () => {
      const chat = layoutFromParagraphs([
        [0, 20, 40, 60].map((y) =>
          row(y, [
            [0, '12.06.24,'],
            [100, '19:04'],
            [160, '- Jana: Hey ihr'],
          ]),
        ),
      ]).text;
      expect(chat).not.toContain('\t');
    });
  });
});
