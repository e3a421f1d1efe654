import { beforeAll, describe, expect, it } from 'vitest';
import { isHyphenedCommonNoun, isNoName, isPastTenseVerb, nameStart } from '../../../../src/detection/words/non-names.js';
import { ensureLexicons, provideLexicons } from '../../../../src/detection/lexicons/store.js';
import { nodeLexicons } from '../../../../src/platform/node/lexicons.js';

beforeAll(async () => {
  provideLexicons(nodeLexicons);
  await ensureLexicons();
});

/** Whether the last occurrence of `word` in `text`, as a model's span, names no one. */
const noName = (text: string, word: string, label: 'PER' | 'LOC' | 'ORG' = 'PER') => {
  const start = text.lastIndexOf(word);
  return isNoName(text, { start, end: start + word.length, label }, 'auto');
};

describe('nameStart: words before a name that are no part of it', () => {
  it.each([
    ['Call Lena Vogt', 'Lena Vogt'],
    ['Thanks, Omar Haddad', 'Omar Haddad'],
    ['Grüße an Lena Vogt', 'Lena Vogt'],
    ['Ruf Lena Vogt', 'Lena Vogt'],
    ['Mein Mann Omar Haddad', 'Omar Haddad'],
    ['my husband Omar', 'Omar'],
    ['Tante Lena', 'Lena'],
    ['z. Hd. Lena Vogt', 'Lena Vogt'],
    ['Led Omar', 'Omar'],
    ['Lena Vogt', 'Lena Vogt'],
    ['A. Vogt', 'A. Vogt'],
  ])('%j → %j', (span, name) => {
    expect(span.slice(nameStart(span, 0, span.length))).toBe(name);
  });
});

describe('isNoName', () => {
  it.each([
    ['Call', 'Call'],
    ['Mein Mann kommt', 'Mann'],
    ['z. Hd.', 'Hd.'],
    ['Datum: Mo.', 'Mo.'],
    ['a Senior Data Engineer', 'Data Engineer'],
    ['our Head of Sales', 'Head of Sales'],
    ['Leitende Oberärztin', 'Oberärztin'],
    ['EXPERIENCE', 'EXPERIENCE'],
    ['Smoker: Yes No', 'Yes No'],
    ['Unterschrift', 'Unterschrift'],
    ['Sex: F', 'F'],
    ['Section B', 'B'],
    ['Export to CSV', 'CSV'],
    ['before the Court', 'the Court'],
    ['seen in Cardiology', 'Cardiology'],
    ['The', 'The'],
  ])('%j: %j names no one', (text, word) => {
    expect(noName(text, word)).toBe(true);
  });

  it.each([
    ['Thomas Mann', 'Mann'],
    ['Herr Mann', 'Mann'],
    ['Dr. Koch', 'Koch'],
    ['Wohnsitz in L nehmen', 'L'],
    ['Die SVP sei', 'SVP'],
    ['über Scientology', 'Scientology'],
    ['Will', 'Will'],
    ['Lena Vogt', 'Lena Vogt'],
  ])('%j: %j may be a name', (text, word) => {
    expect(noName(text, word)).toBe(false);
  });

  it('reads English verbs in the past tense, not given names', () => {
    expect(['Led', 'Managed', 'Designed'].map(isPastTenseVerb)).toEqual([true, true, true]);
    expect(['Ahmed', 'Mohammed', 'Reed', 'Fred'].map(isPastTenseVerb)).toEqual([false, false, false, false]);
  });

  it('reads a hyphened word ending in a common noun as a compound, a double name as a name', () => {
    expect(['Kunden-Zertifikat', 'Urlaubs-Semester', 'X-rays'].map((w) => isHyphenedCommonNoun(w, 'auto'))).toEqual([true, true, true]);
    expect(['Müller-Lüdenscheidt', 'Hans-Peter', 'Schmidt-Koch', 'Baker-Smith'].map((w) => isHyphenedCommonNoun(w, 'auto'))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('isNoName: a heading in capitals of common words', () => {
  const at = (text: string, surface: string) => {
    const start = text.indexOf(surface);
    return isNoName(text, { start, end: start + surface.length, label: 'PER' }, 'en');
  };
  it.each(['ANNUAL REPORT', 'CONTACT SHEET', 'PROJECT PLAN 2024', 'TEAM MEETING'])('%s names no one', (heading) => {
    expect(at(`${heading}\nsome text`, heading)).toBe(true);
  });
  it.each(['JOHN MILLER', 'ANNA SCHMIDT', 'EMMA BAKER'])('%s is a name', (name) => {
    expect(at(`${name}\nsome text`, name)).toBe(false);
  });
});
