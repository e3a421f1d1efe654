// Runs the CLI from source in a child process (run-cli.ts: rules only, no NER model), without blocking, so that
// `it.concurrent` tests overlap their process start-up.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..', '..');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], options: { input?: string; env?: Record<string, string | undefined> } = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'test/node/cli/run-cli.ts'), ...args], {
      cwd: ROOT,
      env: Object.fromEntries(
        Object.entries({ ...process.env, NO_COLOR: undefined, FORCE_COLOR: undefined, ...options.env }).filter(([, v]) => v !== undefined),
      ),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}

/** The lines of stderr, each parsed: every one must be a ProblemDetail JSON object (the contract for scripts). */
export function problemsOf(stderr: string): Array<Record<string, unknown>> {
  return stderr
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => {
      const problem = JSON.parse(l) as Record<string, unknown>;
      if (typeof problem.status !== 'number' || typeof problem.title !== 'string') throw new Error(`not a ProblemDetail: ${l}`);
      return problem;
    });
}
