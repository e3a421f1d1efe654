import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { CliIo } from '../../../src/cli/io.js';
import { main } from '../../../src/cli/main.js';
import { MAIL_ONLY_CONFIG, warningPdf } from './fixtures.js';
import { problemsOf, runCli } from './spawn-cli.js';

const MAIL = 'max@example.de';

function workspace() {
  const dir = mkdtempSync(join(tmpdir(), 'cli-batch-'));
  for (const sub of ['in', 'other', 'out']) mkdirSync(join(dir, sub));
  const config = join(dir, 'config.json');
  writeFileSync(config, JSON.stringify(MAIL_ONLY_CONFIG));
  return { dir, config, at: (...parts: string[]) => join(dir, ...parts) };
}

describe('anonymize IN... --out-dir DIR', () => {
  it.concurrent('writes the good documents, one problem line with its file per bad one, exit 1; stderr has nothing else', async () => {
    const { at, config } = workspace();
    writeFileSync(at('in', 'a.pdf'), warningPdf(MAIL));
    writeFileSync(at('in', 'b.pdf'), warningPdf('erika@example.org'));
    writeFileSync(at('in', 'garbage.pdf'), 'this is no document');
    writeFileSync(at('in', 'empty.png'), '');
    writeFileSync(at('other', 'a.pdf'), warningPdf());
    writeFileSync(at('out', 'kept.pdf'), warningPdf());
    // A stale result of an earlier run, for an input that now fails: it must go.
    writeFileSync(at('out', 'garbage.pdf'), 'old result');
    const inputs = ['in/a.pdf', 'in/garbage.pdf', 'in/b.pdf', 'in/empty.png', 'other/a.pdf', 'in/missing.pdf', 'out/kept.pdf'].map((p) =>
      at(p),
    );
    const r = await runCli(['anonymize', ...inputs, '--out-dir', at('out'), '--piis-dir', at('piis'), '--config', config, '--jobs', '2']);

    expect(r.code).toBe(1);
    // Every stderr line is a ProblemDetail (pdf-lib's warnings about these PDFs are not there), each naming its file.
    const problems = problemsOf(r.stderr);
    expect(Object.fromEntries(problems.map((p) => [p.file, [p.status, p.problemCode]]))).toEqual({
      [at('in/garbage.pdf')]: [422, 'INVALID_FILE'],
      [at('in/empty.png')]: [422, 'INVALID_FILE'],
      [at('other/a.pdf')]: [422, 'VALIDATION_FAILED'],
      [at('in/missing.pdf')]: [422, 'VALIDATION_FAILED'],
      [at('out/kept.pdf')]: [422, 'VALIDATION_FAILED'],
    });
    expect(problems).toHaveLength(5);

    const results = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(results.sort((x, y) => x.file.localeCompare(y.file))).toEqual([
      {
        file: at('in/a.pdf'),
        out: at('out/a.pdf'),
        piis: at('piis/a.pdf.json'),
        documentType: 'PDF',
        pages: 1,
        seconds: expect.any(Number),
      },
      expect.objectContaining({ file: at('in/b.pdf'), out: at('out/b.pdf'), documentType: 'PDF', pages: 1 }),
    ]);
    const a = readFileSync(at('out/a.pdf'));
    expect(a.subarray(0, 5).toString()).toBe('%PDF-');
    expect(a.includes(MAIL)).toBe(false);
    expect(JSON.parse(readFileSync(at('piis/a.pdf.json'), 'utf8'))).toMatchObject({ documentName: 'a.pdf', processingStatus: 'COMPLETED' });
    expect(existsSync(at('out/garbage.pdf'))).toBe(false);
    expect(existsSync(at('out/empty.png'))).toBe(false);
    expect(existsSync(at('piis/garbage.pdf.json'))).toBe(false);
    // An input inside DIR is never replaced by its own result.
    expect(new Uint8Array(readFileSync(at('out/kept.pdf')))).toEqual(warningPdf());
  });

  it.concurrent('exits 0 when every document completed; --quiet changes nothing for a pipe', async () => {
    const { at, config } = workspace();
    writeFileSync(at('in', 'a.pdf'), warningPdf());
    const r = await runCli(['anonymize', at('in/a.pdf'), '--out-dir', at('new', 'folder'), '--config', config, '--quiet']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ file: at('in/a.pdf'), out: at('new/folder/a.pdf') });
  });

  it.concurrent('an --out-dir that cannot be made fails the run before any document, with one problem', async () => {
    const { at } = workspace();
    writeFileSync(at('in', 'a.pdf'), warningPdf());
    writeFileSync(at('file'), 'a file, not a folder');
    const r = await runCli(['anonymize', at('in/a.pdf'), '--out-dir', at('file', 'sub')]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(problemsOf(r.stderr)).toEqual([
      expect.objectContaining({ status: 422, errors: [expect.objectContaining({ field: '--out-dir' })] }),
    ]);
  });
});

describe('library warnings', () => {
  it.concurrent('stay off stderr (and stdout) of anonymize IN --out OUT; --verbose shows them on stderr', async () => {
    const { at, config } = workspace();
    writeFileSync(at('in', 'a.pdf'), warningPdf());
    const [quiet, verbose] = await Promise.all([
      runCli(['anonymize', at('in/a.pdf'), '--out', at('out/a.pdf'), '--config', config]),
      runCli(['anonymize', at('in/a.pdf'), '--out', at('out/b.pdf'), '--config', config, '--verbose']),
    ]);
    expect(quiet).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(verbose.code).toBe(0);
    expect(verbose.stdout).toBe('');
    expect(verbose.stderr).toContain('Parsed number that is too large');
  });
});

/** The CLI in this process with stand-in streams: `tty` says whether stderr is a terminal. */
async function inProcess(argv: string[], tty: boolean) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    stdout: { write: (t: string) => out.push(t), isTTY: false },
    stderr: { write: (t: string) => err.push(t), isTTY: tty, columns: 100 },
    stdin: Readable.from([]),
    env: {},
  };
  const code = await main(argv, { ner: false }, io);
  return { code, stdout: out.join(''), stderr: err.join('') };
}

describe('the progress bar', () => {
  it('is drawn on stderr when it is a terminal, not with --quiet, never when it is not a terminal', async () => {
    const { at, config } = workspace();
    writeFileSync(at('in', 'a.pdf'), warningPdf());
    writeFileSync(at('in', 'bad.pdf'), 'no document');
    const batch = ['anonymize', at('in/a.pdf'), at('in/bad.pdf'), '--out-dir', at('out'), '--config', config, '--jobs', '1'];
    const tty = await inProcess(batch, true);
    expect(tty.code).toBe(1);
    const screen = tty.stderr.split(/\r\x1b\[K|\n/).filter(Boolean);
    expect(screen.filter((l) => /^\[#{20}\] 2\/2 files {2}1 failed {2}0:\d\d$/.test(l))).toHaveLength(1);
    expect(screen.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l).file)).toEqual([at('in/bad.pdf')]);
    expect(tty.stderr.endsWith('\n')).toBe(true);

    const single = await inProcess(['anonymize', at('in/a.pdf'), '--out', at('out/single.pdf'), '--config', config], true);
    expect(single.code).toBe(0);
    expect(single.stderr).toMatch(/\r\x1b\[Ka\.pdf {2}\[#{20}\] 1\/1 pages {2}done {2}0:0\d\n$/);

    for (const [argv, isTTY] of [
      [[...batch, '--quiet'], true],
      [batch, false],
    ] as const) {
      const r = await inProcess([...argv], isTTY);
      expect(r.code).toBe(1);
      expect(problemsOf(r.stderr).map((p) => p.file)).toEqual([at('in/bad.pdf')]);
    }
  });
});
