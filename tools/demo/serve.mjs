#!/usr/bin/env node
// A static file server for the built demo (dist/demo): plain node:http, 127.0.0.1 only, no dependencies.
// Sends cross-origin isolation (COOP/COEP, so the model workers get threads), CORP, a strict Content-Security-Policy
// and the MIME types the browser insists on (application/wasm for WebAssembly streaming, text/javascript for .mjs).
//
//   node tools/demo/serve.mjs [--port 4173] [--root dist/demo] [--no-isolation]
//
// Prints `demo: http://127.0.0.1:PORT/` once it listens. A taken port falls back to a free one.
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = fileURLToPath(new URL('.', import.meta.url));
export const DEFAULT_ROOT = resolve(HERE, '..', '..', 'dist', 'demo');

/**
 * The demo's policy: its own origin only. Measured in Chromium (test/node/demo/demo.test.ts fails on any violation):
 * WebAssembly needs 'wasm-unsafe-eval'; nothing needs blob: workers (tesseract runs with workerBlobURL false, ORT and
 * pdf.js start their workers from files), data: images or inline styles. See docs/demo.md.
 */
export const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self'",
  "connect-src 'self'",
  "img-src 'self' blob:",
  "style-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.ttf': 'font/ttf',
  '.woff2': 'font/woff2',
  // Model weights, OCR language data (gzipped, but tesseract gunzips it itself: never Content-Encoding), pdf.js data.
  '.onnx': 'application/octet-stream',
  '.gz': 'application/octet-stream',
  '.bcmap': 'application/octet-stream',
  '.pfb': 'application/octet-stream',
  '.icc': 'application/octet-stream',
};

/** Headers every response carries. */
function baseHeaders(isolation) {
  return {
    'Content-Security-Policy': CSP,
    'Cross-Origin-Resource-Policy': 'same-origin',
    ...(isolation ? { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' } : {}),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  };
}

/** The file a URL path names inside `root`, or null (outside the root, hidden, not a file). */
function fileFor(root, urlPath) {
  let path;
  try {
    path = decodeURIComponent(urlPath.split('?')[0].split('#')[0]);
  } catch {
    return null;
  }
  if (path.includes('\0') || path.split('/').some((part) => part.startsWith('.') && part !== '')) return null;
  const full = normalize(join(root, path));
  if (full !== root && !full.startsWith(root + sep)) return null;
  try {
    const st = statSync(full);
    if (st.isDirectory()) {
      const index = join(full, 'index.html');
      const ist = statSync(index);
      return ist.isFile() ? { path: index, stat: ist } : null;
    }
    return st.isFile() ? { path: full, stat: st } : null;
  } catch {
    return null;
  }
}

/** Where CSP violation reports go when the server collects them (tests). */
const REPORT_PATH = '/__csp-report';

/**
 * Starts the server. Resolves to `{ server, url, close, reports }` once it listens on 127.0.0.1. With `cspReports`
 * the policy gets a `report-uri` and `reports` collects what the browser reports from any page or worker.
 * @param {{ root?: string, port?: number, isolation?: boolean, cspReports?: boolean }} [options]
 */
export async function serveDemo(options = {}) {
  const root = resolve(options.root ?? DEFAULT_ROOT);
  const isolation = options.isolation !== false;
  const headers = baseHeaders(isolation);
  const reports = [];
  if (options.cspReports) headers['Content-Security-Policy'] += `; report-uri ${REPORT_PATH}`;
  const server = createServer((req, res) => {
    if (options.cspReports && req.method === 'POST' && req.url === REPORT_PATH) {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk) => (body += chunk.length + body.length < 65536 ? chunk : ''));
      req.on('end', () => {
        try {
          reports.push(JSON.parse(body));
        } catch {
          reports.push({ unparsed: body });
        }
        res.writeHead(204, headers);
        res.end();
      });
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...headers, Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Method Not Allowed\n');
      return;
    }
    const found = fileFor(root, req.url ?? '/');
    if (!found) {
      res.writeHead(404, { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end('Not Found\n');
      return;
    }
    const { path, stat } = found;
    const rel = path.slice(root.length).replaceAll(sep, '/');
    const lastModified = stat.mtime.toUTCString();
    const out = {
      ...headers,
      'Content-Type': TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
      'Content-Length': String(stat.size),
      'Last-Modified': lastModified,
      // Vite's hashed files never change; everything else is revalidated (a rebuild is picked up at once).
      'Cache-Control': rel.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    if (rel === '/sw.js') out['Service-Worker-Allowed'] = '/';
    const since = req.headers['if-modified-since'];
    if (since && Date.parse(since) >= Math.floor(stat.mtimeMs / 1000) * 1000) {
      delete out['Content-Length'];
      res.writeHead(304, out);
      res.end();
      return;
    }
    res.writeHead(200, out);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(path)
      .on('error', () => res.destroy())
      .pipe(res);
  });
  const listen = (port) =>
    new Promise((ok, fail) => {
      server.once('error', fail);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', fail);
        ok();
      });
    });
  const port = options.port ?? 4173;
  try {
    await listen(port);
  } catch (err) {
    if (err?.code !== 'EADDRINUSE' || port === 0) throw err;
    await listen(0);
  }
  const url = `http://127.0.0.1:${server.address().port}/`;
  return { server, url, reports, close: () => new Promise((ok) => server.close(() => ok())) };
}

function parseArgs(argv) {
  const options = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--port') options.port = Number(argv[++i]);
    else if (arg === '--root') options.root = argv[++i];
    else if (arg === '--no-isolation') options.isolation = false;
    else if (arg === '--help' || arg === '-h') {
      process.stdout.write('usage: node tools/demo/serve.mjs [--port N] [--root DIR] [--no-isolation]\n');
      process.exit(0);
    } else {
      process.stderr.write(`unknown argument: ${arg}\n`);
      process.exit(2);
    }
  }
  if (options.port !== undefined && !(Number.isInteger(options.port) && options.port >= 0 && options.port < 65536)) {
    process.stderr.write('--port needs a number from 0 to 65535\n');
    process.exit(2);
  }
  return options;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const options = parseArgs(process.argv.slice(2));
  const root = resolve(options.root ?? DEFAULT_ROOT);
  try {
    statSync(join(root, 'index.html'));
  } catch {
    process.stderr.write(`no demo build in ${root}: run npm run build:demo first\n`);
    process.exit(1);
  }
  const { url, close } = await serveDemo(options);
  process.stdout.write(`demo: ${url}\n`);
  const stop = () => void close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
