import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FileHashes, NerModelOptions, NerSourceSpec } from '../inference/model-source.js';
import { nodeSessionFactory } from '../inference/ort-node.js';
import { createNerService } from '../inference/ner-service.js';
import type { NerApi } from './protocol.js';

/** The package root (the folder whose package.json is this package's), from src/ and from dist/lib/ alike. */
export function packageRoot(from: string = import.meta.url): string {
  let dir = dirname(fileURLToPath(from));
  for (let i = 0; i < 8; i++) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) {
      try {
        if ((JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'local-anonymizer') return dir;
      } catch {
        // Not ours; keep walking up.
      }
    }
    dir = dirname(dir);
  }
  return process.cwd();
}

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
  return /^[a-z][a-z0-9+.-]*:/i.test(urlOrPath) && !/^[a-z]:[\\/]/i.test(urlOrPath)
    ? urlOrPath
    : pathToFileURL(resolve(urlOrPath)).href;
}

/** Where the model comes from in Node: the user's files or URL, else `<package>/models/manifest.json`. */
export function nodeSourceSpec(options: NerModelOptions | undefined, sha256: FileHashes | undefined): NerSourceSpec {
  if (options?.files) return sha256 ? { kind: 'files', files: options.files, sha256 } : { kind: 'files', files: options.files };
  if (options?.url !== undefined) {
    const url = nodeUrl(options.url);
    return sha256 ? { kind: 'url', url, sha256 } : { kind: 'url', url };
  }
  return { kind: 'manifest', url: pathToFileURL(join(packageRoot(), 'models', 'manifest.json')).href };
}

/** The NER service in this Node thread: onnxruntime-web's node build, files from disk (or fetch for http URLs). */
export function nodeNerService(): NerApi {
  return createNerService({ sessionFactory: nodeSessionFactory, fetch: nodeFetch });
}
