import { parseArgs } from 'node:util';
import { validationFailed } from '../errors/problem.js';
import { isTextLabel } from '../spec/labels.js';
import type { TextLabelName } from '../spec/types.js';

/** Parsed command line: the stable contract of `bin/local-anonymizer.js`. */
export interface CliArgs {
  command: 'text' | 'detect';
  labels?: TextLabelName[];
  pseudonyms: boolean;
  configPath?: string;
}

const COMMANDS = ['text', 'detect'] as const;

/** Parses argv (without node and script) or throws 422 VALIDATION_FAILED naming the bad argument. */
export function parseCliArgs(argv: readonly string[]): CliArgs {
  const [command, ...rest] = argv;
  if (!command || !(COMMANDS as readonly string[]).includes(command)) {
    throw validationFailed([{ field: 'command', code: 'InvalidValue', message: `must be one of ${COMMANDS.join(', ')}` }]);
  }
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
    const names = values.labels.split(',').map((s) => s.trim()).filter(Boolean);
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
