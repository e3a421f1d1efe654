import {
  AnonymizerError,
  documentTooBig,
  internalError,
  methodNotAllowed,
  noSuchEndpoint,
  unsupportedMediaType,
} from '../errors/problem.js';
import type { KeyedApi } from '../service/document-service.js';
import type { DocumentsApi } from '../service/documents-api.js';
import { MAX_UPLOAD_BYTES } from '../service/upload.js';
import type { ExternalUploadConfig, TextRequest } from '../spec/types.js';
import type { RawDocumentQuery } from '../store/query.js';
import type { SessionTurnRequest } from '../service/sessions.js';
import { mediaType, readJson, readMultipartFile, readUploadJson } from './body.js';
import type { FileSinkFactory } from './byte-sink.js';
import { memoryFileSinks } from './byte-sink.js';
import {
  emptyResponse,
  fileResponse,
  imageResponse,
  jsonResponse,
  noContentResponse,
  problemResponse,
  textStreamResponse,
  unauthorizedResponse,
} from './responses.js';
import type { Operation } from './routes.js';
import { matchRoute } from './routes.js';

/** What the handler needs: the service as any key sees it. */
export interface KeyedService {
  as(key: string | null | undefined): KeyedApi;
}

/**
 * Largest JSON body of a default upload: the payload counts, so 200 MB of JSON (Base64 content of a file up to
 * 150 MB, plus the config). Larger files go through the multipart workflow.
 */
export const MAX_UPLOAD_JSON_BYTES = MAX_UPLOAD_BYTES;
/** Largest text request body. */
export const MAX_TEXT_JSON_BYTES = 20 * 1024 * 1024;

/** The bearer token, null when the header is absent, '' when it is not a Bearer credential. */
function bearer(request: Request): string | null {
  const header = request.headers.get('authorization');
  if (header === null) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1]! : '';
}

function listQuery(url: URL): RawDocumentQuery {
  const p = url.searchParams;
  const q: RawDocumentQuery = {};
  for (const key of ['name', 'status', 'from', 'to', 'page', 'size'] as const) {
    const v = p.get(key);
    if (v !== null) q[key] = v;
  }
  if (p.has('sort')) q.sort = p.getAll('sort');
  if (p.has('tagKeyValues')) q.tagKeyValues = p.getAll('tagKeyValues');
  return q;
}

const tooBigText = () =>
  new AnonymizerError({ title: 'Content Too Large', status: 413, detail: `The request body is larger than ${MAX_TEXT_JSON_BYTES} bytes.` });

/** UTF-8 bytes as text, chunk by chunk (a character split between chunks waits for its end), cut off past `limit` bytes. */
function decodeLimited(limit: number): TransformStream<Uint8Array, string> {
  const decoder = new TextDecoder('utf-8');
  let total = 0;
  return new TransformStream({
    transform(chunk, controller) {
      total += chunk.length;
      if (total > limit) return controller.error(tooBigText());
      const text = decoder.decode(chunk, { stream: true });
      if (text !== '') controller.enqueue(text);
    },
    flush(controller) {
      const text = decoder.decode();
      if (text !== '') controller.enqueue(text);
    },
  });
}

/**
 * `POST /local/v1/sessions/{id}/restore`: a JSON body `{text}` is restored whole (`{text, report}`); a `text/plain`
 * body is read as a stream and restored chunk by chunk into a `text/plain` answer (what a chunk completes is written
 * before the next chunk is read), its report kept for `GET …/report`.
 */
async function restoreSession(api: KeyedApi, sessionId: string, request: Request): Promise<Response> {
  const type = mediaType(request);
  if (type !== 'text/plain') {
    if (type !== 'application/json' && !type.endsWith('+json')) throw unsupportedMediaType('application/json or text/plain');
    const body = (await readJson(request, MAX_TEXT_JSON_BYTES, tooBigText)) as { text: string };
    return jsonResponse(api.sessions.restore(sessionId, body));
  }
  const restore = api.sessions.restoreStream(sessionId);
  const bytes = request.body ?? new ReadableStream<Uint8Array>({ start: (c) => c.close() });
  const restored = bytes.pipeThrough(decodeLimited(MAX_TEXT_JSON_BYTES)).pipeThrough(restore).pipeThrough(new TextEncoderStream());
  return textStreamResponse(restored);
}

/** How the handler keeps uploads while they stream. */
export interface FetchHandlerOptions {
  /** Where uploaded files go while their body streams (default: memory, each file held once). */
  fileSinks?: FileSinkFactory;
}

async function run(
  api: KeyedApi,
  operation: Operation,
  params: Record<string, string>,
  request: Request,
  url: URL,
  sinks: FileSinkFactory,
): Promise<Response> {
  const scoped = (): DocumentsApi => api.projects(params['projectId']!).documents;
  const docId = params['documentId']!;
  switch (operation) {
    case 'projectsMe':
      return jsonResponse(await api.projectsMe());
    case 'defaultConfig':
      return jsonResponse(await api.defaultConfig());
    case 'projectConfig':
      return jsonResponse(await api.projects(params['projectId']!).config());
    case 'setProjectConfig': {
      const project = api.projects(params['projectId']!);
      // Access and existence first, as for uploads: a client without access learns nothing from a body check.
      await project.config();
      return jsonResponse(await project.setConfig((await readJson(request, MAX_TEXT_JSON_BYTES, tooBigText)) as ExternalUploadConfig));
    }
    case 'textLabels':
      return jsonResponse(api.textLabels());
    case 'imageLabels':
      return jsonResponse(api.imageLabels());
    case 'text':
      return jsonResponse(await api.text((await readJson(request, MAX_TEXT_JSON_BYTES, tooBigText)) as TextRequest));
    case 'upload': {
      const upload = await readUploadJson(request, MAX_UPLOAD_JSON_BYTES, MAX_UPLOAD_BYTES, () => documentTooBig(MAX_UPLOAD_BYTES), sinks);
      try {
        return jsonResponse(await api.documents.upload(upload.body as never));
      } finally {
        await upload.discard();
      }
    }
    case 'projectUpload': {
      const documents = api.projects(params['projectId']!).documents;
      // Access and existence first: a client without access learns nothing from a body check.
      await documents.list({ size: 1 });
      const part = await readMultipartFile(request, MAX_UPLOAD_BYTES, sinks);
      try {
        return jsonResponse(
          await documents.upload(part.file, {
            ...(part.name ? { name: part.name } : {}),
            ...(part.tags !== undefined ? { tags: part.tags as never } : {}),
          }),
        );
      } finally {
        await part.discard();
      }
    }
    case 'status':
      return jsonResponse(await api.documents.status(docId));
    case 'projectStatus':
      return jsonResponse(await scoped().status(docId));
    case 'result':
    case 'projectResult': {
      const f = await (operation === 'result' ? api.documents : scoped()).result(docId);
      return fileResponse(f.bytes, f.fileName);
    }
    case 'original':
    case 'projectOriginal': {
      const f = await (operation === 'original' ? api.documents : scoped()).original(docId);
      return fileResponse(f.bytes, f.fileName);
    }
    case 'piis':
      return jsonResponse(await api.documents.piis(docId));
    case 'projectPiis':
      return jsonResponse(await scoped().piis(docId));
    case 'delete':
      await api.documents.delete(docId);
      return emptyResponse();
    case 'projectDelete':
      await scoped().delete(docId);
      return emptyResponse();
    case 'image':
    case 'projectImage': {
      const image = await (operation === 'image' ? api.documents : scoped()).image(docId, params['xref']!);
      return imageResponse(image.bytes, image.contentType);
    }
    case 'list':
      return jsonResponse(await api.documents.list(listQuery(url)));
    case 'projectList':
      return jsonResponse(await scoped().list(listQuery(url)));
    case 'createSession':
      return jsonResponse(await api.sessions.create((await readJson(request, MAX_TEXT_JSON_BYTES, tooBigText)) as never), 201);
    case 'sessionPseudonymize': {
      // The session first: another key learns nothing from a body check.
      api.sessions.report(params['sessionId']!);
      const body = (await readJson(request, MAX_TEXT_JSON_BYTES, tooBigText)) as SessionTurnRequest;
      return jsonResponse(await api.sessions.pseudonymize(params['sessionId']!, body, { signal: request.signal }));
    }
    case 'sessionRestore': {
      api.sessions.report(params['sessionId']!);
      return restoreSession(api, params['sessionId']!, request);
    }
    case 'sessionReport': {
      const report = api.sessions.report(params['sessionId']!);
      return report ? jsonResponse(report) : noContentResponse();
    }
    case 'sessionVault':
      return jsonResponse(api.sessions.vault(params['sessionId']!));
    case 'deleteSession':
      api.sessions.delete(params['sessionId']!);
      return noContentResponse();
  }
}

/**
 * The HTTP face: answers every endpoint of spec section 4 under `/external/v1/` from the local service, with the
 * spec's statuses and bodies (`application/problem+json` errors with `instance` = the path), and our extension's
 * LLM round-trip sessions under `/local/v1/sessions` with the same keys and problems. Testable as
 * `handler(new Request(...))`; the Service Worker and the loopback server both run it.
 * @example
 * const handler = createFetchHandler(await createNodeAnonymizer());
 * const res = await handler(new Request('http://localhost/external/v1/text-labels', { headers: { Authorization: `Bearer ${key}` } }));
 */
export function createFetchHandler(service: KeyedService, options: FetchHandlerOptions = {}): (request: Request) => Promise<Response> {
  const sinks = options.fileSinks ?? memoryFileSinks;
  return async (request) => {
    const url = new URL(request.url);
    const path = url.pathname;
    try {
      const match = matchRoute(request.method, path);
      if (match.kind === 'none') throw noSuchEndpoint();
      if (match.kind === 'method') return problemResponse(methodNotAllowed(match.allowed), path, { Allow: match.allowed.join(', ') });
      const key = bearer(request);
      if (key === null) return unauthorizedResponse(null);
      // An empty or non-Bearer credential is an invalid key (401 with a problem body).
      const api = service.as(key);
      return await run(api, match.operation, match.params, request, url, sinks);
    } catch (err) {
      return problemResponse(err instanceof AnonymizerError ? err : internalError(), path);
    }
  };
}
