import { parentPort, workerData } from 'node:worker_threads';
import { toAnonymizerError } from '../errors/problem.js';
import { createNodeDocumentAnonymizer } from '../platform/node/platform.js';
import type { ThreadData, ThreadReply, ThreadRequest } from './document-runner.js';
import { anonymizeFile } from './document-runner.js';

/**
 * One thread of `anonymize --out-dir --jobs N` (`document-runner.ts`): its own document engine, one document at a
 * time, read and written here. Failures go back as their ProblemDetail, never with a cause (it may hold document text).
 */
const { engineOptions, config } = workerData as ThreadData;
const engine = createNodeDocumentAnonymizer({ ...engineOptions });
const port = parentPort!;
const reply = (message: ThreadReply) => port.postMessage(message);

port.on('message', (request: ThreadRequest) => {
  if (request.type === 'close') {
    void engine
      .close()
      .catch(() => undefined)
      .finally(() => {
        reply({ type: 'closed' });
        port.close();
        process.exit(0);
      });
    return;
  }
  anonymizeFile(engine, config, request.task, (progress) => reply({ type: 'progress', progress })).then(
    (done) => reply({ type: 'done', done }),
    (err: unknown) => reply({ type: 'failed', problem: toAnonymizerError(err).problem }),
  );
});
