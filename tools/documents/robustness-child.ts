// Child of tools/documents/robustness.ts: anonymizes the files its parent sends, one at a time, and reports each outcome.
import { readFile } from 'node:fs/promises';
import { createNodeDocumentAnonymizer } from '../../src/platform/node/platform.js';
import { AnonymizerError } from '../../src/errors/problem.js';

// argv[2]: `on` (the default settings, the shipped model) or `off` (rules only).
const engine = createNodeDocumentAnonymizer(process.argv[2] === 'off' ? { ner: false } : {});
process.on('message', async ({ file, limitMs }: { file: string; limitMs: number }) => {
  const t0 = performance.now();
  // The document's time limit, as the job runner gives it: the pipeline must stop on its own when it fires.
  const signal = AbortSignal.timeout(limitMs);
  try {
    const bytes = new Uint8Array(await readFile(file));
    const r = await engine.anonymize(bytes, null, { signal });
    process.send!({
      file,
      status: 'completed',
      ms: performance.now() - t0,
      rasterised: (r.verification as { stats?: { rasterisedPages: number } } | undefined)?.stats?.rasterisedPages ?? 0,
    });
  } catch (err) {
    if (signal.aborted) {
      process.send!({
        file,
        status: 'failed',
        ms: performance.now() - t0,
        reason: `time limit (${limitMs / 1000} s): stopped on its abort signal`,
      });
      return;
    }
    const problem = err instanceof AnonymizerError ? err.problem : null;
    process.send!({
      file,
      status: problem ? 'failed' : 'error',
      ms: performance.now() - t0,
      reason: problem ? `${problem.status} ${problem.problemCode ?? ''} ${problem.detail ?? ''}` : String(err).slice(0, 200),
    });
  }
});
