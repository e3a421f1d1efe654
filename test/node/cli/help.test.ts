import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ANONYMIZE_HELP, packageVersion, USAGE } from '../../../src/cli/help.js';
import { problemsOf, ROOT, runCli } from './spawn-cli.js';

const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

describe('--help and --version', () => {
  it.concurrent.each([
    [['--help'], 'Usage: local-anonymizer <command>'],
    [['-h'], 'Usage: local-anonymizer <command>'],
    [['text', '--help'], 'Usage: local-anonymizer text '],
    [['detect', '--help'], 'Usage: local-anonymizer detect '],
    [['anonymize', '--help'], 'Usage: local-anonymizer anonymize IN --out OUT'],
    [['assets', '--help'], 'Usage: local-anonymizer assets DIR'],
    [['serve', '-h'], 'Usage: local-anonymizer serve '],
    // Help wins over anything else on the line, valid or not.
    [['text', '--labels', 'NOPE', '--help'], 'Usage: local-anonymizer text '],
    [['anonymize', 'a.pdf', '--jobs', '0', '--help'], 'Usage: local-anonymizer anonymize '],
  ])('%j prints its help on stdout and exits 0', async (args, head) => {
    const r = await runCli(args);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.startsWith(head)).toBe(true);
  });

  it.concurrent('--version prints the version of package.json', async () => {
    const r = await runCli(['--version']);
    expect(r).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it.concurrent('no arguments: the usage on stdout, and as before the 422 problem on stderr and exit 1', async () => {
    const r = await runCli([]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(USAGE);
    expect(problemsOf(r.stderr)).toEqual([
      expect.objectContaining({ status: 422, errors: [expect.objectContaining({ field: 'command' })] }),
    ]);
  });

  it('the help texts name every flag of their command', () => {
    expect(packageVersion()).toBe(version);
    for (const flag of ['--out ', '--piis ', '--out-dir ', '--piis-dir ', '--jobs ', '--config ', '--quiet', '--verbose'])
      expect(ANONYMIZE_HELP).toContain(flag);
    for (const line of USAGE.split('\n')) expect(line.length).toBeLessThanOrEqual(120);
  });
});
