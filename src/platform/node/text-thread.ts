import { parentPort, workerData } from 'node:worker_threads';
import type { AnonymizerOptions } from '../../engine/options.js';
import { createTextEngine } from '../../engine/text-engine.js';
import { toAnonymizerError } from '../../errors/problem.js';
import type { PoolReply, PoolTask } from './text-pool.js';
import { provideLexicons } from '../../detection/lexicons/store.js';
import { nodeLexicons } from './lexicons.js';
import { nodeNer } from './ner.js';

/**
 * One thread of the text pool (`text-pool.ts`): the same text engine as in-process (rules and the NER model), one
 * task at a time. Errors go back as their ProblemDetail, never with a cause (it may hold input text).
 */
provideLexicons(nodeLexicons);
const engine = createTextEngine((workerData as { options: AnonymizerOptions }).options, nodeNer);
const port = parentPort!;

port.on('message', (task: PoolTask) => {
  const run = task.op === 'text' ? engine.text(task.request, task.options) : engine.detect(task.text, task.options);
  run.then(
    (result) => port.postMessage({ id: task.id, ok: true, result } satisfies PoolReply),
    (err: unknown) => {
      const e = toAnonymizerError(err);
      port.postMessage({
        id: task.id,
        ok: false,
        problem: e.problem,
        ...(e.retryAfterSeconds !== undefined ? { retryAfterSeconds: e.retryAfterSeconds } : {}),
      } satisfies PoolReply);
    },
  );
});
