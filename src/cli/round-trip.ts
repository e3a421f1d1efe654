import { writeFile } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';
import { validationFailed } from '../errors/problem.js';
import type { Anonymizer } from '../engine/text-engine.js';
import { createRestorer } from '../roundtrip/restorer.js';
import { restoreTable } from '../roundtrip/restore-table.js';
import { createSession } from '../sessions/session.js';
import { readVaultFile, vaultPassphrase, writeVaultFile } from '../platform/node/vault-file.js';
import type { CliArgs } from './args.js';
import type { CliIo } from './io.js';
import { readStdin } from './io.js';

/**
 * `pseudonymize --vault FILE`: one turn of a conversation. The vault file is created, or read and extended, so the
 * next call with the same FILE is the next turn (the same person keeps her placeholder). It is written before the
 * text is printed: what left the device can always be restored.
 */
export async function runPseudonymize(anonymizer: Anonymizer, args: CliArgs, io: CliIo): Promise<void> {
  const passphrase = vaultPassphrase(io.env);
  const vault = await readVaultFile(args.vaultPath!, passphrase);
  if (vault && args.style && vault.style !== args.style) {
    throw validationFailed([{ field: '--style', code: 'InvalidValue', message: `the vault already uses ${vault.style}` }]);
  }
  const session = createSession(anonymizer, {
    ...(vault ? { vault } : {}),
    ...(args.style ? { style: args.style } : {}),
    ...(args.labels ? { labels: args.labels } : {}),
  });
  const result = await session.pseudonymize(await readStdin(io));
  await writeVaultFile(args.vaultPath!, session.vault(), passphrase);
  io.stdout.write(args.format === 'text' ? result.pseudonymizedText : `${JSON.stringify(result)}\n`);
}

/**
 * `restore --vault FILE`: the answer on stdin, restored to stdout as it arrives: what a chunk completes is written
 * before the next chunk is read (a model's streamed answer piped through it reads restored at once).
 */
export async function runRestore(args: CliArgs, io: CliIo): Promise<void> {
  const vault = await readVaultFile(args.vaultPath!, vaultPassphrase(io.env));
  if (vault === null)
    throw validationFailed([{ field: '--vault', code: 'InvalidValue', message: 'names no vault (pseudonymize writes it)' }]);
  const restorer = createRestorer(restoreTable(vault));
  const decoder = new StringDecoder('utf8');
  for await (const chunk of io.stdin) {
    const out = restorer.push(typeof chunk === 'string' ? chunk : decoder.write(chunk));
    if (out !== '') io.stdout.write(out);
  }
  const rest = restorer.push(decoder.end()) + restorer.flush();
  if (rest !== '') io.stdout.write(rest);
  if (args.reportPath !== undefined) await writeFile(args.reportPath, `${JSON.stringify(restorer.report(), null, 2)}\n`);
}
