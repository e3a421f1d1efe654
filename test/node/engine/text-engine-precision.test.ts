import { describe, expect, it } from 'vitest';
import { createAnonymizer } from '../../../src/platform/node/text.js';
import type { Span } from '../../../src/text/span.js';

/**
 * Issue 37, step 4 (precision): families of generated texts through the default engine (the shipped model on), each
 * asserting the exact spans. Several names × several frames × German and English, none a user's example verbatim.
 */
const engine = createAnonymizer();
const ALL = ['PER', 'STR', 'MAIL', 'TEL', 'LOC', 'ORG', 'DATE', 'OTH'];

/** `[label, text]` of each span. */
async function spans(text: string, labels: readonly string[] = ALL): Promise<Array<[string, string]>> {
  return (await engine.detect(text, { labels })).map((s: Span) => [s.label, text.slice(s.start, s.end)]);
}

/** Every frame filled with every value. */
function family(frames: readonly string[], values: readonly string[]): string[] {
  return frames.flatMap((f) => values.map((v) => f.replaceAll('{X}', v)));
}

describe('a label not requested is dropped, never relabelled', () => {
  const texts = family(
    ['Ich kaufe jeden Samstag bei {X} in Köln ein.', 'I bought it at {X} in Leeds last week.', 'Receipt from {X}, Oxford Street, London.'],
    ['Lidl', 'Siemens', 'Vodafone', 'REWE'],
  );
  it.each(texts)('%j: asked for fewer labels, no span the full request does not have', async (text) => {
    const key = ([label, t]: [string, string]) => `${label}|${t}`;
    const full = await spans(text);
    for (const labels of [['PER', 'LOC'], ['LOC'], ['PER', 'LOC', 'STR', 'DATE', 'TEL', 'MAIL', 'OTH']]) {
      const expected = full.filter(([l]) => labels.includes(l)).map(key);
      expect((await spans(text, labels)).map(key), labels.join(',')).toEqual(expected);
    }
  });
});

describe('a mask never eats a line break its name does not hold', () => {
  const names = [
    ['Anna', 'Schmidt'],
    ['Jonas', 'Becker'],
    ['Maya', 'Lindqvist'],
    ['Tom', 'Hughes'],
  ];
  const frames = [
    (f: string, l: string) => `Sehr geehrte Frau ${f} ${l},\nKontakt: ${f}\n${l} Weg 4, Raum 2`,
    (f: string, l: string) => `Dear Ms ${f} ${l}, thanks for the call.\nBest, ${f}\n${l} Road is closed today.`,
  ];
  it.each(names.flatMap(([f, l]) => frames.map((frame) => [frame(f!, l!), `${f} ${l}`, f!])))('%j', async (text, full, first) => {
    const found = await spans(text);
    expect(found.filter(([, t]) => /\n/u.test(t))).toEqual([]);
    expect(found.slice(0, 2)).toEqual([
      ['PER', full],
      ['PER', first],
    ]);
  });
});

/** Given and family names the families are filled with (none a user's example). */
const PEOPLE = [
  ['Miriam', 'Hoffmann'],
  ['Jonas', 'Krüger'],
  ['Priya', 'Nair'],
  ['Oliver', 'Grant'],
];

/** Each frame with each person: the text and the full name. */
function people(frames: ReadonlyArray<(first: string, last: string) => string>): Array<[string, string]> {
  return PEOPLE.flatMap(([f, l]) => frames.map((frame): [string, string] => [frame(f!, l!), `${f} ${l}`]));
}

describe('an opening imperative or greeting is no part of the name after it', () => {
  it.each(
    people([
      (f, l) => `Call ${f} ${l} before noon, please.`,
      (f, l) => `Ask ${f} ${l} about the keys.`,
      (f, l) => `Thanks ${f} ${l} for the quick reply.`,
      (f, l) => `Ruf ${f} ${l} morgen früh an.`,
      (f, l) => `Grüße an ${f} ${l} und die Kinder.`,
      (f, l) => `Frag ${f} ${l} nach dem Schlüssel.`,
    ]),
  )('%j', async (text, name) => {
    expect(await spans(text)).toEqual([['PER', name]]);
  });
});

describe('family words and abbreviations stay outside the name, and alone are none', () => {
  it.each(
    people([
      (f, l) => `Mein Mann ${f} ${l} ist seit Montag krank.`,
      (f, l) => `Meine Frau ${f} ${l} holt die Unterlagen ab.`,
      (f, l) => `My husband ${f} ${l} will sign the form.`,
      (f, l) => `Meine Tante ${f} ${l} wohnt nebenan.`,
      (f, l) => `Firma Beispiel\nz. Hd. ${f} ${l}\nPostfach 12`,
    ]),
  )('%j', async (text, name) => {
    expect((await spans(text)).filter(([label]) => label === 'PER' || label === 'LOC')).toEqual([['PER', name]]);
  });

  it.each([
    'Mein Mann ist seit Montag krank, meine Tochter auch.',
    'My husband and my daughter send their regards.',
    'Die Oma und der Opa kommen am Wochenende.',
    'Unsere Tante hat angerufen.',
  ])('%j', async (text) => {
    expect(await spans(text)).toEqual([]);
  });
});

describe('job titles are no names', () => {
  it.each(
    people([
      (f, l) => `${f} ${l}, Senior Data Engineer at our firm, will join the call.`,
      (f, l) => `Please welcome ${f} ${l}, our new Head of Sales.`,
      (f, l) => `Leitende Oberärztin ${f} ${l} hat den Befund geprüft.`,
      (f, l) => `${f} ${l}\nSenior Product Designer\n\nSkills: research, prototyping`,
    ]),
  )('%j', async (text, name) => {
    expect(await spans(text)).toEqual([['PER', name]]);
  });
});

describe("headings and form words are no names (a form's Yes/No, Name:, Datum, Unterschrift)", () => {
  it.each(
    people([
      (f, l) => `EXPERIENCE\n${f} ${l} — 2019 to 2024\nEDUCATION\nBachelor of Design`,
      (f, l) => `Name: ${f} ${l}\nSmoker: Yes No\nPregnant: Yes No\nSex: F`,
      (f, l) => `Name: ${f} ${l}\nRaucher: Ja Nein\nDatum: ________ Unterschrift: ________`,
      (f, l) => `Percent complete: 40\nBegin by asking ${f} ${l} for the code.`,
    ]),
  )('%j', async (text, name) => {
    expect(await spans(text)).toEqual([['PER', name]]);
  });
});
