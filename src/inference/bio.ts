/** A tag of a token-classification model, split into its scheme prefix and entity type. */
export interface ParsedTag {
  /** `O` outside; `B` begin, `I` inside, `E` end, `S` single (BILOU's `L`/`U` are read as `E`/`S`). */
  prefix: 'O' | 'B' | 'I' | 'E' | 'S';
  /** Entity type as the model names it (`PER`, `PERSON` …); null for `O`. */
  type: string | null;
}

/** Allowed moves between tags, derived from the tag set (BIO, BIOES/BILOU, or plain IO per type). */
export interface TagConstraints {
  start: boolean[];
  end: boolean[];
  /** `allowed[from * n + to]`. */
  allowed: boolean[];
}

/** A run of words `[start, end)` forming one entity of `type`. */
export interface TagSpan {
  start: number;
  end: number;
  type: string;
}

const PREFIXED = /^([BIESLU])[-_](.+)$/;

/** Reads `B-PER`, `I_LOC`, `S-ORG`, `U-GPE`, `O`; a bare name (`PER`) is an IO-scheme inside tag. */
export function parseTag(tag: string): ParsedTag {
  if (tag === 'O' || tag === '' || tag === 'o') return { prefix: 'O', type: null };
  const m = PREFIXED.exec(tag);
  if (!m) return { prefix: 'I', type: tag };
  const p = m[1]!;
  const prefix = p === 'L' ? 'E' : p === 'U' ? 'S' : (p as ParsedTag['prefix']);
  return { prefix, type: m[2]! };
}

/**
 * BIO constraints, per type: `I-X`/`E-X` only continue a `B-X` or `I-X` when the model has `B-X` (else the type
 * is plain IO and `I-X` may start an entity); when the model has `E-X`, a `B-X`/`I-X` must be continued (BIOES).
 */
export function tagConstraints(tags: readonly ParsedTag[]): TagConstraints {
  const hasB = new Set(tags.filter((t) => t.prefix === 'B').map((t) => t.type));
  const hasE = new Set(tags.filter((t) => t.prefix === 'E').map((t) => t.type));
  const open = (t: ParsedTag) => (t.prefix === 'B' || t.prefix === 'I') && hasE.has(t.type);
  const continues = (f: ParsedTag | null, t: ParsedTag) => f !== null && f.type === t.type && (f.prefix === 'B' || f.prefix === 'I');
  const ok = (f: ParsedTag | null, t: ParsedTag): boolean => {
    if (t.prefix === 'I' || t.prefix === 'E') {
      if (hasB.has(t.type)) return continues(f, t);
      return f === null || !open(f) || continues(f, t);
    }
    return f === null || !open(f);
  };
  const n = tags.length;
  const allowed: boolean[] = new Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) allowed[i * n + j] = ok(tags[i]!, tags[j]!);
  return { start: tags.map((t) => ok(null, t)), end: tags.map((t) => !open(t)), allowed };
}

/** Log-softmax of each row of `logits` (`rows × n`), in place into a new array. */
export function logSoftmax(logits: Float32Array, n: number): Float32Array {
  const out = new Float32Array(logits.length);
  for (let r = 0; r < logits.length; r += n) {
    let max = -Infinity;
    for (let j = 0; j < n; j++) max = Math.max(max, logits[r + j]!);
    let sum = 0;
    for (let j = 0; j < n; j++) sum += Math.exp(logits[r + j]! - max);
    const lse = max + Math.log(sum);
    for (let j = 0; j < n; j++) out[r + j] = logits[r + j]! - lse;
  }
  return out;
}

/** Per-row argmax (the unconstrained decode). */
export function argmaxPath(scores: Float32Array, n: number): Int32Array {
  const rows = scores.length / n;
  const path = new Int32Array(rows);
  for (let r = 0; r < rows; r++) {
    let best = 0;
    for (let j = 1; j < n; j++) if (scores[r * n + j]! > scores[r * n + best]!) best = j;
    path[r] = best;
  }
  return path;
}

/**
 * The best tag sequence under the constraints (hard transitions, emissions = log-probabilities): the
 * highest-scoring valid path, O(rows × n²). Falls back to argmax if no valid path exists.
 */
export function viterbi(scores: Float32Array, n: number, c: TagConstraints): Int32Array {
  const rows = scores.length / n;
  const path = new Int32Array(rows);
  if (rows === 0) return path;
  const back = new Int32Array(rows * n);
  let prev = new Float64Array(n);
  let cur = new Float64Array(n);
  for (let j = 0; j < n; j++) prev[j] = c.start[j] ? scores[j]! : -Infinity;
  for (let r = 1; r < rows; r++) {
    for (let j = 0; j < n; j++) {
      let best = -Infinity;
      let arg = 0;
      for (let i = 0; i < n; i++) {
        if (!c.allowed[i * n + j]) continue;
        const v = prev[i]!;
        if (v > best) {
          best = v;
          arg = i;
        }
      }
      cur[j] = best + scores[r * n + j]!;
      back[r * n + j] = arg;
    }
    [prev, cur] = [cur, prev];
  }
  let best = -Infinity;
  let arg = -1;
  for (let j = 0; j < n; j++) {
    if (c.end[j] && prev[j]! > best) {
      best = prev[j]!;
      arg = j;
    }
  }
  if (arg < 0 || best === -Infinity) return argmaxPath(scores, n);
  for (let r = rows - 1; r >= 0; r--) {
    path[r] = arg;
    arg = back[r * n + arg]!;
  }
  return path;
}

/**
 * Groups a tag path into entities. Valid BIO/BIOES paths group as written; an invalid one (argmax output) is read
 * leniently: an `I-X` or `E-X` that continues nothing starts an entity, a type change ends one.
 */
export function groupTags(path: ArrayLike<number>, tags: readonly ParsedTag[]): TagSpan[] {
  const spans: TagSpan[] = [];
  let cur: TagSpan | null = null;
  const close = () => {
    if (cur) spans.push(cur);
    cur = null;
  };
  for (let w = 0; w < path.length; w++) {
    const t = tags[path[w]!]!;
    if (t.prefix === 'O' || t.type === null) {
      close();
      continue;
    }
    const open = cur as TagSpan | null;
    const continuing = (t.prefix === 'I' || t.prefix === 'E') && open !== null && open.type === t.type;
    if (continuing) open.end = w + 1;
    else {
      close();
      cur = { start: w, end: w + 1, type: t.type };
    }
    if (t.prefix === 'E' || t.prefix === 'S') close();
  }
  close();
  return spans;
}
