import type { JobsWorkerOptions } from '../../jobs/jobs-api.js';
import { builtInAdapters } from '../../engine/built-in-adapters.js';
import { createTextEngine } from '../../engine/text-engine.js';
import type { Platform } from '../../service/platform.js';
import type { JobsClient } from './jobs-client.js';
import { startJobsWorker } from './jobs-client.js';
import { browserPlatform } from './platform.js';
import type { LocalAnonymizer, LocalServiceOptions } from '../../service/local-service.js';
import { assembleLocalAnonymizer } from '../../service/local-service.js';
import type { AnonymizerOptions } from '../../engine/options.js';

/** Options of the browser service. */
export interface BrowserAnonymizerOptions extends LocalServiceOptions, AnonymizerOptions {
  /** The IndexedDB database. Default `local-anonymizer`. */
  storeName?: string;
  /** The text model for documents (default: as `ner`). */
  documentNer?: JobsWorkerOptions['ner'];
  /** Start no job runner in this tab (another tab, or a test, processes the documents). */
  noRunner?: boolean;
  /** A self-hosted folder with the package's files (`local-anonymizer assets DIR`); default: the bundled files. */
  assetsBaseUrl?: string;
}

/** The lock every open engine holds shared; another engine is alive while someone else holds it. */
const sessionLock = (store: string) => `local-anonymizer:${store}:session`;

async function othersAlive(name: string, mine: boolean): Promise<boolean> {
  const state = await navigator.locks.query();
  const holders = (state.held ?? []).filter((l) => l.name === name).length;
  return holders > (mine ? 1 : 0);
}

/**
 * The whole local service in a browser tab: the store in IndexedDB, this tab's job runner in
 * `workers/jobs.worker.ts` (documents are claimed with Web Locks, so several tabs share the queue), status changes
 * over a BroadcastChannel, text on this thread.
 * @example
 * const anonymizer = await createBrowserAnonymizer();
 * const { documentId } = await anonymizer.projects(1).documents.upload(file);
 * await anonymizer.projects(1).documents.waitFor(documentId, { onProgress: (s) => render(s.status) });
 */
export function createBrowserAnonymizer(options: BrowserAnonymizerOptions = {}): Promise<LocalAnonymizer> {
  const base = globalThis.location.href;
  const { storeName, assetsBaseUrl } = options;
  return assembleBrowserService(
    options,
    browserPlatform(base, { ...(storeName ? { storeName } : {}), ...(assetsBaseUrl !== undefined ? { assetsBaseUrl } : {}) }),
  );
}

/** The browser service over a given platform (the Service Worker's runs the model through a page). */
export async function assembleBrowserService(options: BrowserAnonymizerOptions, platform: Platform): Promise<LocalAnonymizer> {
  const storeName = options.storeName ?? 'local-anonymizer';
  const lockName = sessionLock(storeName);
  const alone = !(await othersAlive(lockName, false));
  let releaseSession!: () => void;
  const session = new Promise<void>((r) => (releaseSession = r));
  void navigator.locks.request(lockName, { mode: 'shared' }, () => session);

  const store = await platform.openStore();
  let jobs: JobsClient | null = null;
  if (!options.noRunner) {
    const ner = options.documentNer ?? options.ner;
    jobs = await startJobsWorker({
      storeName,
      ...(options.runner ? { runner: options.runner } : {}),
      ...(options.credits?.pages !== undefined ? { pageBudget: options.credits.pages } : {}),
      baseUrl: options.baseUrl ?? globalThis.location.origin,
      ...(ner !== undefined ? { ner } : {}),
      ...(options.assetsBaseUrl !== undefined ? { assetsBaseUrl: options.assetsBaseUrl } : {}),
    });
  }
  let started = false;
  return assembleLocalAnonymizer(options, {
    store,
    events: platform.events(),
    locks: platform.locks,
    clock: platform.clock,
    // This thread sniffs uploads and serves PII record images; the jobs worker's engine anonymizes, with the detectors.
    adapters: builtInAdapters(platform, { detectors: {} }),
    text: createTextEngine(options, platform.ner),
    soleSession: async () => {
      // At start: nobody else was open before this engine took its shared lock. At close: nobody but this one.
      if (!started) {
        started = true;
        return alone;
      }
      return !(await othersAlive(lockName, true));
    },
    dispose: async () => {
      await jobs?.stop();
      releaseSession();
    },
  });
}
