import type { ProjectOverview } from '../spec/types.js';
import type { ProjectRecord } from '../store/records.js';
import type { DocumentStore } from '../store/store.js';

/** A project as `projects/me` lists it: its settings, how many documents it holds and when the last one changed. */
export async function projectOverview(store: DocumentStore, p: ProjectRecord): Promise<ProjectOverview> {
  const docs = await store.documentsOf(p.id);
  const last = docs.reduce<number | null>((m, d) => (m === null || d.lastModified > m ? d.lastModified : m), null);
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    documentCount: docs.length,
    lastUpdatedDocumentDate: last === null ? null : new Date(last).toISOString(),
    isTemporary: p.isTemporary,
    deleteCompletedDocumentsAfterHours: p.deleteCompletedDocumentsAfterHours,
    deleteNonCompletedDocumentsAfterHours: p.deleteNonCompletedDocumentsAfterHours,
    isStoringPII: p.isStoringPII,
    orgId: p.orgId,
  };
}
