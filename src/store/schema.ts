import type { DBSchema, IDBPDatabase } from 'idb';
import { openDB } from 'idb';
import type { Counters, DocumentRecord, FileRecord, PiiRecordStored, ProjectRecord } from './records.js';

/** The IndexedDB layout. Bump `STORE_VERSION` and add a step to `upgrade` for every change. */
export interface AnonymizerDb extends DBSchema {
  projects: { key: number; value: ProjectRecord };
  documents: { key: number; value: DocumentRecord; indexes: { byProject: number; byStatus: string } };
  files: { key: [number, string]; value: FileRecord; indexes: { byDocument: number } };
  piis: { key: number; value: PiiRecordStored };
  counters: { key: string; value: Counters };
}

export const STORE_VERSION = 1;
export const STORE_NAMES = ['projects', 'documents', 'files', 'piis', 'counters'] as const;

/** Opens (and creates or migrates) the database. A newer tab's upgrade closes this connection instead of blocking it. */
export async function openAnonymizerDb(name: string): Promise<IDBPDatabase<AnonymizerDb>> {
  const db = await openDB<AnonymizerDb>(name, STORE_VERSION, {
    upgrade(database, oldVersion) {
      if (oldVersion < 1) {
        database.createObjectStore('projects', { keyPath: 'id' });
        const documents = database.createObjectStore('documents', { keyPath: 'id' });
        documents.createIndex('byProject', 'projectId');
        documents.createIndex('byStatus', 'status');
        const files = database.createObjectStore('files', { keyPath: ['documentId', 'kind'] });
        files.createIndex('byDocument', 'documentId');
        database.createObjectStore('piis', { keyPath: 'documentId' });
        database.createObjectStore('counters');
      }
    },
    blocking() {
      db.close();
    },
  });
  return db;
}
