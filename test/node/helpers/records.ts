// Stored records for the store's and the service's tests, each field at a plain value unless a test says otherwise.
import type { DocumentRecord, ProjectRecord } from '../../../src/store/records.js';

/** A document record before the store gives it an id. */
export function docFields(change: Partial<Omit<DocumentRecord, 'id'>> = {}): Omit<DocumentRecord, 'id'> {
  return {
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

export function docRecord(change: Partial<DocumentRecord> = {}): DocumentRecord {
  return { id: 1, ...docFields(), ...change };
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
