/// <reference lib="webworker" />
import { openDB } from 'idb';
import type { BrowserAnonymizerOptions } from './service.js';
import { assembleBrowserService } from './service.js';
import { serviceWorkerNer } from './ner.js';
import { browserPlatform } from './platform.js';
import { browserAssets } from './assets.js';
import { createFetchHandler } from '../../http/fetch-handler.js';
import { isHandledPath } from '../../http/routes.js';
import { ensureLexicons } from '../../detection/lexicons/store.js';

/** What a page hands the Service Worker: cloneable engine options (setup, store, limits, model choice). */
export type ServiceWorkerConfig = Pick<
  BrowserAnonymizerOptions,
  'setup' | 'storeName' | 'credits' | 'maxQueued' | 'ner' | 'threshold' | 'language' | 'assetsBaseUrl'
>;

/** Where the Service Worker keeps its configuration: it is stopped and restarted by the browser at will. */
const CONFIG_DB = 'local-anonymizer-service-worker';

async function loadConfig(): Promise<ServiceWorkerConfig | undefined> {
  const db = await openDB(CONFIG_DB, 1, { upgrade: (d) => void d.createObjectStore('config') });
  try {
    return (await db.get('config', 'current')) as ServiceWorkerConfig | undefined;
  } finally {
    db.close();
  }
}

async function saveConfig(config: ServiceWorkerConfig): Promise<void> {
  const db = await openDB(CONFIG_DB, 1, { upgrade: (d) => void d.createObjectStore('config') });
  try {
    await db.put('config', config, 'current');
  } finally {
    db.close();
  }
}

/**
 * Installs the HTTP face in a Service Worker: same-origin requests to `/external/v1/*` and `/local/v1/*` are answered by the local
 * engine and store; everything else goes to the network untouched. Documents are processed by the jobs workers of
 * the open pages (a Service Worker cannot start workers); the store and the queue are shared through IndexedDB.
 * The page configures it with `{type: 'local-anonymizer:configure', config}` and gets `{ok}` back on a MessagePort.
 */
export function installServiceWorkerHost(sw: ServiceWorkerGlobalScope): void {
  let engine: Promise<(request: Request) => Promise<Response>> | null = null;
  let closeEngine: (() => Promise<void>) | null = null;

  const start = (config: ServiceWorkerConfig) => {
    const previous = closeEngine;
    engine = (async () => {
      await previous?.();
      const base = sw.location.href;
      const platform = browserPlatform(base, {
        ner: serviceWorkerNer(sw, browserAssets(base, config.assetsBaseUrl)),
        ...(config.storeName ? { storeName: config.storeName } : {}),
        ...(config.assetsBaseUrl !== undefined ? { assetsBaseUrl: config.assetsBaseUrl } : {}),
      });
      // The word lists now, while the page that configures it is online: a request may come after the network goes.
      await ensureLexicons();
      const service = await assembleBrowserService({ ...config, noRunner: true, baseUrl: sw.location.origin }, platform);
      closeEngine = () => service.close();
      return createFetchHandler(service);
    })();
    return engine;
  };
  const handler = () => engine ?? loadConfig().then((c) => start(c ?? {}));

  sw.addEventListener('install', () => void sw.skipWaiting());
  sw.addEventListener('activate', (event) => event.waitUntil(sw.clients.claim()));
  sw.addEventListener('message', (event) => {
    const data = event.data as { type?: string; config?: ServiceWorkerConfig } | null;
    if (data?.type !== 'local-anonymizer:configure') return;
    const reply = event.ports[0];
    event.waitUntil(
      saveConfig(data.config ?? {})
        .then(() => start(data.config ?? {}))
        .then(
          () => reply?.postMessage({ ok: true }),
          () => reply?.postMessage({ ok: false }),
        ),
    );
  });
  sw.addEventListener('fetch', (event) => {
    const url = new URL(event.request.url);
    if (url.origin !== sw.location.origin || !isHandledPath(url.pathname)) return;
    event.respondWith(handler().then((h) => h(event.request)));
  });
}
