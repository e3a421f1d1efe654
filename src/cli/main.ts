import { readFile, rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { createAnonymizer } from '../platform/node/text.js';
import { createNodeDocumentAnonymizer } from '../platform/node/platform.js';
import type { Anonymizer } from '../engine/text-engine.js';
import type { AnonymizerOptions } from '../engine/options.js';
import { AnonymizerError, toAnonymizerError, validationFailed } from '../errors/problem.js';
import { parseUploadConfig } from '../validation/schemas.js';
import type { ExternalUploadConfig, TextLabelName } from '../spec/types.js';
import { TEXT_LABELS } from '../spec/types.js';
import type { CliArgs } from './args.js';
import { runAnonymize } from './anonymize.js';
import { parseCliArgs } from './args.js';
import { runAssets } from './assets.js';
import { runServe } from './serve.js';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function loadConfig(path: string | undefined): Promise<ExternalUploadConfig | undefined> {
  if (path === undefined) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(path, 'utf8'));
  } catch {
    throw validationFailed([{ field: '--config', code: 'InvalidValue', message: 'must name a readable JSON file' }]);
  }
  return parseUploadConfig(raw, '--config');
}

/** Labels of a `text` call: the config's labelsConfig (or all labels), narrowed by --labels. */
export function textLabelsFor(args: CliArgs, config: ExternalUploadConfig | undefined): TextLabelName[] {
  const listed = config?.textAnonymization?.labelsConfig?.map((c) => c.name);
  const base: readonly TextLabelName[] = listed && listed.length > 0 ? listed : TEXT_LABELS;
  return args.labels ? base.filter((l) => args.labels!.includes(l)) : [...new Set(base)];
}

async function runText(anonymizer: Anonymizer, args: CliArgs): Promise<void> {
  const config = await loadConfig(args.configPath);
  const text = await readStdin();
  const result = await anonymizer.text(
    { text, textLabels: textLabelsFor(args, config), usePseudonyms: args.pseudonyms },
    { config: config ?? null },
  );
  process.stdout.write(JSON.stringify(result) + '\n');
}

/** One JSONL line in, one out; a bad line is reported on stderr (with its line number) and makes the exit code 1. */
async function runDetect(anonymizer: Anonymizer, args: CliArgs): Promise<number> {
  const config = await loadConfig(args.configPath);
  const labels = args.labels ?? [...TEXT_LABELS];
  let lineNo = 0;
  let failures = 0;
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
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
      process.stdout.write(JSON.stringify({ id: id ?? null, entities }) + '\n');
    } catch (err) {
      failures++;
      process.stderr.write(JSON.stringify(toAnonymizerError(err).problem) + '\n');
    }
  }
  return failures > 0 ? 1 : 0;
}

/**
 * Entry point of `bin/local-anonymizer.js`; returns the exit code. Errors go to stderr as ProblemDetail JSON.
 * Text commands use the default engine (rules + the shipped NER model when there is one); `textEngine` overrides its options.
 */
export async function main(argv: readonly string[], textEngine: AnonymizerOptions = {}): Promise<number> {
  try {
    const args = parseCliArgs(argv);
    if (args.command === 'serve') return await runServe(args, textEngine, (line) => process.stdout.write(line));
    if (args.command === 'assets') {
      await runAssets(args.assetsDir!, (line) => process.stdout.write(line));
      return 0;
    }
    if (args.command === 'anonymize') {
      const config = await loadConfig(args.configPath);
      const engine = createNodeDocumentAnonymizer();
      try {
        await runAnonymize(engine, args, config);
      } catch (err) {
        // The contract: a failed run leaves no OUT file, not even one from an earlier run.
        await rm(args.outPath!, { force: true });
        throw err;
      } finally {
        await engine.close();
      }
      return 0;
    }
    const anonymizer = createAnonymizer(textEngine);
    if (args.command === 'detect') return await runDetect(anonymizer, args);
    await runText(anonymizer, args);
    return 0;
  } catch (err) {
    const problem = (err instanceof AnonymizerError ? err : toAnonymizerError(err)).problem;
    process.stderr.write(JSON.stringify(problem) + '\n');
    return 1;
  }
}
