import { badRequest, documentTooBig, unsupportedMediaType, validationFailed } from '../errors/problem.js';
import { AnonymizerError } from '../errors/problem.js';
import { concatBytes } from '../bytes/concat-bytes.js';
import { Base64JsonReader, JsonSyntaxError } from './base64-json.js';
import type { FileSink, FileSinkFactory } from './byte-sink.js';
import { MultipartError, MultipartParser, multipartBoundary } from './multipart.js';

/**
 * Reads at most `limit` bytes of a body, streaming: a declared or actual size past the limit stops the read at once
 * (413 from `tooBig`), so an oversized upload is never buffered whole.
 */
export async function readLimited(request: Request, limit: number, tooBig: () => AnonymizerError): Promise<Uint8Array> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > limit) throw tooBig();
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > limit) {
        await reader.cancel().catch(() => undefined);
        throw tooBig();
      }
      chunks.push(value);
    }
  } catch (err) {
    if (err instanceof AnonymizerError) throw err;
    throw badRequest('The request body could not be read.');
  }
  return concatBytes(chunks);
}

/** The body's media type, lower case, without parameters ('' when none). */
export function mediaType(request: Request): string {
  return (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

/** A JSON body (`application/json` or `*+json`), else 415; unreadable JSON → 400. */
export async function readJson(request: Request, limit: number, tooBig: () => AnonymizerError): Promise<unknown> {
  const type = mediaType(request);
  if (type !== 'application/json' && !type.endsWith('+json')) throw unsupportedMediaType('application/json');
  const bytes = await readLimited(request, limit, tooBig);
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw badRequest('The body is not valid JSON.');
  }
}

/** The `file` part of a multipart upload, with its client name and optional `tags` (JSON) part. */
export interface MultipartUpload {
  file: Uint8Array | Blob;
  name: string | null;
  tags: unknown;
  /** Drops the file's sink once the store holds the file (or the upload failed). */
  discard(): Promise<void>;
}

/** A default-workflow body with its `content` decoded (see `readUploadJson`). */
export interface UploadJson {
  body: unknown;
  /** Drops the decoded file's sink once the store holds the file (or the upload failed). */
  discard(): Promise<void>;
}

/** The declared body length, null when none (chunked) or not a number. */
function declaredLength(request: Request): number | null {
  const declared = request.headers.get('content-length');
  const n = declared === null ? NaN : Number(declared);
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
}

/**
 * Feeds a body to `write` chunk by chunk, counting bytes: past `limit` the read stops at once (413 from `tooBig`).
 * After each chunk it waits on `ready` (back-pressure of a file sink), so a slow disk slows the client, not memory.
 * An error thrown by `write` ends the read and passes through; a broken connection is 400.
 */
async function pump(
  request: Request,
  limit: number,
  tooBig: () => AnonymizerError,
  write: (chunk: Uint8Array) => void,
  ready: () => Promise<void> | null,
): Promise<void> {
  const declared = declaredLength(request);
  if (declared !== null && declared > limit) throw tooBig();
  if (!request.body) return;
  const reader = request.body.getReader();
  let total = 0;
  for (;;) {
    let result: ReadableStreamReadResult<Uint8Array>;
    try {
      result = await reader.read();
    } catch {
      throw badRequest('The request body could not be read.');
    }
    if (result.done) return;
    total += result.value.length;
    try {
      if (total > limit) throw tooBig();
      write(result.value);
      await ready();
    } catch (err) {
      await reader.cancel().catch(() => undefined);
      throw err;
    }
  }
}

/**
 * A default-workflow upload body (JSON with Base64 `content`), read as it streams: the payload limit holds on the
 * bytes as they arrive (413 from `tooBig`), `content` is decoded on the way into a sink from `sinks` (see
 * `Base64JsonReader`), so the JSON text, the Base64 string and the file are never in memory together. 415 for another
 * media type, 400 for bad JSON; on any error the sink is dropped.
 */
export async function readUploadJson(
  request: Request,
  limit: number,
  maxFile: number,
  tooBig: () => AnonymizerError,
  sinks: FileSinkFactory,
): Promise<UploadJson> {
  const type = mediaType(request);
  if (type !== 'application/json' && !type.endsWith('+json')) throw unsupportedMediaType('application/json');
  const reader = new Base64JsonReader(declaredLength(request), maxFile, sinks);
  try {
    await pump(
      request,
      limit,
      tooBig,
      (chunk) => reader.write(chunk),
      () => reader.ready(),
    );
    return { body: await reader.end(), discard: () => reader.discard() };
  } catch (err) {
    await reader.discard();
    if (err instanceof JsonSyntaxError) throw badRequest('The body is not valid JSON.');
    throw err;
  }
}

/**
 * Parses `multipart/form-data` as it streams (`MultipartParser`): the file part goes straight into a sink from
 * `sinks` (one buffer sized from the declared length, or a spool file), so the file is held once. Exactly one `file`
 * part is required (422 naming `file` otherwise); a file over `limit` is 413 as soon as its bytes pass it, and so is
 * a body over `limit` plus 64 KB of framing; a missing boundary, broken framing or a truncated body is 400. On any
 * error the sink is dropped.
 */
export async function readMultipartFile(request: Request, limit: number, sinks: FileSinkFactory): Promise<MultipartUpload> {
  if (mediaType(request) !== 'multipart/form-data') throw unsupportedMediaType('multipart/form-data');
  const boundary = multipartBoundary(request.headers.get('content-type')!);
  if (boundary === null) throw badRequest('The multipart body has no boundary.');
  if (boundary === '') throw badRequest('The multipart body is malformed or truncated.');
  const declared = declaredLength(request);
  const tooBig = () => documentTooBig(limit);
  let files = 0;
  let plainFile = false;
  let name: string | null = null;
  let file: FileSink | null = null;
  /** Sinks of extra `file` parts, dropped as soon as a second one shows up. */
  const dropped: Promise<void>[] = [];
  let tagsSeen = false;
  let tagChunks: Uint8Array[] | null = null;
  const parser = new MultipartParser(boundary, (info) => {
    if (info.name === 'file') {
      if (++files > 1 || info.filename === null) {
        plainFile ||= info.filename === null;
        if (file) dropped.push((file as FileSink).discard());
        file = null;
        return null;
      }
      name = info.filename || null;
      const sink = sinks(declared === null ? null : Math.min(declared, limit));
      file = sink;
      return {
        data(chunk) {
          if (sink.length + chunk.length > limit) throw tooBig();
          sink.write(chunk);
        },
        end() {},
      };
    }
    if (info.name === 'tags' && !tagsSeen) {
      tagsSeen = true;
      if (info.filename !== null) return null;
      const chunks: Uint8Array[] = [];
      tagChunks = chunks;
      return { data: (chunk) => void chunks.push(chunk.slice()), end() {} };
    }
    return null;
  });
  const discard = async () => {
    if (file) dropped.push((file as FileSink).discard());
    await Promise.all(dropped);
  };
  try {
    // The multipart framing adds a little to the file; the file itself is limited in its sink.
    await pump(
      request,
      limit + 64 * 1024,
      tooBig,
      (chunk) => parser.write(chunk),
      () => (file as FileSink | null)?.ready() ?? null,
    );
    parser.end();
    const sink = file as FileSink | null;
    if (files !== 1 || plainFile || !sink) {
      throw validationFailed([
        { field: 'file', code: files === 0 ? 'NotNull' : 'InvalidValue', message: 'exactly one file part is required' },
      ]);
    }
    let tags: unknown;
    const rawTags = tagChunks as Uint8Array[] | null;
    if (rawTags) {
      try {
        tags = JSON.parse(new TextDecoder().decode(concatBytes(rawTags)));
      } catch {
        throw validationFailed([{ field: 'tags', code: 'InvalidValue', message: 'must be a JSON array of {key, value}' }]);
      }
    }
    return { file: await sink.close(), name, tags, discard };
  } catch (err) {
    await discard();
    if (err instanceof MultipartError) throw badRequest('The multipart body is malformed or truncated.');
    throw err;
  }
}
