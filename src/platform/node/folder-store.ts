import { chmod, mkdir, open, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { storageLimitExceeded, validationFailed } from '../../errors/problem.js';
import { PARTIAL_SUFFIX, writeFileAtomically as writeAtomically } from './atomic-file.js';
import type { Counters, DocumentRecord, FileKind, PiiRecordStored, ProjectRecord } from '../../store/records.js';
import { EMPTY_COUNTERS } from '../../store/records.js';
import type { DocumentStore } from '../../store/store.js';
import { completedRecord, mayComplete } from '../../store/store.js';

/** A full disk is the folder store's quota: 507, as for IndexedDB. */
async function guarded<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'ENOSPC' || code === 'EDQUOT') throw storageLimitExceeded('The disk is full.');
    throw err;
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Folders of the store: this user only. */
export const DIR_MODE = 0o700;
/** Files of the store (originals, results, PII records, records): this user only. */
export const FILE_MODE = 0o600;

const writeFileAtomically = (path: string, data: Uint8Array | string | Blob) => writeAtomically(path, data, FILE_MODE);

/** The folder of a data folder where uploads stream before the store takes them (see `spoolFileSinks`). */
export const uploadSpoolOf = (dataDir: string): string => join(dataDir, 'uploads');

/**
 * The store of `serve --data DIR`: the same repository over files. The document record is the commit point of
 * every change: bytes are written (atomically) before it and removed after it, and files without a record are
 * swept at open. One process owns a folder (a `lock` file with its pid); the records are also held in memory.
 * The folder and its subfolders are 0700 and every file 0600, whatever the umask (set at open for what an older
 * version left, and at every write).
 */
export async function openFolderStore(dir: string): Promise<DocumentStore> {
  await mkdir(dir, { recursive: true, mode: DIR_MODE });
  await chmod(dir, DIR_MODE);
  for (const sub of ['documents', 'files', 'piis']) {
    await mkdir(join(dir, sub), { recursive: true, mode: DIR_MODE });
    await chmod(join(dir, sub), DIR_MODE);
  }
  const lockPath = join(dir, 'lock');
  try {
    const handle = await open(lockPath, 'wx', FILE_MODE);
    await handle.chmod(FILE_MODE);
    await handle.writeFile(String(process.pid));
    await handle.close();
  } catch {
    const owner = Number(await readFile(lockPath, 'utf8').catch(() => 'NaN'));
    if (Number.isInteger(owner) && owner !== process.pid && pidAlive(owner)) {
      throw validationFailed([{ field: '--data', code: 'InvalidValue', message: 'the folder is in use by another running server' }]);
    }
    await writeFileAtomically(lockPath, String(process.pid));
  }
  // Files an older version wrote with the umask's mode.
  for (const f of await readdir(dir)) if (f.endsWith('.json')) await chmod(join(dir, f), FILE_MODE);

  const docs = new Map<number, DocumentRecord>();
  for (const f of await readdir(join(dir, 'documents'))) {
    if (!f.endsWith('.json')) continue;
    const rec = JSON.parse(await readFile(join(dir, 'documents', f), 'utf8')) as DocumentRecord;
    docs.set(rec.id, rec);
  }
  // Sweep what a crash left: temp files, and bytes or PII records of documents that have no record.
  for (const sub of ['documents', 'files', 'piis']) {
    for (const f of await readdir(join(dir, sub))) {
      const id = Number(f.split('.')[0]);
      if (f.endsWith(PARTIAL_SUFFIX) || !docs.has(id)) await rm(join(dir, sub, f), { force: true });
      else await chmod(join(dir, sub, f), FILE_MODE);
    }
  }
  const readJson = async <T>(path: string, fallback: T): Promise<T> =>
    JSON.parse(await readFile(path, 'utf8').catch(() => JSON.stringify(fallback))) as T;
  let projects = await readJson<ProjectRecord[]>(join(dir, 'projects.json'), []);
  let counters = await readJson<Counters>(join(dir, 'counters.json'), EMPTY_COUNTERS);

  // One change at a time: each is several file operations.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = queue.then(() => guarded(fn));
    queue = next.catch(() => undefined);
    return next;
  };
  const recordPath = (id: number) => join(dir, 'documents', `${id}.json`);
  const filePath = (id: number, kind: FileKind) => join(dir, 'files', `${id}.${kind}`);
  const piisPath = (id: number) => join(dir, 'piis', `${id}.json`);
  const putRecord = async (rec: DocumentRecord) => {
    await writeFileAtomically(recordPath(rec.id), JSON.stringify(rec));
    docs.set(rec.id, rec);
  };
  const clone = (d: DocumentRecord): DocumentRecord => structuredClone(d);

  return {
    name: dir,
    syncProjects: (list) =>
      serial(async () => {
        const byId = new Map(projects.map((p) => [p.id, p]));
        for (const p of list) byId.set(p.id, p);
        projects = [...byId.values()];
        await writeFileAtomically(join(dir, 'projects.json'), JSON.stringify(projects));
      }),
    getProject: async (id) => projects.find((p) => p.id === id),
    documentsOf: async (projectId) => [...docs.values()].filter((d) => d.projectId === projectId).map(clone),
    documentsIn: async (statuses) => [...docs.values()].filter((d) => statuses.includes(d.status)).map(clone),
    allDocuments: async () => [...docs.values()].map(clone),
    createDocument: (build, original) =>
      serial(async () => {
        const id = counters.nextDocumentId;
        counters = { ...counters, nextDocumentId: id + 1 };
        await writeFileAtomically(join(dir, 'counters.json'), JSON.stringify(counters));
        const rec: DocumentRecord = { ...build(id), id };
        await writeFileAtomically(filePath(id, 'original'), original);
        await putRecord(rec);
        return clone(rec);
      }),
    getDocument: async (id) => {
      const d = docs.get(id);
      return d ? clone(d) : undefined;
    },
    async getFile(id, kind) {
      if (!docs.has(id)) return undefined;
      return readFile(filePath(id, kind)).then(
        // A view, not a copy: a file read is its own buffer.
        (b) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength),
        () => undefined,
      );
    },
    async getPiis(id) {
      if (!docs.has(id)) return undefined;
      return readFile(piisPath(id), 'utf8').then(
        (s) => JSON.parse(s) as PiiRecordStored,
        () => undefined,
      );
    },
    update: (id, change) =>
      serial(async () => {
        const d = docs.get(id);
        const next = d ? change(clone(d)) : null;
        if (next) await putRecord(next);
        return next ? clone(next) : null;
      }),
    complete: (id, owner, now, outcome) =>
      serial(async () => {
        const doc = docs.get(id);
        if (!mayComplete(doc, owner)) return false;
        if (outcome.result) await writeFileAtomically(filePath(id, 'result'), outcome.result);
        if (outcome.pageData) await writeFileAtomically(piisPath(id), JSON.stringify({ documentId: id, pageData: outcome.pageData }));
        // Before the commit point: a crash may cost the document its original, never keep one it must not keep.
        if (outcome.dropOriginal) await rm(filePath(id, 'original'), { force: true });
        await putRecord(completedRecord(doc, now, outcome));
        return true;
      }),
    deleteDocument: (id) =>
      serial(async () => {
        const existed = docs.delete(id);
        await rm(recordPath(id), { force: true });
        for (const kind of ['original', 'result'] as const) await rm(filePath(id, kind), { force: true });
        await rm(piisPath(id), { force: true });
        return existed;
      }),
    counters: async () => ({ ...counters }),
    addUsage: (pages, characters) =>
      serial(async () => {
        counters = { ...counters, pagesUsed: counters.pagesUsed + pages, charactersUsed: counters.charactersUsed + characters };
        await writeFileAtomically(join(dir, 'counters.json'), JSON.stringify(counters));
      }),
    close() {
      void queue.then(() => rm(lockPath, { force: true }));
    },
  };
}
