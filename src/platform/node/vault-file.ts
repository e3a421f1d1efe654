import { readFile, rm } from 'node:fs/promises';
import { AnonymizerError, internalError } from '../../errors/problem.js';
import type { Vault } from '../../roundtrip/vault.js';
import { isExpired } from '../../roundtrip/vault.js';
import { openVault, plainVaultText, sealVault, VAULT_KEY_ENV } from '../../roundtrip/vault-codec.js';
import { writeFileAtomically } from './atomic-file.js';

/*
 * The vault of an LLM round trip in Node: one file, mode 0600 whatever the umask, written atomically; sealed under a
 * passphrase when one is given (LOCAL_ANONYMIZER_VAULT_KEY), plain JSON otherwise. Errors name neither the file's
 * content nor its path.
 */

/** The passphrase of the vault file from the environment (`LOCAL_ANONYMIZER_VAULT_KEY`); empty or unset: none. */
export function vaultPassphrase(env: Readonly<Record<string, string | undefined>> = process.env): string | undefined {
  const value = env[VAULT_KEY_ENV];
  return value === undefined || value === '' ? undefined : value;
}

/**
 * The vault in the file at `path`; null when there is no such file, or when the vault in it has expired (the file is
 * then deleted). 422 for a file that is not a vault, a sealed file without a passphrase or with a wrong one.
 */
export async function readVaultFile(path: string, passphrase?: string, now: Date = new Date()): Promise<Vault | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw internalError('The vault file could not be read.');
  }
  const vault = await openVault(text, passphrase);
  if (!isExpired(vault, now)) return vault;
  await rm(path, { force: true });
  return null;
}

/** Writes the vault to `path` atomically with mode 0600: sealed under `passphrase` when one is given, plain otherwise. */
export async function writeVaultFile(path: string, vault: Vault, passphrase?: string): Promise<void> {
  const content = passphrase === undefined || passphrase === '' ? plainVaultText(vault) : await sealVault(vault, passphrase);
  try {
    await writeFileAtomically(path, content, 0o600);
  } catch (err) {
    throw err instanceof AnonymizerError ? err : internalError('The vault file could not be written.');
  }
}
