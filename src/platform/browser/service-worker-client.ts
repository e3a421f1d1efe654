import { internalError } from '../../errors/problem.js';
import type { JobsClient } from './jobs-client.js';
import { startJobsWorker } from './jobs-client.js';
import { serveNerToServiceWorker } from './ner-relay.js';
import type { ServiceWorkerConfig } from './service-worker-host.js';

/** A registered local service: pages talk to it with plain `fetch('/external/v1/…')`; this page runs its jobs and model. */
export interface LocalServiceRegistration {
  registration: ServiceWorkerRegistration;
  /** This page's job runner (documents are processed in pages, not in the Service Worker). */
  jobs: JobsClient;
  unregister(): Promise<void>;
}

/**
 * Registers `workers/service.worker.ts` for the whole origin (the server must send `Service-Worker-Allowed: /`),
 * hands it the configuration, waits until it controls this page, and starts this page's jobs worker.
 * @example
 * await registerLocalService({ setup: { keys: [{ kind: 'ORGANIZATION', key }] } });
 * await fetch('/external/v1/text', { method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }, body });
 */
export async function registerLocalService(config: ServiceWorkerConfig = {}): Promise<LocalServiceRegistration> {
  // Before anything reaches the worker: it relays model calls to this page.
  const stopServingNer = serveNerToServiceWorker();
  const registration = await navigator.serviceWorker.register(new URL('../../../workers/service.worker.js', import.meta.url), {
    type: 'module',
    scope: '/',
  });
  const worker = registration.installing ?? registration.waiting ?? registration.active;
  if (!worker) throw internalError('The service worker did not install.');
  if (worker.state !== 'activated') {
    await new Promise<void>((resolve) => worker.addEventListener('statechange', () => worker.state === 'activated' && resolve()));
  }
  if (navigator.serviceWorker.controller === null) {
    await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
  }
  const channel = new MessageChannel();
  const configured = new Promise<{ ok: boolean }>((resolve) => (channel.port1.onmessage = (e) => resolve(e.data as { ok: boolean })));
  worker.postMessage({ type: 'local-anonymizer:configure', config }, [channel.port2]);
  if (!(await configured).ok) throw internalError('The service worker could not start the engine.');
  const jobs = await startJobsWorker({
    storeName: config.storeName ?? 'local-anonymizer',
    baseUrl: location.origin,
    ...(config.ner !== undefined ? { ner: config.ner } : {}),
    ...(config.assetsBaseUrl !== undefined ? { assetsBaseUrl: config.assetsBaseUrl } : {}),
    ...(config.credits?.pages !== undefined ? { pageBudget: config.credits.pages } : {}),
  });
  return {
    registration,
    jobs,
    async unregister() {
      stopServingNer();
      await jobs.stop();
      await registration.unregister();
    },
  };
}
