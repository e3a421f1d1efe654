import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');

function cli(args: string[], input: string) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'test/node/cli/run-cli.ts'), ...args], {
    input,
    encoding: 'utf8',
    cwd: root,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('command line contract', () => {
  it('text prints the PseudonymizedText JSON', () => {
    const r = cli(['text', '--pseudonyms', '--labels', 'PER,MAIL'], 'Herr Meier (meier@example.de) und Herr Meier.');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      pseudonymizedText: 'Herr PER-1 (MAIL-1) und Herr PER-1.',
      detection: {
        tokenCount: 13,
        detections: [
          { startChar: 5, stopChar: 10, label: 'PER', text: 'Meier', pseudonym: 'PER-1' },
          { startChar: 12, stopChar: 28, label: 'MAIL', text: 'meier@example.de', pseudonym: 'MAIL-1' },
          { startChar: 39, stopChar: 44, label: 'PER', text: 'Meier', pseudonym: 'PER-1' },
        ],
      },
    });
  });

  it('text --recognizers FILE: ad-hoc recognizers run beside the defaults and the model', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-'));
    const file = join(dir, 'recognizers.json');
    writeFileSync(file, JSON.stringify([{ id: 'ward', label: 'LOC', pattern: 'Station \\d[A-Z]', context: ['liegt auf'], score: 0.4 }]));
    const r = cli(['text', '--pseudonyms', '--recognizers', file], 'Frau Sabine Krämer (krämer@example.de) liegt auf Station 4B.');
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout) as { pseudonymizedText: string };
    expect(result.pseudonymizedText).toBe('Frau PER-1 (MAIL-1) liegt auf LOC-1.');
    writeFileSync(file, JSON.stringify([{ id: 'ward', label: 'LOC', pattern: 'Station (', score: 0.4 }]));
    const bad = cli(['text', '--recognizers', file], 'x');
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stderr)).toMatchObject({
      status: 422,
      problemCode: 'VALIDATION_FAILED',
      errors: [{ field: '--recognizers[0].pattern', code: 'InvalidValue' }],
    });
  });

  it('text masks by default', () => {
    const r = cli(['text'], 'Mail: meier@example.de');
    expect(JSON.parse(r.stdout).pseudonymizedText).toBe('Mail: ***');
  });

  it('text --config applies lists and per-label configs, with the labels it lists', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-'));
    const config = join(dir, 'config.json');
    writeFileSync(
      config,
      JSON.stringify({
        textAnonymization: {
          blacklist: [{ value: 'Projekt Blau', labelName: 'ORG' }],
          labelsConfig: [
            { name: 'TEL', config: { type: 'SUPPRESSION', suppressionLength: 4 } },
            { name: 'ORG', config: null },
          ],
        },
      }),
    );
    const r = cli(['text', '--config', config], 'Projekt Blau: Tel. 030 1234567, a@b.de');
    expect(r.code).toBe(0);
    // MAIL is not listed in labelsConfig, so it stays.
    expect(JSON.parse(r.stdout).pseudonymizedText).toBe('***: Tel. ****, a@b.de');
  });

  it('detect maps JSONL lines to entities with UTF-16 offsets', () => {
    const r = cli(['detect', '--labels', 'MAIL,TEL'], '{"id":"a","text":"😀 a@b.de"}\n{"id":7,"text":"Tel. 030 1234567"}\n');
    expect(r.code).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toEqual([
      { id: 'a', entities: [{ start: 3, end: 9, label: 'MAIL', score: expect.any(Number) }] },
      { id: 7, entities: [{ start: 5, end: 16, label: 'TEL', score: expect.any(Number) }] },
    ]);
  });

  it('detect reports a bad line on stderr, carries on and exits 1', () => {
    const r = cli(['detect'], '{"id":1,"text":"a@b.de"}\nnot json\n{"id":3}\n{"id":4,"text":"c@d.de"}\n');
    expect(r.code).toBe(1);
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).id),
    ).toEqual([1, 4]);
    const problems = r.stderr
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(problems.map((p) => [p.status, p.problemCode, p.errors[0].field])).toEqual([
      [422, 'VALIDATION_FAILED', 'line[2]'],
      [422, 'VALIDATION_FAILED', 'line[3].text'],
    ]);
  });

  it.each([
    [['text'], '   ', 'text'],
    [['text', '--labels', 'PER,NAME'], 'x', '--labels[1]'],
    [['nope'], 'x', 'command'],
    [['text', '--config', '/nonexistent.json'], 'x', '--config'],
  ])('%j prints a ProblemDetail on stderr and exits 1', (args, input, field) => {
    const r = cli(args, input);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    const problem = JSON.parse(r.stderr);
    expect(problem).toMatchObject({ status: 422, problemCode: 'VALIDATION_FAILED' });
    expect(problem.errors[0].field).toBe(field);
  });

  it('the bin runs the built main from dist/lib', () => {
    expect(readFileSync(join(root, 'bin/local-anonymizer.js'), 'utf8')).toContain("from '../dist/lib/src/cli/main.js'");
    expect(JSON.parse(readFileSync(join(root, 'tsconfig.build.json'), 'utf8')).compilerOptions).toMatchObject({
      outDir: 'dist/lib',
      rootDir: '.',
    });
  });
});
