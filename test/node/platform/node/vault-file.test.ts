import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readVaultFile, vaultPassphrase, writeVaultFile } from '../../../../src/platform/node/vault-file.js';
import type { Vault } from '../../../../src/roundtrip/vault.js';
import { emptyVault } from '../../../../src/roundtrip/vault.js';
import { expectProblem } from '../../helpers/expect-problem.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vault-file-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function vaultOf(options: { now?: Date; ttlMs?: number | null } = {}): Vault {
  const vault = emptyVault('labels', options);
  vault.entities.push({
    label: 'PER',
    number: 1,
    placeholder: 'PER-1',
    original: 'Anna Schmidt',
    forms: [{ original: 'Anna Schmidt', replacement: 'PER-1' }],
  });
  return vault;
}

async function modeOf(path: string): Promise<number> {
  return (await stat(path)).mode & 0o777;
}

describe('the vault file', () => {
  it('is written 0600 under a permissive umask, plain or sealed, and rewritten 0600', async () => {
    const path = join(dir, 'vault.json');
    const old = process.umask(0o000);
    try {
      await writeVaultFile(path, vaultOf());
      expect(await modeOf(path)).toBe(0o600);
      await writeFile(join(dir, 'other'), 'x', { mode: 0o666 });
      expect(await modeOf(join(dir, 'other'))).toBe(0o666); // the umask really is permissive
      await writeVaultFile(path, vaultOf(), 'secret');
      expect(await modeOf(path)).toBe(0o600);
    } finally {
      process.umask(old);
    }
    expect((await readdir(dir)).sort()).toEqual(['other', 'vault.json']); // no temporary file left
  });

  it('is plain JSON without a passphrase and holds no original in its bytes when sealed', async () => {
    const plain = join(dir, 'plain.json');
    const sealed = join(dir, 'sealed.json');
    const vault = vaultOf();
    await writeVaultFile(plain, vault);
    await writeVaultFile(sealed, vault, 'secret');
    expect(JSON.parse(await readFile(plain, 'utf8'))).toEqual({ format: 'local-anonymizer-vault', version: 1, vault });
    const bytes = await readFile(sealed);
    expect(bytes.includes('Anna Schmidt')).toBe(false);
    expect(bytes.includes('Schmidt')).toBe(false);
    expect(bytes.includes('PER-1')).toBe(false);
    expect(await readVaultFile(plain)).toEqual(vault);
    expect(await readVaultFile(sealed, 'secret')).toEqual(vault);
    await expectProblem(readVaultFile(sealed), { status: 422, detail: expect.stringContaining('LOCAL_ANONYMIZER_VAULT_KEY') });
    await expectProblem(readVaultFile(sealed, 'wrong'), {
      status: 422,
      detail: 'The vault could not be opened: wrong passphrase or damaged file.',
    });
  });

  it('is null when missing', async () => {
    expect(await readVaultFile(join(dir, 'none.json'))).toBeNull();
    expect(await readVaultFile(join(dir, 'none.json'), 'secret')).toBeNull();
  });

  it('is deleted unread once expired, plain or sealed', async () => {
    const now = new Date('2025-03-01T10:00:00.000Z');
    const plain = join(dir, 'plain.json');
    const sealed = join(dir, 'sealed.json');
    await writeVaultFile(plain, vaultOf({ now, ttlMs: 60_000 }));
    await writeVaultFile(sealed, vaultOf({ now, ttlMs: 60_000 }), 'secret');
    expect(await readVaultFile(plain, undefined, new Date(now.getTime() + 59_999))).not.toBeNull();
    expect(await readVaultFile(plain, undefined, new Date(now.getTime() + 60_000))).toBeNull();
    expect(await readVaultFile(sealed, 'secret', new Date(now.getTime() + 120_000))).toBeNull();
    expect(await readdir(dir)).toEqual([]);
  });

  it('refuses a file that is not a vault with a 422, and reports an unreadable one without its path', async () => {
    const path = join(dir, 'vault.json');
    await writeFile(path, '{"format":"local-anonymizer-vault","version":1,"vault":{"version":1}}');
    await expectProblem(readVaultFile(path), { status: 422, problemCode: 'VALIDATION_FAILED' });
    await expectProblem(readVaultFile(dir), { status: 500, detail: 'The vault file could not be read.' });
    await expectProblem(writeVaultFile(join(dir, 'no', 'such', 'folder.json'), vaultOf()), {
      status: 500,
      detail: 'The vault file could not be written.',
    });
  });
});

describe('vaultPassphrase', () => {
  it('reads LOCAL_ANONYMIZER_VAULT_KEY; empty or unset is none', () => {
    expect(vaultPassphrase({ LOCAL_ANONYMIZER_VAULT_KEY: 'pass phrase' })).toBe('pass phrase');
    expect(vaultPassphrase({ LOCAL_ANONYMIZER_VAULT_KEY: '' })).toBeUndefined();
    expect(vaultPassphrase({})).toBeUndefined();
  });
});
