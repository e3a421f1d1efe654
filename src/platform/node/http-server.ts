import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';

/** A running loopback server. */
export interface LoopbackServer {
  readonly port: number;
  readonly url: string;
  close(): Promise<void>;
}

const HOST = '127.0.0.1';

function toRequest(req: IncomingMessage, base: string, signal: AbortSignal): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(new URL(req.url ?? '/', base), {
    method: req.method ?? 'GET',
    headers,
    signal,
    ...(hasBody ? { body: Readable.toWeb(req) as unknown as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  } as RequestInit);
}

/** Bodies left unread by an early answer (401, 403, 413) are drained up to this size; beyond it the connection closes. */
const DRAIN_LIMIT = 1024 * 1024;

async function send(res: ServerResponse, req: IncomingMessage, response: Response): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((v, k) => (headers[k] = v));
  const declared = Number(req.headers['content-length'] ?? NaN);
  const closeAfter = !req.complete && !(declared <= DRAIN_LIMIT);
  if (closeAfter) headers['connection'] = 'close';
  res.writeHead(response.status, headers);
  if (response.body) {
    const body = Readable.fromWeb(response.body as unknown as NodeWebStream<Uint8Array>);
    for await (const chunk of body) if (!res.write(chunk)) await new Promise((r) => res.once('drain', r));
  }
  res.end();
  // A small unread body is read and dropped so the client can finish sending and read the answer; a large one is
  // not worth receiving: the answer is sent, then the connection goes.
  if (!req.complete) {
    if (closeAfter) res.once('finish', () => req.socket.end());
    else req.resume();
  }
}

/**
 * Serves a fetch handler on 127.0.0.1 only (never another interface). Node's own limits stay on: headers over
 * 16 KB get 431, slow requests time out; a failing request never stops the server.
 */
export function startLoopbackServer(handler: (request: Request) => Promise<Response>, port = 0): Promise<LoopbackServer> {
  return new Promise((resolve, reject) => {
    const server = createServer({ requestTimeout: 300_000 }, (req, res) => {
      const controller = new AbortController();
      res.once('close', () => controller.abort());
      const base = `http://${HOST}:${(server.address() as { port: number }).port}`;
      handler(toRequest(req, base, controller.signal))
        .then((response) => send(res, req, response))
        .catch(() => {
          if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/problem+json' });
          res.end(res.headersSent ? undefined : JSON.stringify({ title: 'Internal Server Error', status: 500 }));
        });
    });
    server.once('error', reject);
    server.listen(port, HOST, () => {
      const actual = (server.address() as { port: number }).port;
      resolve({
        port: actual,
        url: `http://${HOST}:${actual}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
