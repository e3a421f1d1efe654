import type { ProcessingStatus } from '../spec/types.js';
import type { DocumentRecord, ProjectRecord } from '../store/records.js';
import type { DocumentStore } from '../store/store.js';

const COMPLETED: ReadonlySet<ProcessingStatus> = new Set(['COMPLETED', 'FINALIZED', 'ARCHIVED']);
const HOUR_MS = 3_600_000;

/**
 * Documents past their project's retention: completed ones after `deleteCompletedDocumentsAfterHours`, every other
 * status (failed, stuck, queued) after `deleteNonCompletedDocumentsAfterHours`, both counted from the last change.
 * Null hours keep documents.
 */
export function expiredDocuments(docs: readonly DocumentRecord[], projects: readonly ProjectRecord[], now: number): DocumentRecord[] {
  const byId = new Map(projects.map((p) => [p.id, p]));
  return docs.filter((d) => {
    const p = byId.get(d.projectId);
    if (!p) return false;
    const hours = COMPLETED.has(d.status) ? p.deleteCompletedDocumentsAfterHours : p.deleteNonCompletedDocumentsAfterHours;
    return hours !== null && now - d.lastModified >= hours * HOUR_MS;
  });
}

/** Deletes every expired document with all its bytes; returns how many went. */
export async function purgeExpired(store: DocumentStore, projects: readonly ProjectRecord[], now: number): Promise<number> {
  const expired = expiredDocuments(await store.allDocuments(), projects, now);
  for (const d of expired) await store.deleteDocument(d.id);
  return expired.length;
}

/** Deletes every document of the temporary projects (they live for one engine session). */
export async function purgeTemporary(store: DocumentStore, projects: readonly ProjectRecord[]): Promise<number> {
  let n = 0;
  for (const p of projects.filter((x) => x.isTemporary)) {
    for (const d of await store.documentsOf(p.id)) if (await store.deleteDocument(d.id)) n++;
  }
  return n;
}
