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
import { centralWindows, planWindows, windowCoverage } from './windows.js';
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
 * The NER service: loads a Hugging Face token-classification export (config.json, tokenizer.json, model.onnx),
 * and turns text into entities. Long texts run in overlapping windows (no truncation; coverage reported), batched
 * by length; each word takes the logits of its first subword from the window where it is most central; a
 * constrained Viterbi decode over the whole text gives valid BIO/BIOES paths. Loads are serialized.
 */
export function createNerService(deps: NerServiceDeps): NerApi {
  const now = deps.now ?? (() => performance.now());
  const serialize = createSerializer();
  let factory: Promise<SessionFactory> | undefined;
  let current: LoadedModel | null = null;

  async function load(spec: NerLoadSpec, onProgress?: ProgressCallback): Promise<NerModelInfo | null> {
    const started = now();
    const options: { cache?: boolean; onProgress?: ProgressCallback } = {};
    if (spec.cache !== undefined) options.cache = spec.cache;
    if (onProgress) options.onProgress = (loaded, total) => void onProgress(loaded, total);
    const files = await loadModelFiles(spec.source, deps, options);
    if (!files) return null;
    const config = parseJson(files.config, 'config.json');
    const tagNames = tagsOf(config);
    const tokenizer = createTokenizer(parseJson(files.tokenizer, 'tokenizer.json'));
    factory ??= deps.sessionFactory({ webgpu: spec.webgpu === true });
    const session = await (await factory)(files.model);
    let gazetteer: Gazetteer | null = null;
    if (session.inputNames.includes('gazetteer')) {
      try {
        gazetteer = files.gazetteer ? readGazetteer(JSON.parse(new TextDecoder().decode(files.gazetteer))) : null;
      } catch {
        gazetteer = null;
      }
      if (!gazetteer) {
        await session.release();
        throw textModelUnavailable('The text model reads a gazetteer, and its gazetteer.json is missing or unreadable.');
      }
    }
    const specials = tokenizer.prefix.length + tokenizer.suffix.length;
    const maxPos = (config as { max_position_embeddings?: unknown }).max_position_embeddings;
    const limit = typeof maxPos === 'number' && maxPos > specials + 1 ? maxPos - specials : Infinity;
    const windowTokens = Math.max(2, Math.min(spec.windowTokens ?? DEFAULT_WINDOW, limit));
    const overlapTokens = Math.min(spec.overlapTokens ?? Math.floor(windowTokens / 8), Math.floor((windowTokens - 1) / 2));
    // A warm-up run checks that the logits match config.json's labels.
    const probe = [...tokenizer.prefix, ...tokenizer.suffix];
    if (probe.length === 0) probe.push(tokenizer.padId);
    const out = await session.run({
      batch: 1,
      seq: probe.length,
      inputIds: BigInt64Array.from(probe, (x) => BigInt(x)),
      attentionMask: new BigInt64Array(probe.length).fill(1n),
      ...(gazetteer ? { gazetteer: { data: new Float32Array(probe.length * gazetteer.size), lists: gazetteer.size } } : {}),
    });
    if (out.dims.length !== 3 || out.dims[2] !== tagNames.length) {
      await session.release();
      throw textModelUnavailable("The text model's logits do not match the labels in its config.json.");
    }
    const tags = tagNames.map(parseTag);
    const labelOf = new Map<string, TextLabelName | null>();
    for (const t of tags) if (t.type !== null) labelOf.set(t.type, mapEntityType(spec.labelMap, t.type));
    const served = new Set([...labelOf.values()]);
    const info: NerModelInfo = {
      id: files.id,
      labels: TEXT_LABELS.filter((l) => served.has(l)),
      tags: tagNames,
      executionProvider: session.executionProvider,
      windowTokens,
      overlapTokens,
      loadMs: Math.round(now() - started),
    };
    const previous = current;
    current = {
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
    if (previous) await previous.session.release().catch(() => undefined);
    return info;
  }

  async function recognize(m: LoadedModel, text: string): Promise<NerRecognition> {
    const tok = m.tokenizer.encode(text);
    const n = tok.ids.length;
    if (n === 0) return { entities: [], coverage: 1, tokens: 0, windows: 0 };
    const { windowTokens, overlapTokens } = m.info;
    const windows = planWindows(tok.words, windowTokens, overlapTokens);
    const owner = centralWindows(n, windows);
    const firstTok = new Int32Array(tok.wordCount).fill(-1);
    const lastTok = new Int32Array(tok.wordCount);
    for (let i = 0; i < n; i++) {
      const w = tok.words[i]!;
      if (firstTok[w]! < 0) firstTok[w] = i;
      lastTok[w] = i;
    }
    const L = m.tags.length;
    const wordLogits = new Float32Array(tok.wordCount * L);
    const gaz = m.gazetteer;
    const marks = gaz ? subwordMarks(gaz, text, tok) : null;
    const { prefix, suffix, padId } = m.tokenizer;
    // Longest first: batches of similar length waste little on padding.
    const order = windows
      .map((_, k) => k)
      .sort((a, b) => windows[b]!.end - windows[b]!.start - (windows[a]!.end - windows[a]!.start) || a - b);
    for (let at = 0; at < order.length; at += m.batchSize) {
      const group = order.slice(at, at + m.batchSize);
      const longest = Math.max(...group.map((k) => windows[k]!.end - windows[k]!.start));
      const seq = prefix.length + longest + suffix.length;
      const inputIds = new BigInt64Array(group.length * seq).fill(BigInt(padId));
      const attentionMask = new BigInt64Array(group.length * seq);
      const K = gaz?.size ?? 0;
      const channel = new Float32Array(marks ? group.length * seq * K : 0);
      group.forEach((k, r) => {
        const w = windows[k]!;
        const row = [...prefix, ...tok.ids.subarray(w.start, w.end), ...suffix];
        for (let j = 0; j < row.length; j++) {
          inputIds[r * seq + j] = BigInt(row[j]!);
          attentionMask[r * seq + j] = 1n;
        }
        if (!marks) return;
        for (let i = w.start; i < w.end; i++) {
          const bits = marks[i]!;
          const at = (r * seq + prefix.length + (i - w.start)) * K;
          for (let b = 0; b < K; b++) channel[at + b] = (bits >> b) & 1;
        }
      });
      const out = await m.session.run({
        batch: group.length,
        seq,
        inputIds,
        attentionMask,
        ...(marks ? { gazetteer: { data: channel, lists: K } } : {}),
      });
      if (out.dims[0] !== group.length || out.dims[1] !== seq || out.dims[2] !== L) {
        throw textModelUnavailable("The text model's output has an unexpected shape.");
      }
      group.forEach((k, r) => {
        const w = windows[k]!;
        for (let i = w.start; i < w.end; i++) {
          const word = tok.words[i]!;
          if (firstTok[word] !== i || owner[i] !== k) continue;
          const from = (r * seq + prefix.length + (i - w.start)) * L;
          wordLogits.set(out.data.subarray(from, from + L), word * L);
        }
      });
    }
    const entities = decodeEntities(
      wordLogits,
      m.tags,
      m.constraints,
      (type) => m.labelOf.get(type) ?? null,
      (word) => [tok.starts[firstTok[word]!]!, tok.ends[lastTok[word]!]!],
      m.decode,
    );
    return { entities, coverage: windowCoverage(tok.starts, tok.ends, windows), tokens: n, windows: windows.length };
  }

  const asProblem = (err: unknown): AnonymizerError => (err instanceof AnonymizerError ? err : textModelUnavailable());

  return {
    load: (spec, onProgress) =>
      serialize(() => load(spec, onProgress)).catch((err: unknown) => {
        throw asProblem(err);
      }),
    recognize: async (text) => {
      const m = current;
      if (!m) throw textModelUnavailable('No text model is loaded.');
      try {
        return await recognize(m, text);
      } catch (err) {
        throw asProblem(err);
      }
    },
  };
}
