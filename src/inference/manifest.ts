import { sha256Hex } from '../bytes/sha256.js';
import { textModelUnavailable } from '../errors/problem.js';

/** One file of a shipped model: its path relative to the manifest, its SHA-256 (hex) and size. */
export interface ManifestFile {
  path: string;
  sha256: string;
  bytes?: number;
}

/** One model in `models/manifest.json`. */
export interface ManifestModel {
  id: string;
  task?: string;
  files: ManifestFile[];
  labels?: Record<string, string>;
  license?: string;
  source?: string;
}

/** `models/manifest.json`: the models shipped with the app, with hashes. */
export interface ModelManifest {
  models: ManifestModel[];
}

/** A file to fetch: absolute URL, expected hash and size when known. */
export interface FileRef {
  url: string;
  sha256?: string;
  bytes?: number;
}

/** The three files of a Hugging Face token-classification export, and the word lists of a gazetteer channel. */
export interface NerFileRefs {
  config: FileRef;
  tokenizer: FileRef;
  model: FileRef;
  gazetteer?: FileRef;
}

const HEX64 = /^[0-9a-f]{64}$/;

/** Validates the manifest's outer shape; a malformed manifest is a 502 (the shipped model is unusable). */
export function parseManifest(json: unknown): ModelManifest {
  if (typeof json !== 'object' || json === null || !Array.isArray((json as ModelManifest).models)) {
    throw textModelUnavailable('models/manifest.json is malformed.');
  }
  return json as ModelManifest;
}

/** Whether an entry has an id and files that all carry a path and a hex SHA-256. */
function wellFormed(m: unknown): m is ManifestModel {
  if (typeof m !== 'object' || m === null) return false;
  const e = m as ManifestModel;
  return (
    typeof e.id === 'string' &&
    Array.isArray(e.files) &&
    e.files.every((f) => typeof f?.path === 'string' && typeof f.sha256 === 'string' && HEX64.test(f.sha256.toLowerCase()))
  );
}

function fileName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/**
 * The first token-classification model (or the one with `id`) that has config.json, tokenizer.json and
 * model.onnx; undefined if none. Entries of other models (faces …) are not looked at. A matching entry whose files
 * lack hashes is a 502: the shipped model must be verifiable.
 */
export function findNerModel(manifest: ModelManifest, id?: string): ManifestModel | undefined {
  const found = manifest.models.find((m: unknown) => {
    if (typeof m !== 'object' || m === null) return false;
    const e = m as Partial<ManifestModel>;
    if (id !== undefined ? e.id !== id : e.task !== undefined && e.task !== 'token-classification') return false;
    const names = new Set((Array.isArray(e.files) ? e.files : []).map((f) => fileName(String(f?.path))));
    return names.has('config.json') && names.has('tokenizer.json') && names.has('model.onnx');
  });
  if (found !== undefined && !wellFormed(found)) throw textModelUnavailable('models/manifest.json lists the text model without hashes.');
  return found;
}

/**
 * The model's files with their hashes, at the URLs `locate` gives for their manifest paths (by default resolved
 * against the manifest's own URL; a bundled app's files have their own).
 */
export function nerFileRefs(
  model: ManifestModel,
  manifestUrl: string,
  locate = (path: string) => new URL(path, manifestUrl).href,
): NerFileRefs {
  const ref = (f: ManifestFile): FileRef => {
    const out: FileRef = { url: locate(f.path), sha256: f.sha256.toLowerCase() };
    if (f.bytes !== undefined) out.bytes = f.bytes;
    return out;
  };
  const named = (name: string) => model.files.find((x) => fileName(x.path) === name);
  const refs: NerFileRefs = {
    config: ref(named('config.json')!),
    tokenizer: ref(named('tokenizer.json')!),
    model: ref(named('model.onnx')!),
  };
  const gazetteer = named('gazetteer.json');
  if (gazetteer) refs.gazetteer = ref(gazetteer);
  return refs;
}

/** Rejects with 502 `TEXT_MODEL_UNAVAILABLE` when `data` does not hash to `expected` (hex, any case). */
export async function verifySha256(data: Uint8Array, expected: string, what: string, subtle?: SubtleCrypto): Promise<void> {
  const actual = await sha256Hex(data, subtle);
  if (actual !== expected.trim().toLowerCase()) {
    throw textModelUnavailable(`The text model file ${what} does not match its sha256.`);
  }
}
