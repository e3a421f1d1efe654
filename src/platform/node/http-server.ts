import { AsyncLocalStorage } from 'node:async_hooks';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { AnonymizerError, badRequest, forbidden, internalError } from '../../errors/problem.js';
import { problemResponse } from '../../http/responses.js';

/** A running loopback server. */
export interface LoopbackServer {
  readonly port: number;
  readonly url: string;
  close(): Promise<void>;
}

/** Limits and origins of the loopback server. */
export interface LoopbackServerOptions {
  /** Port to listen on; 0 picks a free one. Default 0. */
  port?: number;
  /**
   * Origins (scheme://host[:port], exactly as browsers send them) whose pages may call the server besides its own
   * loopback origins; they get CORS answers for exactly that origin. Default none.
   */
  allowedOrigins?: readonly string[];
  /** Time for a client to send its headers (slowloris guard), then 408 and the connection goes. Default 20 s. */
  headersTimeoutMs?: number;
  /** Time for a whole request, body included. Default 5 min. */
  requestTimeoutMs?: number;
  /** How often Node checks the two timeouts above. Default 1 s. */
  timeoutCheckIntervalMs?: number;
  /** Open connections beyond which new ones are refused. Default 1024. */
  maxConnections?: number;
}

const HOST = '127.0.0.1';

/** Bodies left unread by an early answer (401, 403, 413) are drained up to this size; beyond it the connection closes. */
const DRAIN_LIMIT = 1024 * 1024;
/** After an early answer to a large body, the client gets this long to read it and stop sending before a reset. */
const LINGER_MS = 2000;
/** Chunks of a request body buffered ahead of the handler's reads. */
const BODY_HIGH_WATER_MARK = 1024 * 1024;

/** What the fault guard needs to end the request an error escaped from. */
interface RequestContext {
  fail(): void;
}
const requestContext = new AsyncLocalStorage<RequestContext>();

/**
 * An error thrown by a callback of a request (a timer, a stream event) would stop the process. This guard (installed
 * by `serve`) ends that request with a 500 problem instead; an error outside any request is passed to `outside`.
 * Returns a function that removes the guard.
 */
export function guardRequestFaults(outside: (err: unknown) => void): () => void {
  const onError = (err: unknown) => {
    const ctx = requestContext.getStore();
    if (ctx) ctx.fail();
    else outside(err);
  };
  process.on('uncaughtException', onError);
  process.on('unhandledRejection', onError);
  return () => {
    process.off('uncaughtException', onError);
    process.off('unhandledRejection', onError);
  };
}

/** The body of a request as a web stream that never destroys the socket: a consumer that stops early leaves it to the server. */
function bodyStream(req: IncomingMessage): { stream: ReadableStream<Uint8Array>; discard(): void; reading(): boolean } {
  let done = false;
  let controller: ReadableStreamDefaultController<Uint8Array>;
  const finish = (err?: Error) => {
    if (done) return;
    done = true;
    try {
      if (err) controller.error(err);
      else controller.close();
    } catch {
      // already cancelled by the consumer
    }
  };
  const stream = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
        req.on('data', (chunk: Buffer) => {
          if (done) return;
          c.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((c.desiredSize ?? 0) <= 0) req.pause();
        });
        req.on('end', () => finish());
        req.on('error', () => finish(new Error('The client closed the connection mid-body.')));
        req.on('close', () => {
          if (!req.complete) finish(new Error('The client closed the connection mid-body.'));
        });
      },
      pull() {
        if (!done) req.resume();
      },
      cancel() {
        // The handler stopped reading (a size limit): what is left is the server's to drain or cut.
        done = true;
      },
    },
    { highWaterMark: BODY_HIGH_WATER_MARK, size: (chunk) => chunk.byteLength },
  );
  return {
    stream,
    discard() {
      done = true;
      req.resume();
    },
    // The handler still reads the body as it answers (a streamed restore): neither cancelled nor ended yet.
    reading: () => stream.locked && !done,
  };
}

/** The loopback authorities of a port, as `Host` may name them. */
function loopbackHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
}

function isLoopbackOrigin(origin: string, port: number): boolean {
  return [`http://127.0.0.1:${port}`, `http://localhost:${port}`, `http://[::1]:${port}`].includes(origin.toLowerCase());
}

/** 421: the `Host` names another server (DNS rebinding: a foreign name that resolves to 127.0.0.1). */
function misdirected(): AnonymizerError {
  return new AnonymizerError({
    title: 'Misdirected Request',
    status: 421,
    detail: 'The Host header must name this loopback server (127.0.0.1, localhost or [::1] with its port).',
  });
}

/** Percent-decodes one raw path segment; null when the encoding is broken. */
function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * The request target as sent, checked before anything normalises it: origin-form only (`/…`), no empty, `.` or `..`
 * segment (plain or percent-encoded), no encoded `/` or `\`, no backslash, no control character. Null when fine.
 */
export function pathTrick(target: string): string | null {
  if (!target.startsWith('/')) return 'The request target must be an absolute path.';
  const q = target.indexOf('?');
  const path = q === -1 ? target : target.slice(0, q);
  if (path.includes('\\')) return 'The path must not contain a backslash.';
  const segments = path.slice(1).split('/');
  for (let i = 0; i < segments.length; i++) {
    const raw = segments[i]!;
    // A trailing slash is a path of its own (routing answers 404); an empty segment inside the path is a trick.
    if (raw === '' && i < segments.length - 1) return 'The path must not contain empty segments.';
    const decoded = decodeSegment(raw);
    if (decoded === null) return 'The path has a broken percent-encoding.';
    if (decoded === '.' || decoded === '..') return 'The path must not contain dot segments.';
    if (/[/\\]/.test(decoded)) return 'The path must not contain encoded slashes.';
    if (/[\u0000-\u001f\u007f]/.test(decoded)) return 'The path must not contain control characters.';
  }
  return null;
}

interface Checked {
  /** An answer given without calling the handler (421, 403, 400, a CORS preflight). */
  early?: Response;
  /** CORS headers for an allowed foreign origin. */
  cors?: Record<string, string>;
}

/** Host, Origin and path checks of one request. */
function check(req: IncomingMessage, port: number, allowed: ReadonlySet<string>): Checked {
  const target = req.url ?? '';
  const path = target.split('?')[0]!;
  const host = (req.headers.host ?? '').toLowerCase();
  if (!loopbackHosts(port).has(host)) return { early: problemResponse(misdirected(), path.startsWith('/') ? path : '/') };
  const origin = req.headers.origin;
  let cors: Record<string, string> | undefined;
  if (origin !== undefined && !isLoopbackOrigin(origin, port)) {
    if (!allowed.has(origin)) {
      return { early: problemResponse(forbidden('Requests from this origin are not allowed (see serve --allow-origin).'), path) };
    }
    cors = { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' };
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined) {
      return {
        early: new Response(null, {
          status: 204,
          headers: {
            ...cors,
            'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE',
            'Access-Control-Allow-Headers': 'Authorization, Content-Type',
            'Access-Control-Max-Age': '600',
            'Cache-Control': 'no-store',
          },
        }),
      };
    }
    cors['Access-Control-Expose-Headers'] = 'Content-Disposition, Retry-After, Allow, WWW-Authenticate';
  }
  const trick = pathTrick(target);
  if (trick) return { early: problemResponse(badRequest(trick), '/'), ...(cors ? { cors } : {}) };
  return cors ? { cors } : {};
}

function toRequest(req: IncomingMessage, base: string, signal: AbortSignal, body: ReadableStream<Uint8Array> | null): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    try {
      headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
    } catch {
      // a header name or value the fetch API refuses: left out
    }
  }
  return new Request(base + (req.url ?? '/'), {
    method: req.method ?? 'GET',
    headers,
    signal,
    ...(body ? { body, duplex: 'half' } : {}),
  } as RequestInit);
}

const internalProblem = () => problemResponse(internalError(), '/');

/**
 * Writes a fetch Response. A body that fails after the headers went cuts the connection (the client sees a truncated
 * answer, never a wrong one); before that, the caller answers 500.
 */
async function send(res: ServerResponse, response: Response, extra: Record<string, string>): Promise<void> {
  const headers: Record<string, string> = { ...extra };
  response.headers.forEach((v, k) => (headers[k] = v));
  res.writeHead(response.status, headers);
  if (response.body) {
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (res.destroyed) {
          await reader.cancel().catch(() => undefined);
          return;
        }
        if (!res.write(value)) await new Promise((r) => (res.destroyed ? r(undefined) : res.once('drain', r).once('close', r)));
      }
    } catch {
      res.destroy();
      return;
    }
  }
  res.end();
}

/**
 * Serves a fetch handler on 127.0.0.1 only (never another interface), against hostile clients: `Host` must name
 * this server (else 421) and `Origin`, when sent, one of its loopback origins or an allowed one (else 403); path
 * tricks (dot segments, encoded slashes) are 400 before any normalisation; headers over 16 KB get 431, slow headers
 * 408; an early answer to a large body is sent, then the connection closes; an error in a request ends that
 * request with a 500 problem, never the server.
 */
export function startLoopbackServer(
  handler: (request: Request) => Promise<Response>,
  options: LoopbackServerOptions | number = {},
): Promise<LoopbackServer> {
  const opts: LoopbackServerOptions = typeof options === 'number' ? { port: options } : options;
  const allowed = new Set(opts.allowedOrigins ?? []);
  return new Promise((resolve, reject) => {
    let port = 0;
    const server = createServer(
      {
        requestTimeout: opts.requestTimeoutMs ?? 300_000,
        headersTimeout: opts.headersTimeoutMs ?? 20_000,
        connectionsCheckingInterval: opts.timeoutCheckIntervalMs ?? 1000,
      },
      (req, res) => {
        req.on('error', () => undefined);
        res.on('error', () => undefined);
        let settled = false;
        const socket: Socket = req.socket;
        const fail = () => {
          if (settled) return;
          settled = true;
          if (res.headersSent) {
            res.destroy();
            return;
          }
          void send(res, internalProblem(), { connection: 'close' }).catch(() => res.destroy());
        };
        requestContext.run({ fail }, () => {
          void (async () => {
            const { early, cors } = check(req, port, allowed);
            const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && early === undefined;
            const body = hasBody ? bodyStream(req) : null;
            const controller = new AbortController();
            res.once('close', () => controller.abort());
            let response: Response;
            try {
              response = early ?? (await handler(toRequest(req, `http://${HOST}:${port}`, controller.signal, body?.stream ?? null)));
            } catch {
              response = internalProblem();
            }
            if (settled) return;
            settled = true;
            const extra: Record<string, string> = { ...cors };
            // What the handler left unread: a small body is drained (the connection stays usable); a large one or
            // one of unknown size is dropped as it arrives, and the connection ends once the answer is out.
            let closeAfter = false;
            // A handler that answers while it still reads the body (its answer streams from it) keeps reading it.
            const streaming = body?.reading() ?? false;
            if (!req.complete && !streaming) {
              body?.discard();
              if (!body) req.resume();
              const declared = Number(req.headers['content-length'] ?? NaN);
              closeAfter = !(declared <= DRAIN_LIMIT);
              if (closeAfter) {
                extra['connection'] = 'close';
                // Node destroys a `Connection: close` socket as soon as the answer is flushed; body bytes still in
                // flight would then reset the connection before the client read the answer. Half-close instead:
                // the rest of the body is read and dropped, and a client that keeps sending is cut after a moment.
                (socket as Socket & { destroySoon(): void }).destroySoon = () => {
                  socket.end();
                  setTimeout(() => socket.destroy(), LINGER_MS).unref();
                };
              }
            }
            try {
              await send(res, response, extra);
            } catch {
              if (!res.headersSent) await send(res, internalProblem(), extra).catch(() => res.destroy());
              else res.destroy();
            }
            if (streaming && !req.complete) body?.discard();
          })().catch(fail);
        });
      },
    );
    server.maxConnections = opts.maxConnections ?? 1024;
    server.once('error', reject);
    server.listen(opts.port ?? 0, HOST, () => {
      port = (server.address() as { port: number }).port;
      resolve({
        port,
        url: `http://${HOST}:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
