import type { DocumentAdapter } from '../documents/adapter.js';
import type { Anonymizer, TextCallOptions } from '../engine/text-engine.js';
import { documentTooBig } from '../errors/problem.js';
import type { Clock } from '../jobs/clock.js';
import type { JobEvents } from '../jobs/events.js';
import { storeProjectConfig, withProjectRecognizers } from './project-config.js';
import type {
  ExternalDocumentTaskStatus,
  ExternalUploadConfig,
  ImageLabel,
  ProjectOverview,
  PseudonymizedText,
  Tag,
  TextLabel,
  TextRequest,
} from '../spec/types.js';
import type { DocumentStore } from '../store/store.js';
import { parseOrThrow } from '../validation/schemas.js';
import { authenticate, explicitProject, parsePathId, resolvedProject, visibleProjects } from './access.js';
import type { DocumentsApi } from './documents-api.js';
import { documentsApi } from './documents-api.js';
import type { QueueDeps } from './enqueue.js';
import { enqueueUpload } from './enqueue.js';
import { trackLiveProgress } from './live-progress.js';
import { projectOverview } from './project-overview.js';
import { purgeExpired } from './retention.js';
import type { Organization, Principal } from './setup.js';
import type { SessionsApi } from './sessions.js';
import { createSessionRegistry } from './sessions.js';
import { limitedText, MAX_TEXT_CHARS } from './text-requests.js';
import type { DefaultUploadBody } from './upload.js';
import { MAX_UPLOAD_BYTES, parseDefaultUpload, safeFileName, TagsSchema } from './upload.js';

/** Options of a project-scoped upload (our extension: a file name and tags besides the file). */
export interface FileUploadOptions {
  name?: string;
  tags?: Tag[];
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
  /** `/local/v1/sessions/...` (our extension): LLM round-trip sessions of this key. */
  readonly sessions: SessionsApi;
}

/** The document service's pieces. */
export interface DocumentServiceDeps {
  org: Organization;
  store: DocumentStore;
  events: JobEvents;
  clock: Clock;
  text: Anonymizer;
  /**
   * The formats, in sniffing order: uploads are sniffed with them and the images PII records name are served by
   * them (those of the engine that processes the documents).
   */
  adapters: readonly DocumentAdapter[];
  /** Credit budget; unset members are unlimited. */
  credits?: { pages?: number; characters?: number };
  /** Documents waiting or in work, store-wide, beyond which uploads get 429. Default 100. */
  maxQueued?: number;
  /** Text requests in flight beyond which `text` gets 429. Default 32. */
  maxConcurrentText?: number;
  /** Longest text (UTF-16 code units) of one text request; longer → 413. Default `MAX_TEXT_CHARS`. */
  maxTextChars?: number;
  /** Round-trip sessions: idle time after which one is forgotten (default 1 hour), sessions per key (default 100). */
  sessions?: { idleMs?: number; maxPerKey?: number };
}

/** The service: every API key's view, and retention. */
export interface DocumentService {
  /** The endpoints as the holder of `key` (401 for an unknown key). */
  as(key: string | null | undefined): KeyedApi;
  /** Deletes documents past their project's retention now; returns how many. */
  purge(): Promise<number>;
}

/**
 * Creates the document service over a store. Uploads are stored at once with status COMPUTING_QUOTA and a `wake`
 * goes to the job runners (this tab's worker, other tabs); everything else reads the store.
 */
export function createDocumentService(deps: DocumentServiceDeps): DocumentService {
  const { org, store, events, clock, adapters } = deps;
  const documents = { store, events, adapters, liveOf: trackLiveProgress(events) };
  const queue: QueueDeps = {
    store,
    events,
    clock,
    adapters,
    maxQueued: deps.maxQueued ?? 100,
    ...(deps.credits?.pages !== undefined ? { pages: deps.credits.pages } : {}),
  };
  const text = limitedText({
    text: deps.text,
    store,
    ...(deps.credits?.characters !== undefined ? { characters: deps.credits.characters } : {}),
    maxConcurrent: deps.maxConcurrentText ?? 32,
    maxChars: deps.maxTextChars ?? MAX_TEXT_CHARS,
  });
  const sessions = createSessionRegistry({ org, clock, text, ...deps.sessions });

  function keyed(principal: Principal, key: string): KeyedApi {
    const defaultScope = () => resolvedProject(org, principal);
    return {
      projectsMe: () => Promise.all(visibleProjects(org, principal).map((p) => projectOverview(store, p))),
      defaultConfig: async () => defaultScope().config,
      textLabels: () => deps.text.getTextLabels(),
      imageLabels: () => deps.text.getImageLabels(),
      // Our extension: the resolved project's ad-hoc recognizers apply to its text requests too.
      text: (request, options) => text(request, withProjectRecognizers(defaultScope().config, options)),
      documents: {
        ...documentsApi(documents, defaultScope),
        async upload(body) {
          const project = defaultScope();
          return enqueueUpload(queue, project, parseDefaultUpload(body));
        },
      },
      projects(projectId) {
        const scope = () => explicitProject(org, principal, parsePathId(projectId, 'projectId'));
        return {
          config: async () => scope().config,
          setConfig: async (config) => storeProjectConfig(store, org, principal, scope().id, config),
          documents: {
            ...documentsApi(documents, scope),
            async upload(file, options = {}) {
              const project = scope();
              if ((file instanceof Uint8Array ? file.length : file.size) > MAX_UPLOAD_BYTES) throw documentTooBig(MAX_UPLOAD_BYTES);
              const tags = options.tags === undefined ? [] : parseOrThrow(TagsSchema, options.tags, 'tags');
              const name = options.name === undefined ? null : safeFileName(options.name);
              return enqueueUpload(queue, project, { file, config: null, name, tags });
            },
          },
        };
      },
      sessions: sessions.as(principal, key),
    };
  }

  return {
    as: (key) => keyed(authenticate(org, key), key!),
    purge: () => purgeExpired(store, org.projects, clock.now()),
  };
}
