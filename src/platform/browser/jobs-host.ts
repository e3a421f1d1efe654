import type { ClosableDocumentAnonymizer } from '../../engine/document-engine.js';
import { createDocumentEngine } from '../../engine/document-engine.js';
import type { JobsWorkerApi } from '../../jobs/jobs-api.js';
import type { JobEvents } from '../../jobs/events.js';
import type { JobRunner } from '../../jobs/runner.js';
import { startJobRunner } from '../../jobs/runner.js';
import type { DocumentStore } from '../../store/store.js';
import { browserPlatform } from './platform.js';

/**
 * The job runner as `workers/jobs.worker.ts` hosts it: the browser platform of the named store (faces and OCR inside
 * this worker) and the document engine over it, all started by `start`.
 */
export function createJobsHost(base: string): JobsWorkerApi {
  let running: { runner: JobRunner; store: DocumentStore; events: JobEvents; engine: ClosableDocumentAnonymizer } | null = null;
  return {
    async start(options) {
      if (running) return;
      const platform = browserPlatform(base, {
        storeName: options.storeName,
        faces: 'this-thread',
        ...(options.assetsBaseUrl !== undefined ? { assetsBaseUrl: options.assetsBaseUrl } : {}),
      });
      const store = await platform.openStore();
      const events = platform.events();
      const engine = createDocumentEngine(platform, options.ner !== undefined ? { ner: options.ner } : {});
      const runner = startJobRunner({
        ...options.runner,
        store,
        events,
        locks: platform.locks,
        clock: platform.clock,
        processor: engine,
        ...(options.pageBudget !== undefined ? { pageBudget: options.pageBudget } : {}),
        ...(options.baseUrl ? { imageBaseUrl: options.baseUrl } : {}),
      });
      running = { runner, store, events, engine };
    },
    idle: async () => running?.runner.idle(),
    async stop() {
      const r = running;
      running = null;
      if (!r) return;
      await r.runner.stop();
      await r.engine.close();
      r.events.close();
      r.store.close();
    },
  };
}
