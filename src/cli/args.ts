import { parseArgs } from 'node:util';
import { validationFailed } from '../errors/problem.js';
import { isTextLabel } from '../spec/labels.js';
import type { FieldError, TextLabelName } from '../spec/types.js';

/** The commands of `bin/local-anonymizer.js`. */
export const COMMANDS = ['text', 'detect', 'anonymize', 'serve', 'assets', 'pseudonymize', 'restore'] as const;
export type CommandName = (typeof COMMANDS)[number];

/** Parsed command line: the stable contract of `bin/local-anonymizer.js`. */
export interface CliArgs {
  /** A command, or `help` (`--help` / `-h` alone) and `version` (`--version`). */
  command: CommandName | 'help' | 'version';
  labels?: TextLabelName[];
  pseudonyms: boolean;
  configPath?: string;
  /** `text`, `detect`, `anonymize`: a JSON array of ad-hoc recognizers run beside the defaults and the model. */
  recognizersPath?: string;
  /** `text`: `json` (the PseudonymizedText, the default) or `text` (for people: the text and a list of replacements). */
  format?: 'json' | 'text';
  /** `anonymize IN --out OUT`: the document to read. */
  inputPath?: string;
  /** `anonymize IN --out OUT`: where the anonymized document goes (written only when it completed). */
  outPath?: string;
  /** `anonymize IN --out OUT`: where the PII record goes, when asked for. */
  piisPath?: string;
  /** `anonymize IN... --out-dir DIR`: the documents to read, in order. */
  inputPaths?: string[];
  /** `anonymize IN... --out-dir DIR`: the folder that receives DIR/<name of IN>. */
  outDir?: string;
  /** `anonymize IN... --out-dir DIR --piis-dir P`: the folder that receives P/<name of IN>.json. */
  piisDir?: string;
  /** `anonymize --out-dir`: documents in flight at once. */
  jobs?: number;
  /** `anonymize`: no progress bar, even on a terminal. */
  quiet?: boolean;
  /** `anonymize`, `serve`: what libraries print (console) goes to stderr instead of nowhere. */
  verbose?: boolean;
  /** `anonymize`, `serve`: a PDF page whose text still shows PII after verification: fail (default) or rasterise it. */
  verificationFallback?: 'fail' | 'rasterise';
  /** `anonymize`, `serve`: most OCR workers (tesseract, ~200 MB each) per engine; default one per two cores, 1 to 4. */
  ocrWorkers?: number;
  /** `serve`: the loopback port (0: any free one). */
  port?: number;
  /** `serve`: the organization setup (projects, users, keys) as JSON. */
  keysPath?: string;
  /** `serve`: the folder that keeps the store across restarts (absent: memory). */
  dataDir?: string;
  /** `serve`: foreign origins whose pages may call the server (CORS for exactly these). */
  allowOrigins?: string[];
  /** `COMMAND --help`: print the command's help. */
  help?: boolean;
  /** `assets`: the folder that receives the browser build's files. */
  assetsDir?: string;
  /** `pseudonymize`, `restore`: the vault file of the conversation (created or extended by `pseudonymize`). */
  vaultPath?: string;
  /** `pseudonymize`: `labels` (`PER-1`, the default) or `surrogates` (realistic fake values) for a new vault. */
  style?: 'labels' | 'surrogates';
  /** `restore`: where the restore report goes (JSON). */
  reportPath?: string;
}

/** Upper bound of `--jobs`: more documents in flight than this only costs memory. */
export const MAX_JOBS = 64;
/** Upper bound of `--ocr-workers`. */
export const MAX_OCR_WORKERS = 16;

const HELP_FLAGS = ['--help', '-h'];

/** `--help` or `-h` among a command's arguments (before a `--`): the command's help, whatever else is there. */
function asksForHelp(rest: readonly string[]): boolean {
  const end = rest.indexOf('--');
  return (end < 0 ? rest : rest.slice(0, end)).some((a) => HELP_FLAGS.includes(a));
}

function parseAssets(rest: readonly string[]): CliArgs {
  if (rest.length !== 1 || rest[0]!.startsWith('-')) {
    throw validationFailed([
      { field: 'DIR', code: rest.length === 0 ? 'NotNull' : 'InvalidValue', message: 'exactly one folder is required' },
    ]);
  }
  return { command: 'assets', pseudonyms: false, assetsDir: rest[0]! };
}

/** An origin as browsers send it: `http(s)://host[:port]`, nothing after. */
function isOrigin(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.origin === value;
  } catch {
    return false;
  }
}

function parseServe(rest: readonly string[]): CliArgs {
  let values: {
    port?: string | undefined;
    keys?: string | undefined;
    data?: string | undefined;
    'allow-origin'?: string[] | undefined;
    verbose?: boolean | undefined;
    'verification-fallback'?: string | undefined;
    'ocr-workers'?: string | undefined;
  };
  try {
    ({ values } = parseArgs({
      args: [...rest],
      options: {
        port: { type: 'string' },
        keys: { type: 'string' },
        data: { type: 'string' },
        'allow-origin': { type: 'string', multiple: true },
        verbose: { type: 'boolean' },
        'verification-fallback': { type: 'string' },
        'ocr-workers': { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch {
    throw validationFailed([
      {
        field: 'arguments',
        code: 'InvalidValue',
        message:
          'allowed: --port N --keys FILE --data DIR --allow-origin ORIGIN --verification-fallback fail|rasterise --ocr-workers N --verbose --help',
      },
    ]);
  }
  const args: CliArgs = { command: 'serve', pseudonyms: false };
  const port = values.port === undefined ? 8080 : /^\d{1,5}$/.test(values.port) ? Number(values.port) : NaN;
  if (!(port >= 0 && port <= 65535))
    throw validationFailed([{ field: '--port', code: 'InvalidValue', message: 'must be a port number 0-65535' }]);
  args.port = port;
  if (values.keys !== undefined) args.keysPath = values.keys;
  if (values.data !== undefined) args.dataDir = values.data;
  const origins = (values['allow-origin'] ?? []).flatMap((o) => o.split(',')).map((o) => o.trim());
  const bad = origins.map((o, i) => (isOrigin(o) ? null : i)).filter((i) => i !== null);
  if (bad.length > 0) {
    throw validationFailed(
      bad.map((i) => ({ field: `--allow-origin[${i}]`, code: 'InvalidValue', message: 'must be an origin: scheme://host[:port]' })),
    );
  }
  if (origins.length > 0) args.allowOrigins = origins;
  if (values.verbose) args.verbose = true;
  const fallback = verificationFallback(values['verification-fallback']);
  if (fallback) args.verificationFallback = fallback;
  const ocrWorkers = ocrWorkersOf(values['ocr-workers']);
  if (ocrWorkers !== undefined) args.ocrWorkers = ocrWorkers;
  return args;
}

function parseAnonymize(rest: readonly string[]): CliArgs {
  let parsed: {
    values: {
      out?: string | undefined;
      config?: string | undefined;
      recognizers?: string | undefined;
      piis?: string | undefined;
      'out-dir'?: string | undefined;
      'piis-dir'?: string | undefined;
      jobs?: string | undefined;
      quiet?: boolean | undefined;
      verbose?: boolean | undefined;
      'verification-fallback'?: string | undefined;
      'ocr-workers'?: string | undefined;
    };
    positionals: string[];
  };
  try {
    parsed = parseArgs({
      args: [...rest],
      options: {
        out: { type: 'string' },
        config: { type: 'string' },
        recognizers: { type: 'string' },
        piis: { type: 'string' },
        'out-dir': { type: 'string' },
        'piis-dir': { type: 'string' },
        jobs: { type: 'string' },
        quiet: { type: 'boolean', short: 'q' },
        verbose: { type: 'boolean' },
        'verification-fallback': { type: 'string' },
        'ocr-workers': { type: 'string' },
      },
      strict: true,
      allowPositionals: true,
    });
  } catch {
    throw validationFailed([
      {
        field: 'arguments',
        code: 'InvalidValue',
        message:
          'allowed: IN --out OUT --piis FILE, or IN... --out-dir DIR --piis-dir DIR --jobs N; --config FILE --recognizers FILE --verification-fallback fail|rasterise --ocr-workers N --quiet --verbose',
      },
    ]);
  }
  const { values, positionals } = parsed;
  const errors: FieldError[] = [];
  const batch = values['out-dir'] !== undefined;
  if (!batch) {
    if (positionals.length !== 1)
      errors.push({
        field: 'IN',
        code: positionals.length === 0 ? 'NotNull' : 'InvalidValue',
        message:
          positionals.length === 0 ? 'exactly one input file is required' : 'exactly one input file with --out (--out-dir takes several)',
      });
    if (!values.out) errors.push({ field: '--out', code: 'NotNull', message: 'must name the output file (or --out-dir a folder)' });
    for (const flag of ['piis-dir', 'jobs'] as const)
      if (values[flag] !== undefined) errors.push({ field: `--${flag}`, code: 'InvalidValue', message: 'only with --out-dir' });
  } else {
    if (positionals.length === 0) errors.push({ field: 'IN', code: 'NotNull', message: 'at least one input file is required' });
    if (values['out-dir'] === '') errors.push({ field: '--out-dir', code: 'NotEmpty', message: 'must name a folder' });
    for (const flag of ['out', 'piis'] as const)
      if (values[flag] !== undefined)
        errors.push({ field: `--${flag}`, code: 'InvalidValue', message: `not with --out-dir (use --${flag}-dir)` });
    if (values['piis-dir'] === '') errors.push({ field: '--piis-dir', code: 'NotEmpty', message: 'must name a folder' });
  }
  let jobs: number | undefined;
  if (values.jobs !== undefined) {
    jobs = /^\d{1,3}$/.test(values.jobs) ? Number(values.jobs) : NaN;
    if (!(jobs >= 1 && jobs <= MAX_JOBS))
      errors.push({ field: '--jobs', code: 'InvalidValue', message: `must be a whole number 1-${MAX_JOBS}` });
  }
  if (errors.length > 0) throw validationFailed(errors);
  const args: CliArgs = batch
    ? { command: 'anonymize', pseudonyms: true, inputPaths: positionals, outDir: values['out-dir']! }
    : { command: 'anonymize', pseudonyms: true, inputPath: positionals[0]!, outPath: values.out! };
  if (values.config !== undefined) args.configPath = values.config;
  if (values.recognizers !== undefined) args.recognizersPath = values.recognizers;
  if (values.piis !== undefined) args.piisPath = values.piis;
  if (values['piis-dir'] !== undefined) args.piisDir = values['piis-dir'];
  if (jobs !== undefined) args.jobs = jobs;
  if (values.quiet) args.quiet = true;
  if (values.verbose) args.verbose = true;
  const fallback = verificationFallback(values['verification-fallback']);
  if (fallback) args.verificationFallback = fallback;
  const ocrWorkers = ocrWorkersOf(values['ocr-workers']);
  if (ocrWorkers !== undefined) args.ocrWorkers = ocrWorkers;
  return args;
}

/** `--ocr-workers N` (1-16), else 422 naming the flag. */
function ocrWorkersOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = /^\d{1,2}$/.test(value) ? Number(value) : NaN;
  if (n >= 1 && n <= MAX_OCR_WORKERS) return n;
  throw validationFailed([{ field: '--ocr-workers', code: 'InvalidValue', message: `must be a whole number 1-${MAX_OCR_WORKERS}` }]);
}

/** `--verification-fallback fail|rasterise`, else 422 naming the flag. */
function verificationFallback(value: string | undefined): 'fail' | 'rasterise' | undefined {
  if (value === undefined) return undefined;
  if (value === 'fail' || value === 'rasterise') return value;
  throw validationFailed([{ field: '--verification-fallback', code: 'InvalidValue', message: 'must be fail or rasterise' }]);
}

function parseText(command: 'text' | 'detect', rest: readonly string[]): CliArgs {
  let values: {
    labels?: string | undefined;
    pseudonyms?: boolean | undefined;
    config?: string | undefined;
    recognizers?: string | undefined;
    format?: string | undefined;
  };
  try {
    ({ values } = parseArgs({
      args: [...rest],
      options: {
        labels: { type: 'string' },
        pseudonyms: { type: 'boolean' },
        config: { type: 'string' },
        recognizers: { type: 'string' },
        format: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
    if (command === 'detect' && values.format !== undefined) throw new Error('text only');
  } catch {
    throw validationFailed([
      {
        field: 'arguments',
        code: 'InvalidValue',
        message: `allowed: --labels L1,L2 --pseudonyms --config FILE --recognizers FILE${command === 'text' ? ' --format json|text' : ''}`,
      },
    ]);
  }
  const args: CliArgs = { command, pseudonyms: values.pseudonyms ?? false };
  const errors: FieldError[] = [];
  if (values.labels !== undefined) args.labels = labelsOf(values.labels, errors);
  if (values.format !== undefined && values.format !== 'json' && values.format !== 'text')
    errors.push({ field: '--format', code: 'InvalidValue', message: 'must be json or text' });
  if (errors.length > 0) throw validationFailed(errors);
  if (values.config !== undefined) args.configPath = values.config;
  if (values.recognizers !== undefined) args.recognizersPath = values.recognizers;
  if (values.format === 'text') args.format = 'text';
  return args;
}

/** The labels of `--labels L1,L2`, or 422 naming each unknown one. */
function labelsOf(value: string, errors: FieldError[]): TextLabelName[] {
  const names = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  errors.push(
    ...names
      .map((n, i) => (isTextLabel(n) ? null : { field: `--labels[${i}]`, code: 'InvalidValue', message: 'must be a known text label' }))
      .filter((e) => e !== null),
  );
  if (names.length === 0) errors.push({ field: '--labels', code: 'NotEmpty', message: 'must contain at least one label' });
  return names as TextLabelName[];
}

/** `pseudonymize --vault FILE [--labels] [--style] [--format]` and `restore --vault FILE [--report FILE]`. */
function parseRoundTrip(command: 'pseudonymize' | 'restore', rest: readonly string[]): CliArgs {
  const allowed =
    command === 'pseudonymize' ? '--vault FILE --labels L1,L2 --style labels|surrogates --format json|text' : '--vault FILE --report FILE';
  let values: { vault?: string; labels?: string; style?: string; format?: string; report?: string };
  try {
    ({ values } = parseArgs({
      args: [...rest],
      options:
        command === 'pseudonymize'
          ? { vault: { type: 'string' }, labels: { type: 'string' }, style: { type: 'string' }, format: { type: 'string' } }
          : { vault: { type: 'string' }, report: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }) as { values: typeof values });
  } catch {
    throw validationFailed([{ field: 'arguments', code: 'InvalidValue', message: `allowed: ${allowed}` }]);
  }
  const errors: FieldError[] = [];
  if (!values.vault) errors.push({ field: '--vault', code: 'NotNull', message: 'must name the vault file of the conversation' });
  const args: CliArgs = { command, pseudonyms: true, vaultPath: values.vault ?? '' };
  if (values.labels !== undefined) args.labels = labelsOf(values.labels, errors);
  if (values.style !== undefined) {
    if (values.style === 'labels' || values.style === 'surrogates') args.style = values.style;
    else errors.push({ field: '--style', code: 'InvalidValue', message: 'must be labels or surrogates' });
  }
  if (values.format !== undefined) {
    if (values.format === 'json' || values.format === 'text') args.format = values.format;
    else errors.push({ field: '--format', code: 'InvalidValue', message: 'must be json or text' });
  }
  if (values.report !== undefined) {
    if (values.report === '') errors.push({ field: '--report', code: 'NotEmpty', message: 'must name a file' });
    args.reportPath = values.report;
  }
  if (errors.length > 0) throw validationFailed(errors);
  return args;
}

/** Parses argv (without node and script) or throws 422 VALIDATION_FAILED naming the bad argument. */
export function parseCliArgs(argv: readonly string[]): CliArgs {
  const [command, ...rest] = argv;
  if (command !== undefined && rest.length === 0 && HELP_FLAGS.includes(command)) return { command: 'help', pseudonyms: false };
  if (command === '--version' && rest.length === 0) return { command: 'version', pseudonyms: false };
  if (!command || !(COMMANDS as readonly string[]).includes(command)) {
    throw validationFailed([
      { field: 'command', code: 'InvalidValue', message: `must be one of ${COMMANDS.join(', ')} (or --help, --version)` },
    ]);
  }
  const name = command as CommandName;
  if (asksForHelp(rest)) return { command: name, pseudonyms: false, help: true };
  if (name === 'anonymize') return parseAnonymize(rest);
  if (name === 'serve') return parseServe(rest);
  if (name === 'assets') return parseAssets(rest);
  if (name === 'pseudonymize' || name === 'restore') return parseRoundTrip(name, rest);
  return parseText(name, rest);
}
