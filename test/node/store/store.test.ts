import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { docFields } from '../helpers/records.js';
import type { DocumentStore } from '../../../src/store/store.js';
import { createMemoryStore } from '../../../src/store/memory-store.js';
import { dumpStore, openDocumentStore } from '../../../src/store/store.js';
import { dbName } from '../service/harness.js';

const record = (id: number) => docFields({ name: `document-${id}.png`, documentType: 'IMAGE', fileSize: 3, status: 'COMPUTING_QUOTA' });

let store: DocumentStore | undefined;
afterEach(() => store?.close());

describe('document store (one transaction per state change)', () => {
  it('a write that fails midway leaves nothing: no record, no bytes, no id consumed', async () => {
    const name = dbName();
    store = await openDocumentStore(name);
    // A function cannot be cloned into IndexedDB: the `documents` put fails after the counter was written.
    await expect(
      store.createDocument((id) => ({ ...record(id), config: (() => 1) as never }), new Uint8Array([1, 2, 3])),
    ).rejects.toThrow();
    const dump = await dumpStore(name);
    expect(dump.documents).toEqual([]);
    expect(dump.files).toEqual([]);
    expect(dump.counters).toEqual([]);
    expect((await store.createDocument(record, new Uint8Array([1]))).id).toBe(1);
  });

  const kinds = [
    ['IndexedDB', () => openDocumentStore(dbName())],
    ['memory', async () => createMemoryStore('memory')],
  ] as const;

  it('the memory store: a write that fails midway leaves nothing, and values are copies in and out', async () => {
    store = createMemoryStore('memory');
    await expect(
      store.createDocument((id) => ({ ...record(id), config: (() => 1) as never }), new Uint8Array([1, 2, 3])),
    ).rejects.toThrow();
    expect(await store.allDocuments()).toEqual([]);
    expect(await store.counters()).toEqual({ nextDocumentId: 1, pagesUsed: 0, charactersUsed: 0 });
    const doc = await store.createDocument(record, new Uint8Array([1]));
    expect(doc.id).toBe(1);
    doc.name = 'changed';
    (await store.getFile(1, 'original'))![0] = 7;
    expect(await store.getFile(1, 'original')).toEqual(new Uint8Array([1]));
    expect((await store.getDocument(1))?.name).toBe('document-1.png');
    expect(await store.deleteDocument(1)).toBe(true);
    expect(await store.getFile(1, 'original')).toBeUndefined();
    expect(await store.deleteDocument(1)).toBe(false);
  });

  it.each(kinds)('%s: complete() writes result, PII record and status together, and refuses a lease it does not hold', async (_, open) => {
    store = await open();
    const doc = await store.createDocument(record, new Uint8Array([1]));
    await store.update(doc.id, (d) => ({ ...d, status: 'PROCESSING', lease: { owner: 'a', until: 1 } }));
    const outcome = {
      status: 'COMPLETED' as const,
      result: new Uint8Array([9]),
      anonymizedName: 'x_anonymized.png',
      pageData: [],
      dropOriginal: true,
      pages: 1,
      problem: null,
    };
    expect(await store.complete(doc.id, 'b', 5, outcome)).toBe(false);
    expect(await store.getFile(doc.id, 'result')).toBeUndefined();
    expect(await store.complete(doc.id, 'a', 5, outcome)).toBe(true);
    expect(await store.getDocument(doc.id)).toMatchObject({
      status: 'COMPLETED',
      lease: null,
      lastModified: 5,
      anonymizedName: 'x_anonymized.png',
    });
    expect(await store.getFile(doc.id, 'result')).toEqual(new Uint8Array([9]));
    expect(await store.getFile(doc.id, 'original')).toBeUndefined();
    expect(await store.getPiis(doc.id)).toEqual({ documentId: doc.id, pageData: [] });
    expect(await store.complete(99, null, 5, outcome)).toBe(false);
  });
});
