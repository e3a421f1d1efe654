import { describe, expect, it } from 'vitest';
import * as problems from '../../../src/errors/problem.js';
import { AnonymizerError, toAnonymizerError } from '../../../src/errors/problem.js';

describe('problem factories', () => {
  it.each([
    [problems.validationFailed([{ field: 'text', code: 'NotBlank', message: 'must not be blank' }]), 422, 'VALIDATION_FAILED'],
    [problems.unauthorized(), 401, undefined],
    [problems.forbidden(), 403, undefined],
    [problems.creditLimitExceeded(), 403, 'CREDIT_LIMIT_EXCEEDED'],
    [problems.invalidLicense(), 403, 'INVALID_LICENSE'],
    [problems.noActiveLicense(), 403, 'NO_ACTIVE_LICENSE'],
    [problems.noPiiStored(), 403, 'NO_PII_STORED'],
    [problems.notFound(), 404, undefined],
    [problems.invalidPathParam('documentId'), 400, 'INVALID_PATH_PARAM'],
    [problems.documentTooBig(200 * 1024 * 1024), 413, 'DOCUMENT_TOO_BIG'],
    [problems.invalidFile(), 422, 'INVALID_FILE'],
    [problems.unprocessable('Document is not completed.'), 422, undefined],
    [problems.rateLimitExceeded(5), 429, 'RATE_LIMIT_EXCEEDED'],
    [problems.textModelUnavailable(), 502, 'TEXT_MODEL_UNAVAILABLE'],
    [problems.storageLimitExceeded(), 507, 'STORAGE_LIMIT_EXCEEDED'],
    [problems.internalError(), 500, undefined],
  ])('%#: status %i, problemCode %s', (err, status, code) => {
    expect(err).toBeInstanceOf(AnonymizerError);
    expect(err.problem.status).toBe(status);
    expect(err.status).toBe(status);
    expect(err.problem.problemCode).toBe(code);
    if (code === undefined) expect('problemCode' in err.problem).toBe(false);
    expect(err.problem.title.length).toBeGreaterThan(0);
    expect(typeof err.problem.detail).toBe('string');
    expect(Object.isFrozen(err.problem)).toBe(true);
  });

  it('puts errors[] only on validation problems', () => {
    const err = problems.validationFailed([{ field: 'textLabels', code: 'NotEmpty', message: 'must contain at least one label' }]);
    expect(err.problem.errors).toEqual([{ field: 'textLabels', code: 'NotEmpty', message: 'must contain at least one label' }]);
    expect(problems.notFound().problem.errors).toBeUndefined();
  });

  it('turns unknown errors into a generic 500 that does not copy the cause', () => {
    const secret = new Error('Hans Müller lives at Hauptstr. 5');
    const err = toAnonymizerError(secret);
    expect(err.problem.status).toBe(500);
    expect(JSON.stringify(err.problem)).not.toContain('Müller');
    expect(JSON.stringify(err.problem)).not.toContain('stack');
  });

  it('passes AnonymizerErrors through unchanged', () => {
    const err = problems.notFound();
    expect(toAnonymizerError(err)).toBe(err);
  });
});
