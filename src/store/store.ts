import type { IDBPDatabase } from 'idb';
import { bytesOf } from '../bytes/bytes-of.js';
import { storageLimitExceeded } from '../errors/problem.js';
import type { ProcessingStatus } from '../spec/types.js';
import type { Counters, DocumentRecord, FileKind, PiiRecordStored, ProjectRecord } from './records.js';
import { EMPTY_COUNTERS } from './records.js';
import type { AnonymizerDb } from './schema.js';
import { openAnonymizerDb, STORE_NAMES } from './schema.js';

/** What a completed job writes, all in one transaction. */
export interface Completion {
  status: 'COMPLETED' | 'PREVIEW_ERROR' | 'ERROR' | 'QUOTA_EXCEEDED' | 'QUOTA_ERROR';
  result: Uint8Array | null;
  anonymizedName: string | null;
  pageData: PiiRecordStored['pageData'] | null;
  /** Drop the original (the project does not store PII). */
  dropOriginal: boolean;
  pages: number;
  problem: DocumentRecord['problem'];
}

/** Whether `complete` may store an outcome: the document exists and, with an `owner`, its lease is still theirs. */
export function mayComplete(doc: DocumentRecord | undefined, owner: string | null): doc is DocumentRecord {
  return doc !== undefined && (owner === null || doc.lease?.owner === owner);
}

/** The record of a document after its job's outcome: the same in every store. */
export function completedRecord(doc: DocumentRecord, now: number, outcome: Completion): DocumentRecord {
  const { status, anonymizedName, problem, pages } = outcome;
  return { ...doc, status, anonymizedName, problem, lease: null, lastModified: now, pages };
}

/**
 * The repository over IndexedDB. Every state change is one transaction: a failed write leaves nothing half-stored,
 * and a full disk (`QuotaExceededError`) surfaces as 507 `STORAGE_LIMIT_EXCEEDED`.
 */
export interface DocumentStore {
  readonly name: string;
  syncProjects(projects: readonly ProjectRecord[]): Promise<void>;
  getProject(id: number): Promise<ProjectRecord | undefined>;
  documentsOf(projectId: number): Promise<DocumentRecord[]>;
  documentsIn(statuses: readonly ProcessingStatus[]): Promise<DocumentRecord[]>;
  allDocuments(): Promise<DocumentRecord[]>;
  /**
   * Assigns the next id (never reused) and stores the record `build` makes for it, with its original: bytes, or a
   * (disk-backed) Blob the store reads before it resolves. The store may keep bytes itself (the memory store does, to
   * spare a copy of a 200 MB upload): the caller hands them over.
   */
  createDocument(build: (id: number) => Omit<DocumentRecord, 'id'>, original: Uint8Array | Blob): Promise<DocumentRecord>;
  getDocument(id: number): Promise<DocumentRecord | undefined>;
  getFile(id: number, kind: FileKind): Promise<Uint8Array | undefined>;
  getPiis(id: number): Promise<PiiRecordStored | undefined>;
  /** Read-modify-write of one document; `change` returns null to leave it. Resolves to the stored record or null. */
  update(id: number, change: (doc: DocumentRecord) => DocumentRecord | null): Promise<DocumentRecord | null>;
  /**
   * Stores a job's final outcome; false when the document was deleted meanwhile, or, with an `owner`, when the
   * lease is no longer that owner's (taken over). Null `owner`: the caller holds the document's lock.
   */
  complete(id: number, owner: string | null, now: number, outcome: Completion): Promise<boolean>;
  /** Removes the document, its files and its PII record. */
  deleteDocument(id: number): Promise<boolean>;
  counters(): Promise<Counters>;
  addUsage(pages: number, characters: number): Promise<void>;
  close(): void;
}

const COUNTERS_KEY = 'main';

function isQuotaError(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { name?: string; inner?: unknown; cause?: unknown };
  return e.name === 'QuotaExceededError' || isQuotaError(e.inner) || isQuotaError(e.cause);
}

/** Runs a write; quota failures become 507, anything else propagates unchanged. */
async function guarded<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isQuotaError(err)) throw storageLimitExceeded();
    throw err;
  }
}

/**
 * Runs `body` in a read-write transaction that commits only if `body` completes: any exception aborts it, so
 * nothing it wrote stays (IndexedDB aborts by itself on failed requests only, not on errors thrown between them).
 */
async function inTx<Tx extends { abort(): void; done: Promise<void> }, T>(tx: Tx, body: (tx: Tx) => Promise<T>): Promise<T> {
  return guarded(async () => {
    let value: T;
    try {
      value = await body(tx);
    } catch (err) {
      try {
        tx.abort();
      } catch {
        // Already aborted by the failed request.
      }
      await tx.done.catch(() => undefined);
      throw err;
    }
    await tx.done;
    return value;
  });
}

/** Opens the store in the named IndexedDB database (the global `indexedDB`: the browser's, or fake-indexeddb in Node). */
export async function openDocumentStore(name: string): Promise<DocumentStore> {
  const db: IDBPDatabase<AnonymizerDb> = await openAnonymizerDb(name);
  return {
    name,
    syncProjects: (projects) =>
      inTx(db.transaction('projects', 'readwrite'), async (tx) => {
        for (const p of projects) await tx.store.put(p);
      }),
    getProject: (id) => db.get('projects', id),
    documentsOf: (projectId) => db.getAllFromIndex('documents', 'byProject', projectId),
    async documentsIn(statuses) {
      const lists = await Promise.all(statuses.map((s) => db.getAllFromIndex('documents', 'byStatus', s)));
      return lists.flat();
    },
    allDocuments: () => db.getAll('documents'),
    createDocument: async (build, file) => {
      // Read before the transaction: an IndexedDB transaction ends at the first await on anything else.
      const original = await bytesOf(file);
      return inTx(db.transaction(['counters', 'documents', 'files'], 'readwrite', { durability: 'strict' }), async (tx) => {
        const counters = (await tx.objectStore('counters').get(COUNTERS_KEY)) ?? EMPTY_COUNTERS;
        const record: DocumentRecord = { ...build(counters.nextDocumentId), id: counters.nextDocumentId };
        await tx.objectStore('counters').put({ ...counters, nextDocumentId: record.id + 1 }, COUNTERS_KEY);
        await tx.objectStore('documents').add(record);
        await tx.objectStore('files').add({ documentId: record.id, kind: 'original', bytes: original });
        return record;
      });
    },
    getDocument: (id) => db.get('documents', id),
    async getFile(id, kind) {
      return (await db.get('files', [id, kind]))?.bytes;
    },
    getPiis: (id) => db.get('piis', id),
    update: (id, change) =>
      inTx(db.transaction('documents', 'readwrite', { durability: 'strict' }), async (tx) => {
        const doc = await tx.store.get(id);
        const next = doc ? change(doc) : null;
        if (next) await tx.store.put(next);
        return next;
      }),
    complete: (id, owner, now, outcome) =>
      inTx(db.transaction(['documents', 'files', 'piis'], 'readwrite', { durability: 'strict' }), async (tx) => {
        const doc = await tx.objectStore('documents').get(id);
        if (!mayComplete(doc, owner)) return false;
        const files = tx.objectStore('files');
        if (outcome.result) await files.put({ documentId: id, kind: 'result', bytes: outcome.result });
        if (outcome.dropOriginal) {
          await files.delete([id, 'original']);
        }
        if (outcome.pageData) await tx.objectStore('piis').put({ documentId: id, pageData: outcome.pageData });
        await tx.objectStore('documents').put(completedRecord(doc, now, outcome));
        return true;
      }),
    deleteDocument: (id) =>
      inTx(db.transaction(['documents', 'files', 'piis'], 'readwrite', { durability: 'strict' }), async (tx) => {
        const existed = (await tx.objectStore('documents').get(id)) !== undefined;
        await tx.objectStore('documents').delete(id);
        const files = tx.objectStore('files');
        for (const key of await files.index('byDocument').getAllKeys(id)) await files.delete(key);
        await tx.objectStore('piis').delete(id);
        return existed;
      }),
    async counters() {
      return (await db.get('counters', COUNTERS_KEY)) ?? EMPTY_COUNTERS;
    },
    addUsage: (pages, characters) =>
      inTx(db.transaction('counters', 'readwrite'), async (tx) => {
        const c = (await tx.store.get(COUNTERS_KEY)) ?? EMPTY_COUNTERS;
        await tx.store.put({ ...c, pagesUsed: c.pagesUsed + pages, charactersUsed: c.charactersUsed + characters }, COUNTERS_KEY);
      }),
    close: () => db.close(),
  };
}

/** Every record of every store, for tests and audits that prove a deletion left nothing behind. */
export async function dumpStore(name: string): Promise<Record<(typeof STORE_NAMES)[number], unknown[]>> {
  const db = await openAnonymizerDb(name);
  try {
    const out = {} as Record<(typeof STORE_NAMES)[number], unknown[]>;
    for (const s of STORE_NAMES) out[s] = await db.getAll(s);
    return out;
  } finally {
    db.close();
  }
}
