import { expect } from 'vitest';
import { AnonymizerError } from '../../../src/errors/problem.js';
import type { ProblemDetail } from '../../../src/spec/types.js';

/** Awaits `promise` (or calls `fn`) and asserts it fails with an AnonymizerError whose problem matches. */
export async function expectProblem(action: Promise<unknown> | (() => unknown), expected: Partial<ProblemDetail>): Promise<ProblemDetail> {
  let caught: unknown;
  try {
    await (typeof action === 'function' ? action() : action);
  } catch (err) {
    caught = err;
  }
  expect(caught).toBeInstanceOf(AnonymizerError);
  const problem = (caught as AnonymizerError).problem;
  expect(problem).toMatchObject(expected);
  return problem;
}
