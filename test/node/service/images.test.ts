import { describe, expect, it } from 'vitest';
import type { DocumentAdapter, ImageRef } from '../../../src/documents/adapter.js';
import { parseImageXref, storedImage } from '../../../src/service/images.js';
import type { PiiPageEntry } from '../../../src/spec/types.js';
import { createMemoryStore } from '../../../src/store/memory-store.js';
import { expectProblem } from '../helpers/expect-problem.js';
import { docRecord } from '../helpers/records.js';
import { toyAdapter, toyFile } from './toy-format.js';

/** A page entry that names images `xrefs`. */
const page = (pageNum: number, ...xrefs: number[]): PiiPageEntry =>
  ({
    pageNum,
    textData: {},
    imagesData: xrefs.map((xref) => ({ imageUrl: `u/${xref}`, xref, detections: [] })),
  }) as unknown as PiiPageEntry;

/** A store with document 1 (`original`, `result`), and an adapter claiming every file that records what it is asked. */
async function setup(original: Uint8Array, result?: Uint8Array) {
  const store = createMemoryStore(`images-${Math.random()}`);
  await store.createDocument(() => docRecord(), original);
  if (result)
    await store.complete(1, null, 0, {
      status: 'COMPLETED',
      result,
      anonymizedName: 'r',
      pageData: [],
      dropOriginal: false,
      pages: 1,
      problem: null,
    });
  const asked: Array<Omit<ImageRef, 'result'> & { result: Uint8Array | undefined }> = [];
  const recording: DocumentAdapter = {
    ...toyAdapter(),
    sniff: () => ({ extension: 'any' }),
    image: async (_o, _s, ref) => (
      asked.push({ xref: ref.xref, pageNum: ref.pageNum, result: await ref.result() }),
      { bytes: original, contentType: 'x/y' }
    ),
  };
  return { store, recording, asked };
}

describe('parseImageXref', () => {
  it('reads a non-negative decimal below 2^31; larger names nothing; anything else is 400', async () => {
    expect(parseImageXref('12')).toBe(12);
    expect(parseImageXref(0)).toBe(0);
    expect(parseImageXref(String(2 ** 31))).toBeNull();
    for (const bad of ['-1', '1.5', 'x', '', ' 1', 1.5])
      await expectProblem(() => parseImageXref(bad), { status: 400, problemCode: 'INVALID_PATH_PARAM' });
  });
});

describe('storedImage: the image a PII record entry names, from the stored files', () => {
  it('asks the format that claims the original, with the page of the entry and the stored result', async () => {
    const { store, recording, asked } = await setup(new Uint8Array([1, 2]), new Uint8Array([9]));
    expect(await storedImage(store, [recording], 1, [page(1, 0), page(3, 5)], '5')).toEqual({
      bytes: new Uint8Array([1, 2]),
      contentType: 'x/y',
    });
    expect(asked).toEqual([{ xref: 5, pageNum: 3, result: new Uint8Array([9]) }]);
  });

  it('is null for an xref no entry names, or an original no format claims, without asking any format', async () => {
    const { store, recording, asked } = await setup(new Uint8Array([1, 2]));
    expect(await storedImage(store, [recording], 1, [page(1, 0)], 4)).toBeNull();
    expect(await storedImage(store, [recording], 1, [page(1, 0)], String(2 ** 31))).toBeNull();
    expect(await storedImage(store, [toyAdapter()], 1, [page(1, 0)], 0)).toBeNull();
    expect(asked).toEqual([]);
    await expectProblem(storedImage(store, [recording], 1, [page(1, 0)], 'x'), { status: 400 });
  });

  it('serves what the claiming format serves (the toy format: its picture, as xref 1)', async () => {
    const picture = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    const { store } = await setup(toyFile(['line'], picture));
    expect(await storedImage(store, [toyAdapter()], 1, [page(1, 1)], 1)).toEqual({ bytes: picture, contentType: 'image/png' });
  });
});
