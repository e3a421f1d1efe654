/// <reference lib="webworker" />
import type { NerAddresses, NerBackendFactory } from '../../inference/ner-backends.js';
import { nerRequest } from '../../inference/ner-backends.js';
import { createNerWorkerBackend } from './ner-client.js';
import { createRelayNerBackend } from './ner-relay.js';

/**
 * The browser's model addresses, on the app's own origin: a user-given directory resolved against the page (a relative
 * URL stays on the origin), and the shipped model's manifest at `/models/manifest.json`.
 */
export function browserNerAddresses(base: string): NerAddresses {
  return {
    resolveUrl(url) {
      const abs = new URL(url, base).href;
      return abs.endsWith('/') ? abs : `${abs}/`;
    },
    manifestUrl: new URL('/models/manifest.json', base).href,
  };
}

/** Pages and workers: the NER service in `workers/ner.worker.ts`, started on first use. */
export function browserNer(base: string): NerBackendFactory {
  return (options) => {
    const request = nerRequest(options);
    return createNerWorkerBackend({
      spec: request.spec(browserNerAddresses(base)),
      declaredLabels: request.declaredLabels,
      ...(request.onProgress ? { onProgress: request.onProgress } : {}),
    });
  };
}

/** A Service Worker, which can start no workers: an open page of the app runs the model for it. */
export function serviceWorkerNer(sw: ServiceWorkerGlobalScope): NerBackendFactory {
  return (options) => {
    const request = nerRequest(options);
    return createRelayNerBackend(sw, request.spec(browserNerAddresses(sw.location.href)), request.declaredLabels);
  };
}
