import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { ocrWorkersFor } from '../engine/retiring-ocr.js';
import { createNodeAnonymizer } from '../platform/node/service.js';
import type { AnonymizerOptions } from '../engine/options.js';
import { toAnonymizerError, validationFailed } from '../errors/problem.js';
import { createFetchHandler } from '../http/fetch-handler.js';
import { uploadSpoolOf } from '../platform/node/folder-store.js';
import { guardRequestFaults, startLoopbackServer } from '../platform/node/http-server.js';
import { spoolFileSinks } from '../platform/node/upload-spool.js';
import { MAX_TEXT_CHARS } from '../service/text-requests.js';
import type { OrganizationSetup } from '../service/setup.js';
import type { CliArgs } from './args.js';
import { MAX_OCR_WORKERS } from './args.js';

/** `serve --help`. */
export const SERVE_HELP = `Usage: local-anonymizer serve [--port N] [--keys keys.json] [--data DIR] [--allow-origin ORIGIN]
                             [--verification-fallback fail|rasterise] [--ocr-workers N] [--verbose]

Answers the anonymization service's HTTP API (/external/v1/...) on http://127.0.0.1:N (loopback only),
with the engine's models on this machine, and our LLM round-trip sessions (/local/v1/sessions: pseudonymize
each turn with one mapping, restore the model's answer, streamed as text/plain; README "HTTP face").
Every request needs "Authorization: Bearer <key>".
The Host header must be 127.0.0.1:N, localhost:N or [::1]:N (else 421); a request with an Origin header
must come from one of these origins or an --allow-origin one (else 403).
Texts run on worker threads (one per core); at most ${MAX_TEXT_CHARS} characters per text (else 413); a full
queue answers 429 with Retry-After. Uploads: at most 200 MB per file (JSON bodies at most 200 MB in all);
with --data they stream to disk (DIR/uploads) as they arrive, else each file is held once in memory.

  --port N          port to listen on (default 8080; 0 picks a free one). Prints "listening on <url>" when ready.
  --keys FILE       the organization as JSON: {"orgId": 1, "projects": [{"id": 1, "name": "Letters",
                    "isStoringPII": true, "documentCorrection": false, "isTemporary": false,
                    "deleteCompletedDocumentsAfterHours": 24, "deleteNonCompletedDocumentsAfterHours": null,
                    "config": {...upload config...}}], "defaultProjectId": 1,
                    "users": [{"id": 10, "projectIds": [1]}],
                    "keys": [{"kind": "ORGANIZATION", "key": "..."}, {"kind": "USER", "key": "...", "userId": 10},
                             {"kind": "PROJECT", "key": "...", "projectId": 1}]}
                    Keys are at least 16 characters. Without --keys: one default project and a generated
                    organization key, printed as "api key: <key>".
  --data DIR        keep documents, results and PII records in DIR across restarts (default: memory only).
                    DIR and its folders are made private to this user (mode 0700) and every file in them
                    is written 0600, whatever the umask.
  --allow-origin O  let pages of origin O (scheme://host[:port], repeatable or comma-separated) call the
                    server: CORS answers for exactly that origin. Default: none.
  --verification-fallback fail|rasterise
                    a PDF page whose text still shows an original string when the result is checked:
                    fail the document (default; the problem lists pages, labels and boxes, never the text),
                    or redact that page as an image instead (its text is then no longer selectable).
  --ocr-workers N   pages of a scanned PDF recognised at once, each by its own OCR worker (about 200 MB each,
                    for the time a document needs OCR). Default: one per two cores, 1 to 4 (here ${ocrWorkersFor(availableParallelism())});
                    at most ${MAX_OCR_WORKERS}. In a container limited to fewer cores than the machine has, give the limit.
  --verbose         show what the PDF, OCR and model libraries print (on stderr); by default it is dropped,
                    so that stderr carries only ProblemDetail lines (errors outside any request).
`;

async function loadSetup(path: string): Promise<OrganizationSetup> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as OrganizationSetup;
  } catch {
    throw validationFailed([{ field: '--keys', code: 'InvalidValue', message: 'must name a readable JSON file' }]);
  }
}

/** Runs the loopback server until SIGINT/SIGTERM; returns the exit code. */
export async function runServe(
  args: CliArgs,
  textEngine: AnonymizerOptions,
  out: (line: string) => void,
  err: (line: string) => void = (line) => process.stderr.write(line),
): Promise<number> {
  if (args.help) {
    out(SERVE_HELP);
    return 0;
  }
  const setup = args.keysPath ? await loadSetup(args.keysPath) : undefined;
  let handle: (request: Request) => Promise<Response> = async () => new Response(null, { status: 503 });
  const server = await startLoopbackServer((request) => handle(request), {
    port: args.port ?? 8080,
    ...(args.allowOrigins ? { allowedOrigins: args.allowOrigins } : {}),
  });
  // An error that escapes a request ends that request with 500, never the server.
  const unguard = guardRequestFaults((fault) => err(`${JSON.stringify(toAnonymizerError(fault).problem)}\n`));
  try {
    const service = await createNodeAnonymizer({
      ...textEngine,
      ...(setup ? { setup } : {}),
      ...(args.dataDir ? { dataDir: args.dataDir } : {}),
      ...(args.verificationFallback || args.ocrWorkers
        ? {
            documents: {
              ...textEngine,
              ...(args.verificationFallback ? { verificationFallback: args.verificationFallback } : {}),
              ...(args.ocrWorkers ? { ocrWorkers: args.ocrWorkers } : {}),
            },
          }
        : {}),
      baseUrl: server.url,
      textThreads: true,
    });
    // With a data folder, uploads stream to disk there: memory stays flat whatever the file sizes.
    handle = createFetchHandler(service, args.dataDir ? { fileSinks: await spoolFileSinks(uploadSpoolOf(args.dataDir)) } : {});
    out(`listening on ${server.url}\n`);
    if (!setup) out(`api key: ${service.apiKey}\n`);
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    await server.close();
    await service.close();
    return 0;
  } catch (err) {
    await server.close();
    throw err;
  } finally {
    unguard();
  }
}
