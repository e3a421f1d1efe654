import type { DocumentPiiRecord, DocumentType, ExternalUploadConfig, ProblemDetail, ProcessingStatus, Tag } from '../spec/types.js';

/** A project as stored: the spec's fields (2.4) plus our document-correction flag and its stored upload config. */
export interface ProjectRecord {
  id: number;
  orgId: number;
  name: string;
  description: string;
  isTemporary: boolean;
  deleteCompletedDocumentsAfterHours: number | null;
  deleteNonCompletedDocumentsAfterHours: number | null;
  /** Whether originals (and PII records) are kept after processing. */
  isStoringPII: boolean;
  /** Document correction enabled: the PII endpoints answer 403. */
  documentCorrection: boolean;
  config: ExternalUploadConfig;
}

/** A job's claim: which runner holds it and until when (a crashed runner's lease runs out). */
export interface Lease {
  owner: string;
  until: number;
}

/** A document as stored. Times are epoch milliseconds; bytes live in the `files` store. */
export interface DocumentRecord {
  id: number;
  projectId: number;
  version: number;
  name: string;
  documentType: DocumentType;
  fileSize: number;
  status: ProcessingStatus;
  /** Result file name once COMPLETED. */
  anonymizedName: string | null;
  tags: Tag[];
  createdAt: number;
  lastModified: number;
  /** The upload's own config (default workflow); null: the project's stored config at processing time. */
  config: ExternalUploadConfig | null;
  /** Why the document ended in ERROR / QUOTA_ERROR / PREVIEW_ERROR, readable by a person. */
  problem: ProblemDetail | null;
  lease: Lease | null;
  /** Processing attempts started (a crash mid-job leaves it counted). */
  attempts: number;
  /** Pages charged against the credit budget once completed. */
  pages: number;
}

export type FileKind = 'original' | 'result';

/** File bytes, one record per (document, kind). */
export interface FileRecord {
  documentId: number;
  kind: FileKind;
  bytes: Uint8Array;
}

/** The PII record's page data, stored once a document completes (only when the project stores PII). */
export interface PiiRecordStored {
  documentId: number;
  pageData: DocumentPiiRecord['pageData'];
}

/** Counters that must survive restarts. */
export interface Counters {
  nextDocumentId: number;
  pagesUsed: number;
  charactersUsed: number;
}

/** The counters of a new store. */
export const EMPTY_COUNTERS: Counters = { nextDocumentId: 1, pagesUsed: 0, charactersUsed: 0 };
