import { describe, expect, it } from 'vitest';
import { createDocumentAnonymizer } from '../../../../src/engine/document-engine.js';
import { createImageAdapter } from '../../../../src/documents/image/image-adapter.js';
import { createNodeCodec } from '../../../../src/platform/node/codec.js';
import { corpusFiles, pngChunk, raster } from '../../../helpers/images.js';
import { expectProblem } from '../../helpers/expect-problem.js';

const codec = createNodeCodec(50e6);
const engine = createDocumentAnonymizer({ adapters: [createImageAdapter({ codec, detectors: {}, maxPixels: 50e6 })] });
const bare = { imageAnonymization: { labelsConfig: [] }, textAnonymization: { labelsConfig: [] } };
const invalid = { status: 422, problemCode: 'INVALID_FILE' } as const;

function ihdr(width: number, height: number): Uint8Array {
  const d = new Uint8Array(13);
  const dv = new DataView(d.buffer);
  dv.setUint32(0, width);
  dv.setUint32(4, height);
  d.set([8, 6, 0, 0, 0], 8);
  return d;
}

describe('hostile images end in 422 INVALID_FILE', () => {
  const crashers = corpusFiles('png-crashers', ['.png']);
  it.skipIf(crashers.length === 0)('libpng crashers (huge chunks, huge IDAT)', async () => {
    for (const f of crashers) {
      try {
        await engine.anonymize(f.bytes, bare);
      } catch (err) {
        await expectProblem(Promise.reject(err), invalid);
      }
    }
  });

  it('a PNG declaring 100k × 100k pixels is refused from its header, before any pixel buffer', async () => {
    const bomb = new Uint8Array([
      ...[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
      ...pngChunk('IHDR', ihdr(100_000, 100_000)),
      ...pngChunk('IEND', new Uint8Array(0)),
    ]);
    const problem = await expectProblem(engine.anonymize(bomb, bare), invalid);
    expect(problem.detail).toContain('pixels');
  });

  it('a BMP declaring 2^31 columns is refused from its header', async () => {
    const bmp = await codec.encode(
      raster(4, 4, () => [1, 2, 3]),
      'bmp',
    );
    new DataView(bmp.buffer).setInt32(18, 0x7fffffff, true);
    await expectProblem(engine.anonymize(bmp, bare), invalid);
  });

  it.each(['jpeg', 'png', 'bmp'] as const)('a truncated %s (half the bytes, or one byte missing)', async (format) => {
    const whole = await codec.encode(
      raster(64, 48, (x, y) => [x * 4, y * 5, (x * y) % 256]),
      format,
    );
    await expectProblem(engine.anonymize(whole.subarray(0, Math.floor(whole.length / 2)), bare), invalid);
    await expectProblem(engine.anonymize(whole.subarray(0, whole.length - 1), bare), invalid);
  });

  it('a PNG with a corrupted data chunk (bad CRC)', async () => {
    const png = await codec.encode(
      raster(16, 16, () => [9, 9, 9]),
      'png',
    );
    png[png.length - 20]! ^= 0xff;
    await expectProblem(engine.anonymize(png, bare), invalid);
  });

  it.each([
    ['empty', new Uint8Array(0)],
    ['text named .jpg', new TextEncoder().encode('not an image at all')],
    ['JPEG magic then garbage', new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 1, 2, 3])],
  ])('%s', async (_name, bytes) => {
    await expectProblem(engine.anonymize(bytes, bare), invalid);
  });

  it('a PNG whose name would say .jpg is read as what it is', async () => {
    const png = await codec.encode(
      raster(8, 8, () => [1, 2, 3]),
      'png',
    );
    const out = await engine.anonymize(png, bare);
    expect(out.extension).toBe('png');
  });

  it('over 200 MB → 413 DOCUMENT_TOO_BIG', async () => {
    await expectProblem(engine.anonymize(new Uint8Array(200 * 1024 * 1024 + 1), bare), { status: 413, problemCode: 'DOCUMENT_TOO_BIG' });
  });
});
