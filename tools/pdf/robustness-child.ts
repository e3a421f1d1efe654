// Child of tools/pdf/robustness.ts: anonymizes the files its parent sends, one at a time, and reports each outcome.
import { readFile } from 'node:fs/promises';
import { createNodeDocumentAnonymizer } from '../../src/api/node-documents.js';
import { AnonymizerError } from '../../src/errors/problem.js';

const engine = createNodeDocumentAnonymizer({ ner: false });
process.on('message', async (file: string) => {
  const t0 = performance.now();
  try {
    const bytes = new Uint8Array(await readFile(file));
    const r = await engine.anonymize(bytes, null);
    process.send!({ file, status: 'completed', ms: performance.now() - t0, rasterised: (r.verification as { stats?: { rasterisedPages: number } } | undefined)?.stats?.rasterisedPages ?? 0 });
  } catch (err) {
    const problem = err instanceof AnonymizerError ? err.problem : null;
    process.send!({ file, status: problem ? 'failed' : 'error', ms: performance.now() - t0, reason: problem ? `${problem.status} ${problem.problemCode ?? ''} ${problem.detail ?? ''}` : String(err).slice(0, 200) });
  }
});
