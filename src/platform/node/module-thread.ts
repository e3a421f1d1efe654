import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * A worker thread running the module `name` beside `base` (an `import.meta.url`): the compiled `name.js`, or, when
 * `base` runs from source (tests, `node --import tsx`), `name.ts` loaded through tsx's API inside the thread (Node 20
 * does not pass loader hooks on to workers).
 */
export function startModuleThread(base: string, name: string, workerData: unknown): Worker {
  if (!base.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, base), { workerData });
  const api = pathToFileURL(
    createRequire(base)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const entry = new URL(`./${name}.ts`, base).href;
  const code = `import(${JSON.stringify(api)}).then((m) => m.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}))`;
  return new Worker(code, { eval: true, workerData });
}
