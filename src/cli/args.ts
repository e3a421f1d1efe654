import { parseArgs } from 'node:util';
import { validationFailed } from '../errors/problem.js';
import { isTextLabel } from '../spec/labels.js';
import type { TextLabelName } from '../spec/types.js';

/** Parsed command line: the stable contract of `bin/local-anonymizer.js`. */
export interface CliArgs {
  command: 'text' | 'detect' | 'anonymize' | 'serve' | 'assets';
  labels?: TextLabelName[];
  pseudonyms: boolean;
  configPath?: string;
  /** `anonymize`: the document to read. */
  inputPath?: string;
  /** `anonymize`: where the anonymized document goes (written only when it completed). */
  outPath?: string;
  /** `anonymize`: where the PII record goes, when asked for. */
  piisPath?: string;
  /** `serve`: the loopback port (0: any free one). */
  port?: number;
  /** `serve`: the organization setup (projects, users, keys) as JSON. */
  keysPath?: string;
  /** `serve`: the folder that keeps the store across restarts (absent: memory). */
  dataDir?: string;
  /** `serve`: foreign origins whose pages may call the server (CORS for exactly these). */
  allowOrigins?: string[];
  /** `serve --help`. */
  help?: boolean;
  /** `assets`: the folder that receives the browser build's files. */
  assetsDir?: string;
}

const COMMANDS = ['text', 'detect', 'anonymize', 'serve', 'assets'] as const;

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
    help?: boolean | undefined;
  };
  try {
    ({ values } = parseArgs({
      args: [...rest],
      options: {
        port: { type: 'string' },
        keys: { type: 'string' },
        data: { type: 'string' },
        'allow-origin': { type: 'string', multiple: true },
        help: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch {
    throw validationFailed([
      { field: 'arguments', code: 'InvalidValue', message: 'allowed: --port N --keys FILE --data DIR --allow-origin ORIGIN --help' },
    ]);
  }
  const args: CliArgs = { command: 'serve', pseudonyms: false };
  if (values.help) return { ...args, help: true };
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
  return args;
}

function parseAnonymize(rest: readonly string[]): CliArgs {
  let parsed: { values: { out?: string | undefined; config?: string | undefined; piis?: string | undefined }; positionals: string[] };
  try {
    parsed = parseArgs({
      args: [...rest],
      options: { out: { type: 'string' }, config: { type: 'string' }, piis: { type: 'string' } },
      strict: true,
      allowPositionals: true,
    });
  } catch {
    throw validationFailed([{ field: 'arguments', code: 'InvalidValue', message: 'allowed: IN --out OUT --config FILE --piis FILE' }]);
  }
  const { values, positionals } = parsed;
  const errors = [];
  if (positionals.length !== 1)
    errors.push({
      field: 'IN',
      code: positionals.length === 0 ? 'NotNull' : 'InvalidValue',
      message: 'exactly one input file is required',
    });
  if (!values.out) errors.push({ field: '--out', code: 'NotNull', message: 'must name the output file' });
  if (errors.length > 0) throw validationFailed(errors);
  const args: CliArgs = { command: 'anonymize', pseudonyms: true, inputPath: positionals[0]!, outPath: values.out! };
  if (values.config !== undefined) args.configPath = values.config;
  if (values.piis !== undefined) args.piisPath = values.piis;
  return args;
}

/** Parses argv (without node and script) or throws 422 VALIDATION_FAILED naming the bad argument. */
export function parseCliArgs(argv: readonly string[]): CliArgs {
  const [command, ...rest] = argv;
  if (!command || !(COMMANDS as readonly string[]).includes(command)) {
    throw validationFailed([{ field: 'command', code: 'InvalidValue', message: `must be one of ${COMMANDS.join(', ')}` }]);
  }
  if (command === 'anonymize') return parseAnonymize(rest);
  if (command === 'serve') return parseServe(rest);
  if (command === 'assets') return parseAssets(rest);
  let values: { labels?: string | undefined; pseudonyms?: boolean | undefined; config?: string | undefined };
  try {
    ({ values } = parseArgs({
      args: [...rest],
      options: { labels: { type: 'string' }, pseudonyms: { type: 'boolean' }, config: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch {
    throw validationFailed([{ field: 'arguments', code: 'InvalidValue', message: 'allowed: --labels L1,L2 --pseudonyms --config FILE' }]);
  }
  const args: CliArgs = { command: command as CliArgs['command'], pseudonyms: values.pseudonyms ?? false };
  if (values.labels !== undefined) {
    const names = values.labels
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const errors = names
      .map((n, i) => (isTextLabel(n) ? null : { field: `--labels[${i}]`, code: 'InvalidValue', message: 'must be a known text label' }))
      .filter((e) => e !== null);
    if (names.length === 0) errors.push({ field: '--labels', code: 'NotEmpty', message: 'must contain at least one label' });
    if (errors.length > 0) throw validationFailed(errors);
    args.labels = names as TextLabelName[];
  }
  if (values.config !== undefined) args.configPath = values.config;
  return args;
}
