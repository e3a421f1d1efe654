/// <reference lib="webworker" />
import manifest from '../../../models/manifest.json' with { type: 'json' };
import { findNerModel, nerFileRefs, parseManifest } from '../../inference/manifest.js';
import type { NerSourceSpec } from '../../inference/model-source.js';
import type { NerAddresses, NerBackendFactory } from '../../inference/ner-backends.js';
import { nerRequest } from '../../inference/ner-backends.js';
import type { BrowserAssets } from './assets.js';
import { browserAssets } from './assets.js';
import { createNerWorkerBackend } from './ner-client.js';
import { createRelayNerBackend } from './ner-relay.js';

/** The shipped model: its files where the build put them, with the hashes of the package's manifest. */
function shippedModel(assets: BrowserAssets): NerSourceSpec {
  const entry = findNerModel(parseManifest(manifest));
  if (!entry) return { kind: 'manifest', url: assets.ner.config }; // unreachable: the package ships its model
  const byName = { 'config.json': assets.ner.config, 'tokenizer.json': assets.ner.tokenizer, 'model.onnx': assets.ner.model };
  const locate = (path: string) => byName[path.slice(path.lastIndexOf('/') + 1) as keyof typeof byName];
  return { kind: 'refs', id: entry.id, refs: nerFileRefs(entry, assets.ner.model, locate) };
}

/**
 * The browser's model addresses: a user-given directory resolved against the page (a relative URL stays on the app's
 * origin), and the shipped model's files (`browserAssets`).
 */
export function browserNerAddresses(base: string, assets: BrowserAssets = browserAssets(base)): NerAddresses {
  return {
    resolveUrl(url) {
      const abs = new URL(url, base).href;
      return abs.endsWith('/') ? abs : `${abs}/`;
    },
    shipped: shippedModel(assets),
  };
}

/** Pages and workers: the NER service in `workers/ner.worker.ts`, started on first use. */
export function browserNer(base: string, assets?: BrowserAssets): NerBackendFactory {
  return (options) => {
    const request = nerRequest(options);
    return createNerWorkerBackend({
      spec: request.spec(browserNerAddresses(base, assets)),
      declaredLabels: request.declaredLabels,
      ...(request.onProgress ? { onProgress: request.onProgress } : {}),
    });
  };
}

/** A Service Worker, which can start no workers: an open page of the app runs the model for it. */
export function serviceWorkerNer(sw: ServiceWorkerGlobalScope, assets?: BrowserAssets): NerBackendFactory {
  return (options) => {
    const request = nerRequest(options);
    return createRelayNerBackend(sw, request.spec(browserNerAddresses(sw.location.href, assets)), request.declaredLabels);
  };
}
