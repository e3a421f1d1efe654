import { mkdir, rm, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { basename, join, resolve } from 'node:path';
import type { DocumentProgress } from '../documents/adapter.js';
import { toAnonymizerError, validationFailed } from '../errors/problem.js';
import type { ProblemDetail } from '../spec/types.js';
import type { CliArgs } from './args.js';
import type { DocumentRunner } from './document-runner.js';
import type { ProgressLine, ProgressLineOptions, TextSink } from './progress.js';
import { describeDocument, startProgressLine } from './progress.js';

/**
 * Documents in flight at once by default: one per core, at most 4, each on its own thread with its own engine (about
 * 0.5 GB more each). One engine gains nothing from documents in flight together (the work is JavaScript in one
 * thread: 2 in flight took as long as 1); threads do (docs/scale.md: 1.16-1.26x on a shared 2-core machine, two
 * processes 1.3x). A container limited to fewer cores than the machine has should say so with --jobs.
 */
export const DEFAULT_JOBS = Math.max(1, Math.min(4, availableParallelism()));

/** One completed document: the JSON line `anonymize --out-dir` prints on stdout. */
export interface BatchResultLine {
  file: string;
  out: string;
  piis?: string;
  documentType: string;
  pages: number;
  seconds: number;
}

/** What the batch reports as it goes. */
export interface BatchOutput {
  /** A JSON line on stdout (a completed document). */
  result(line: BatchResultLine): void;
  /** A ProblemDetail line on stderr (a failed document), with the input's name as given in `file`. */
  problem(problem: ProblemDetail & { file: string }): void;
}

interface Planned {
  input: string;
  out: string;
  piis?: string;
  /** Set when the document must not run (another input has its output name, or the output would replace it). */
  refused?: ProblemDetail;
}

async function sameFile(a: string, b: string): Promise<boolean> {
  try {
    const [x, y] = await Promise.all([stat(a), stat(b)]);
    return x.dev === y.dev && x.ino === y.ino;
  } catch {
    return false;
  }
}

/** Output paths of every input; the second input of a file name, and an input that is its own output, are refused. */
async function plan(args: CliArgs): Promise<Planned[]> {
  const taken = new Set<string>();
  const planned: Planned[] = [];
  for (const input of args.inputPaths!) {
    const name = basename(input);
    const entry: Planned = { input, out: join(args.outDir!, name) };
    if (args.piisDir) entry.piis = join(args.piisDir, `${name}.json`);
    const targets = [entry.out, ...(entry.piis ? [entry.piis] : [])].map((p) => resolve(p));
    if (targets.some((t) => taken.has(t))) {
      entry.refused = validationFailed([
        { field: 'IN', code: 'InvalidValue', message: 'an earlier input has the same file name: its output would be replaced' },
      ]).problem;
    } else if ((await sameFile(input, entry.out)) || (entry.piis !== undefined && (await sameFile(input, entry.piis)))) {
      entry.refused = validationFailed([
        { field: 'IN', code: 'InvalidValue', message: 'is in --out-dir: its output would replace it' },
      ]).problem;
    } else targets.forEach((t) => taken.add(t));
    planned.push(entry);
  }
  return planned;
}

async function makeFolder(dir: string, field: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
  } catch {
    throw validationFailed([{ field, code: 'InvalidValue', message: 'must name a folder that exists or can be made' }]);
  }
}

/** Progress of a batch on a terminal: files done of all, failures, and the document heard from last. */
export interface BatchReporter {
  started(input: string): void;
  progress(input: string, progress: DocumentProgress): void;
  ended(input: string, ok: boolean): void;
  finish(): void;
  readonly line: ProgressLine;
}

/** A progress line for a batch of `total` files on `stderr` (only when it is a terminal and not `--quiet`). */
export function batchReporter(stderr: TextSink, total: number, options?: ProgressLineOptions): BatchReporter {
  let done = 0;
  let failed = 0;
  const running = new Map<string, DocumentProgress | undefined>();
  let latest: string | undefined;
  const line = startProgressLine(
    stderr,
    (elapsedMs) => {
      const current = latest !== undefined && running.has(latest) ? latest : [...running.keys()].at(-1);
      const detail = current === undefined ? '' : describeDocument(basename(current), running.get(current));
      return { done, total, unit: 'files', failed, elapsedMs, ...(detail ? { detail } : {}) };
    },
    options,
  );
  return {
    started(input) {
      running.set(input, undefined);
      latest = input;
      line.update();
    },
    progress(input, progress) {
      running.set(input, progress);
      latest = input;
      line.update();
    },
    ended(input, ok) {
      running.delete(input);
      done++;
      if (!ok) failed++;
      line.update();
    },
    finish() {
      line.finish();
    },
    line,
  };
}

/**
 * `anonymize IN... --out-dir DIR [--piis-dir DIR] [--jobs N]`: every input through `lanes` runners (engines), one
 * document at a time each. Writes DIR/<name> (and the PII record) for each completed document and prints its result
 * line; a failed document gets its problem line with `file`, leaves no output (an old one is removed), and the others
 * go on. Returns the exit code: 1 when any document failed, else 0. Throws (before any document) when a folder
 * cannot be made.
 */
export async function runBatch(
  args: CliArgs,
  runner: () => DocumentRunner,
  output: BatchOutput,
  reporter?: BatchReporter,
): Promise<number> {
  await makeFolder(args.outDir!, '--out-dir');
  if (args.piisDir) await makeFolder(args.piisDir, '--piis-dir');
  const planned = await plan(args);
  let next = 0;
  let failures = 0;

  async function one(entry: Planned, lane: { runner?: DocumentRunner }): Promise<void> {
    if (entry.refused) {
      failures++;
      output.problem({ file: entry.input, ...entry.refused });
      reporter?.ended(entry.input, false);
      return;
    }
    const start = performance.now();
    reporter?.started(entry.input);
    try {
      lane.runner ??= runner();
      const task = { input: entry.input, out: entry.out, ...(entry.piis ? { piis: entry.piis } : {}) };
      const done = await lane.runner.run(task, (p) => reporter?.progress(entry.input, p));
      output.result({
        file: entry.input,
        out: entry.out,
        ...(entry.piis ? { piis: entry.piis } : {}),
        documentType: done.documentType,
        pages: done.pages,
        seconds: Math.round(performance.now() - start) / 1000,
      });
      reporter?.ended(entry.input, true);
    } catch (err) {
      failures++;
      // As with --out: a failed document leaves no result behind, not even one from an earlier run.
      await Promise.all([entry.out, ...(entry.piis ? [entry.piis] : [])].map((p) => rm(p, { force: true }).catch(() => undefined)));
      output.problem({ file: entry.input, ...toAnonymizerError(err).problem });
      reporter?.ended(entry.input, false);
    }
  }

  const lanes = Array.from(
    { length: Math.max(1, Math.min(args.jobs ?? DEFAULT_JOBS, planned.length)) },
    () => ({}) as { runner?: DocumentRunner },
  );
  try {
    await Promise.all(
      lanes.map(async (lane) => {
        while (next < planned.length) await one(planned[next++]!, lane);
      }),
    );
  } finally {
    await Promise.all(lanes.map((lane) => lane.runner?.close()));
  }
  reporter?.finish();
  return failures > 0 ? 1 : 0;
}
