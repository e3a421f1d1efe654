import { describe, expect, it } from 'vitest';
import {
  isCommonCompound,
  isCommonWord,
  isCommonWordSpan,
  isFieldLabel,
  isWeakGermanWord,
} from '../../../../src/detection/words/common-words.js';
import { readFileSync } from 'node:fs';
import { frontDecode } from '../../../../src/detection/lexicons/front-coding.js';
import { commonWordsDe, commonWordsEn, firstNames, nameWordsEn } from '../../../../src/detection/lexicons/store.js';
import type { TextLabelName } from '../../../../src/spec/types.js';

/** Whether the first occurrence of `word` in `text`, as a span of `label`, is dropped as common words. */
function dropped(text: string, word: string, label: TextLabelName = 'PER', language: 'de' | 'en' | 'auto' = 'auto'): boolean {
  const start = text.indexOf(word);
  if (start < 0) throw new Error(`${word} not in ${text}`);
  return isCommonWordSpan(text, { start, end: start + word.length, label }, language);
}

describe('common word lists (written by tools/lexicons/build-common-words.ts)', () => {
  it('are lower-cased words of three letters or more, the German nouns sorted, unique and small enough to ship', () => {
    for (const set of [commonWordsDe(), commonWordsEn()]) expect([...set].every((w) => /^\p{Ll}{3,}$/u.test(w))).toBe(true);
    const coded = readFileSync(new URL('../../../../lexicons/german-nouns.txt', import.meta.url), 'utf8').trim();
    const nouns = frontDecode(coded);
    expect(nouns).toEqual([...new Set(nouns)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(nouns.length).toBeGreaterThan(100_000);
    expect(coded.length).toBeLessThan(600_000);
    expect(commonWordsDe().size).toBeGreaterThan(nouns.length);
  });

  it('contain no first name of the gazetteer, and no common surname or place', () => {
    const names = new Set([...firstNames()].map((n) => n.toLowerCase()));
    for (const set of [commonWordsDe(), commonWordsEn()]) expect([...set].filter((w) => names.has(w))).toEqual([]);
    for (const name of ['becker', 'fischer', 'koch', 'bauer', 'wolf', 'paris', 'rose', 'bill', 'china', 'turkey', 'smith'])
      expect(commonWordsDe().has(name) || commonWordsEn().has(name), name).toBe(false);
    // Nouns of the German dictionary that are surnames, places or abbreviations too, or names more often than not.
    for (const name of ['jäger', 'koller', 'treber', 'schwaben', 'westfalen', 'bgh', 'adac', 'allianz', 'franken'])
      expect(commonWordsDe().has(name), name).toBe(false);
  });

  it('keep the English dictionary words that are names as a list of their own, apart from the common words', () => {
    for (const word of ['guy', 'lot', 'mark', 'bill', 'rose', 'can']) expect(nameWordsEn().has(word), word).toBe(true);
    for (const name of ['emma', 'ryan', 'kevin', 'smithers']) expect(nameWordsEn().has(name), name).toBe(false);
    expect([...nameWordsEn()].filter((w) => commonWordsEn().has(w))).toEqual([]);
  });
});

describe('isCommonWord', () => {
  it('knows the common words of each language, in any capitalisation', () => {
    expect(isCommonWord('Praxis', 'de')).toBe(true);
    expect(isCommonWord('KASSE', 'de')).toBe(true);
    expect(isCommonWord('Overview', 'en')).toBe(true);
    expect(isCommonWord('Following', 'en')).toBe(true);
    expect(isCommonWord('SUMMARY', 'auto')).toBe(true);
  });

  it("keeps an English word that is a German surname or town only in the German list's exclusions", () => {
    for (const word of ['Yes', 'Much', 'Just']) expect(isCommonWord(word, 'en'), word).toBe(true);
    for (const word of ['Much', 'Just']) expect(isCommonWord(word, 'de'), word).toBe(false);
  });

  it('looks only at the language of the text, both when it is unknown', () => {
    expect(isCommonWord('Please', 'de')).toBe(false);
    expect(isCommonWord('Stuhl', 'en')).toBe(false);
    expect(isCommonWord('Stuhl', 'auto')).toBe(true);
  });

  it('never takes a name for a common word', () => {
    for (const name of ['Becker', 'Fischer', 'Paris', 'Rose', 'Anna', 'Hans-Peter']) expect(isCommonWord(name, 'auto'), name).toBe(false);
  });
});

describe('isCommonWordSpan', () => {
  it('drops one common word taken for a name: a sentence start, a German noun, a heading, a label', () => {
    expect(dropped('Please find attached the report.', 'Please')).toBe(true);
    expect(dropped('Die Praxis ist geschlossen.', 'Praxis', 'ORG', 'de')).toBe(true);
    expect(dropped('SUMMARY\n\nThe patient was admitted.', 'SUMMARY', 'LOC', 'en')).toBe(true);
    expect(dropped('Gender: female', 'Gender', 'PER', 'en')).toBe(true);
  });

  it('drops German nouns the dictionary knows in any of their forms, and keeps the surnames among them', () => {
    expect(dropped('dort der Verbindungsmann der Diebsbande aufgeregt', 'Diebsbande', 'ORG', 'de')).toBe(true);
    expect(dropped('Ich investiere lieber in der Nische , am Rand .', 'Nische', 'LOC', 'de')).toBe(true);
    expect(dropped('Sekunden vor ihrer härtesten Rivalin im Kampf', 'Rivalin', 'PER', 'de')).toBe(true);
    expect(dropped('Man bezeichnet den Akku dann auch als leer .', 'Akku', 'PER', 'de')).toBe(true);
    // A sentence's full stop inside the span.
    expect(dropped('Bewältigung der Folgen im Alltag. Procedere: Wir verlegen', 'Alltag.', 'ORG', 'de')).toBe(true);
    expect(dropped('Der Beschuldigte Jäger erschien nicht .', 'Jäger', 'PER', 'de')).toBe(false);
  });

  it('drops outline numbers with function words (`III. Für`, `zu II.`), keeps an initial with a surname', () => {
    expect(dropped('III. Für die Entscheidung kommt es darauf an.', 'III. Für', 'PER', 'de')).toBe(true);
    expect(dropped('wie oben zu II. ausgeführt', 'zu II.', 'PER', 'de')).toBe(true);
    expect(dropped('Die Zeugin B. Kowalczyk sagte aus.', 'B. Kowalczyk', 'PER', 'de')).toBe(false);
  });

  it('drops a person "name" made only of common words: a job title', () => {
    expect(dropped('Subject: Staff Engineer role in Amsterdam', 'Staff Engineer', 'PER', 'en')).toBe(true);
    expect(dropped('She joined as Lead Data Analyst in May.', 'Lead Data Analyst', 'PER', 'en')).toBe(true);
  });

  it('keeps names that are also words, a common word after a title, and a word the model cut from a longer name', () => {
    expect(dropped('Wir danken Frau Becker für die Unterlagen.', 'Becker', 'PER', 'de')).toBe(false);
    expect(dropped('Flights to Paris are booked.', 'Paris', 'LOC', 'en')).toBe(false);
    expect(dropped('Termin bei Dr. Kind am Montag.', 'Kind', 'PER', 'de')).toBe(false);
    expect(dropped('AMTSGERICHT NÜRNBERG\n– Familiengericht –', 'AMTSGERICHT', 'ORG', 'de')).toBe(false);
  });

  it('drops a German compound of common words, as a person only when no known surname is made so', () => {
    expect(dropped('ein Termin beim Kinderarzt morgen', 'Kinderarzt', 'ORG', 'de')).toBe(true);
    expect(dropped('eine Berufsschule und Büros', 'Berufsschule', 'ORG', 'de')).toBe(true);
    expect(dropped('Rachen und Mundschleimhaut bland.', 'Mundschleimhaut', 'PER', 'de')).toBe(true);
    expect(isCommonCompound('Baumgarten')).toBe(true);
    expect(dropped('Zwei Tage bei Baumgarten.', 'Baumgarten', 'PER', 'de')).toBe(false);
    expect(dropped('Zwei Tage bei Neumann.', 'Neumann', 'PER', 'de')).toBe(false);
    expect(dropped('Sie zog nach Freiburg.', 'Freiburg', 'LOC', 'de')).toBe(false);
    expect(dropped('Their bakery, Kinderarzt, opened.', 'Kinderarzt', 'ORG', 'en')).toBe(false);
  });

  it('reads compounds of common words with their linking letters', () => {
    for (const w of ['Berufsschule', 'Gesundheitsamtes', 'Wirtshaus', 'Zeitungsartikel', 'Stadtverwaltung'])
      expect(isCommonCompound(w), w).toBe(true);
    // Too short, no common head, a listed place, a first name.
    for (const w of ['Bahnhof', 'Kreischa', 'Freiburg', 'Friedrich', 'Lithiummetasilicat']) expect(isCommonCompound(w), w).toBe(false);
  });

  it('reads compounds whose modifier is a compound again, and a linking -s for a dropped -e or the -e dropped alone', () => {
    for (const w of ['Nichtannahmebeschluss', 'Regelbedarfsanteil', 'Hilfsantrag', 'Erdhöhlen', 'Sprachkurs'])
      expect(isCommonCompound(w), w).toBe(true);
  });

  it('keeps multi-word places and organisations made of common words (Salt Lake City)', () => {
    expect(dropped('She moved to Salt Lake City last year.', 'Salt Lake City', 'LOC', 'en')).toBe(false);
  });
});

describe('isWeakGermanWord', () => {
  const weak = (
    text: string,
    word: string,
    score: number,
    language: 'de' | 'en' | 'auto' = 'auto',
    label: 'PER' | 'LOC' | 'ORG' = 'PER',
  ): boolean => {
    const start = text.indexOf(word);
    return isWeakGermanWord(text, { start, end: start + word.length, label, score }, language, { PER: 0.68, LOC: 0.64, ORG: 0.64 });
  };
  const de = 'Der Patient erhielt den dritten Zyklus mit Carboplatin und wurde am Montag entlassen.';

  it('drops one unknown capitalised word of German text below the score, keeps it above', () => {
    expect(weak(de, 'Zyklus', 0.62)).toBe(true);
    expect(weak(de, 'Zyklus', 0.62, 'de')).toBe(true);
    expect(weak(de, 'Zyklus', 0.7)).toBe(false);
  });

  it('keeps first names, initials, names after a title, longer names, and English text', () => {
    expect(weak('Gestern hat Anna mit dem Arzt gesprochen und ist nicht gekommen.', 'Anna', 0.6)).toBe(false);
    expect(weak('Die Akte von Herrn Kolb ist nicht vollständig und wird ergänzt.', 'Kolb', 0.6)).toBe(false);
    expect(weak('Laut K. ist die Therapie nicht beendet und wird fortgesetzt.', 'K.', 0.6)).toBe(false);
    expect(weak('The patient saw Kolb and the nurse on the ward, and that was it.', 'Kolb', 0.6)).toBe(false);
    expect(weak(de, 'Zyklus', 0.6, 'en')).toBe(false);
  });

  it('asks the same of one word taken for a place or organisation, unless it is listed or an abbreviation', () => {
    const claim = 'Das Gehäuse des Geräts wurde vom BGH in München nicht geprüft.';
    expect(weak(claim, 'Gehäuse', 0.6, 'auto', 'LOC')).toBe(true);
    expect(weak(claim, 'Gehäuse', 0.66, 'auto', 'LOC')).toBe(false);
    expect(weak(claim, 'München', 0.6, 'auto', 'LOC')).toBe(false);
    expect(weak(claim, 'BGH', 0.6, 'auto', 'ORG')).toBe(false);
  });
});

describe('isFieldLabel', () => {
  const at = (text: string, word: string) => ({ start: text.indexOf(word), end: text.indexOf(word) + word.length });
  it.each([
    ['Bill to: Northwind Traders', 'Bill'],
    ['Ship to:\nAnna Berg', 'Ship'],
    ['Zahlbar an: Jens Ohlsen', 'Zahlbar'],
  ])('takes the head of %j for a field label', (text, word) => {
    expect(isFieldLabel(text, at(text, word))).toBe(true);
  });

  it.each([
    ['Bill: hello', 'Bill'],
    ['Bill to the office', 'Bill'],
    ['Anna Berg to: all', 'Anna Berg'],
  ])('leaves %j alone', (text, word) => {
    expect(isFieldLabel(text, at(text, word))).toBe(false);
  });
});
