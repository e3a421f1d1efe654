/** A window over subword tokens `[start, end)` (indices into a TokenizedText, special tokens not counted). */
export interface TokenWindow {
  start: number;
  end: number;
}

/**
 * Cuts `n` tokens into overlapping windows of at most `size` tokens: no truncation, every token lies in at least
 * one window, and the windows are about equally long. Cuts fall on word boundaries (the first subword of a word) where
 * one exists in reach; a single word longer than a window is cut inside. Consecutive windows share about `overlap`
 * tokens of context.
 */
export function planWindows(words: ArrayLike<number>, size: number, overlap: number): TokenWindow[] {
  const n = words.length;
  if (n === 0) return [];
  const max = Math.max(1, Math.floor(size));
  const ov = Math.max(0, Math.min(Math.floor(overlap), Math.floor((max - 1) / 2)));
  const boundary = (i: number) => i <= 0 || i >= n || words[i] !== words[i - 1];
  // Balanced: as many windows as `size` needs, all about as long (plus a little slack for word boundaries), so that a
  // batch pads little: 583 tokens become 3 × ~221, not 254 + 254 + a remainder padded to 254.
  const count = n <= max ? 1 : Math.ceil((n - ov) / (max - ov));
  const even = Math.min(max, Math.ceil((n + (count - 1) * ov) / count) + 4);
  const windows: TokenWindow[] = [];
  let start = 0;
  for (;;) {
    let end = Math.min(start + even, n);
    if (end < n) {
      let e = end;
      while (e > start + 1 && !boundary(e)) e--;
      if (boundary(e)) end = e;
    }
    windows.push({ start, end });
    if (end >= n) break;
    let next = end - ov;
    while (next > start + 1 && !boundary(next)) next--;
    start = Math.max(next, start + 1);
  }
  return windows;
}

/**
 * For each token, the window in which it is most central (the most context on its poorer side); ties go to the
 * earlier window. Returns window indices.
 */
export function centralWindows(n: number, windows: readonly TokenWindow[]): Int32Array {
  const owner = new Int32Array(n).fill(-1);
  const best = new Int32Array(n).fill(-1);
  windows.forEach((w, k) => {
    for (let i = w.start; i < w.end; i++) {
      const c = Math.min(i - w.start, w.end - 1 - i);
      if (c > best[i]!) {
        best[i] = c;
        owner[i] = k;
      }
    }
  });
  return owner;
}

/**
 * Fraction of the text's token characters (characters inside some subword's offsets) that lie inside at least one
 * window; 1 when the text has no tokens. Less than 1 would mean truncation.
 */
export function windowCoverage(starts: ArrayLike<number>, ends: ArrayLike<number>, windows: readonly TokenWindow[]): number {
  const n = starts.length;
  if (n === 0) return 1;
  // Union of token ranges (tokens are in text order; a piece may repeat its word's range).
  let total = 0;
  let covered = 0;
  let reach = -1;
  const inWindow = new Uint8Array(n);
  for (const w of windows) for (let i = Math.max(0, w.start); i < Math.min(n, w.end); i++) inWindow[i] = 1;
  let reachCovered = -1;
  for (let i = 0; i < n; i++) {
    const s = Math.max(starts[i]!, reach);
    const e = ends[i]!;
    if (e > s) {
      total += e - s;
      reach = e;
    }
    if (inWindow[i]) {
      const cs = Math.max(starts[i]!, reachCovered);
      if (e > cs) {
        covered += e - cs;
        reachCovered = e;
      }
    }
  }
  return total === 0 ? 1 : covered / total;
}
