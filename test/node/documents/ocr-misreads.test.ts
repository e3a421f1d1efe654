import { describe, expect, it } from 'vitest';
import { mended } from '../../../src/documents/ocr-misreads.js';

describe('mended: OCR misreads', () => {
  it.each([
    ['Hadzi¢,', 'Hadzic,'],
    ['Kili¢', 'Kilic'],
    ['FlurstraBe', 'Flurstraße'],
    ['Friedrich-Ebert-StraBe', 'Friedrich-Ebert-Straße'],
    ['StraBen', 'Straßen'],
    ['GroBlehna', 'Großlehna'],
    ['GroB-Gerau', 'Groß-Gerau'],
    ['groBe', 'große'],
  ])('%s → %s', (word, expected) => {
    expect(mended(word)).toBe(expected);
  });

  it('leaves what reads as something else', () => {
    for (const word of ['5¢', '¢', 'GROB', 'Grob', 'McBride', 'DuBois', 'AstraB', 'Negroponte', 'IGROB', 'Strasse'])
      expect(mended(word), word).toBe(word);
  });
});
