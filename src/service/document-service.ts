import type { Anonymizer, TextCallOptions } from '../engine/text-engine.js';
import { sniffFile } from '../documents/sniff.js';
import type { SniffedType } from '../documents/sniff.js';
import {
  AnonymizerError,
  creditLimitExceeded,
  documentTooBig,
  forbidden,
  noPiiStored,
  notFound,
  rateLimitExceeded,
  unprocessable,
} from '../errors/problem.js';
import type { JobEvents } from '../jobs/events.js';
import type { LiveProgress } from '../jobs/progress.js';
import type { DocumentProgress } from '../documents/adapter.js';
import { PENDING_STATUSES } from '../jobs/claim.js';
import { parseOrThrow } from '../validation/schemas.js';
import { storeProjectConfig } from './project-config.js';
import { isTerminal } from '../spec/status.js';
import type {
  DocumentPage,
  DocumentPiiRecord,
  ExternalDocumentTaskStatus,
  ExternalUploadConfig,
  ImageLabel,
  ProblemDetail,
  ProcessingStatus,
  ProjectOverview,
  PseudonymizedText,
  Tag,
  TextLabel,
  TextRequest,
} from '../spec/types.js';
import type { RawDocumentQuery } from '../store/query.js';
import { parseDocumentQuery, queryDocuments } from '../store/query.js';
import type { DocumentRecord, ProjectRecord } from '../store/records.js';
import type { DocumentStore } from '../store/store.js';
import { authenticate, explicitProject, parsePathId, resolvedProject, visibleProjects } from './access.js';
import type { Clock } from '../jobs/clock.js';
import { purgeExpired } from './retention.js';
import type { Organization, Principal } from './setup.js';
import type { DefaultUploadBody } from './upload.js';
import { MAX_UPLOAD_BYTES, parseDefaultUpload, safeFileName, TagsSchema } from './upload.js';
import type { ImageCodec } from '../documents/image/codec.js';
import type { DocumentImage } from './images.js';
import { imageOfDocument, pageImageOfResult, parseImageXref } from './images.js';

/**
 * A document's status. Our extensions: `problem` says why it failed, in words a person can read; while it is
 * PROCESSING, `progress` says which phase and how many pages, and `estimatedDurationMs` how long it may still take
 * (from its own throughput so far; null before the first estimate).
 */
export interface DocumentStatus extends ExternalDocumentTaskStatus {
  problem?: ProblemDetail;
  progress?: DocumentProgress;
  estimatedDurationMs?: number | null;
}

/** A downloadable file: the bytes and the name for `Content-Disposition`. */
export interface DocumentFile {
  bytes: Uint8Array;
  fileName: string;
}

/** Options of `waitFor`. */
export interface WaitOptions {
  /** Called once per status change (the first time with the current status), and as a PROCESSING document moves on. */
  onProgress?: (status: DocumentStatus) => void;
  /** Poll interval besides the change events (other tabs, missed events). Default 1 s. */
  pollMs?: number;
  signal?: AbortSignal;
}

/** Options of a project-scoped upload (our extension: a file name and tags besides the file). */
export interface FileUploadOptions {
  name?: string;
  tags?: Tag[];
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

/** 4.2: uploads are JSON with Base64 content and an optional config. */
export interface DefaultDocumentsApi extends DocumentsApi {
  upload(body: DefaultUploadBody): Promise<ExternalDocumentTaskStatus>;
}

/** 4.3: uploads are a file; the project's stored config applies. */
export interface ProjectDocumentsApi extends DocumentsApi {
  upload(file: Uint8Array | Blob, options?: FileUploadOptions): Promise<ExternalDocumentTaskStatus>;
}

/** Everything one API key may do: the endpoints of section 4, as methods. */
export interface KeyedApi {
  /** `GET /projects/me`. */
  projectsMe(): Promise<ProjectOverview[]>;
  /** `GET /documents/default-config`. */
  defaultConfig(): Promise<ExternalUploadConfig>;
  /** `GET /text-labels`. */
  textLabels(): TextLabel[];
  /** `GET /image-labels`. */
  imageLabels(): ImageLabel[];
  /** `POST /text`, with the credit budget and the concurrency bound. */
  text(request: TextRequest, options?: TextCallOptions): Promise<PseudonymizedText>;
  /** `/documents/...` on the resolved project. */
  readonly documents: DefaultDocumentsApi;
  /** `/projects/{projectId}/...`. */
  projects(projectId: number | string): {
    config(): Promise<ExternalUploadConfig>;
    /** `PUT /projects/{projectId}/config` (our extension): replaces the project's stored configuration; returns it. */
    setConfig(config: ExternalUploadConfig): Promise<ExternalUploadConfig>;
    readonly documents: ProjectDocumentsApi;
  };
}

/** The document service's pieces. */
export interface DocumentServiceDeps {
  org: Organization;
  store: DocumentStore;
  events: JobEvents;
  clock: Clock;
  text: Anonymizer;
  /** Credit budget; unset members are unlimited. */
  credits?: { pages?: number; characters?: number };
  /** Documents waiting or in work, store-wide, beyond which uploads get 429. Default 100. */
  maxQueued?: number;
  /** Text requests in flight beyond which `text` gets 429. Default 32. */
  maxConcurrentText?: number;
  /** Longest text (UTF-16 code units) of one text request; longer → 413. Default `MAX_TEXT_CHARS`. */
  maxTextChars?: number;
  /** The platform's image codec: PDF images stored as samples are served as PNG (without it: only JPEGs). */
  codec?: ImageCodec;
}

/** Longest text of one text request by default: 2 Mi characters (about half a minute of work with every label). */
export const MAX_TEXT_CHARS = 2 * 1024 * 1024;

/** 413 without a code (the spec names none for text): the text is longer than the per-request limit. */
export function textTooLarge(maxChars: number): AnonymizerError {
  return new AnonymizerError({
    title: 'Content Too Large',
    status: 413,
    detail: `The text is longer than ${maxChars} characters; split it into several requests.`,
  });
}

/** The service: every API key's view, and retention. */
export interface DocumentService {
  /** The endpoints as the holder of `key` (401 for an unknown key). */
  as(key: string | null | undefined): KeyedApi;
  /** Deletes documents past their project's retention now; returns how many. */
  purge(): Promise<number>;
}

const EXTENSIONS: Record<string, string> = { PDF: 'pdf', DOCX: 'docx', DOC: 'doc', jpeg: 'jpg', png: 'png', bmp: 'bmp' };
const extensionOf = (s: SniffedType) => (s.type === 'IMAGE' ? EXTENSIONS[s.format]! : EXTENSIONS[s.type]!);
const FINAL: ReadonlySet<ProcessingStatus> = new Set(['PREVIEW_ERROR']);
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Creates the document service over a store. Uploads are stored at once with status COMPUTING_QUOTA and a `wake`
 * goes to the job runners (this tab's worker, other tabs); everything else reads the store.
 */
export function createDocumentService(deps: DocumentServiceDeps): DocumentService {
  const { org, store, events, clock } = deps;
  /** Progress of the documents being processed, as their runners publish it (wherever those run). */
  const live = new Map<number, LiveProgress>();
  events.subscribe((e) => {
    if (e.type === 'progress') live.set(e.documentId, e.progress);
    else if (e.type === 'status' && e.status !== 'PROCESSING') live.delete(e.documentId);
  });
  const liveOf = (doc: DocumentRecord): LiveProgress | undefined =>
    doc.status === 'PROCESSING' || doc.status === 'COMPILING' ? live.get(doc.id) : undefined;
  const maxQueued = deps.maxQueued ?? 100;
  const maxConcurrentText = deps.maxConcurrentText ?? 32;
  const maxTextChars = deps.maxTextChars ?? MAX_TEXT_CHARS;
  let textInFlight = 0;

  async function overview(p: ProjectRecord): Promise<ProjectOverview> {
    const docs = await store.documentsOf(p.id);
    const last = docs.reduce<number | null>((m, d) => (m === null || d.lastModified > m ? d.lastModified : m), null);
    return {
      id: p.id,
      name: p.name,
      description: p.description,
      documentCount: docs.length,
      lastUpdatedDocumentDate: last === null ? null : iso(last),
      isTemporary: p.isTemporary,
      deleteCompletedDocumentsAfterHours: p.deleteCompletedDocumentsAfterHours,
      deleteNonCompletedDocumentsAfterHours: p.deleteNonCompletedDocumentsAfterHours,
      isStoringPII: p.isStoringPII,
      orgId: p.orgId,
    };
  }

  async function checkCanQueue(): Promise<void> {
    const { pages } = deps.credits ?? {};
    if (pages !== undefined && (await store.counters()).pagesUsed >= pages) throw creditLimitExceeded();
    if ((await store.documentsIn(PENDING_STATUSES)).length >= maxQueued) throw rateLimitExceeded(5);
  }

  /** Stores an upload; `file` (bytes, or a disk-backed Blob) is handed over to the store. */
  async function createFrom(
    project: ProjectRecord,
    file: Uint8Array | Blob,
    config: ExternalUploadConfig | null,
    name: string | null,
    tags: Tag[],
  ) {
    const size = file instanceof Uint8Array ? file.length : file.size;
    if (size > MAX_UPLOAD_BYTES) throw documentTooBig(MAX_UPLOAD_BYTES);
    const sniffed = await sniffFile(file);
    await checkCanQueue();
    const now = clock.now();
    const doc = await store.createDocument(
      (id) => ({
        projectId: project.id,
        version: 1,
        name: name ?? `document-${id}.${extensionOf(sniffed)}`,
        documentType: sniffed.type,
        fileSize: size,
        status: 'COMPUTING_QUOTA',
        anonymizedName: null,
        tags: tags.map((t) => ({ key: t.key, value: t.value })),
        createdAt: now,
        lastModified: now,
        config,
        problem: null,
        lease: null,
        attempts: 0,
        pages: 0,
      }),
      file,
    );
    events.publish({ type: 'wake' });
    return { documentId: doc.id, status: doc.status };
  }

  function documentsOf(scope: () => ProjectRecord) {
    async function find(documentId: number | string): Promise<{ doc: DocumentRecord; project: ProjectRecord }> {
      const id = parsePathId(documentId, 'documentId');
      const project = scope();
      const doc = id === null ? undefined : await store.getDocument(id);
      // Another project's document is "not found" here, so ids do not reveal what exists elsewhere.
      if (!doc || doc.projectId !== project.id) throw notFound('The document does not exist.');
      return { doc, project };
    }
    /** The stored PII record under the PII rules: correction on → 403, no PII kept → 403, not COMPLETED → 404. */
    async function piiRecordOf(documentId: number | string) {
      const { doc, project } = await find(documentId);
      if (project.documentCorrection)
        throw forbidden('PII records are not available while document correction is enabled for the project.');
      if (!project.isStoringPII) throw forbidden('The project does not store PII records.');
      const record = doc.status === 'COMPLETED' ? await store.getPiis(doc.id) : undefined;
      if (!record) throw notFound(`The PII record is not available (status ${doc.status}).`);
      return { doc, record };
    }
    const statusOf = (doc: DocumentRecord): DocumentStatus => {
      const progress = liveOf(doc);
      return {
        documentId: doc.id,
        status: doc.status,
        ...(doc.problem && (doc.status === 'ERROR' || doc.status === 'PREVIEW_ERROR' || doc.status.startsWith('QUOTA'))
          ? { problem: doc.problem }
          : {}),
        ...(progress
          ? {
              progress: { phase: progress.phase, pagesDone: progress.pagesDone, pagesTotal: progress.pagesTotal },
              estimatedDurationMs: progress.estimatedDurationMs,
            }
          : {}),
      };
    };
    const api: DocumentsApi = {
      async status(documentId) {
        return statusOf((await find(documentId)).doc);
      },
      async result(documentId) {
        const { doc } = await find(documentId);
        const bytes = doc.status === 'COMPLETED' ? await store.getFile(doc.id, 'result') : undefined;
        if (!bytes || !doc.anonymizedName) throw notFound(`The result is not available (status ${doc.status}).`);
        return { bytes, fileName: doc.anonymizedName };
      },
      async original(documentId) {
        const { doc, project } = await find(documentId);
        if (!project.isStoringPII) throw noPiiStored();
        if (doc.status !== 'COMPLETED' && doc.status !== 'FINALIZED') {
          throw unprocessable(`The original is available only when the document is COMPLETED or FINALIZED (status ${doc.status}).`);
        }
        const bytes = await store.getFile(doc.id, 'original');
        if (!bytes) throw notFound('The original file is not stored.');
        return { bytes, fileName: doc.name };
      },
      async piis(documentId) {
        const { doc, record } = await piiRecordOf(documentId);
        return {
          documentId: doc.id,
          version: doc.version,
          documentName: doc.name,
          processingStatus: doc.status,
          documentType: doc.documentType,
          lastFileModified: iso(doc.lastModified),
          lastModified: iso(doc.lastModified),
          pageData: record.pageData,
        };
      },
      async image(documentId, xref) {
        const { doc, record } = await piiRecordOf(documentId);
        const x = parseImageXref(xref);
        const page = x === null ? undefined : record.pageData.find((p) => p.imagesData.some((i) => i.xref === x));
        const original = page ? await store.getFile(doc.id, 'original') : undefined;
        // An OCRed page's raster is no object of the original: the anonymized page image of the result is served.
        const ocrPage = async () => {
          const result = await store.getFile(doc.id, 'result');
          return result && page ? pageImageOfResult(result, page.pageNum, deps.codec) : null;
        };
        const image = original ? await imageOfDocument(original, x!, deps.codec, ocrPage) : null;
        if (!image) throw notFound('The document has no image with this number that can be served.');
        return image;
      },
      async delete(documentId) {
        const { doc } = await find(documentId);
        await store.deleteDocument(doc.id);
      },
      async list(query) {
        const q = parseDocumentQuery(query);
        return queryDocuments(await store.documentsOf(scope().id), q, (doc) => liveOf(doc)?.estimatedDurationMs);
      },
      async waitFor(documentId, options = {}) {
        const { doc } = await find(documentId);
        return new Promise<DocumentStatus>((resolve, reject) => {
          let last: ProcessingStatus | null = null;
          let settled = false;
          const stop = () => {
            settled = true;
            unsubscribe();
            clearInterval(timer);
            options.signal?.removeEventListener('abort', onAbort);
          };
          const check = async () => {
            if (settled) return;
            try {
              const s = await api.status(doc.id);
              if (settled) return;
              if (s.status !== last) {
                last = s.status;
                options.onProgress?.(s);
              }
              if (isTerminal(s.status) || FINAL.has(s.status)) {
                stop();
                resolve(s);
              }
            } catch (err) {
              stop();
              reject(err);
            }
          };
          const onAbort = () => {
            stop();
            reject(options.signal!.reason);
          };
          const unsubscribe = events.subscribe((e) => {
            if (e.type === 'wake' || e.documentId !== doc.id || settled) return;
            if (e.type === 'status') void check();
            else if (e.type === 'progress' && last === 'PROCESSING') {
              const { estimatedDurationMs, ...progress } = e.progress;
              options.onProgress?.({ documentId: doc.id, status: last, progress, estimatedDurationMs });
            }
          });
          const timer = setInterval(() => void check(), options.pollMs ?? 1000);
          options.signal?.addEventListener('abort', onAbort);
          if (options.signal?.aborted) onAbort();
          else void check();
        });
      },
    };
    return api;
  }

  function keyed(principal: Principal): KeyedApi {
    const defaultScope = () => resolvedProject(org, principal);
    const defaultDocs = documentsOf(defaultScope);
    return {
      async projectsMe() {
        return Promise.all(visibleProjects(org, principal).map(overview));
      },
      async defaultConfig() {
        return defaultScope().config;
      },
      textLabels: () => deps.text.getTextLabels(),
      imageLabels: () => deps.text.getImageLabels(),
      async text(request, options) {
        const length = (request as { text?: unknown } | null)?.text;
        if (typeof length === 'string' && length.length > maxTextChars) throw textTooLarge(maxTextChars);
        const { characters } = deps.credits ?? {};
        if (characters !== undefined && (await store.counters()).charactersUsed >= characters) throw creditLimitExceeded();
        if (textInFlight >= maxConcurrentText) throw rateLimitExceeded(1);
        textInFlight++;
        try {
          // Our extension: the resolved project's ad-hoc recognizers apply to its text requests too (a call's own
          // config carries its own).
          const stored = defaultScope().config.textAnonymization?.recognizers;
          const withStored = stored && !options?.config ? { ...options, config: { textAnonymization: { recognizers: stored } } } : options;
          const result = await deps.text.text(request, withStored);
          if (characters !== undefined) await store.addUsage(0, request.text.length);
          return result;
        } finally {
          textInFlight--;
        }
      },
      documents: {
        ...defaultDocs,
        async upload(body) {
          const project = defaultScope();
          const parsed = parseDefaultUpload(body);
          return createFrom(project, parsed.file, parsed.config, parsed.name, parsed.tags);
        },
      },
      projects(projectId) {
        const scope = () => explicitProject(org, principal, parsePathId(projectId, 'projectId'));
        return {
          async config() {
            return scope().config;
          },
          setConfig: async (config) => storeProjectConfig(store, org, scope().id, config),
          documents: {
            ...documentsOf(scope),
            async upload(file, options = {}) {
              const project = scope();
              if ((file instanceof Uint8Array ? file.length : file.size) > MAX_UPLOAD_BYTES) throw documentTooBig(MAX_UPLOAD_BYTES);
              const tags = options.tags === undefined ? [] : parseOrThrow(TagsSchema, options.tags, 'tags');
              return createFrom(project, file, null, options.name === undefined ? null : safeFileName(options.name), tags);
            },
          },
        };
      },
    };
  }

  return {
    as: (key) => keyed(authenticate(org, key)),
    purge: () => purgeExpired(store, org.projects, clock.now()),
  };
}
