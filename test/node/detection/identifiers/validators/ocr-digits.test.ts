import { describe, expect, it } from 'vitest';
import { digitReadings, isConfusable } from '../../../../../src/detection/identifiers/validators/ocr-digits.js';
import { ibanRemainder, isValidIban, misreadIban } from '../../../../../src/detection/identifiers/validators/iban.js';
import { createAnonymizer } from '../../../../../src/platform/node/text.js';
import { seeded } from '../../../../../tools/seeded-random.js';

/** A valid IBAN of `country` with `length` characters, all digits after the country code. */
function numericIban(country: string, length: number, random: () => number): string {
  const bban = Array.from({ length: length - 4 }, () => String(Math.floor(random() * 10))).join('');
  const check = 98 - ibanRemainder(`${country}00${bban}`);
  return `${country}${String(check).padStart(2, '0')}${bban}`;
}

/** What OCR reads for some digits. */
const MISREAD: Readonly<Record<string, readonly string[]>> = {
  '0': ['O', 'D'],
  '1': ['l', 'I'],
  '2': ['Z'],
  '5': ['S'],
  '6': ['G'],
  '8': ['B', 'S'],
};

/** `iban` with up to `n` misread digits (only digits OCR confuses), grouped by four. */
function misread(iban: string, n: number, random: () => number): string {
  const chars = [...iban];
  const candidates = chars.map((c, i) => (i >= 2 && MISREAD[c] ? i : -1)).filter((i) => i >= 0);
  for (let k = 0; k < n && candidates.length > 0; k++) {
    const i = candidates.splice(Math.floor(random() * candidates.length), 1)[0]!;
    const options = MISREAD[chars[i]!]!;
    chars[i] = options[Math.floor(random() * options.length)]!;
  }
  return chars.join('').replace(/(.{4})(?=.)/gu, '$1 ');
}

describe('digits OCR misread', () => {
  it('reads each confusable character as the digits it may stand for, at the given positions only', () => {
    expect(isConfusable('S')).toBe(true);
    expect(isConfusable('K')).toBe(false);
    expect(digitReadings('DES9', [2, 3]).sort()).toEqual(['DE59', 'DE89']);
    expect(digitReadings('DES9', [3])).toEqual([]);
    expect(digitReadings('OOOO', [0, 1, 2, 3])).toEqual([]);
  });

  const random = seeded(11);
  const cases = (['DE', 'AT', 'CH', 'PL', 'ES', 'SE'] as const).flatMap((country) => {
    const length = { DE: 22, AT: 20, CH: 21, PL: 28, ES: 24, SE: 24 }[country];
    return Array.from({ length: 5 }, () => {
      const iban = numericIban(country, length, random);
      return [misread(iban, 1 + Math.floor(random() * 2), random), iban] as const;
    });
  });

  it.each(cases)('%s is the IBAN %s', (read, iban) => {
    expect(isValidIban(iban)).toBe(true);
    expect(misreadIban(read)).toBe(iban);
  });

  const rules = createAnonymizer({ ner: false });
  it.each(cases.slice(0, 12))('a scanned letter\'s "%s" is masked whole', async (read) => {
    const text = `Bitte überweisen Sie den Betrag auf ${read} bis Monatsende.`;
    const spans = await rules.detect(text, { labels: ['OTH'] });
    expect(spans.map((s) => text.slice(s.start, s.end))).toEqual([read]);
  });

  it('takes no word or code that no reading makes a valid IBAN', async () => {
    for (const text of ['DESK 3704 0044 0532 0130 00', 'ABCD EFGH IJKL MNOP QRST', 'Modell DE5O 1234 5678 9012 3456 78 ist neu'])
      expect(await rules.detect(text, { labels: ['OTH'] })).toEqual([]);
  });
});
