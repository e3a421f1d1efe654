import { describe, expect, it } from 'vitest';
import { mailRecognizer } from '../../../../src/detection/contact/mail.js';
import type { TextLabelName } from '../../../../src/spec/types.js';
import type { Span } from '../../../../src/text/span.js';

const ctx = { labels: new Set<TextLabelName>(['MAIL', 'TEL', 'OTH']), language: 'auto' as const };
const spans = (text: string): Span[] => (mailRecognizer.detect(text, ctx) as Span[]).filter((s) => s.score >= 0.5);
const found = (text: string): string[] => spans(text).map((s) => text.slice(s.start, s.end));

describe('mailRecognizer', () => {
  it.each([
    ['Schreiben Sie an max.mustermann@example.com.', 'max.mustermann@example.com'],
    ['E-Mail: m.rose@firma.de', 'm.rose@firma.de'],
    ['E-Mail:info@müller-bau.de', 'info@müller-bau.de'],
    ['müller@bücher.de', 'müller@bücher.de'],
    ['Kontakt: jörg@例え.jp!', 'jörg@例え.jp'],
    ['user@xn--bcher-kva.de', 'user@xn--bcher-kva.de'],
    ['max+newsletter@gmail.com', 'max+newsletter@gmail.com'],
    ['first_last-1@mail.sub.example.co.uk', 'first_last-1@mail.sub.example.co.uk'],
    ['(anna@example.org)', 'anna@example.org'],
    ['<anna@example.org>', 'anna@example.org'],
    ['„anna@example.org“', 'anna@example.org'],
    ['anna@example.org, bert@example.org', 'anna@example.org'],
    ['mail to ANNA.SCHMIDT@EXAMPLE.DE;', 'ANNA.SCHMIDT@EXAMPLE.DE'],
    ['percent%user@example.net', 'percent%user@example.net'],
    ['x@例子.中国', 'x@例子.中国'],
  ])('finds the address in %j', (text, expected) => {
    expect(found(text)[0]).toBe(expected);
  });

  it('finds every address', () => {
    expect(found('anna@example.org, bert@example.org; carl@example.org')).toEqual([
      'anna@example.org',
      'bert@example.org',
      'carl@example.org',
    ]);
  });

  it.each([
    ['a@b', 'no TLD'],
    ['name@localhost', 'no TLD'],
    ['name@example.c', 'one-letter TLD'],
    ['name@example.123', 'numeric TLD'],
    ['logo@2x.png', 'file name'],
    ['icon@3x.webp', 'file name'],
    ['@example.com', 'no local part'],
    ['name@-example.com', 'label starts with a hyphen'],
    ['name@example-.com', 'label ends with a hyphen'],
    ['Preis 3 @ 5 €', 'not an address'],
    ['follow @example on social', 'handle, not an address'],
    [`${'a'.repeat(65)}@example.com`, 'local part over 64 characters'],
  ])('finds nothing in %j (%s)', (text) => {
    expect(found(text)).toEqual([]);
  });

  it('does not split one address into two', () => {
    expect(found('a@b@example.com')).toEqual([]);
  });

  it('gives UTF-16 offsets after astral characters', () => {
    const text = '😀𠮷 Mail: max@x.de';
    expect(spans(text).map((s) => [s.start, s.end])).toEqual([[11, 19]]);
    expect(found(text)).toEqual(['max@x.de']);
  });

  it('scores addresses as strong', () => {
    expect(spans('max@x.de')[0]?.score).toBeGreaterThanOrEqual(0.85);
  });

  it.each([
    ['digits with spaces', '1 '.repeat(25_000)],
    ['dotted chain before @', `${'a.'.repeat(25_000)}@`],
    ['+49 repeated', '+49 '.repeat(12_500)],
    ['zeros', '0'.repeat(50_000)],
    ['@ chain', 'a@'.repeat(25_000)],
    ['long local part', `${'a'.repeat(50_000)}@example.com`],
    ['long domain chain', `x@${'a.'.repeat(25_000)}`],
    ['long hyphen label', `x@${'a-'.repeat(25_000)}`],
    ['dots and @', '.@'.repeat(25_000)],
  ])('returns on adversarial input: %s', (_name, text) => {
    expect(Array.isArray(mailRecognizer.detect(text, ctx))).toBe(true);
  });
});
