import { badRequest, documentTooBig, unsupportedMediaType, validationFailed } from '../errors/problem.js';
import { AnonymizerError } from '../errors/problem.js';
import { concatBytes } from '../bytes/concat-bytes.js';

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

function mediaType(request: Request): string {
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
  bytes: Uint8Array;
  name: string | null;
  tags: unknown;
}

/**
 * Parses `multipart/form-data` (the platform's parser, after a streamed size check): exactly one `file` part is
 * required (422 naming `file` otherwise); a missing boundary or a truncated body is 400.
 */
export async function readMultipartFile(request: Request, limit: number): Promise<MultipartUpload> {
  if (mediaType(request) !== 'multipart/form-data') throw unsupportedMediaType('multipart/form-data');
  const contentType = request.headers.get('content-type')!;
  if (!/;\s*boundary=/i.test(contentType)) throw badRequest('The multipart body has no boundary.');
  // The multipart framing adds a little to the file; the file itself is checked again below.
  const bytes = await readLimited(request, limit + 64 * 1024, () => documentTooBig(limit));
  let form: FormData;
  try {
    form = await new Response(bytes as BodyInit, { headers: { 'Content-Type': contentType } }).formData();
  } catch {
    throw badRequest('The multipart body is malformed or truncated.');
  }
  const files = form.getAll('file');
  if (files.length !== 1 || typeof files[0] === 'string') {
    throw validationFailed([
      { field: 'file', code: files.length === 0 ? 'NotNull' : 'InvalidValue', message: 'exactly one file part is required' },
    ]);
  }
  const file = files[0] as File;
  if (file.size > limit) throw documentTooBig(limit);
  let tags: unknown;
  const rawTags = form.get('tags');
  if (typeof rawTags === 'string') {
    try {
      tags = JSON.parse(rawTags);
    } catch {
      throw validationFailed([{ field: 'tags', code: 'InvalidValue', message: 'must be a JSON array of {key, value}' }]);
    }
  }
  return { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name || null, tags };
}
