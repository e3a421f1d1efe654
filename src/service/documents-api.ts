import type { DocumentAdapter, DocumentImage } from '../documents/adapter.js';
import { forbidden, noPiiStored, notFound, unprocessable } from '../errors/problem.js';
import type { JobEvents } from '../jobs/events.js';
import type { DocumentPage, DocumentPiiRecord } from '../spec/types.js';
import type { RawDocumentQuery } from '../store/query.js';
import { parseDocumentQuery, queryDocuments } from '../store/query.js';
import type { DocumentRecord, PiiRecordStored, ProjectRecord } from '../store/records.js';
import type { DocumentStore } from '../store/store.js';
import { parsePathId } from './access.js';
import type { DocumentStatus } from './document-status.js';
import { statusOf } from './document-status.js';
import { storedImage } from './images.js';
import type { LiveProgressOf } from './live-progress.js';
import type { WaitOptions } from './wait-for.js';
import { waitForStatus } from './wait-for.js';

/** A downloadable file: the bytes and the name for `Content-Disposition`. */
export interface DocumentFile {
  bytes: Uint8Array;
  fileName: string;
}

/** The document endpoints of one workflow (4.2 default project, or 4.3 one explicit project). */
export interface DocumentsApi {
  status(documentId: number | string): Promise<DocumentStatus>;
  result(documentId: number | string): Promise<DocumentFile>;
  original(documentId: number | string): Promise<DocumentFile>;
  piis(documentId: number | string): Promise<DocumentPiiRecord>;
  /** The image a PII record's `imageUrl` names (`.../images/{xref}`): the same rules as the PII record. */
  image(documentId: number | string, xref: number | string): Promise<DocumentImage>;
  delete(documentId: number | string): Promise<void>;
  list(query?: RawDocumentQuery): Promise<DocumentPage>;
  /** Resolves at a terminal status (COMPLETED, ERROR, QUOTA_EXCEEDED, QUOTA_ERROR, or PREVIEW_ERROR). */
  waitFor(documentId: number | string, options?: WaitOptions): Promise<DocumentStatus>;
}

/** What the document endpoints read: the store, the status events, the formats and the runners' live progress. */
export interface DocumentsContext {
  store: DocumentStore;
  events: JobEvents;
  adapters: readonly DocumentAdapter[];
  liveOf: LiveProgressOf;
}

/** A document of the project in scope; another project's document is "not found", so ids reveal nothing elsewhere. */
async function findDocument(
  store: DocumentStore,
  scope: () => ProjectRecord,
  documentId: number | string,
): Promise<{ doc: DocumentRecord; project: ProjectRecord }> {
  const id = parsePathId(documentId, 'documentId');
  const project = scope();
  const doc = id === null ? undefined : await store.getDocument(id);
  if (!doc || doc.projectId !== project.id) throw notFound('The document does not exist.');
  return { doc, project };
}

/** The stored PII record under the PII rules: correction on → 403, no PII kept → 403, not COMPLETED → 404. */
async function findPiiRecord(
  store: DocumentStore,
  scope: () => ProjectRecord,
  documentId: number | string,
): Promise<{ doc: DocumentRecord; record: PiiRecordStored }> {
  const { doc, project } = await findDocument(store, scope, documentId);
  if (project.documentCorrection) throw forbidden('PII records are not available while document correction is enabled for the project.');
  if (!project.isStoringPII) throw forbidden('The project does not store PII records.');
  const record = doc.status === 'COMPLETED' ? await store.getPiis(doc.id) : undefined;
  if (!record) throw notFound(`The PII record is not available (status ${doc.status}).`);
  return { doc, record };
}

/** The spec's PII record (2.7) of a stored document and its stored page entries. */
export function piiRecordOf(doc: DocumentRecord, record: PiiRecordStored): DocumentPiiRecord {
  const modified = new Date(doc.lastModified).toISOString();
  return {
    documentId: doc.id,
    version: doc.version,
    documentName: doc.name,
    processingStatus: doc.status,
    documentType: doc.documentType,
    lastFileModified: modified,
    lastModified: modified,
    pageData: record.pageData,
  };
}

/** The document endpoints on the project that `scope` resolves (per call, so a changed key setup answers at once). */
export function documentsApi(ctx: DocumentsContext, scope: () => ProjectRecord): DocumentsApi {
  const { store } = ctx;
  const api: DocumentsApi = {
    async status(documentId) {
      const { doc } = await findDocument(store, scope, documentId);
      return statusOf(doc, ctx.liveOf(doc));
    },
    async result(documentId) {
      const { doc } = await findDocument(store, scope, documentId);
      const bytes = doc.status === 'COMPLETED' ? await store.getFile(doc.id, 'result') : undefined;
      if (!bytes || !doc.anonymizedName) throw notFound(`The result is not available (status ${doc.status}).`);
      return { bytes, fileName: doc.anonymizedName };
    },
    async original(documentId) {
      const { doc, project } = await findDocument(store, scope, documentId);
      if (!project.isStoringPII) throw noPiiStored();
      if (doc.status !== 'COMPLETED' && doc.status !== 'FINALIZED') {
        throw unprocessable(`The original is available only when the document is COMPLETED or FINALIZED (status ${doc.status}).`);
      }
      const bytes = await store.getFile(doc.id, 'original');
      if (!bytes) throw notFound('The original file is not stored.');
      return { bytes, fileName: doc.name };
    },
    async piis(documentId) {
      const { doc, record } = await findPiiRecord(store, scope, documentId);
      return piiRecordOf(doc, record);
    },
    async image(documentId, xref) {
      const { doc, record } = await findPiiRecord(store, scope, documentId);
      const image = await storedImage(store, ctx.adapters, doc.id, record.pageData, xref);
      if (!image) throw notFound('The document has no image with this number that can be served.');
      return image;
    },
    async delete(documentId) {
      const { doc } = await findDocument(store, scope, documentId);
      await store.deleteDocument(doc.id);
    },
    async list(query) {
      const q = parseDocumentQuery(query);
      return queryDocuments(await store.documentsOf(scope().id), q, (doc) => ctx.liveOf(doc)?.estimatedDurationMs);
    },
    async waitFor(documentId, options) {
      const { doc } = await findDocument(store, scope, documentId);
      return waitForStatus(ctx.events, doc.id, () => api.status(doc.id), options);
    },
  };
  return api;
}
