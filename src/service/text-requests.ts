import type { Anonymizer, TextCallOptions } from '../engine/text-engine.js';
import { AnonymizerError, creditLimitExceeded, rateLimitExceeded } from '../errors/problem.js';
import type { PseudonymizedText, TextRequest } from '../spec/types.js';
import type { DocumentStore } from '../store/store.js';

/** Longest text of one text request by default: 2 Mi characters (about half a minute of work with every label). */
export const MAX_TEXT_CHARS = 2 * 1024 * 1024;

/** 413 without a code (the spec names none for text): the text is longer than the per-request limit. */
export function textTooLarge(maxChars: number): AnonymizerError {
  return new AnonymizerError({
    title: 'Content Too Large',
    status: 413,
    detail: `The text is longer than ${maxChars} characters; split it into several requests.`,
  });
}

/** The text engine and the limits around it. */
export interface TextLimits {
  text: Anonymizer;
  /** Where the characters used are counted. */
  store: DocumentStore;
  /** Character credits; unset: unlimited. */
  characters?: number;
  /** Requests in flight beyond which a request gets 429. */
  maxConcurrent: number;
  /** Longest text (UTF-16 code units) of one request; longer → 413. */
  maxChars: number;
}

/**
 * `POST /text` within its limits: a text over `maxChars` is 413, spent character credits 403 CREDIT_LIMIT_EXCEEDED,
 * a request beyond `maxConcurrent` in flight (one count for every key) 429; a completed request's characters are
 * counted when credits are kept.
 */
export function limitedText(limits: TextLimits): (request: TextRequest, options?: TextCallOptions) => Promise<PseudonymizedText> {
  const { store, characters, maxConcurrent, maxChars } = limits;
  let inFlight = 0;
  return async (request, options) => {
    const length = (request as { text?: unknown } | null)?.text;
    if (typeof length === 'string' && length.length > maxChars) throw textTooLarge(maxChars);
    if (characters !== undefined && (await store.counters()).charactersUsed >= characters) throw creditLimitExceeded();
    if (inFlight >= maxConcurrent) throw rateLimitExceeded(1);
    inFlight++;
    try {
      const result = await limits.text.text(request, options);
      if (characters !== undefined) await store.addUsage(0, request.text.length);
      return result;
    } finally {
      inFlight--;
    }
  };
}
