import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { NerAddresses, NerBackendFactory } from '../../inference/ner-backends.js';
import { createInProcessNerBackend, nerRequest } from '../../inference/ner-backends.js';
import { nodeModelsDir } from './assets.js';
import { nodeSessionFactory } from './ort.js';
import { createNerService } from '../../inference/ner-service.js';
import type { NerApi } from '../../inference/ner-api.js';

/** fetch for Node: `file:` URLs read from disk (a missing file answers 404), anything else the global fetch. */
export async function nodeFetch(url: string): Promise<Response> {
  if (!url.startsWith('file:')) return globalThis.fetch(url);
  try {
    const bytes = new Uint8Array(await readFile(fileURLToPath(url)));
    return new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { 'content-length': String(bytes.length) } });
  } catch (err) {
    const code = (err as { code?: string }).code;
    return new Response(null, { status: code === 'ENOENT' || code === 'ENOTDIR' ? 404 : 500 });
  }
}

/** A URL or a path (relative to the working directory) as an absolute URL. */
export function nodeUrl(urlOrPath: string): string {
  return /^[a-z][a-z0-9+.-]*:/i.test(urlOrPath) && !/^[a-z]:[\\/]/i.test(urlOrPath) ? urlOrPath : pathToFileURL(resolve(urlOrPath)).href;
}

/** Node's model addresses: a user URL or path as an absolute URL, the shipped model in the package's `models/manifest.json`. */
export function nodeNerAddresses(): NerAddresses {
  return { resolveUrl: nodeUrl, shipped: { kind: 'manifest', url: pathToFileURL(join(nodeModelsDir(), 'manifest.json')).href } };
}

/** The NER service in this Node thread: onnxruntime-web's node build, files from disk (or fetch for http URLs). */
export function nodeNerService(): NerApi {
  return createNerService({ sessionFactory: nodeSessionFactory, fetch: nodeFetch });
}

/** Node's NER: the service in-process, loaded on first use (the platform modules load only then). */
export const nodeNer: NerBackendFactory = (options) => {
  const request = nerRequest(options);
  return createInProcessNerBackend({
    declaredLabels: request.declaredLabels,
    ...(request.onProgress ? { onProgress: request.onProgress } : {}),
    prepare: async () => ({ service: nodeNerService(), spec: request.spec(nodeNerAddresses()) }),
  });
};
