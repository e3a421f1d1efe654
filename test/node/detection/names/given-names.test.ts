import { describe, expect, it } from 'vitest';
import { givenNameRecognizer } from '../../../../src/detection/names/given-names.js';
import type { DetectContext } from '../../../../src/detection/recognizer.js';
import type { TextLabelName } from '../../../../src/spec/types.js';
import type { Span } from '../../../../src/text/span.js';

const found = (text: string, language: DetectContext['language'] = 'en', labels: TextLabelName[] = ['PER']): string[] =>
  (givenNameRecognizer.detect(text, { labels: new Set(labels), language }) as Span[]).map((s) => text.slice(s.start, s.end));

describe('givenNameRecognizer', () => {
  it.each([
    ['When my server crashed, Greg fixed it in an hour.', ['Greg']],
    ['Welcome Darin!', ['Darin']],
    ["That's probably Wendy, she always calls at noon.", ['Wendy']],
    ['Thanks Cécile', ['Cécile']],
    ['You know unless Brett and Heidi say so.', ['Brett', 'Heidi']],
  ])('finds the given name alone in %j', (text, names) => {
    expect(found(text)).toEqual(names);
  });

  it('gives each a person span below the model cut-off, so that a longer or other reading by the model wins', () => {
    const [span] = givenNameRecognizer.detect('Ask Greg about it.', { labels: new Set(['PER']), language: 'en' }) as Span[];
    expect(span).toEqual({ start: 4, end: 8, label: 'PER', score: 0.6, source: 'pattern:given-names' });
  });

  it.each([
    // Part of a longer name, title, firm or place: other rules and the model read those whole.
    'Greg Hansen called.',
    'Mr Greg called.',
    'Daniel - Kilback Ltd',
    "Britt 's Pizza is long gone.",
    'in St Mary Street',
    // A month or unit beside a number.
    'the election on Jan. 9, 2005',
    '21 Sep 2002 to 22 Feb 2003',
    // Words, function words and months that are names too, a chat's contraction.
    'Will you come? May we?',
    'Ive been waiting for this',
    // Capitals and handles are left to other rules.
    'THANKS OBAMA',
    '@Greg and greg@example.com',
    // In lower case: dictionary words that are names too, words shorter than four letters (chat words more often than
    // names), handles, addresses, paths, contractions.
    'a lot of guys, great vid man',
    'mark my words, the bill is due',
    'tri tip and a kay',
    '@emma, #ryan, emma@example.com, /home/ryan/, o’neal',
  ])('leaves %j alone', (text) => {
    expect(found(text)).toEqual([]);
  });

  it.each([
    ['omg poor emily', ['emily']],
    ['wow emma and ryan are so cute', ['emma', 'ryan']],
    ['thank you fake kevin smithers', ['kevin smithers']],
    // The word after is a dictionary word, not a surname.
    ["I'll call him back. jakub can you put the timeline in?", ['jakub']],
  ])('finds a given name written in lower case in %j', (text, names) => {
    expect(found(text)).toEqual(names);
  });

  it('scores a name in lower case below one written with a capital', () => {
    const [span] = givenNameRecognizer.detect('ask greg about it', { labels: new Set(['PER']), language: 'en' }) as Span[];
    expect(span).toEqual({ start: 4, end: 8, label: 'PER', score: 0.55, source: 'pattern:given-names' });
  });

  it('runs only on English text: German capitalises nouns that are given names elsewhere (Tod, Gabe, Darin)', () => {
    expect(found('Greg hat angerufen.', 'de')).toEqual([]);
    expect(found('ruf emma an', 'de')).toEqual([]);
    expect(found('Darin liegt der Fehler, und die Gabe ist nicht der Tod.', 'auto')).toEqual([]);
    expect(found('When Greg called, the server was down.', 'auto')).toEqual(['Greg']);
  });

  it('runs only when persons are requested', () => {
    expect(found('Ask Greg about it.', 'en', ['LOC'])).toEqual([]);
  });
});
