import type { DocumentProgress } from '../documents/adapter.js';

/** Where the CLI writes: process.stdout / process.stderr, or a test's stand-in. */
export interface TextSink {
  write(text: string): unknown;
  readonly isTTY?: boolean | undefined;
  readonly columns?: number | undefined;
}

/** What one progress line shows. */
export interface ProgressView {
  /** The document's file name (one document); absent for a batch, which counts files. */
  name?: string;
  /** Pages of the document, or files of the batch, done so far… */
  done: number;
  /** …of these (0: not known yet). */
  total: number;
  unit: 'pages' | 'files';
  /** What is happening: a pipeline phase, `done`, or `failed`. */
  phase?: string;
  /** Batch: documents that failed so far. */
  failed?: number;
  elapsedMs: number;
  /** Batch: the document heard from last, e.g. `b.pdf 3/24 pages detecting`. */
  detail?: string;
}

const BAR_WIDTH = 20;
const MIN_BAR_WIDTH = 8;
const MIN_NAME = 12;

/** `0:07`, `12:34`, `1:02:03`. */
export function formatElapsed(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** A file name made safe for one terminal line: control characters (escape sequences, newlines) become `?`. */
export function printableName(name: string): string {
  return name.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
}

/** `name` cut to `max` characters with an ellipsis in the middle, keeping the extension in view. */
function shorten(name: string, max: number): string {
  if (name.length <= max) return name;
  if (max <= 1) return name.slice(0, Math.max(0, max));
  const tail = Math.ceil((max - 1) / 2);
  return `${name.slice(0, max - 1 - tail)}…${name.slice(name.length - tail)}`;
}

function bar(done: number, total: number, width: number): string {
  const filled = total > 0 ? Math.min(width, Math.round((Math.min(done, total) / total) * width)) : 0;
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]`;
}

/** One document's progress as the short text of a batch line: `b.pdf 3/24 pages detecting`. */
export function describeDocument(name: string, progress: DocumentProgress | undefined): string {
  const safe = printableName(name);
  if (!progress) return `${safe} reading`;
  const pages = progress.pagesTotal > 0 ? ` ${progress.pagesDone}/${progress.pagesTotal} pages` : '';
  return `${safe}${pages} ${progress.phase}`;
}

/**
 * The progress line, without a newline, at most `columns - 1` characters (the last column would wrap):
 * `letter.pdf  [##########----------] 12/24 pages  detecting  0:14` for a document,
 * `[########------------] 5/12 files  1 failed  0:42  b.pdf 3/24 pages detecting` for a batch.
 * Too narrow a terminal shortens the detail, then the name, then the bar.
 */
export function renderProgress(view: ProgressView, columns = 80): string {
  const max = Math.max(10, columns - 1);
  const count = view.total > 0 ? ` ${Math.min(view.done, view.total)}/${view.total} ${view.unit}` : '';
  const failed = view.failed ? `  ${view.failed} failed` : '';
  const phase = view.phase ? `  ${view.phase}` : '';
  const time = `  ${formatElapsed(view.elapsedMs)}`;
  let name = view.name === undefined ? undefined : printableName(view.name);
  let detail = view.detail ? printableName(view.detail) : '';
  let width = BAR_WIDTH;
  const line = () =>
    `${name !== undefined ? `${name}  ` : ''}${bar(view.done, view.total, width)}${count}${failed}${phase}${time}${detail ? `  ${detail}` : ''}`;
  let over = line().length - max;
  if (over > 0 && detail) {
    detail = detail.length - over >= 12 ? shorten(detail, detail.length - over) : '';
    over = line().length - max;
  }
  if (over > 0 && name !== undefined && name.length > MIN_NAME) {
    name = shorten(name, Math.max(MIN_NAME, name.length - over));
    over = line().length - max;
  }
  if (over > 0) {
    width = Math.max(MIN_BAR_WIDTH, width - over);
    over = line().length - max;
  }
  const text = line();
  return over > 0 ? text.slice(0, max) : text;
}

/** Options of a progress line (tests turn the timers off). */
export interface ProgressLineOptions {
  /** Milliseconds since an arbitrary start. Default: `performance.now()`. */
  now?: () => number;
  /** At most one redraw per this many ms (later updates are drawn then). Default 100. */
  throttleMs?: number;
  /** Redraw at least this often, so that the time moves. 0: never by itself. Default 1000. */
  tickMs?: number;
}

/** A line of stderr kept up to date with `\r`; other output to the same terminal goes through `interrupt`. */
export interface ProgressLine {
  /** The view changed: redraw (throttled). */
  update(): void;
  /** Clears the line, runs `write` (whole lines to stdout or stderr), and draws the line again. */
  interrupt(write: () => void): void;
  /** Draws the final state and ends the line with a newline; the line stops. */
  finish(): void;
  /** Removes the line (as if it had never been drawn); the line stops. */
  clear(): void;
  /** The elapsed time since the line started. */
  elapsedMs(): number;
}

const CLEAR = '\r\x1b[K';

/** A progress line on `stream` (a terminal) that shows `view(elapsedMs)`. */
export function startProgressLine(
  stream: TextSink,
  view: (elapsedMs: number) => ProgressView,
  options: ProgressLineOptions = {},
): ProgressLine {
  const now = options.now ?? (() => performance.now());
  const throttleMs = options.throttleMs ?? 100;
  const tickMs = options.tickMs ?? 1000;
  const started = now();
  let lastDraw = -Infinity;
  let pending: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let shown = false;

  const elapsedMs = () => now() - started;
  const draw = () => {
    if (stopped) return;
    if (pending) clearTimeout(pending);
    pending = undefined;
    lastDraw = now();
    const columns = stream.columns !== undefined && stream.columns > 0 ? stream.columns : 80; // 0: a terminal of unknown size
    stream.write(`${CLEAR}${renderProgress(view(elapsedMs()), columns)}`);
    shown = true;
  };
  const ticker = tickMs > 0 ? setInterval(draw, tickMs) : undefined;
  ticker?.unref();
  const stop = () => {
    stopped = true;
    if (ticker) clearInterval(ticker);
    if (pending) clearTimeout(pending);
    pending = undefined;
  };
  draw();

  return {
    update() {
      if (stopped || pending) return;
      const wait = lastDraw + throttleMs - now();
      if (wait <= 0) draw();
      else {
        pending = setTimeout(draw, wait);
        pending.unref();
      }
    },
    interrupt(write) {
      if (stopped) return write();
      if (shown) stream.write(CLEAR);
      shown = false;
      write();
      draw();
    },
    finish() {
      if (stopped) return;
      draw();
      stop();
      stream.write('\n');
    },
    clear() {
      if (stopped) return;
      stop();
      if (shown) stream.write(CLEAR);
    },
    elapsedMs,
  };
}
