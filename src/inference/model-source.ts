import { concatBytes } from '../bytes/concat-bytes.js';
import { textModelUnavailable, validationFailed } from '../errors/problem.js';
import type { FieldError, TextLabelName } from '../spec/types.js';
import { TEXT_LABELS } from '../spec/types.js';
import type { ModelCutOff } from '../detection/ner/ner-recognizer.js';
import type { FileRef, NerFileRefs } from './manifest.js';
import { sha256Hex } from '../bytes/sha256.js';
import { findNerModel, nerFileRefs, parseManifest } from './manifest.js';

/** Bytes of a model file as a user may hand them over (e.g. from a file picker). */
export type ModelBytes = ArrayBuffer | Uint8Array | Blob;

/**
 * The three files of a Hugging Face token-classification export, and `gazetteer.json` for a model that reads word
 * lists beside its tokens (an ONNX input `gazetteer`; its config.json names the file).
 */
export interface NerModelFiles {
  config: ModelBytes;
  tokenizer: ModelBytes;
  model: ModelBytes;
  gazetteer?: ModelBytes;
}

/** Expected SHA-256 (hex): a string is the hash of `model.onnx`; an object names files. */
export type ModelHashes = string | { config?: string; tokenizer?: string; model?: string; gazetteer?: string };

/** Model entity type (`PERSON`, `GPE` …) → our label, or null to ignore it. */
export type LabelMap = Readonly<Record<string, TextLabelName | null>>;

/** Download progress in bytes, over all files of the model; `total` is 0 while unknown. */
export type ProgressCallback = (loaded: number, total: number) => void;

/** Where a bring-your-own model comes from (the `ner` option of `createAnonymizer`). */
export interface NerModelOptions {
  /** Base URL of a directory with config.json, tokenizer.json, model.onnx (same origin in the browser; a path or file: URL in Node). */
  url?: string;
  /** The files themselves, e.g. picked by the user. */
  files?: NerModelFiles;
  sha256?: ModelHashes;
  /** Merged over the default map: the model's entity names → our labels (null: ignore). */
  labelMap?: Record<string, string | null>;
  onProgress?: ProgressCallback;
  /** Subwords per window without special tokens (default: min(128, max positions − specials)). */
  windowTokens?: number;
  /** Tokens shared by consecutive windows (default: an eighth of the window; docs/measurements.md). */
  overlapTokens?: number;
  /** Windows per model run (default 8). */
  batchSize?: number;
  /**
   * Browser: run the model with WebGPU where the browser offers an adapter. This fetches ORT's WebGPU build (26.8 MB)
   * instead of its WASM build (14.2 MB). Default false. Node: ignored.
   */
  webgpu?: boolean;
  /**
   * Model spans scoring below this (mean tag probability) are dropped, on top of the engine's threshold; one number,
   * or one per language (`{ de: 0.7, en: 0.5 }`: the request's language, else the one the text reads as).
   */
  minScore?: ModelCutOff;
  /**
   * Labels whose model spans are kept only where the text just before them matches (a regex anchored with `$`):
   * a label the model is weak at, used only in a context that speaks for it.
   */
  contextGates?: Partial<Record<TextLabelName, RegExp>>;
  /** A model span that is one word matching this (anchored) is dropped: common nouns the model takes for names. */
  dropWords?: RegExp;
  /**
   * `'shipped'`: the model at `url` / `files` is one of the shipped model's recipe (`npm run train:ner -- --out DIR`,
   * for example without the share-alike datasets, or a candidate under evaluation) and runs as the shipped model does:
   * its label map, cut-offs, gates and filters (the options above still override them). Default: a user's model runs
   * with its own options only, since the shipped filters are tuned to the shipped model's labels and scores.
   */
  tuning?: 'shipped';
}

/** Where the service reads the files from; cloneable, so it can cross the worker boundary. */
export type NerSourceSpec =
  | { kind: 'manifest'; url: string; id?: string }
  | { kind: 'url'; url: string; sha256?: FileHashes }
  | { kind: 'files'; files: NerModelFiles; sha256?: FileHashes }
  /** Each file at its own URL (a bundler may have renamed them), with its hash: the browser's shipped model. */
  | { kind: 'refs'; id: string; refs: NerFileRefs };

/** Everything the NER service needs to load a model (structured-cloneable). */
export interface NerLoadSpec {
  source: NerSourceSpec;
  labelMap: LabelMap;
  windowTokens?: number;
  overlapTokens?: number;
  batchSize?: number;
  /** Ask for WebGPU (see `NerModelOptions.webgpu`). */
  webgpu?: boolean;
  /** Keep downloaded files whose hash is known in Cache Storage (default true where it exists). */
  cache?: boolean;
  /** Constrained Viterbi (default) or plain per-word argmax, for comparison. */
  decode?: 'viterbi' | 'argmax';
}

/** Per-file expected hashes. */
export interface FileHashes {
  config?: string;
  tokenizer?: string;
  model?: string;
  gazetteer?: string;
}

/** The loaded bytes of a model. */
export interface ModelFileBytes {
  id: string;
  config: Uint8Array;
  tokenizer: Uint8Array;
  model: Uint8Array;
  gazetteer?: Uint8Array;
}

/** I/O the loader needs; all injected. */
export interface LoaderDeps {
  fetch?: (url: string) => Promise<Response>;
  caches?: CacheStorage;
  subtle?: SubtleCrypto;
}

/** Name of the Cache Storage bucket for model files. */
export const MODEL_CACHE = 'local-anonymizer-models-v1';

/**
 * The default map: our own names, the common CoNLL/OntoNotes/WikiANN names, `MISC` and anything unknown ignored.
 * Keys are matched exactly, then upper-cased.
 */
export const DEFAULT_LABEL_MAP: LabelMap = Object.freeze({
  PER: 'PER',
  PERSON: 'PER',
  LOC: 'LOC',
  LOCATION: 'LOC',
  GPE: 'LOC',
  ORG: 'ORG',
  ORGANIZATION: 'ORG',
  ORGANISATION: 'ORG',
  STR: 'STR',
  DATE: 'DATE',
  MISC: null,
});

/** Merges a user label map over the default and validates its targets (422 with `ner.labelMap.<key>` fields). */
export function resolveLabelMap(user?: Record<string, string | null>): LabelMap {
  const out: Record<string, TextLabelName | null> = { ...DEFAULT_LABEL_MAP };
  const errors: FieldError[] = [];
  for (const [key, value] of Object.entries(user ?? {})) {
    if (value === null) out[key] = null;
    else if ((TEXT_LABELS as readonly string[]).includes(value)) out[key] = value as TextLabelName;
    else errors.push({ field: `ner.labelMap.${key}`, code: 'InvalidValue', message: 'must be a text label or null' });
  }
  if (errors.length > 0) throw validationFailed(errors);
  return Object.freeze(out);
}

/** Our label for a model entity type, or null when it is ignored or unknown. */
export function mapEntityType(map: LabelMap, type: string): TextLabelName | null {
  if (Object.hasOwn(map, type)) return map[type] ?? null;
  const upper = type.toUpperCase();
  return Object.hasOwn(map, upper) ? (map[upper] ?? null) : null;
}

/** Labels a map can produce, in spec order. */
export function mapTargets(map: LabelMap): TextLabelName[] {
  const targets = new Set(Object.values(map));
  return TEXT_LABELS.filter((l) => targets.has(l));
}

/** Normalizes `sha256` to per-file hashes. */
export function fileHashes(h: ModelHashes | undefined): FileHashes | undefined {
  if (h === undefined) return undefined;
  return typeof h === 'string' ? { model: h } : { ...h };
}

/** A directory URL's file URLs (the directory may be given with or without a trailing slash). */
export function directoryRefs(base: string, hashes?: FileHashes): NerFileRefs {
  const dir = base.endsWith('/') ? base : `${base}/`;
  const ref = (name: string, sha256?: string): FileRef =>
    sha256 ? { url: new URL(name, dir).href, sha256: sha256.toLowerCase() } : { url: new URL(name, dir).href };
  return {
    config: ref('config.json', hashes?.config),
    tokenizer: ref('tokenizer.json', hashes?.tokenizer),
    model: ref('model.onnx', hashes?.model),
  };
}

const FILES = ['config', 'tokenizer', 'model'] as const;
type FileKey = (typeof FILES)[number] | 'gazetteer';
const FILE_NAMES: Record<FileKey, string> = {
  config: 'config.json',
  tokenizer: 'tokenizer.json',
  model: 'model.onnx',
  gazetteer: 'gazetteer.json',
};

/** The gazetteer file a model's config.json names (`local_anonymizer.gazetteer.file`), if any. */
export function gazetteerFileOf(config: Uint8Array): string | undefined {
  try {
    const file = (JSON.parse(new TextDecoder().decode(config)) as { local_anonymizer?: { gazetteer?: { file?: unknown } } } | null)
      ?.local_anonymizer?.gazetteer?.file;
    return typeof file === 'string' && /^[\w.-]+$/u.test(file) ? file : undefined;
  } catch {
    return undefined;
  }
}

async function toBytes(b: ModelBytes): Promise<Uint8Array> {
  if (b instanceof Uint8Array) return b;
  if (b instanceof ArrayBuffer) return new Uint8Array(b);
  if (typeof Blob !== 'undefined' && b instanceof Blob) return new Uint8Array(await b.arrayBuffer());
  throw validationFailed([{ field: 'ner.files', code: 'InvalidType', message: 'must be Blob, ArrayBuffer or Uint8Array' }]);
}

async function checkHash(bytes: Uint8Array, expected: string | undefined, key: FileKey, subtle?: SubtleCrypto) {
  if (expected === undefined) return;
  if ((await sha256Hex(bytes, subtle)) !== expected.trim().toLowerCase()) {
    throw textModelUnavailable(`The text model file ${FILE_NAMES[key]} does not match its sha256.`);
  }
}

async function readBody(res: Response, onBytes: (n: number) => void): Promise<Uint8Array> {
  if (!res.body) {
    const all = new Uint8Array(await res.arrayBuffer());
    onBytes(all.length);
    return all;
  }
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    size += value.length;
    onBytes(value.length);
  }
  return concatBytes(parts);
}

/**
 * Fetches the model's files (the three, and its gazetteer where `refs` names one): from Cache Storage when a copy
 * with the expected hash is there, else from the network (in parallel, with progress over all bytes); checks hashes
 * (502 on a mismatch) and caches what has a known hash. Files without an expected hash are never cached (nothing
 * would tell a stale copy).
 */
export async function fetchModelFiles(
  refs: NerFileRefs,
  deps: LoaderDeps,
  options: { cache?: boolean; onProgress?: ProgressCallback } = {},
): Promise<Omit<ModelFileBytes, 'id'>> {
  const got = await fetchFiles(refs, deps, options);
  return { config: got.config!, tokenizer: got.tokenizer!, model: got.model!, ...(got.gazetteer ? { gazetteer: got.gazetteer } : {}) };
}

/** `fetchModelFiles` for the files `refs` names, any of them. */
async function fetchFiles(
  refs: Partial<Record<FileKey, FileRef>>,
  deps: LoaderDeps,
  options: { cache?: boolean; onProgress?: ProgressCallback },
): Promise<Partial<Record<FileKey, Uint8Array>>> {
  const doFetch = deps.fetch ?? ((url: string) => globalThis.fetch(url));
  const cache = options.cache !== false && deps.caches ? await deps.caches.open(MODEL_CACHE).catch(() => undefined) : undefined;
  const got: Partial<Record<FileKey, Uint8Array>> = {};
  const keys = (Object.keys(FILE_NAMES) as FileKey[]).filter((k) => refs[k] !== undefined);
  const refOf = (key: FileKey): FileRef => refs[key]!;
  if (cache) {
    for (const key of keys) {
      const ref = refOf(key);
      if (!ref.sha256) continue;
      const hit = await cache.match(ref.url).catch(() => undefined);
      if (!hit) continue;
      const bytes = new Uint8Array(await hit.arrayBuffer());
      if ((await sha256Hex(bytes, deps.subtle)) === ref.sha256) got[key] = bytes;
      else await cache.delete(ref.url).catch(() => false);
    }
  }
  const missing = keys.filter((k) => !got[k]);
  const responses = await Promise.all(
    missing.map(async (key) => {
      let res: Response;
      try {
        res = await doFetch(refOf(key).url);
      } catch {
        throw textModelUnavailable(`The text model file ${FILE_NAMES[key]} could not be fetched.`);
      }
      if (!res.ok) throw textModelUnavailable(`The text model file ${FILE_NAMES[key]} could not be fetched (HTTP ${res.status}).`);
      return res;
    }),
  );
  let loaded = keys.reduce((n, k) => n + (got[k]?.length ?? 0), 0);
  const total = responses.reduce((n, res, i) => {
    const len = Number(res.headers.get('content-length') ?? NaN);
    return n + (Number.isFinite(len) && len > 0 ? len : (refOf(missing[i]!).bytes ?? 0));
  }, loaded);
  options.onProgress?.(loaded, total);
  await Promise.all(
    responses.map(async (res, i) => {
      const key = missing[i]!;
      const bytes = await readBody(res, (n) => {
        loaded += n;
        options.onProgress?.(loaded, Math.max(total, loaded));
      });
      await checkHash(bytes, refOf(key).sha256, key, deps.subtle);
      got[key] = bytes;
      if (cache && refOf(key).sha256) {
        await cache
          .put(refOf(key).url, new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { 'content-type': 'application/octet-stream' } }))
          .catch(() => undefined);
      }
    }),
  );
  return got;
}

/**
 * Reads a model from its source. Resolves to null when the source is the shipped manifest and there is no
 * manifest (HTTP 404 / no file) or no token-classification model in it: the engine then runs rules only.
 * Every other failure is a 502 `TEXT_MODEL_UNAVAILABLE`.
 */
export async function loadModelFiles(
  source: NerSourceSpec,
  deps: LoaderDeps,
  options: { cache?: boolean; onProgress?: ProgressCallback } = {},
): Promise<ModelFileBytes | null> {
  if (source.kind === 'files') {
    const hashes = source.sha256 ?? {};
    const given = source.files.gazetteer;
    const keys: FileKey[] = given === undefined ? [...FILES] : [...FILES, 'gazetteer'];
    const parts = await Promise.all(keys.map((k) => toBytes(k === 'gazetteer' ? given! : source.files[k])));
    const total = parts.reduce((n, p) => n + p.length, 0);
    options.onProgress?.(total, total);
    const [config, tokenizer, model, gazetteer] = parts as [Uint8Array, Uint8Array, Uint8Array, Uint8Array?];
    await Promise.all(keys.map((k, i) => checkHash(parts[i]!, hashes[k], k, deps.subtle)));
    return { id: 'files', config, tokenizer, model, ...(gazetteer ? { gazetteer } : {}) };
  }
  if (source.kind === 'url') {
    const refs = directoryRefs(source.url, source.sha256);
    const files = await fetchModelFiles(refs, deps, options);
    // The directory's listing is not known: its config.json says whether a gazetteer belongs to the model.
    const name = gazetteerFileOf(files.config);
    if (name === undefined) return { id: source.url, ...files };
    const dir = source.url.endsWith('/') ? source.url : `${source.url}/`;
    const ref: FileRef = source.sha256?.gazetteer
      ? { url: new URL(name, dir).href, sha256: source.sha256.gazetteer.toLowerCase() }
      : { url: new URL(name, dir).href };
    // Outside the progress, whose total was reported over the three files.
    const { gazetteer } = await fetchFiles({ gazetteer: ref }, deps, options.cache === undefined ? {} : { cache: options.cache });
    return { id: source.url, ...files, ...(gazetteer ? { gazetteer } : {}) };
  }
  if (source.kind === 'refs') return { id: source.id, ...(await fetchModelFiles(source.refs, deps, options)) };
  const doFetch = deps.fetch ?? ((url: string) => globalThis.fetch(url));
  let res: Response;
  try {
    res = await doFetch(source.url);
  } catch {
    throw textModelUnavailable('models/manifest.json could not be fetched.');
  }
  // 404, or a dev server's / SPA's HTML fallback page in place of a missing file: no model is shipped.
  if (res.status === 404 || (res.ok && /text\/html/i.test(res.headers.get('content-type') ?? ''))) return null;
  if (!res.ok) throw textModelUnavailable(`models/manifest.json could not be fetched (HTTP ${res.status}).`);
  let json: unknown;
  try {
    json = await res.json();
  } catch {
    throw textModelUnavailable('models/manifest.json is not JSON.');
  }
  const entry = findNerModel(parseManifest(json), source.id);
  if (!entry) return null;
  return { id: entry.id, ...(await fetchModelFiles(nerFileRefs(entry, source.url), deps, options)) };
}
