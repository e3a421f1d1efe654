import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../../src/cli/args.js';
import { expectProblem } from '../helpers/expect-problem.js';

describe('parseCliArgs', () => {
  it.each([
    [['text'], { command: 'text', pseudonyms: false }],
    [['text', '--pseudonyms'], { command: 'text', pseudonyms: true }],
    [['text', '--labels', 'PER,LOC'], { command: 'text', pseudonyms: false, labels: ['PER', 'LOC'] }],
    [
      ['text', '--labels=PER, MAIL', '--config', 'c.json'],
      { command: 'text', pseudonyms: false, labels: ['PER', 'MAIL'], configPath: 'c.json' },
    ],
    [['detect', '--labels', 'TEL'], { command: 'detect', pseudonyms: false, labels: ['TEL'] }],
  ])('%j', (argv, expected) => {
    expect(parseCliArgs(argv)).toEqual(expected);
  });

  it.each([
    [[], 'command'],
    [['anonymise'], 'command'],
    [['text', '--labels', 'PER,NAME'], '--labels[1]'],
    [['text', '--labels', ','], '--labels'],
    [['text', '--verbose'], 'arguments'],
    [['text', 'extra'], 'arguments'],
  ])('%j → 422 on %s', async (argv, field) => {
    const problem = await expectProblem(() => parseCliArgs(argv), { status: 422, problemCode: 'VALIDATION_FAILED' });
    expect(problem.errors?.[0]?.field).toBe(field);
  });
});

describe('serve arguments', () => {
  it('defaults to port 8080; takes --port, --keys, --data; --help', () => {
    expect(parseCliArgs(['serve'])).toEqual({ command: 'serve', pseudonyms: false, port: 8080 });
    expect(parseCliArgs(['serve', '--port', '0', '--keys', 'k.json', '--data', 'd'])).toEqual({
      command: 'serve',
      pseudonyms: false,
      port: 0,
      keysPath: 'k.json',
      dataDir: 'd',
    });
    expect(parseCliArgs(['serve', '--help'])).toEqual({ command: 'serve', pseudonyms: false, help: true });
    expect(parseCliArgs(['assets', 'public'])).toEqual({ command: 'assets', pseudonyms: false, assetsDir: 'public' });
  });

  it.each([
    [['serve', '--port', '70000'], '--port'],
    [['serve', '--port', 'x'], '--port'],
    [['serve', '--host', '0.0.0.0'], 'arguments'],
    [['assets'], 'DIR'],
    [['assets', 'a', 'b'], 'DIR'],
    [['assets', '--out'], 'DIR'],
  ])('%j → 422 naming %s', async (argv, field) => {
    await expectProblem(() => parseCliArgs(argv), { status: 422, errors: [expect.objectContaining({ field })] });
  });
});

describe('help, version, --format and batch arguments', () => {
  it.each([
    [['--help'], { command: 'help', pseudonyms: false }],
    [['-h'], { command: 'help', pseudonyms: false }],
    [['--version'], { command: 'version', pseudonyms: false }],
    [['detect', '-h'], { command: 'detect', pseudonyms: false, help: true }],
    [['anonymize', '--bogus', '--help'], { command: 'anonymize', pseudonyms: false, help: true }],
    [['text', '--format', 'text'], { command: 'text', pseudonyms: false, format: 'text' }],
    [['text', '--format=json'], { command: 'text', pseudonyms: false }],
    [
      ['anonymize', 'a.pdf', 'b.png', '--out-dir', 'out', '--piis-dir', 'p', '--jobs', '3', '-q', '--verbose'],
      {
        command: 'anonymize',
        pseudonyms: true,
        inputPaths: ['a.pdf', 'b.png'],
        outDir: 'out',
        piisDir: 'p',
        jobs: 3,
        quiet: true,
        verbose: true,
      },
    ],
    [['anonymize', 'a.pdf', '--out-dir', 'out'], { command: 'anonymize', pseudonyms: true, inputPaths: ['a.pdf'], outDir: 'out' }],
    [
      ['anonymize', 'a.pdf', '--out', 'b.pdf', '--quiet'],
      { command: 'anonymize', pseudonyms: true, inputPath: 'a.pdf', outPath: 'b.pdf', quiet: true },
    ],
    [['serve', '--verbose'], { command: 'serve', pseudonyms: false, port: 8080, verbose: true }],
  ])('%j', (argv, expected) => {
    expect(parseCliArgs(argv)).toStrictEqual(expected);
  });

  it.each([
    [['--version', 'x'], 'command'],
    [['text', '--format', 'html'], '--format'],
    [['detect', '--format', 'text'], 'arguments'],
    [['text', '--quiet'], 'arguments'],
    [['anonymize', '--out-dir', 'out'], 'IN'],
    [['anonymize', 'a.pdf', '--out-dir', 'out', '--out', 'b.pdf'], '--out'],
    [['anonymize', 'a.pdf', '--out-dir', 'out', '--piis', 'p.json'], '--piis'],
    [['anonymize', 'a.pdf', '--out', 'b.pdf', '--jobs', '2'], '--jobs'],
    [['anonymize', 'a.pdf', '--out', 'b.pdf', '--piis-dir', 'p'], '--piis-dir'],
    [['anonymize', 'a.pdf', '--out-dir', 'out', '--jobs', '0'], '--jobs'],
    [['anonymize', 'a.pdf', '--out-dir', 'out', '--jobs', '65'], '--jobs'],
    [['anonymize', 'a.pdf', '--out-dir', 'out', '--jobs', 'two'], '--jobs'],
    [['anonymize', 'a.pdf', '--out-dir', ''], '--out-dir'],
  ])('%j → 422 on %s', async (argv, field) => {
    await expectProblem(() => parseCliArgs(argv), { status: 422, errors: [expect.objectContaining({ field })] });
  });
});

describe('--verification-fallback', () => {
  it('anonymize and serve take fail or rasterise', () => {
    expect(parseCliArgs(['anonymize', 'a.pdf', '--out', 'b.pdf', '--verification-fallback', 'rasterise'])).toMatchObject({
      verificationFallback: 'rasterise',
    });
    expect(parseCliArgs(['serve', '--verification-fallback', 'fail'])).toMatchObject({ verificationFallback: 'fail' });
    expect(parseCliArgs(['anonymize', 'a.pdf', '--out', 'b.pdf']).verificationFallback).toBeUndefined();
  });

  it.each([
    ['anonymize', 'a.pdf', '--out', 'b.pdf', '--verification-fallback', 'ocr'],
    ['serve', '--verification-fallback', ''],
  ])('%j → 422 naming the flag', async (...argv) => {
    await expectProblem(() => parseCliArgs(argv), { status: 422, errors: [expect.objectContaining({ field: '--verification-fallback' })] });
  });
});

describe('--ocr-workers', () => {
  it('anonymize and serve take a whole number 1-16', () => {
    expect(parseCliArgs(['anonymize', 'a.pdf', '--out', 'b.pdf', '--ocr-workers', '2'])).toMatchObject({ ocrWorkers: 2 });
    expect(parseCliArgs(['anonymize', 'a.pdf', 'b.pdf', '--out-dir', 'o', '--ocr-workers', '16'])).toMatchObject({ ocrWorkers: 16 });
    expect(parseCliArgs(['serve', '--ocr-workers', '1'])).toMatchObject({ ocrWorkers: 1 });
    expect(parseCliArgs(['anonymize', 'a.pdf', '--out', 'b.pdf']).ocrWorkers).toBeUndefined();
  });

  it.each([
    ['anonymize', 'a.pdf', '--out', 'b.pdf', '--ocr-workers', '0'],
    ['anonymize', 'a.pdf', '--out', 'b.pdf', '--ocr-workers', '17'],
    ['serve', '--ocr-workers', 'two'],
  ])('%j → 422 naming the flag', async (...argv) => {
    await expectProblem(() => parseCliArgs(argv), { status: 422, errors: [expect.objectContaining({ field: '--ocr-workers' })] });
  });
});
