import { bytesOf } from '../bytes/bytes-of.js';
import type { Counters, DocumentRecord, FileKind, PiiRecordStored, ProjectRecord } from './records.js';
import type { DocumentStore } from './store.js';
import { completedRecord, mayComplete } from './store.js';
import { EMPTY_COUNTERS } from './records.js';

/**
 * The store in this process's memory (Node without `--data`): the repository's semantics without IndexedDB. Values
 * are structured-cloned in and out as IndexedDB does (an original's bytes are taken over, not copied in), and each
 * change is built completely before it is applied, so a change that fails (an uncloneable value) leaves nothing behind.
 */
export function createMemoryStore(name: string): DocumentStore {
  const projects = new Map<number, ProjectRecord>();
  const docs = new Map<number, DocumentRecord>();
  const files = new Map<string, Uint8Array>();
  const piis = new Map<number, PiiRecordStored>();
  let counters: Counters = EMPTY_COUNTERS;
  const fileKey = (id: number, kind: FileKind) => `${id}.${kind}`;
  const copy = structuredClone;
  const copies = (list: Iterable<DocumentRecord>) => [...list].map((d) => copy(d));

  return {
    name,
    async syncProjects(list) {
      const cloned = copy(list);
      for (const p of cloned) projects.set(p.id, p);
    },
    getProject: async (id) => copy(projects.get(id)),
    documentsOf: async (projectId) => copies([...docs.values()].filter((d) => d.projectId === projectId)),
    documentsIn: async (statuses) => copies([...docs.values()].filter((d) => statuses.includes(d.status))),
    allDocuments: async () => copies(docs.values()),
    async createDocument(build, file) {
      const original = await bytesOf(file);
      const id = counters.nextDocumentId;
      const record: DocumentRecord = copy({ ...build(id), id });
      counters = { ...counters, nextDocumentId: id + 1 };
      docs.set(id, record);
      // Handed over by the caller (see DocumentStore.createDocument): kept as it is, read out as copies.
      files.set(fileKey(id, 'original'), original);
      return copy(record);
    },
    getDocument: async (id) => copy(docs.get(id)),
    getFile: async (id, kind) => copy(files.get(fileKey(id, kind))),
    getPiis: async (id) => copy(piis.get(id)),
    async update(id, change) {
      const doc = docs.get(id);
      const next = doc ? change(copy(doc)) : null;
      if (next) docs.set(id, copy(next));
      return next;
    },
    async complete(id, owner, now, outcome) {
      const doc = docs.get(id);
      if (!mayComplete(doc, owner)) return false;
      const result = outcome.result ? copy(outcome.result) : null;
      const pii = outcome.pageData ? copy({ documentId: id, pageData: outcome.pageData }) : null;
      const record = completedRecord(doc, now, copy({ ...outcome, result: null, pageData: null }));
      if (result) files.set(fileKey(id, 'result'), result);
      if (outcome.dropOriginal) files.delete(fileKey(id, 'original'));
      if (pii) piis.set(id, pii);
      docs.set(id, record);
      return true;
    },
    async deleteDocument(id) {
      const existed = docs.delete(id);
      for (const kind of ['original', 'result'] as const) files.delete(fileKey(id, kind));
      piis.delete(id);
      return existed;
    },
    counters: async () => ({ ...counters }),
    async addUsage(pages, characters) {
      counters = { ...counters, pagesUsed: counters.pagesUsed + pages, charactersUsed: counters.charactersUsed + characters };
    },
    close() {
      docs.clear();
      files.clear();
      piis.clear();
      projects.clear();
    },
  };
}
