import type { AnonymizerError } from '../errors/problem.js';

/** Headers on every answer: documents and their PII must not be cached or sniffed. */
const COMMON = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' } as const;

/** 200 with a JSON body. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...COMMON, 'Content-Type': 'application/json' } });
}

/** 200 with no body (DELETE). */
export function emptyResponse(): Response {
  return new Response(null, { status: 200, headers: COMMON });
}

/** 204 (our extension's DELETE, a session's report before any restore). */
export function noContentResponse(): Response {
  return new Response(null, { status: 204, headers: COMMON });
}

/** 200 with UTF-8 text written as it is produced (a streamed restore). */
export function textStreamResponse(body: ReadableStream<Uint8Array>): Response {
  return new Response(body, { status: 200, headers: { ...COMMON, 'Content-Type': 'text/plain; charset=utf-8' } });
}

/** `attachment; filename="…"; filename*=UTF-8''…`: an ASCII fallback for old clients, the exact name for the rest. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** 200 with file bytes. */
export function fileResponse(bytes: Uint8Array, fileName: string): Response {
  return new Response(bytes as BodyInit, {
    status: 200,
    headers: {
      ...COMMON,
      'Content-Type': 'application/octet-stream',
      'Content-Length': String(bytes.length),
      'Content-Disposition': contentDisposition(fileName),
    },
  });
}

/**
 * 401 as section 5 describes it: no body when no credentials were sent; for a key that is not valid, a problem with
 * `title`, `status`, `detail` and no `instance` or `problemCode`.
 */
export function unauthorizedResponse(err: AnonymizerError | null): Response {
  const headers = { ...COMMON, 'WWW-Authenticate': 'Bearer' };
  if (!err) return new Response(null, { status: 401, headers });
  const { title, status, detail } = err.problem;
  return new Response(JSON.stringify({ title, status, detail }), {
    status: 401,
    headers: { ...headers, 'Content-Type': 'application/problem+json' },
  });
}

/** An error as `application/problem+json` with `instance` = the request path; 429 carries `Retry-After`. */
export function problemResponse(err: AnonymizerError, path: string, extra: Record<string, string> = {}): Response {
  if (err.status === 401) return unauthorizedResponse(err);
  const headers: Record<string, string> = { ...COMMON, ...extra, 'Content-Type': 'application/problem+json' };
  if (err.retryAfterSeconds !== undefined) headers['Retry-After'] = String(err.retryAfterSeconds);
  return new Response(JSON.stringify({ ...err.problem, instance: path }), { status: err.status, headers });
}

/** 200 with an image shown inline (what a PII record's `imageUrl` names). */
export function imageResponse(bytes: Uint8Array, contentType: string): Response {
  return new Response(bytes as BodyInit, {
    status: 200,
    headers: { ...COMMON, 'Content-Type': contentType, 'Content-Length': String(bytes.length), 'Content-Disposition': 'inline' },
  });
}
