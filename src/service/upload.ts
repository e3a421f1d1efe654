import * as v from 'valibot';
import { documentTooBig, validationFailed } from '../errors/problem.js';
import { ExternalUploadConfigSchema, parseOrThrow } from '../validation/schemas.js';
import { configRecognizers } from '../engine/recognizers.js';
import type { DocumentTextAnonymization, ExternalUploadConfig, Tag } from '../spec/types.js';

/** The spec's upload size limit (413 `DOCUMENT_TOO_BIG`), for both workflows. */
export const MAX_UPLOAD_BYTES = 200 * 1024 * 1024;

const notBlank = v.check((s: string) => s.trim() !== '', 'must not be blank');
const TagSchema = v.object({ key: v.pipe(v.string(), v.minLength(1)), value: v.pipe(v.string(), v.minLength(1)) });

/** Tags given at upload (our extension of both workflows). */
export const TagsSchema = v.array(TagSchema);

/** The default workflow's JSON body: Base64 `content` (required, not blank), optional `config`; `name` and `tags` are our extensions. */
const DefaultUploadSchema = v.object({
  content: v.pipe(v.string(), v.minLength(1, 'must not be blank'), notBlank),
  config: v.nullish(ExternalUploadConfigSchema),
  name: v.optional(v.string()),
  tags: v.optional(TagsSchema),
});

/**
 * `content` already decoded from Base64 while the request streamed (the HTTP face), so the Base64 text is never held
 * whole: the file (in memory or disk-backed), or null when the text was not Base64 (422) or decodes to more than the
 * limit (`tooBig`, 413).
 */
export class DecodedContent {
  constructor(
    readonly bytes: Uint8Array | Blob | null,
    readonly tooBig = false,
  ) {}
}

export interface DefaultUploadBody {
  /** Base64 of the file (or, from the HTTP face, the file already decoded). */
  content: string | DecodedContent;
  config?: ExternalUploadConfig | null;
  name?: string;
  tags?: Tag[];
}

/** A validated default-workflow upload with its file decoded. */
export interface ParsedUpload {
  file: Uint8Array | Blob;
  config: ExternalUploadConfig | null;
  name: string | null;
  tags: Tag[];
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Strict Base64 (whitespace ignored); 422 on anything else, 413 when the decoded size would pass the limit. */
export function decodeBase64(content: string, field = 'content'): Uint8Array {
  const clean = content.replace(/\s+/g, '');
  if (Math.floor((clean.length * 3) / 4) > MAX_UPLOAD_BYTES) throw documentTooBig(MAX_UPLOAD_BYTES);
  if (clean.length % 4 !== 0 || !BASE64.test(clean)) {
    throw validationFailed([{ field, code: 'InvalidValue', message: 'must be Base64' }]);
  }
  const out = new Uint8Array((clean.length / 4) * 3 - (clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0));
  // atob in slices keeps the intermediate binary string small for large files.
  const SLICE = 1 << 20;
  let o = 0;
  for (let i = 0; i < clean.length; i += SLICE) {
    const bin = atob(clean.slice(i, i + SLICE));
    for (let j = 0; j < bin.length; j++) out[o++] = bin.charCodeAt(j);
  }
  return out;
}

/** Validates and decodes a default-workflow body (4.2). */
export function parseDefaultUpload(body: unknown): ParsedUpload {
  const content = (body as { content?: unknown } | null)?.content;
  const decoded = content instanceof DecodedContent ? content : null;
  // Decoded content stands for a valid, non-blank string: the other fields are checked exactly as before.
  const b = parseOrThrow(DefaultUploadSchema, decoded ? { ...(body as object), content: 'AAAA' } : body);
  configRecognizers(b.config?.textAnonymization as DocumentTextAnonymization | null | undefined, 'config');
  let file: Uint8Array | Blob;
  if (!decoded) file = decodeBase64(b.content);
  else if (decoded.tooBig) throw documentTooBig(MAX_UPLOAD_BYTES);
  else if (!decoded.bytes) throw validationFailed([{ field: 'content', code: 'InvalidValue', message: 'must be Base64' }]);
  else file = decoded.bytes;
  return {
    file,
    config: (b.config as ExternalUploadConfig | null | undefined) ?? null,
    name: b.name === undefined ? null : safeFileName(b.name),
    tags: b.tags ?? [],
  };
}

/**
 * A client's file name made safe to store and to send back in `Content-Disposition`: the last path segment only (no
 * traversal), no control characters, at most 255 characters; null when nothing usable is left.
 */
export function safeFileName(name: string): string | null {
  const last = name.split(/[/\\]/).pop() ?? '';
  const clean = last
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 255);
  return clean === '' || clean === '.' || clean === '..' ? null : clean;
}
