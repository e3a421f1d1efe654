import { describe, expect, it } from 'vitest';
import { formatTextResult, placeReplacements, wantsColor } from '../../../src/cli/human.js';
import type { PseudonymizedText } from '../../../src/spec/types.js';
import { runCli } from './spawn-cli.js';

const INPUT = 'Herr Meier (meier@example.de) und Herr Meier.';
const PSEUDONYMS: PseudonymizedText = {
  pseudonymizedText: 'Herr PER-1 (MAIL-1) und Herr PER-1.',
  detection: {
    tokenCount: 13,
    detections: [
      { startChar: 5, stopChar: 10, label: 'PER', text: 'Meier', pseudonym: 'PER-1' },
      { startChar: 12, stopChar: 28, label: 'MAIL', text: 'meier@example.de', pseudonym: 'MAIL-1' },
      { startChar: 39, stopChar: 44, label: 'PER', text: 'Meier', pseudonym: 'PER-1' },
    ],
  },
};

describe('text --format text', () => {
  it('prints the text, then each replacement once with its count, aligned', () => {
    expect(formatTextResult(INPUT, PSEUDONYMS, { color: false })).toBe(
      [
        'Herr PER-1 (MAIL-1) und Herr PER-1.',
        '',
        '3 replacements (2 different):',
        '  PER   Meier             → PER-1   2×',
        '  MAIL  meier@example.de  → MAIL-1',
        '',
      ].join('\n'),
    );
  });

  it('colors the replacements in the text and the list when asked', () => {
    const out = formatTextResult(INPUT, PSEUDONYMS, { color: true });
    expect(out.split('\n')[0]).toBe('Herr \x1b[1;35mPER-1\x1b[0m (\x1b[1;36mMAIL-1\x1b[0m) und Herr \x1b[1;35mPER-1\x1b[0m.');
    // Without the escape sequences it is the plain output.
    expect(out.replace(/\x1b\[[\d;]*m/g, '')).toBe(formatTextResult(INPUT, PSEUDONYMS, { color: false }));
  });

  it('places masks and suppressions, which the result does not spell out', () => {
    const input = 'Tel. 030 1234567, a@b.de, Projekt *Blau*';
    const result: PseudonymizedText = {
      pseudonymizedText: 'Tel. ****, ***, Projekt *Blau*',
      detection: {
        tokenCount: 9,
        detections: [
          { startChar: 5, stopChar: 16, label: 'TEL', text: '030 1234567', pseudonym: null },
          { startChar: 18, stopChar: 24, label: 'MAIL', text: 'a@b.de', pseudonym: null },
        ],
      },
    };
    expect(placeReplacements(input, result)).toEqual([
      { inputStart: 5, start: 5, end: 9, label: 'TEL', original: '030 1234567', replacement: '****' },
      { inputStart: 18, start: 11, end: 14, label: 'MAIL', original: 'a@b.de', replacement: '***' },
    ]);
    expect(formatTextResult(input, result, { color: false })).toContain('  TEL   030 1234567  → ****\n  MAIL  a@b.de       → ***\n');
    // A text that does not line up with its detections is printed as it is, with nothing highlighted.
    expect(placeReplacements('something else', result)).toBeNull();
  });

  it('keeps each original on one line, cut when long, and says when nothing was replaced', () => {
    const input = `Anna\nMaria ${'Lang'.repeat(20)}`;
    const result: PseudonymizedText = {
      pseudonymizedText: 'PER-1',
      detection: { tokenCount: 3, detections: [{ startChar: 0, stopChar: input.length, label: 'PER', text: input, pseudonym: 'PER-1' }] },
    };
    const list = formatTextResult(input, result, { color: false }).split('\n');
    expect(list[2]).toBe('1 replacement:');
    expect(list[3]).toMatch(/^ {2}PER {2}Anna Maria LangLang\S*… {2}→ PER-1$/);
    expect(
      formatTextResult('Hallo.', { pseudonymizedText: 'Hallo.', detection: { tokenCount: 2, detections: [] } }, { color: false }),
    ).toBe('Hallo.\n\nNothing was replaced.\n');
  });

  it.each([
    [true, {}, true],
    [false, {}, false],
    [true, { NO_COLOR: '1' }, false],
    [true, { NO_COLOR: '' }, true],
    [false, { FORCE_COLOR: '1' }, true],
    [false, { FORCE_COLOR: '0' }, false],
    [true, { NO_COLOR: '1', FORCE_COLOR: '1' }, false],
  ])('wantsColor(tty %s, %j) = %s', (tty, env, expected) => expect(wantsColor(tty, env)).toBe(expected));

  it.concurrent('the command: plain when stdout is a pipe, colored with FORCE_COLOR, never with NO_COLOR', async () => {
    const args = ['text', '--pseudonyms', '--labels', 'PER,MAIL', '--format', 'text'];
    const [plain, forced, none] = await Promise.all([
      runCli(args, { input: INPUT }),
      runCli(args, { input: INPUT, env: { FORCE_COLOR: '1' } }),
      runCli(args, { input: INPUT, env: { FORCE_COLOR: '1', NO_COLOR: '1' } }),
    ]);
    expect(plain).toEqual({ code: 0, stdout: formatTextResult(INPUT, PSEUDONYMS, { color: false }), stderr: '' });
    expect(forced.stdout).toBe(formatTextResult(INPUT, PSEUDONYMS, { color: true }));
    expect(none.stdout).toBe(plain.stdout);
  });
});
