import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemsOf, ROOT, runCli } from './spawn-cli.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'la-roundtrip-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const PROMPT = 'Sehr geehrte Frau Anna Schmidt, Ihre Adresse anna.schmidt@example.de ist notiert.';

describe('pseudonymize and restore: the LLM round trip on the command line', () => {
  it('a second pseudonymize with the same vault is the next turn; the vault is 0600 and nothing of it reaches stderr', async () => {
    const vault = join(dir, 'turns.vault');
    const first = await runCli(['pseudonymize', '--vault', vault, '--format', 'text'], { input: PROMPT });
    expect(first).toMatchObject({ code: 0, stderr: '', stdout: 'Sehr geehrte Frau PER-1, Ihre Adresse MAIL-1 ist notiert.' });
    expect((await stat(vault)).mode & 0o777).toBe(0o600);
    const second = await runCli(['pseudonymize', '--vault', vault], { input: 'Hat Frau Schmidt mit Herrn Bernd Krause gesprochen?' });
    expect(second.code).toBe(0);
    expect(second.stderr).toBe('');
    expect(JSON.parse(second.stdout)).toEqual({
      pseudonymizedText: 'Hat Frau PER-1 mit Herrn PER-2 gesprochen?',
      detection: {
        tokenCount: expect.any(Number),
        detections: [
          { startChar: 9, stopChar: 16, label: 'PER', text: 'Schmidt', pseudonym: 'PER-1' },
          { startChar: 27, stopChar: 39, label: 'PER', text: 'Bernd Krause', pseudonym: 'PER-2' },
        ],
      },
    });
    const report = join(dir, 'report.json');
    const restored = await runCli(['restore', '--vault', vault, '--report', report], {
      input: 'Liebe per-1, **PER-2** schreibt an MAIL-1. PER-3 kenne ich nicht.',
    });
    expect(restored).toMatchObject({
      code: 0,
      stderr: '',
      stdout: 'Liebe Anna Schmidt, **Bernd Krause** schreibt an anna.schmidt@example.de. PER-3 kenne ich nicht.',
    });
    expect(JSON.parse(await readFile(report, 'utf8'))).toEqual({
      restored: [
        { placeholder: 'PER-1', label: 'PER', count: 1, variants: ['per-1'] },
        { placeholder: 'PER-2', label: 'PER', count: 1, variants: ['PER-2'] },
        { placeholder: 'MAIL-1', label: 'MAIL', count: 1, variants: ['MAIL-1'] },
      ],
      unknown: [{ text: 'PER-3', count: 1 }],
      unplaced: [],
    });
  });

  it('restore writes what a chunk completes before the next chunk is read', async () => {
    const vault = join(dir, 'stream.vault');
    expect((await runCli(['pseudonymize', '--vault', vault], { input: PROMPT })).code).toBe(0);
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'test/node/cli/run-cli.ts'), 'restore', '--vault', vault], {
      cwd: ROOT,
    });
    let stdout = '';
    const grown = (text: string) =>
      new Promise<void>((resolve) => {
        const check = () => (stdout.includes(text) ? resolve() : undefined);
        child.stdout.on('data', check);
        check();
      });
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    const closed = new Promise<number | null>((resolve) => child.once('close', resolve));
    child.stdin.write('Guten Tag PE');
    await grown('Guten Tag ');
    expect(stdout).toBe('Guten Tag ');
    child.stdin.write('R-1, wie geht es? MAIL');
    await grown('Anna Schmidt, wie geht es? ');
    expect(stdout).toBe('Guten Tag Anna Schmidt, wie geht es? ');
    child.stdin.end('-1.');
    expect(await closed).toBe(0);
    expect(stdout).toBe('Guten Tag Anna Schmidt, wie geht es? anna.schmidt@example.de.');
  });

  it('under LOCAL_ANONYMIZER_VAULT_KEY the vault is sealed: no original in the file, and no restore without the passphrase', async () => {
    const vault = join(dir, 'sealed.vault');
    const env = { LOCAL_ANONYMIZER_VAULT_KEY: 'correct horse battery staple' };
    expect((await runCli(['pseudonymize', '--vault', vault, '--style', 'surrogates'], { input: PROMPT, env })).code).toBe(0);
    const bytes = await readFile(vault, 'utf8');
    expect(bytes).not.toContain('Schmidt');
    expect(JSON.parse(bytes)).toMatchObject({ format: 'local-anonymizer-vault', kdf: { name: 'PBKDF2' }, cipher: { name: 'AES-GCM' } });
    const refused = await runCli(['restore', '--vault', vault], { input: 'x' });
    expect(refused.code).toBe(1);
    expect(refused.stderr).not.toContain('Schmidt');
    expect(problemsOf(refused.stderr)).toEqual([expect.objectContaining({ status: 422 })]);
    const wrong = await runCli(['restore', '--vault', vault], { input: 'x', env: { LOCAL_ANONYMIZER_VAULT_KEY: 'wrong' } });
    expect(problemsOf(wrong.stderr)).toEqual([expect.objectContaining({ status: 422 })]);
    expect((await runCli(['restore', '--vault', vault], { input: 'ok', env })).stdout).toBe('ok');
  });

  it('refuses a missing --vault, a vault that is not there, a style the vault does not use, and unknown labels (422)', async () => {
    const vault = join(dir, 'style.vault');
    const noVault = await runCli(['pseudonymize'], { input: PROMPT });
    expect(problemsOf(noVault.stderr)).toEqual([
      expect.objectContaining({ status: 422, problemCode: 'VALIDATION_FAILED', errors: [expect.objectContaining({ field: '--vault' })] }),
    ]);
    const absent = await runCli(['restore', '--vault', join(dir, 'absent.vault')], { input: 'PER-1' });
    expect(problemsOf(absent.stderr)).toEqual([
      expect.objectContaining({ status: 422, errors: [expect.objectContaining({ field: '--vault' })] }),
    ]);
    expect((await runCli(['pseudonymize', '--vault', vault], { input: PROMPT })).code).toBe(0);
    const style = await runCli(['pseudonymize', '--vault', vault, '--style', 'surrogates'], { input: PROMPT });
    expect(problemsOf(style.stderr)).toEqual([
      expect.objectContaining({ status: 422, errors: [expect.objectContaining({ field: '--style' })] }),
    ]);
    const labels = await runCli(['pseudonymize', '--vault', vault, '--labels', 'PER,NAME'], { input: PROMPT });
    expect(problemsOf(labels.stderr)).toEqual([
      expect.objectContaining({ status: 422, errors: [expect.objectContaining({ field: '--labels[1]' })] }),
    ]);
  });
});
