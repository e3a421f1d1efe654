import type { FieldError, ProblemCode, ProblemDetail } from '../spec/types.js';

/**
 * The one error the engine throws: it carries a spec `ProblemDetail`.
 * `detail` never holds input text, file names or stack traces.
 */
export class AnonymizerError extends Error {
  readonly problem: ProblemDetail;
  /** For 429: when to retry, the HTTP face's `Retry-After`. */
  retryAfterSeconds?: number;

  constructor(problem: ProblemDetail) {
    super(problem.detail ?? problem.title);
    this.name = 'AnonymizerError';
    this.problem = Object.freeze({ ...problem });
  }

  get status(): number {
    return this.problem.status;
  }

  get problemCode(): ProblemCode | undefined {
    return this.problem.problemCode;
  }
}

function make(status: number, title: string, detail: string, problemCode?: ProblemCode, extra?: Partial<ProblemDetail>) {
  const problem: ProblemDetail = { title, status, detail, ...extra };
  if (problemCode) problem.problemCode = problemCode;
  return new AnonymizerError(problem);
}

/** 422 `VALIDATION_FAILED` with `errors[]`. */
export function validationFailed(errors: FieldError[], detail = 'The request is invalid.'): AnonymizerError {
  return make(422, 'Unprocessable Entity', detail, 'VALIDATION_FAILED', { errors });
}

/** 401: missing or invalid credentials (no problemCode, as the spec shows). */
export function unauthorized(detail = 'Missing or invalid API key.'): AnonymizerError {
  return make(401, 'Unauthorized', detail);
}

/** 403: project not accessible or access denied. */
export function forbidden(detail = 'Access denied.'): AnonymizerError {
  return make(403, 'Forbidden', detail);
}

/** 403 `CREDIT_LIMIT_EXCEEDED`. */
export function creditLimitExceeded(detail = 'The credit budget is exhausted.'): AnonymizerError {
  return make(403, 'Forbidden', detail, 'CREDIT_LIMIT_EXCEEDED');
}

/** 403 `INVALID_LICENSE`. */
export function invalidLicense(detail = 'The license is invalid.'): AnonymizerError {
  return make(403, 'Forbidden', detail, 'INVALID_LICENSE');
}

/** 403 `NO_ACTIVE_LICENSE`. */
export function noActiveLicense(detail = 'There is no active license.'): AnonymizerError {
  return make(403, 'Forbidden', detail, 'NO_ACTIVE_LICENSE');
}

/** 403 `NO_PII_STORED`: the project does not store originals. */
export function noPiiStored(detail = 'This project does not store original documents.'): AnonymizerError {
  return make(403, 'Forbidden', detail, 'NO_PII_STORED');
}

/** 404: project, document, result or original missing. */
export function notFound(detail = 'Not found.'): AnonymizerError {
  return make(404, 'Not Found', detail);
}

/** 400 `INVALID_PATH_PARAM`: a path id that is not an int64. */
export function invalidPathParam(param: string): AnonymizerError {
  return make(400, 'Bad Request', `Path parameter '${param}' must be a 64-bit integer.`, 'INVALID_PATH_PARAM');
}

/** 413 `DOCUMENT_TOO_BIG`. */
export function documentTooBig(maxBytes: number): AnonymizerError {
  return make(413, 'Payload Too Large', `The file exceeds the maximum size of ${maxBytes} bytes.`, 'DOCUMENT_TOO_BIG');
}

/** 422 `INVALID_FILE`: unreadable or unsupported file. */
export function invalidFile(detail = 'The file is unreadable or of an unsupported type.'): AnonymizerError {
  return make(422, 'Unprocessable Entity', detail, 'INVALID_FILE');
}

/** `type` of a verification failure: the anonymized file still held an original PII string and was not completed. */
export const VERIFICATION_FAILED_TYPE = 'urn:local-anonymizer:problem:verification-failed';

/**
 * 422 without a problemCode (the spec has none for it), told apart by `type`: re-reading the output found original
 * PII. `leaks` name labels and places only (never the strings), so the problem can be stored and shown.
 */
export function verificationFailed(leaks: NonNullable<ProblemDetail['leaks']>): AnonymizerError {
  const found = leaks.map((l) => `${l.label} in ${l.where}`).join(', ');
  const pages = [...new Set(leaks.flatMap((l) => (l.page === undefined ? [] : [l.page])))].sort((a, b) => a - b);
  return make(
    422,
    'Unprocessable Entity',
    `Verification of the anonymized document failed: ${leaks.length} original PII string(s) survived (${found}). Nothing was output; the document was not completed.` +
      (pages.length > 0
        ? ` Pages: ${pages.join(', ')} (the option verificationFallback: 'rasterise' redacts such pages as images instead).`
        : ''),
    undefined,
    { type: VERIFICATION_FAILED_TYPE, leaks: leaks.map((l) => ({ ...l })) },
  );
}

/** 422 without a problemCode: original requested before `COMPLETED`/`FINALIZED`. */
export function unprocessable(detail: string): AnonymizerError {
  return make(422, 'Unprocessable Entity', detail);
}

/** 429 `RATE_LIMIT_EXCEEDED`; `retryAfterSeconds` becomes the `Retry-After` header on the HTTP face. */
export function rateLimitExceeded(retryAfterSeconds = 1): AnonymizerError {
  const err = make(429, 'Too Many Requests', `Too much work is queued; retry after ${retryAfterSeconds} s.`, 'RATE_LIMIT_EXCEEDED');
  err.retryAfterSeconds = retryAfterSeconds;
  return err;
}

/** 400 without a problemCode: a body or header that cannot be read (malformed JSON, multipart without boundary). */
export function badRequest(detail: string): AnonymizerError {
  return make(400, 'Bad Request', detail);
}

/** 404 for a path that names no endpoint. */
export function noSuchEndpoint(): AnonymizerError {
  return make(404, 'Not Found', 'No endpoint has this path.');
}

/** 405: the path exists, the method does not. */
export function methodNotAllowed(allowed: readonly string[]): AnonymizerError {
  return make(405, 'Method Not Allowed', `Allowed: ${allowed.join(', ')}.`);
}

/** 415: a body of a media type the endpoint does not read. */
export function unsupportedMediaType(expected: string): AnonymizerError {
  return make(415, 'Unsupported Media Type', `The body must be ${expected}.`);
}

/** 502 `TEXT_MODEL_UNAVAILABLE`: the NER model failed to load or crashed. */
export function textModelUnavailable(detail = 'The text model is unavailable.'): AnonymizerError {
  return make(502, 'Bad Gateway', detail, 'TEXT_MODEL_UNAVAILABLE');
}

/** 507 `STORAGE_LIMIT_EXCEEDED`: the device store is full. */
export function storageLimitExceeded(detail = 'The device storage quota is exhausted.'): AnonymizerError {
  return make(507, 'Insufficient Storage', detail, 'STORAGE_LIMIT_EXCEEDED');
}

/** 500 for anything unexpected. The cause is never copied into the problem (it may hold input text). */
export function internalError(detail = 'An internal error occurred.'): AnonymizerError {
  return make(500, 'Internal Server Error', detail);
}

/** Any thrown value as an AnonymizerError; unknown errors become a generic 500. */
export function toAnonymizerError(err: unknown): AnonymizerError {
  return err instanceof AnonymizerError ? err : internalError();
}
