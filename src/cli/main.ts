import { readFile, rm } from 'node:fs/promises';
import { basename } from 'node:path';
import { createInterface } from 'node:readline';
import { createAnonymizer } from '../platform/node/text.js';
import { createNodeDocumentAnonymizer } from '../platform/node/platform.js';
import type { ClosableDocumentAnonymizer } from '../engine/document-engine.js';
import type { Anonymizer } from '../engine/text-engine.js';
import type { AnonymizerOptions } from '../engine/options.js';
import { AnonymizerError, toAnonymizerError, validationFailed } from '../errors/problem.js';
import { parseUploadConfig } from '../validation/schemas.js';
import { parseAdHocRecognizers } from '../detection/ad-hoc.js';
import type { AdHocRecognizerConfig } from '../spec/types.js';
import type { ExternalUploadConfig, TextLabelName } from '../spec/types.js';
import { TEXT_LABELS } from '../spec/types.js';
import type { CliArgs } from './args.js';
import { documentReporter, runAnonymize } from './anonymize.js';
import type { DocumentReporter } from './anonymize.js';
import { parseCliArgs } from './args.js';
import { runAssets } from './assets.js';
import { batchReporter, DEFAULT_JOBS, runBatch } from './batch.js';
import type { BatchReporter } from './batch.js';
import { cloneable, inThreadRunner, threadRunner } from './document-runner.js';
import { commandHelp, packageVersion, USAGE } from './help.js';
import { formatTextResult, wantsColor } from './human.js';
import type { CliIo } from './io.js';
import { problemLine, processIo, readStdin } from './io.js';
import { routeLibraryOutput } from './library-output.js';
import type { ProgressLine } from './progress.js';
import { runServe } from './serve.js';
import { runPseudonymize, runRestore } from './round-trip.js';

/** The JSON in the file a flag names, or 422 naming the flag. */
async function readJsonFlag(path: string, flag: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(path, 'utf8'));
  } catch {
    throw validationFailed([{ field: flag, code: 'InvalidValue', message: 'must name a readable JSON file' }]);
  }
}

async function loadConfig(path: string | undefined): Promise<ExternalUploadConfig | undefined> {
  return path === undefined ? undefined : parseUploadConfig(await readJsonFlag(path, '--config'), '--config');
}

/** `--recognizers FILE`: a JSON array of ad-hoc recognizers (`AdHocRecognizerConfig`), or 422 naming the bad field. */
async function loadRecognizers(path: string | undefined): Promise<AdHocRecognizerConfig[]> {
  return path === undefined ? [] : parseAdHocRecognizers(await readJsonFlag(path, '--recognizers'), '--recognizers');
}

/** Labels of a `text` call: the config's labelsConfig (or all labels), narrowed by --labels. */
export function textLabelsFor(args: CliArgs, config: ExternalUploadConfig | undefined): TextLabelName[] {
  const listed = config?.textAnonymization?.labelsConfig?.map((c) => c.name);
  const base: readonly TextLabelName[] = listed && listed.length > 0 ? listed : TEXT_LABELS;
  return args.labels ? base.filter((l) => args.labels!.includes(l)) : [...new Set(base)];
}

async function runText(anonymizer: Anonymizer, args: CliArgs, io: CliIo): Promise<void> {
  const config = await loadConfig(args.configPath);
  const text = await readStdin(io);
  const result = await anonymizer.text(
    { text, textLabels: textLabelsFor(args, config), usePseudonyms: args.pseudonyms },
    { config: config ?? null },
  );
  if (args.format === 'text') io.stdout.write(formatTextResult(text, result, { color: wantsColor(io.stdout.isTTY, io.env) }));
  else io.stdout.write(JSON.stringify(result) + '\n');
}

/** One JSONL line in, one out; a bad line is reported on stderr (with its line number) and makes the exit code 1. */
async function runDetect(anonymizer: Anonymizer, args: CliArgs, io: CliIo): Promise<number> {
  const config = await loadConfig(args.configPath);
  const labels = args.labels ?? [...TEXT_LABELS];
  let lineNo = 0;
  let failures = 0;
  for await (const line of createInterface({ input: io.stdin, crlfDelay: Infinity })) {
    lineNo++;
    if (line.trim() === '') continue;
    try {
      let row: unknown;
      try {
        row = JSON.parse(line);
      } catch {
        throw validationFailed([{ field: `line[${lineNo}]`, code: 'InvalidType', message: 'must be a JSON object' }]);
      }
      const { id, text } = (row ?? {}) as { id?: unknown; text?: unknown };
      if (typeof text !== 'string') {
        throw validationFailed([{ field: `line[${lineNo}].text`, code: 'NotNull', message: 'must be a string' }]);
      }
      const spans = text.trim() === '' ? [] : await anonymizer.detect(text, { labels, config: config ?? null });
      const entities = spans.map((s) => ({ start: s.start, end: s.end, label: s.label, score: Math.round(s.score * 1000) / 1000 }));
      io.stdout.write(JSON.stringify({ id: id ?? null, entities }) + '\n');
    } catch (err) {
      failures++;
      io.stderr.write(problemLine(toAnonymizerError(err).problem));
    }
  }
  return failures > 0 ? 1 : 0;
}

/** Whole lines of what libraries print, to `write` (a chunk without its newline waits for the rest). */
function lineBuffered(write: (text: string) => void): (text: string) => void {
  let pending = '';
  return (text) => {
    pending += text;
    const end = pending.lastIndexOf('\n');
    if (end < 0) return;
    write(pending.slice(0, end + 1));
    pending = pending.slice(end + 1);
  };
}

/** `anonymize`, one file or many; each engine (and its models) is made once and closed at the end. */
async function runDocuments(
  args: CliArgs,
  textEngine: AnonymizerOptions,
  io: CliIo,
  onLine: (line: ProgressLine | undefined) => void,
): Promise<number> {
  const config = await loadConfig(args.configPath);
  const documentOptions = {
    ...textEngine,
    ...(args.verificationFallback ? { verificationFallback: args.verificationFallback } : {}),
    ...(args.ocrWorkers ? { ocrWorkers: args.ocrWorkers } : {}),
  };
  // The bar is for people: only on a terminal, never when stderr is a pipe or file that a script reads.
  const showProgress = io.stderr.isTTY === true && !args.quiet;
  if (args.outDir !== undefined) {
    let reporter: BatchReporter | undefined;
    const print = (sink: CliIo['stdout'], line: string) => (reporter ? reporter.line.interrupt(() => sink.write(line)) : sink.write(line));
    if (showProgress) onLine((reporter = batchReporter(io.stderr, args.inputPaths!.length)).line);
    // Several documents at once run on threads, each with its own engine; one runs here.
    const threads = Math.min(args.jobs ?? DEFAULT_JOBS, args.inputPaths!.length) > 1 && cloneable(textEngine);
    let shared: ClosableDocumentAnonymizer | undefined;
    const runner = threads
      ? () => threadRunner({ engineOptions: documentOptions, config })
      : () => inThreadRunner((shared ??= createNodeDocumentAnonymizer(documentOptions)), config);
    try {
      return await runBatch(
        args,
        runner,
        {
          result: (line) => print(io.stdout, `${JSON.stringify(line)}\n`),
          problem: (problem) => print(io.stderr, problemLine(problem)),
        },
        reporter,
      );
    } finally {
      await shared?.close();
    }
  }
  const engine = createNodeDocumentAnonymizer(documentOptions);
  try {
    let reporter: DocumentReporter | undefined;
    if (showProgress) onLine((reporter = documentReporter(io.stderr, basename(args.inputPath!))).line);
    try {
      await runAnonymize(engine, args, config, reporter);
    } catch (err) {
      // The contract: a failed run leaves no OUT file, not even one from an earlier run.
      await rm(args.outPath!, { force: true });
      throw err;
    }
    return 0;
  } finally {
    await engine.close();
  }
}

async function run(args: CliArgs, textEngine: AnonymizerOptions, io: CliIo, onLine: (line: ProgressLine | undefined) => void) {
  if (args.command === 'help') {
    io.stdout.write(USAGE);
    return 0;
  }
  if (args.command === 'version') {
    io.stdout.write(`${packageVersion()}\n`);
    return 0;
  }
  if (args.help) {
    io.stdout.write(commandHelp(args.command));
    return 0;
  }
  const added = await loadRecognizers(args.recognizersPath);
  if (added.length > 0) textEngine = { ...textEngine, addRecognizers: [...(textEngine.addRecognizers ?? []), ...added] };
  if (args.command === 'serve')
    return await runServe(
      args,
      textEngine,
      (line) => io.stdout.write(line),
      (line) => io.stderr.write(line),
    );
  if (args.command === 'assets') {
    await runAssets(args.assetsDir!, (line) => io.stdout.write(line));
    return 0;
  }
  if (args.command === 'anonymize') return await runDocuments(args, textEngine, io, onLine);
  if (args.command === 'restore') {
    await runRestore(args, io);
    return 0;
  }
  const anonymizer = createAnonymizer(textEngine);
  if (args.command === 'pseudonymize') {
    await runPseudonymize(anonymizer, args, io);
    return 0;
  }
  if (args.command === 'detect') return await runDetect(anonymizer, args, io);
  await runText(anonymizer, args, io);
  return 0;
}

/**
 * Entry point of `bin/local-anonymizer.js`; returns the exit code. Errors go to stderr as ProblemDetail JSON, and
 * stderr carries nothing else unless it is a terminal (the progress bar) or `--verbose` asks for the libraries' log:
 * what pdf-lib, pdf.js, tesseract.js and onnxruntime print is dropped otherwise.
 * Text commands use the default engine (rules + the shipped NER model when there is one); `textEngine` overrides its
 * options, for documents too.
 */
export async function main(argv: readonly string[], textEngine: AnonymizerOptions = {}, io: CliIo = processIo()): Promise<number> {
  let line: ProgressLine | undefined;
  let log: ((text: string) => void) | null = null;
  const restore = routeLibraryOutput((text) => log?.(text));
  try {
    if (argv.length === 0) io.stdout.write(USAGE);
    const args = parseCliArgs(argv);
    if (args.verbose) log = lineBuffered((text) => (line ? line.interrupt(() => io.stderr.write(text)) : io.stderr.write(text)));
    return await run(args, textEngine, io, (l) => (line = l));
  } catch (err) {
    const problem = (err instanceof AnonymizerError ? err : toAnonymizerError(err)).problem;
    line?.clear(); // a progress bar still drawn goes before the problem's line
    io.stderr.write(problemLine(problem));
    return 1;
  } finally {
    restore();
  }
}
