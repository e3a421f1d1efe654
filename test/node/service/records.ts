// Stored records for the service's parts, each field at a plain value unless a test says otherwise.
import type { DocumentRecord, ProjectRecord } from '../../../src/store/records.js';

export function docRecord(change: Partial<DocumentRecord> = {}): DocumentRecord {
  return {
    id: 1,
    projectId: 1,
    version: 1,
    name: 'document-1.pdf',
    documentType: 'PDF',
    fileSize: 10,
    status: 'COMPLETED',
    anonymizedName: null,
    tags: [],
    createdAt: 0,
    lastModified: 0,
    config: null,
    problem: null,
    lease: null,
    attempts: 0,
    pages: 0,
    ...change,
  };
}

export function projectRecord(change: Partial<ProjectRecord> = {}): ProjectRecord {
  return {
    id: 1,
    orgId: 1,
    name: 'Default',
    description: '',
    isTemporary: false,
    deleteCompletedDocumentsAfterHours: null,
    deleteNonCompletedDocumentsAfterHours: null,
    isStoringPII: true,
    documentCorrection: false,
    config: {},
    ...change,
  };
}
