import { createBrowserDocumentAnonymizer } from '../api/browser-documents.js';
import type { ClosableDocumentAnonymizer } from '../api/node-documents.js';
import { createBrowserFaceService } from '../inference/face-browser.js';
import type { JobEvents } from '../jobs/events.js';
import { broadcastEvents } from '../jobs/events.js';
import { webLocks } from '../jobs/locks.js';
import type { JobRunner } from '../jobs/runner.js';
import { startJobRunner } from '../jobs/runner.js';
import { systemClock } from '../service/clock.js';
import type { DocumentStore } from '../store/store.js';
import { openDocumentStore } from '../store/store.js';
import type { JobsWorkerApi } from './jobs-api.js';

/**
 * The job runner as `workers/jobs.worker.ts` hosts it: the store, the BroadcastChannel, Web Locks and the browser
 * document engine (faces and OCR inside this worker), all started by `start`.
 */
export function createJobsHost(base: string): JobsWorkerApi {
  let running: { runner: JobRunner; store: DocumentStore; events: JobEvents; engine: ClosableDocumentAnonymizer } | null = null;
  return {
    async start(options) {
      if (running) return;
      const store = await openDocumentStore(options.storeName);
      const events = broadcastEvents(options.storeName);
      const engine = createBrowserDocumentAnonymizer(base, {
        faces: () => createBrowserFaceService(base),
        ...(options.ner !== undefined ? { ner: options.ner } : {}),
      });
      const runner = startJobRunner({
        ...options.runner,
        store,
        events,
        locks: webLocks(),
        clock: systemClock,
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
