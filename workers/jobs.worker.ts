// This tab's job runner: builds it from src/ and exposes it. Nothing else belongs here.
import { expose } from 'comlink';
import { createBrowserDocumentAnonymizer } from '../src/api/browser-documents.js';
import type { ClosableDocumentAnonymizer } from '../src/api/node-documents.js';
import { installProblemTransfer } from '../src/errors/wire.js';
import { createBrowserFaceService } from '../src/inference/face-browser.js';
import { broadcastEvents } from '../src/jobs/events.js';
import type { JobEvents } from '../src/jobs/events.js';
import { webLocks } from '../src/jobs/locks.js';
import type { JobRunner } from '../src/jobs/runner.js';
import { startJobRunner } from '../src/jobs/runner.js';
import type { JobsWorkerApi } from '../src/runtime/jobs-api.js';
import { systemClock } from '../src/service/clock.js';
import type { DocumentStore } from '../src/store/store.js';
import { openDocumentStore } from '../src/store/store.js';

installProblemTransfer();
const base = self.location.href;
let running: { runner: JobRunner; store: DocumentStore; events: JobEvents; engine: ClosableDocumentAnonymizer } | null = null;

const api: JobsWorkerApi = {
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
expose(api);
