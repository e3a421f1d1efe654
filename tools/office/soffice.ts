import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Converts documents with Debian's LibreOffice (`soffice --headless --convert-to`), all in one call (a start costs
 * seconds), in a private profile so parallel test files do not share one. Returns the converted bytes by input name;
 * a file LibreOffice could not open is missing from the result.
 */
export async function sofficeConvert(files: Record<string, Uint8Array>, to: string): Promise<Record<string, Uint8Array>> {
  const dir = mkdtempSync(join(tmpdir(), 'soffice-'));
  try {
    const inputs = Object.entries(files).map(([name, bytes]) => {
      const path = join(dir, name);
      writeFileSync(path, bytes);
      return path;
    });
    const out = join(dir, 'out');
    await run(
      'soffice',
      [`-env:UserInstallation=file://${join(dir, 'profile')}`, '--headless', '--convert-to', to, '--outdir', out, ...inputs],
      {
        timeout: 120_000,
      },
    );
    const ext = to.split(':')[0]!;
    const result: Record<string, Uint8Array> = {};
    for (const name of Object.keys(files)) {
      try {
        result[name] = new Uint8Array(readFileSync(join(out, `${name.replace(/\.[^.]+$/, '')}.${ext}`)));
      } catch {
        // not converted: left out
      }
    }
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The plain text LibreOffice exports for each document (UTF-8). */
export async function sofficeText(files: Record<string, Uint8Array>): Promise<Record<string, string>> {
  const converted = await sofficeConvert(files, 'txt:Text (encoded):UTF8');
  return Object.fromEntries(Object.entries(converted).map(([name, bytes]) => [name, new TextDecoder().decode(bytes)]));
}

/** Whether `soffice` runs here (CI installs it); a test that needs it says so when it does not. */
export function hasSoffice(): boolean {
  try {
    execFileSync('soffice', ['--version'], { stdio: 'ignore', timeout: 30_000 });
    return true;
  } catch {
    process.stdout.write('skipping LibreOffice checks: soffice is not installed\n');
    return false;
  }
}
