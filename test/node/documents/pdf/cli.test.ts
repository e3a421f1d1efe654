import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CANARY, CANARY_CONFIG, letterPdf } from './fixtures.js';

const root = join(import.meta.dirname, '..', '..', '..', '..');
const cli = (args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', join(root, 'test/node/cli/run-cli.ts'), ...args], { encoding: 'utf8', cwd: root });

describe('CLI anonymize for PDF', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cli-pdf-'));
  const config = join(dir, 'config.json');
  writeFileSync(config, JSON.stringify(CANARY_CONFIG));

  it('writes OUT and the PII record, exit 0', async () => {
    const input = join(dir, 'letter.pdf');
    writeFileSync(input, await letterPdf());
    const out = join(dir, 'out.pdf');
    const piis = join(dir, 'piis.json');
    const r = cli(['anonymize', input, '--out', out, '--config', config, '--piis', piis]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(readFileSync(out).toString('latin1')).not.toContain(CANARY.name);
    expect(JSON.parse(readFileSync(piis, 'utf8'))).toMatchObject({ documentType: 'PDF', processingStatus: 'COMPLETED' });
  });

  it('a damaged PDF: non-zero exit, the problem on stderr, no OUT', () => {
    const input = join(dir, 'broken.pdf');
    writeFileSync(input, '%PDF-1.7\n1 0 obj <<');
    const out = join(dir, 'broken-out.pdf');
    const r = cli(['anonymize', input, '--out', out]);
    expect(r.status).not.toBe(0);
    expect(JSON.parse(r.stderr.trim().split('\n').pop()!)).toMatchObject({ status: 422, problemCode: 'INVALID_FILE' });
    expect(existsSync(out)).toBe(false);
  });
});
