import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readZip } from '../../../src/documents/zip/read-zip.js';
import { CANARY, CANARY_CONFIG, canaryDocx } from '../documents/docx/fixtures.js';
import { fixture, whereFound } from '../documents/doc/fixtures.js';

const root = join(import.meta.dirname, '..', '..', '..');
const cli = (args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', join(root, 'test/node/cli/run-cli.ts'), ...args], { encoding: 'utf8', cwd: root });

describe('CLI anonymize for Word documents', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cli-word-'));
  const config = join(dir, 'config.json');
  writeFileSync(config, JSON.stringify(CANARY_CONFIG));

  it('a DOCX and a DOC in one batch: each written in its own format with its PII record, exit 0', () => {
    writeFileSync(join(dir, 'letter.docx'), canaryDocx());
    writeFileSync(join(dir, 'memo.doc'), fixture('canaries.doc'));
    const out = join(dir, 'out');
    const piis = join(dir, 'piis');
    const r = cli([
      'anonymize',
      join(dir, 'letter.docx'),
      join(dir, 'memo.doc'),
      '--out-dir',
      out,
      '--piis-dir',
      piis,
      '--config',
      config,
      '--quiet',
    ]);
    expect(r.status, r.stderr).toBe(0);
    const docx = readFileSync(join(out, 'letter.docx'));
    for (const [name, data] of readZip(new Uint8Array(docx)))
      expect(new TextDecoder('latin1').decode(data), name).not.toContain(CANARY.name);
    const doc = new Uint8Array(readFileSync(join(out, 'memo.doc')));
    expect(whereFound(doc, CANARY.name)).toEqual([]);
    expect(JSON.parse(readFileSync(join(piis, 'letter.docx.json'), 'utf8'))).toMatchObject({
      documentType: 'DOCX',
      processingStatus: 'COMPLETED',
    });
    expect(JSON.parse(readFileSync(join(piis, 'memo.doc.json'), 'utf8'))).toMatchObject({
      documentType: 'DOC',
      processingStatus: 'COMPLETED',
    });
  }, 120_000);

  it('a damaged DOCX: non-zero exit, the problem on stderr, no OUT', () => {
    const input = join(dir, 'broken.docx');
    writeFileSync(input, canaryDocx().subarray(0, 400));
    const out = join(dir, 'broken-out.docx');
    const r = cli(['anonymize', input, '--out', out]);
    expect(r.status).not.toBe(0);
    expect(JSON.parse(r.stderr.trim().split('\n').pop()!)).toMatchObject({ status: 422, problemCode: 'INVALID_FILE' });
    expect(existsSync(out)).toBe(false);
  });
});
