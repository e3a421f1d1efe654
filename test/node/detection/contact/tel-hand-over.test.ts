import { describe, expect, it } from 'vitest';
import { createAnonymizer } from '../../../../src/platform/node/text.js';

const rules = createAnonymizer({ ner: false });
const ALL = ['PER', 'STR', 'MAIL', 'TEL', 'LOC', 'ORG', 'DATE', 'OTH'] as const;

const NUMBERS = ['0171 2345678', '0151/23456789', '+49 170 1234567', '030 98765432', '07700 900123'];
const LABEL_WORDS = ['Vertrags', 'Vertrag', 'Rechnung', 'Kundennummer', 'contract', 'invoice', 'order', 'account'];

/** Sentences in which another identifier's word stands before a phone number, and one where it announces it. */
const PHONE_FRAMES: Array<(word: string, n: string) => string> = [
  (w, n) => `Wegen des ${w} ist er unter ${n} erreichbar.`,
  (w, n) => `Zum ${w}: Sie erreichen mich unter ${n}.`,
  (w, n) => `Re your ${w}, call me on ${n} tomorrow.`,
  (w, n) => `Fragen zum ${w}? Rufen Sie ${n} an.`,
];
/** Another identifier's label right before the number: it is that identifier. */
const ANNOUNCED = [
  'Vertragsnummer:',
  'Rechnungsnummer',
  'Kundennummer:',
  'Contract number:',
  'Invoice no.',
  'Order number',
  'Account no.:',
];

describe('a phone-shaped number is claimed by TEL or handed to OTH, never left in clear text', () => {
  const cases = LABEL_WORDS.flatMap((w) => NUMBERS.flatMap((n) => PHONE_FRAMES.map((f) => [f(w, n), n] as const)));
  it.each(cases)('%s', async (text, number) => {
    const spans = await rules.detect(text, { labels: ALL });
    expect(spans.find((s) => text.slice(s.start, s.end) === number)?.label).toBe('TEL');
  });

  const announced = ANNOUNCED.flatMap((label) => NUMBERS.map((n) => [`${label} ${n}`, n] as const));
  it.each(announced)('%s (announced: an identifier, OTH)', async (text, number) => {
    const spans = await rules.detect(text, { labels: ALL });
    const found = spans.find((s) => s.start <= text.indexOf(number) && s.end >= text.indexOf(number) + number.length);
    expect(found?.label).toBe('OTH');
  });
});
