import { describe, expect, it } from 'vitest';
import { projectOverview } from '../../../src/service/project-overview.js';
import { createMemoryStore } from '../../../src/store/memory-store.js';
import { docRecord, projectRecord } from '../helpers/records.js';

describe('projectOverview', () => {
  it('counts the project’s documents and names the last change; null while it has none', async () => {
    const store = createMemoryStore('overview-1');
    const project = projectRecord({ id: 2, name: 'HR', isStoringPII: false, deleteCompletedDocumentsAfterHours: 24 });
    expect(await projectOverview(store, project)).toEqual({
      id: 2,
      name: 'HR',
      description: '',
      documentCount: 0,
      lastUpdatedDocumentDate: null,
      isTemporary: false,
      deleteCompletedDocumentsAfterHours: 24,
      deleteNonCompletedDocumentsAfterHours: null,
      isStoringPII: false,
      orgId: 1,
    });
    for (const [projectId, lastModified] of [
      [2, Date.UTC(2026, 0, 2)],
      [2, Date.UTC(2026, 0, 5)],
      [3, Date.UTC(2026, 0, 9)],
    ])
      await store.createDocument(() => ({ ...docRecord({ projectId, lastModified }) }), new Uint8Array(1));
    expect(await projectOverview(store, project)).toMatchObject({ documentCount: 2, lastUpdatedDocumentDate: '2026-01-05T00:00:00.000Z' });
  });
});
