import type { NerBackend, NerModelInfo } from '../detection/ner/ner-backend.js';
import { NO_ENTITIES } from '../detection/ner/ner-backend.js';
import { validationFailed } from '../errors/problem.js';
import type { TextLabelName } from '../spec/types.js';
import type { NerApi } from './ner-api.js';
import type { FileHashes, LabelMap, NerLoadSpec, NerModelOptions, NerSourceSpec, ProgressCallback } from './model-source.js';
import { fileHashes, mapTargets, resolveLabelMap } from './model-source.js';

/** How a platform turns the `ner` option into a backend: where the model runs and where its files come from. */
export type NerBackendFactory = (options?: NerModelOptions) => NerBackend;

/** A `ner` option checked and resolved: what every platform needs before it chooses where the model runs. */
export interface NerRequest {
  labelMap: LabelMap;
  /** The labels the model will serve, known before it loads. */
  declaredLabels: TextLabelName[];
  /** Builds the load spec once the platform knows the model's addresses (the default manifest, a user URL). */
  spec(addresses: NerAddresses): NerLoadSpec;
  onProgress?: ProgressCallback;
}

/** A platform's model addresses: a user-given URL made absolute, and where the shipped model is. */
export interface NerAddresses {
  resolveUrl(url: string): string;
  shipped: NerSourceSpec;
}

function source(options: NerModelOptions | undefined, sha256: FileHashes | undefined, addresses: NerAddresses): NerSourceSpec {
  if (options?.files) return sha256 ? { kind: 'files', files: options.files, sha256 } : { kind: 'files', files: options.files };
  if (options?.url !== undefined) {
    const url = addresses.resolveUrl(options.url);
    return sha256 ? { kind: 'url', url, sha256 } : { kind: 'url', url };
  }
  return addresses.shipped;
}

/** Validates the option (422 for url and files together, an unknown tuning) and resolves labels and hashes; no I/O. */
export function nerRequest(options?: NerModelOptions): NerRequest {
  if (options?.url !== undefined && options.files !== undefined) {
    throw validationFailed([{ field: 'ner', code: 'InvalidValue', message: 'must give either url or files, not both' }]);
  }
  if (options?.tuning !== undefined && options.tuning !== 'shipped') {
    throw validationFailed([{ field: 'ner.tuning', code: 'InvalidValue', message: "must be 'shipped' or absent" }]);
  }
  const labelMap = resolveLabelMap(options?.labelMap);
  const sha256 = fileHashes(options?.sha256);
  return {
    labelMap,
    declaredLabels: mapTargets(labelMap),
    spec(addresses) {
      const spec: NerLoadSpec = { source: source(options, sha256, addresses), labelMap };
      if (options?.windowTokens !== undefined) spec.windowTokens = options.windowTokens;
      if (options?.overlapTokens !== undefined) spec.overlapTokens = options.overlapTokens;
      if (options?.batchSize !== undefined) spec.batchSize = options.batchSize;
      if (options?.webgpu) spec.webgpu = true;
      return spec;
    },
    ...(options?.onProgress ? { onProgress: options.onProgress } : {}),
  };
}

/** Options of the in-process NER backend. */
export interface InProcessNerBackendOptions {
  /** Builds the service and the spec on first use (lazy: platform modules load only then). */
  prepare: () => Promise<{ service: NerApi; spec: NerLoadSpec }>;
  declaredLabels: readonly TextLabelName[];
  onProgress?: ProgressCallback;
}

/** A NerBackend running the service in this thread (Node; tests). The load result, failure included, is kept. */
export function createInProcessNerBackend(options: InProcessNerBackendOptions): NerBackend {
  let loading: Promise<{ service: NerApi; info: NerModelInfo | null }> | null = null;
  const ensure = () =>
    (loading ??= options.prepare().then(async ({ service, spec }) => ({ service, info: await service.load(spec, options.onProgress) })));
  return {
    declaredLabels: options.declaredLabels,
    load: async () => (await ensure()).info,
    async recognize(text) {
      const { service, info } = await ensure();
      return info ? service.recognize(text) : NO_ENTITIES;
    },
  };
}
