import type { NerBackend } from '../detection/ner/ner-backend.js';
import { validationFailed } from '../errors/problem.js';
import type { NerLoadSpec, NerModelOptions, NerSourceSpec } from '../inference/model-source.js';
import { fileHashes, mapTargets, resolveLabelMap } from '../inference/model-source.js';
import { defaultModelManifestUrl, modelDirectoryUrl } from './assets.js';
import { createInProcessNerBackend, createNerWorkerBackend } from './ner-client.js';
import { createRelayNerBackend } from './ner-relay.js';

function isNode(): boolean {
  const p = (globalThis as { process?: { versions?: { node?: string } } }).process;
  return typeof p?.versions?.node === 'string';
}

function loadSpec(source: NerSourceSpec, options: NerModelOptions | undefined, labelMap: NerLoadSpec['labelMap']): NerLoadSpec {
  const spec: NerLoadSpec = { source, labelMap };
  if (options?.windowTokens !== undefined) spec.windowTokens = options.windowTokens;
  if (options?.overlapTokens !== undefined) spec.overlapTokens = options.overlapTokens;
  if (options?.batchSize !== undefined) spec.batchSize = options.batchSize;
  return spec;
}

/**
 * The engine's NER backend for this platform; cheap (nothing loads until first use). Node: the service in-process,
 * the model from disk (`<package>/models/manifest.json` unless `url`/`files` are given). Browser: the service in
 * `workers/ner.worker.ts`, the model from the app's own origin. Throws 422 for invalid options.
 */
export function defaultNerBackend(options?: NerModelOptions): NerBackend {
  if (options?.url !== undefined && options.files !== undefined) {
    throw validationFailed([{ field: 'ner', code: 'InvalidValue', message: 'must give either url or files, not both' }]);
  }
  const labelMap = resolveLabelMap(options?.labelMap);
  const declaredLabels = mapTargets(labelMap);
  const sha256 = fileHashes(options?.sha256);
  const progress = options?.onProgress ? { onProgress: options.onProgress } : {};
  if (isNode()) {
    return createInProcessNerBackend({
      declaredLabels,
      ...progress,
      prepare: async () => {
        const node = await import('./ner-node.js');
        return { service: node.nodeNerService(), spec: loadSpec(node.nodeSourceSpec(options, sha256), options, labelMap) };
      },
    });
  }
  const base = globalThis.location.href;
  let source: NerSourceSpec;
  if (options?.files) source = sha256 ? { kind: 'files', files: options.files, sha256 } : { kind: 'files', files: options.files };
  else if (options?.url !== undefined) {
    const url = modelDirectoryUrl(options.url, base);
    source = sha256 ? { kind: 'url', url, sha256 } : { kind: 'url', url };
  } else source = { kind: 'manifest', url: defaultModelManifestUrl(base) };
  const spec = loadSpec(source, options, labelMap);
  // A Service Worker cannot start the NER worker: an open page runs the model for it.
  const sw = globalThis as unknown as { ServiceWorkerGlobalScope?: unknown; clients?: unknown };
  if (typeof sw.ServiceWorkerGlobalScope === 'function' && globalThis instanceof (sw.ServiceWorkerGlobalScope as typeof ServiceWorkerGlobalScope)) {
    return createRelayNerBackend(globalThis as unknown as ServiceWorkerGlobalScope, spec, declaredLabels);
  }
  return createNerWorkerBackend({ spec, declaredLabels, ...progress });
}
