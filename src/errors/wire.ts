import { transferHandlers } from 'comlink';
import type { TransferHandler } from 'comlink';
import type { ProblemDetail } from '../spec/types.js';
import { AnonymizerError, internalError } from './problem.js';

interface WireProblem {
  problem: ProblemDetail;
}

let installed = false;

/**
 * Replaces comlink's `throw` handler on this side of a worker boundary so that a thrown AnonymizerError arrives
 * as an AnonymizerError with its ProblemDetail (comlink's own handler keeps only message, name and stack).
 * Anything else crosses as a generic 500: messages and stacks of unknown errors may hold input text.
 * Call it in the worker and in the page; it is idempotent.
 */
export function installProblemTransfer(): void {
  if (installed) return;
  const original = transferHandlers.get('throw');
  if (!original) throw new Error('comlink has no throw handler');
  const handler: TransferHandler<{ value: unknown }, WireProblem> = {
    canHandle: (value: unknown): value is { value: unknown } => original.canHandle(value),
    serialize({ value }) {
      const err = value instanceof AnonymizerError ? value : internalError();
      return [{ problem: { ...err.problem } }, []];
    },
    deserialize({ problem }) {
      throw new AnonymizerError(problem);
    },
  };
  transferHandlers.set('throw', handler as TransferHandler<unknown, unknown>);
  installed = true;
}
