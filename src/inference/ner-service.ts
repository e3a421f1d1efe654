import type { NerEntity, NerModelInfo, NerRecognition } from '../detection/ner/ner-backend.js';
import { AnonymizerError, textModelUnavailable } from '../errors/problem.js';
import type { NerApi } from './ner-api.js';
import type { TextLabelName } from '../spec/types.js';
import { TEXT_LABELS } from '../spec/types.js';
import type { ParsedTag, TagConstraints } from './bio.js';
import { argmaxPath, groupTags, logSoftmax, parseTag, tagConstraints, viterbi } from './bio.js';
import type { LoaderDeps, NerLoadSpec, ProgressCallback } from './model-source.js';
import { loadModelFiles, mapEntityType } from './model-source.js';
import type { NerSession, SessionFactory } from './session.js';
import { createSerializer } from './session.js';
import type { NerTokenizer } from './tokenizer.js';
import { createTokenizer } from './tokenizer.js';
import { planWindows, windowCoverage } from './windows.js';
import { wordLogitsOf, wordTokens } from './ner-batches.js';
import type { Gazetteer } from './gazetteer-features.js';
import { readGazetteer, subwordMarks } from './gazetteer-features.js';

/** Platform pieces of the service: a session factory (resolved lazily) and the loader's I/O. */
export interface NerServiceDeps extends LoaderDeps {
  /** `webgpu`: the load spec asked for WebGPU (a platform without it ignores the request). */
  sessionFactory: (options: { webgpu: boolean }) => Promise<SessionFactory>;
  now?: () => number;
}

interface LoadedModel {
  info: NerModelInfo;
  tokenizer: NerTokenizer;
  session: NerSession;
  tags: ParsedTag[];
  constraints: TagConstraints;
  /** Our label per model entity type. */
  labelOf: Map<string, TextLabelName | null>;
  batchSize: number;
  decode: 'viterbi' | 'argmax';
  /** The word lists of a model with a gazetteer channel (ONNX input `gazetteer`). */
  gazetteer: Gazetteer | null;
}

// 128 subwords (the shipped model allows 256): as good on the dev sets and faster, attention being quadratic in the
// window (numbers in docs/decisions.md "NER runtime", "Windows").
const DEFAULT_WINDOW = 128;
const DEFAULT_BATCH = 8;

function parseJson(bytes: Uint8Array, name: string): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw textModelUnavailable(`The text model's ${name} is not JSON.`);
  }
}

/** `id2label` as an array indexed by id; 502 unless the ids are exactly 0..n-1. */
export function tagsOf(config: unknown): string[] {
  const id2label = (config as { id2label?: Record<string, unknown> } | null)?.id2label;
  const bad = () => textModelUnavailable("The text model's config.json has no usable id2label.");
  if (typeof id2label !== 'object' || id2label === null) throw bad();
  const entries = Object.entries(id2label);
  const tags: string[] = new Array(entries.length);
  for (const [k, v] of entries) {
    const i = Number(k);
    if (!Number.isInteger(i) || i < 0 || i >= entries.length || typeof v !== 'string') throw bad();
    tags[i] = v;
  }
  if (tags.length === 0 || tags.some((t) => t === undefined)) throw bad();
  return tags;
}

/** Decodes per-word logits into entities: log-softmax, Viterbi (or argmax), BIO/BIOES grouping, label map. */
export function decodeEntities(
  wordLogits: Float32Array,
  tags: readonly ParsedTag[],
  constraints: TagConstraints,
  labelOf: (type: string) => TextLabelName | null,
  wordRange: (word: number) => [number, number],
  decode: 'viterbi' | 'argmax' = 'viterbi',
): NerEntity[] {
  const n = tags.length;
  const logp = logSoftmax(wordLogits, n);
  const path = decode === 'viterbi' ? viterbi(logp, n, constraints) : argmaxPath(logp, n);
  const entities: NerEntity[] = [];
  for (const span of groupTags(path, tags)) {
    const label = labelOf(span.type);
    if (label === null) continue;
    let sum = 0;
    for (let w = span.start; w < span.end; w++) sum += Math.exp(logp[w * n + path[w]!]!);
    entities.push({
      start: wordRange(span.start)[0],
      end: wordRange(span.end - 1)[1],
      label,
      score: sum / (span.end - span.start),
    });
  }
  return entities;
}

/**
 * Window and overlap sizes: the spec's (default: 128 and an eighth of the window) within the model's position limit
 * less its special tokens; the overlap below half a window.
 */
export function windowSizes(
  config: unknown,
  specials: number,
  spec: Pick<NerLoadSpec, 'windowTokens' | 'overlapTokens'>,
): { windowTokens: number; overlapTokens: number } {
  const maxPos = (config as { max_position_embeddings?: unknown }).max_position_embeddings;
  const limit = typeof maxPos === 'number' && maxPos > specials + 1 ? maxPos - specials : Infinity;
  const windowTokens = Math.max(2, Math.min(spec.windowTokens ?? DEFAULT_WINDOW, limit));
  const overlapTokens = Math.min(spec.overlapTokens ?? Math.floor(windowTokens / 8), Math.floor((windowTokens - 1) / 2));
  return { windowTokens, overlapTokens };
}

/** The word lists of a model with a gazetteer input, else null; 502 (the session released) when they are unreadable. */
async function gazetteerOf(session: NerSession, file: Uint8Array | undefined): Promise<Gazetteer | null> {
  if (!session.inputNames.includes('gazetteer')) return null;
  let gazetteer: Gazetteer | null;
  try {
    gazetteer = file ? readGazetteer(JSON.parse(new TextDecoder().decode(file))) : null;
  } catch {
    gazetteer = null;
  }
  if (gazetteer) return gazetteer;
  await session.release();
  throw textModelUnavailable('The text model reads a gazetteer, and its gazetteer.json is missing or unreadable.');
}

/** A warm-up run: the logits must have one value per tag of config.json (else the session is released, 502). */
async function checkLogits(session: NerSession, tokenizer: NerTokenizer, gazetteer: Gazetteer | null, tags: number): Promise<void> {
  const probe = [...tokenizer.prefix, ...tokenizer.suffix];
  if (probe.length === 0) probe.push(tokenizer.padId);
  const out = await session.run({
    batch: 1,
    seq: probe.length,
    inputIds: BigInt64Array.from(probe, (x) => BigInt(x)),
    attentionMask: new BigInt64Array(probe.length).fill(1n),
    ...(gazetteer ? { gazetteer: { data: new Float32Array(probe.length * gazetteer.size), lists: gazetteer.size } } : {}),
  });
  if (out.dims.length !== 3 || out.dims[2] !== tags) {
    await session.release();
    throw textModelUnavailable("The text model's logits do not match the labels in its config.json.");
  }
}

/** Loads a model's files and session and checks them; null when the source has no model. */
async function loadModel(
  deps: NerServiceDeps,
  factory: (webgpu: boolean) => Promise<SessionFactory>,
  spec: NerLoadSpec,
  onProgress?: ProgressCallback,
): Promise<LoadedModel | null> {
  const now = deps.now ?? (() => performance.now());
  const started = now();
  const options: { cache?: boolean; onProgress?: ProgressCallback } = {};
  if (spec.cache !== undefined) options.cache = spec.cache;
  if (onProgress) options.onProgress = (loaded, total) => void onProgress(loaded, total);
  const files = await loadModelFiles(spec.source, deps, options);
  if (!files) return null;
  const config = parseJson(files.config, 'config.json');
  const tagNames = tagsOf(config);
  const tokenizer = createTokenizer(parseJson(files.tokenizer, 'tokenizer.json'));
  const session = await (await factory(spec.webgpu === true))(files.model);
  const gazetteer = await gazetteerOf(session, files.gazetteer);
  const sizes = windowSizes(config, tokenizer.prefix.length + tokenizer.suffix.length, spec);
  await checkLogits(session, tokenizer, gazetteer, tagNames.length);
  const tags = tagNames.map(parseTag);
  const labelOf = new Map<string, TextLabelName | null>();
  for (const t of tags) if (t.type !== null) labelOf.set(t.type, mapEntityType(spec.labelMap, t.type));
  const served = new Set([...labelOf.values()]);
  const info: NerModelInfo = {
    id: files.id,
    labels: TEXT_LABELS.filter((l) => served.has(l)),
    tags: tagNames,
    executionProvider: session.executionProvider,
    ...sizes,
    loadMs: Math.round(now() - started),
  };
  return {
    info,
    tokenizer,
    session,
    tags,
    constraints: tagConstraints(tags),
    labelOf,
    batchSize: Math.max(1, spec.batchSize ?? DEFAULT_BATCH),
    decode: spec.decode ?? 'viterbi',
    gazetteer,
  };
}

/** A text's entities: its windows through the model, each word's logits decoded over the whole text. */
async function recognizeWith(m: LoadedModel, text: string): Promise<NerRecognition> {
  const tok = m.tokenizer.encode(text);
  const n = tok.ids.length;
  if (n === 0) return { entities: [], coverage: 1, tokens: 0, windows: 0 };
  const windows = planWindows(tok.words, m.info.windowTokens, m.info.overlapTokens);
  const { first, last } = wordTokens(tok);
  const gaz = m.gazetteer;
  const wordLogits = await wordLogitsOf(m.session, tok, windows, first, {
    specials: m.tokenizer,
    labels: m.tags.length,
    batchSize: m.batchSize,
    channel: gaz ? { marks: subwordMarks(gaz, text, tok), lists: gaz.size } : null,
  });
  const entities = decodeEntities(
    wordLogits,
    m.tags,
    m.constraints,
    (type) => m.labelOf.get(type) ?? null,
    (word) => [tok.starts[first[word]!]!, tok.ends[last[word]!]!],
    m.decode,
  );
  return { entities, coverage: windowCoverage(tok.starts, tok.ends, windows), tokens: n, windows: windows.length };
}

const asProblem = (err: unknown): AnonymizerError => (err instanceof AnonymizerError ? err : textModelUnavailable());

/**
 * The NER service: loads a Hugging Face token-classification export (config.json, tokenizer.json, model.onnx),
 * and turns text into entities. Long texts run in overlapping windows (no truncation; coverage reported), batched
 * by length; each word takes the logits of its first subword from the window where it is most central; a
 * constrained Viterbi decode over the whole text gives valid BIO/BIOES paths. Loads are serialized.
 */
export function createNerService(deps: NerServiceDeps): NerApi {
  const serialize = createSerializer();
  let factory: Promise<SessionFactory> | undefined;
  let current: LoadedModel | null = null;
  // The platform's session factory is resolved once, on the first load.
  const factoryOnce = (webgpu: boolean) => (factory ??= deps.sessionFactory({ webgpu }));

  async function load(spec: NerLoadSpec, onProgress?: ProgressCallback): Promise<NerModelInfo | null> {
    const loaded = await loadModel(deps, factoryOnce, spec, onProgress);
    if (!loaded) return null;
    const previous = current;
    current = loaded;
    if (previous) await previous.session.release().catch(() => undefined);
    return loaded.info;
  }

  return {
    load: (spec, onProgress) =>
      serialize(() => load(spec, onProgress)).catch((err: unknown) => {
        throw asProblem(err);
      }),
    recognize: async (text) => {
      const m = current;
      if (!m) throw textModelUnavailable('No text model is loaded.');
      try {
        return await recognizeWith(m, text);
      } catch (err) {
        throw asProblem(err);
      }
    },
  };
}
