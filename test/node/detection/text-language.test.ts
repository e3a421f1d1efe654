import { describe, expect, it } from 'vitest';
import { readLanguage, textLanguage } from '../../../src/detection/text-language.js';

describe('text language', () => {
  it.each([
    ['Der Mieter hat die Wohnung mit allen Schlüsseln übergeben.', 'de'],
    ['The tenant returned the flat with all of the keys.', 'en'],
    ['Anna Schmidt', 'auto'],
    ['die the', 'auto'],
  ] as const)('reads %j as %s by its function words', (text, language) => {
    expect(readLanguage(text)).toBe(language);
  });

  it("keeps the request's language, reads the text only for auto", () => {
    expect(textLanguage('The tenant returned the keys.', 'de')).toBe('de');
    expect(textLanguage('The tenant returned the keys.', 'auto')).toBe('en');
  });

  it('answers anew for another text of the same length (the cache knows texts by fingerprint, never by their words)', () => {
    expect(readLanguage('Der Hund und die Katze.')).toBe('de');
    expect(readLanguage('The dog and the cat...')).toBe('en');
    expect(readLanguage('Der Hund und die Katze.')).toBe('de');
  });
});
