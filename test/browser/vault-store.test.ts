import { deleteDB, openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { AnonymizerError } from '../../src/errors/problem.js';
import type { VaultRecord, VaultStore } from '../../src/platform/browser/vault-store.js';
import { openVaultStore } from '../../src/platform/browser/vault-store.js';
import type { Vault } from '../../src/roundtrip/vault.js';
import { sealVault } from '../../src/roundtrip/vault-codec.js';
import { emptyVault } from '../../src/roundtrip/vault.js';
import { annaAsJulia } from '../helpers/vaults.js';

const SECRETS = ['Anna Schmidt', 'Schmidt', 'Julia Becker', 'Becker'];

function vaultOf(options: { now?: Date; ttlMs?: number | null; scope?: 'conversation' | 'project' } = {}): Vault {
  const vault = emptyVault('surrogates', options);
  vault.entities.push(annaAsJulia());
  return vault;
}

const opened: { name: string; store: VaultStore }[] = [];
let counter = 0;

async function freshStore(): Promise<{ name: string; store: VaultStore }> {
  const name = `vault-test-${Date.now()}-${counter++}`;
  const entry = { name, store: await openVaultStore(name) };
  opened.push(entry);
  return entry;
}

afterEach(async () => {
  for (const { name, store } of opened.splice(0)) {
    store.close();
    await deleteDB(name);
  }
});

/** The database as any script of the page could read it, past the store. */
async function raw(name: string) {
  return openDB(name);
}

async function problemOf(promise: Promise<unknown>): Promise<unknown> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AnonymizerError);
  return (err as AnonymizerError).problem;
}

describe('the vault store in the browser', () => {
  it('keeps its one key non-extractable', async () => {
    const { name, store } = await freshStore();
    const vault = vaultOf();
    await store.put('a', vault);
    const db = await raw(name);
    const keys = await db.getAllKeys('keys');
    expect(keys).toEqual(['vault-key']);
    const key = (await db.get('keys', 'vault-key')) as CryptoKey;
    db.close();
    expect(key).toBeInstanceOf(CryptoKey);
    expect(key.extractable).toBe(false);
    expect(key.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
    await expect(crypto.subtle.exportKey('jwk', key)).rejects.toThrow();
    // A second vault, and a second opening of the store, use the same key.
    await store.put('b', vault);
    const again = await openVaultStore(name);
    expect(await again.get('a')).toEqual(vault);
    expect(await again.get('b')).toEqual(vault);
    again.close();
  });

  it('holds no original or surrogate in the clear in the raw record', async () => {
    const { name, store } = await freshStore();
    const vault = vaultOf({ scope: 'project' });
    await store.put('conv-1', vault);
    const db = await raw(name);
    const record = (await db.get('vaults', 'conv-1')) as VaultRecord;
    db.close();
    expect(Object.keys(record).sort()).toEqual(['data', 'entities', 'expiresAt', 'id', 'iv', 'scope', 'style', 'updatedAt']);
    expect(record).toMatchObject({
      id: 'conv-1',
      style: 'surrogates',
      scope: 'project',
      updatedAt: vault.updatedAt,
      expiresAt: null,
      entities: 1,
    });
    expect(record.iv).toHaveLength(12);
    const latin1 = Array.from(record.data, (b) => String.fromCharCode(b)).join('');
    const utf8 = new TextDecoder().decode(record.data);
    const summary = JSON.stringify({ ...record, iv: undefined, data: undefined });
    for (const secret of SECRETS) {
      expect(latin1).not.toContain(secret);
      expect(utf8).not.toContain(secret);
      expect(summary).not.toContain(secret);
    }
  });

  it('puts, gets, lists, deletes and clears', async () => {
    const { store } = await freshStore();
    expect(await store.get('none')).toBeNull();
    expect(await store.list()).toEqual([]);
    const a = vaultOf();
    const b = emptyVault('labels', { scope: 'project', ttlMs: 3_600_000 });
    await store.put('a', a);
    await store.put('b', b);
    expect(await store.get('a')).toEqual(a);
    expect(await store.get('b')).toEqual(b);
    expect(await store.list()).toEqual([
      { id: 'a', style: 'surrogates', scope: 'conversation', updatedAt: a.updatedAt, expiresAt: null, entities: 1 },
      { id: 'b', style: 'labels', scope: 'project', updatedAt: b.updatedAt, expiresAt: b.expiresAt, entities: 0 },
    ]);
    const changed = { ...a, updatedAt: new Date(Date.parse(a.updatedAt) + 1000).toISOString(), entities: [] };
    await store.put('a', changed);
    expect(await store.get('a')).toEqual(changed);
    await store.delete('a');
    expect(await store.get('a')).toBeNull();
    expect((await store.list()).map((s) => s.id)).toEqual(['b']);
    await store.clear();
    expect(await store.list()).toEqual([]);
    expect(await problemOf(store.put('', a))).toMatchObject({ status: 422, problemCode: 'VALIDATION_FAILED' });
    expect(await problemOf(store.put('c', { ...a, style: 'Anna Schmidt' } as unknown as Vault))).toMatchObject({
      status: 422,
      problemCode: 'VALIDATION_FAILED',
      errors: [{ field: 'style', code: 'InvalidValue', message: 'must be one of labels, surrogates' }],
    });
  });

  it('deletes expired vaults on get and list, even when the summary in the clear was moved on', async () => {
    const { name, store } = await freshStore();
    const past = new Date(Date.now() - 120_000);
    await store.put('old', vaultOf({ now: past, ttlMs: 60_000 }));
    await store.put('old2', vaultOf({ now: past, ttlMs: 60_000 }));
    await store.put('live', vaultOf({ ttlMs: 3_600_000 }));
    expect((await store.list()).map((s) => s.id)).toEqual(['live']);
    const db = await raw(name);
    expect(await db.getAllKeys('vaults')).toEqual(['live']);
    db.close();

    await store.put('moved', vaultOf({ now: past, ttlMs: 60_000 }));
    const db2 = await raw(name);
    const record = (await db2.get('vaults', 'moved')) as VaultRecord;
    await db2.put('vaults', { ...record, expiresAt: null });
    db2.close();
    expect(await store.get('moved')).toBeNull();
    expect((await store.list()).map((s) => s.id)).toEqual(['live']);
  });

  it('refuses a tampered record or a record moved to another id with a 422', async () => {
    const { name, store } = await freshStore();
    await store.put('a', vaultOf());
    const db = await raw(name);
    const record = (await db.get('vaults', 'a')) as VaultRecord;
    const data = new Uint8Array(record.data);
    data[0] = data[0]! ^ 1;
    await db.put('vaults', { ...record, id: 'b' });
    await db.put('vaults', { ...record, data });
    db.close();
    const expected = {
      title: 'Unprocessable Entity',
      status: 422,
      detail: 'The vault could not be opened: its record is damaged or its key is gone.',
    };
    expect(await problemOf(store.get('a'))).toEqual(expected);
    expect(await problemOf(store.get('b'))).toEqual(expected);
  });

  it('exports a vault sealed under a passphrase and imports it back; a wrong passphrase is refused', async () => {
    const { store } = await freshStore();
    const vault = vaultOf({ ttlMs: 3_600_000 });
    await store.put('a', vault);
    const file = await store.exportFile('a', 'correct horse');
    expect(file.type).toBe('application/json');
    const text = await file.text();
    expect(JSON.parse(text)).toMatchObject({ format: 'local-anonymizer-vault', version: 1, kdf: { name: 'PBKDF2', iterations: 600_000 } });
    for (const secret of SECRETS) expect(text).not.toContain(secret);

    const { store: other } = await freshStore();
    const id = await other.importFile(file, 'correct horse');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await other.get(id)).toEqual(vault);
    expect(await other.importFile(file, 'correct horse', 'chosen')).toBe('chosen');
    expect(await other.get('chosen')).toEqual(vault);

    const wrong = await problemOf(other.importFile(file, 'wrong horse'));
    expect(wrong).toEqual({
      title: 'Unprocessable Entity',
      status: 422,
      detail: 'The vault could not be opened: wrong passphrase or damaged file.',
    });
    expect((await other.list()).map((s) => s.id).sort()).toEqual(['chosen', id].sort());
    expect(await problemOf(store.exportFile('none', 'pass'))).toMatchObject({ status: 404 });
  });

  it('refuses to import a vault that has expired', async () => {
    const { store } = await freshStore();
    const expired = vaultOf({ now: new Date(Date.now() - 120_000), ttlMs: 60_000 });
    const file = new Blob([await sealVault(expired, 'pass')]);
    expect(await problemOf(store.importFile(file, 'pass'))).toEqual({
      title: 'Unprocessable Entity',
      status: 422,
      detail: 'The vault in the file has expired.',
    });
    expect(await store.list()).toEqual([]);
  });
});
