import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createNodeCodec } from '../../../src/platform/node/codec.js';
import { listMetadata } from '../../../src/documents/image/metadata.js';
import { corpusFiles, exifPayload, insertJpegSegment, raster } from '../../helpers/images.js';

const root = join(import.meta.dirname, '..', '..', '..');

function cli(args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'test/node/cli/run-cli.ts'), ...args], {
    encoding: 'utf8',
    cwd: root,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('anonymize IN --out OUT [--config] [--piis]', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cli-anonymize-'));
  const codec = createNodeCodec(1e7);

  it('writes OUT and the PII record when the document completed (exit 0, nothing on stderr)', async () => {
    const jpeg = insertJpegSegment(
      await codec.encode(
        raster(64, 48, (x, y) => [x * 4, y * 5, 90]),
        'jpeg',
      ),
      0xe1,
      exifPayload(1, 'ZQXNAME1'),
    );
    const input = join(dir, 'photo.jpg');
    writeFileSync(input, jpeg);
    const config = join(dir, 'config.json');
    writeFileSync(
      config,
      JSON.stringify({
        textAnonymization: { labelsConfig: [] },
        imageAnonymization: { labelsConfig: [{ name: 'face', anonymizationType: 'BLUR' }] },
      }),
    );
    const out = join(dir, 'out.jpg');
    const piis = join(dir, 'piis.json');
    const r = cli(['anonymize', input, '--out', out, '--config', config, '--piis', piis]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const result = new Uint8Array(readFileSync(out));
    expect(listMetadata(result, 'jpeg')).toEqual([]);
    const record = JSON.parse(readFileSync(piis, 'utf8'));
    expect(record).toMatchObject({
      documentType: 'IMAGE',
      processingStatus: 'COMPLETED',
      pageData: [{ pageNum: 1, imagesData: [{ xref: 0, detections: [] }] }],
    });
    expect(record.pageData[0].imagesData[0].imageUrl).toMatch(/^http:\/\/localhost\//);
  });

  const faces = corpusFiles('faces', ['astronaut.png']);
  it.skipIf(faces.length === 0)('lists the face it masked in the PII record', () => {
    const out = join(dir, 'astronaut-out.png');
    const piis = join(dir, 'astronaut.json');
    const input = join(dir, 'astronaut.png');
    writeFileSync(input, faces[0]!.bytes);
    const r = cli(['anonymize', input, '--out', out, '--piis', piis]);
    expect(r.code).toBe(0);
    const face = JSON.parse(readFileSync(piis, 'utf8')).pageData[0].imagesData[0].detections.find(
      (d: { label: string }) => d.label === 'face',
    );
    expect(face.bboxs).toHaveLength(1);
    expect(face.scores[0]).toBeGreaterThan(0.7);
  });

  it('fails with a ProblemDetail on stderr and leaves no OUT (not even an old one)', () => {
    const input = join(dir, 'bomb.png');
    writeFileSync(
      input,
      new Uint8Array([
        0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 1, 134, 160, 0, 1, 134, 160, 8, 6, 0, 0, 0,
      ]),
    );
    const out = join(dir, 'bomb-out.png');
    writeFileSync(out, 'stale result of an earlier run');
    const r = cli(['anonymize', input, '--out', out, '--piis', join(dir, 'bomb.json')]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stderr)).toMatchObject({ status: 422, problemCode: 'INVALID_FILE' });
    expect(existsSync(out)).toBe(false);
    expect(existsSync(join(dir, 'bomb.json'))).toBe(false);
  });

  it.each([
    [['anonymize'], 'IN'],
    [['anonymize', 'a.png'], '--out'],
    [['anonymize', 'a.png', 'b.png', '--out', 'x'], 'IN'],
    [['anonymize', 'a.png', '--out', 'x', '--labels', 'PER'], 'arguments'],
    [['anonymize', '/nonexistent/in.png', '--out', '/tmp/never.png'], 'IN'],
  ])('%j → 422 VALIDATION_FAILED on %s', (args, field) => {
    const r = cli(args);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    const problem = JSON.parse(r.stderr);
    expect(problem).toMatchObject({ status: 422, problemCode: 'VALIDATION_FAILED' });
    expect(problem.errors[0].field).toBe(field);
  });
});
