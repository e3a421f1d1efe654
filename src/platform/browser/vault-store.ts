import type { DBSchema, IDBPDatabase } from 'idb';
import { openDB } from 'idb';
import { notFound, storageLimitExceeded, unprocessable, validationFailed } from '../../errors/problem.js';
import type { PlaceholderStyle, Vault, VaultScope } from '../../roundtrip/vault.js';
import { isExpired } from '../../roundtrip/vault.js';
import { openVault, parseVault, sealVault } from '../../roundtrip/vault-codec.js';

/*
 * The vaults of LLM round trips in a page: IndexedDB, each vault's JSON encrypted with AES-256-GCM under one key of
 * the database. That key is a WebCrypto key generated non-extractable and stored as it is (a CryptoKey is
 * structured-cloneable): the page can encrypt and decrypt with it but no script can read its bytes, so a copy of the
 * profile's files or of the records (an export of the database, a backup) holds ciphertext only. In the clear, for
 * `list()`: style, scope, updatedAt, expiresAt and the number of entities; never an original or what stood for it.
 * A vault leaves the store only sealed under a passphrase (`exportFile`).
 */

/** A vault's entry in `list()`: what the store keeps in the clear. */
export interface VaultSummary {
  id: string;
  style: PlaceholderStyle;
  scope: VaultScope;
  updatedAt: string;
  expiresAt: string | null;
  entities: number;
}

/** One stored vault: its JSON under AES-GCM (the id authenticated with it), and its summary in the clear. */
export interface VaultRecord extends VaultSummary {
  iv: Uint8Array;
  data: Uint8Array;
}

interface VaultDb extends DBSchema {
  keys: { key: string; value: CryptoKey };
  vaults: { key: string; value: VaultRecord };
}

export interface VaultStore {
  /** The vault, or null when there is none under `id` or it has expired (it is then deleted). */
  get(id: string): Promise<Vault | null>;
  put(id: string, vault: Vault): Promise<void>;
  delete(id: string): Promise<void>;
  /** Deletes every vault. */
  clear(): Promise<void>;
  /** Every vault that has not expired, by id (expired ones are deleted). */
  list(): Promise<VaultSummary[]>;
  /** The vault sealed under `passphrase` (src/roundtrip/vault-codec.ts), as a file to save; 404 when there is none. */
  exportFile(id: string, passphrase: string): Promise<Blob>;
  /** Stores the vault of a file `exportFile` wrote (or a plain one) under `id` or a fresh id; resolves to the id. */
  importFile(file: Blob, passphrase: string, id?: string): Promise<string>;
  close(): void;
}

export const VAULT_DB_VERSION = 1;
/** The key of the one encryption key in the `keys` store. */
const KEY_ID = 'vault-key';
const IV_BYTES = 12;

async function openVaultDb(name: string): Promise<IDBPDatabase<VaultDb>> {
  const db = await openDB<VaultDb>(name, VAULT_DB_VERSION, {
    upgrade(database, oldVersion) {
      if (oldVersion < 1) {
        database.createObjectStore('keys');
        database.createObjectStore('vaults', { keyPath: 'id' });
      }
    },
    blocking() {
      db.close();
    },
  });
  return db;
}

/**
 * The database's key, made on first use. A fresh key is generated before the transaction (WebCrypto is not an
 * IndexedDB request: awaiting it inside would end the transaction) and stored only if there is none yet, in one
 * read-write transaction, so two tabs opening at once agree on the first one's key.
 */
async function databaseKey(db: IDBPDatabase<VaultDb>): Promise<CryptoKey> {
  const existing = await db.get('keys', KEY_ID);
  if (existing) return existing;
  const fresh = await globalThis.crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  const tx = db.transaction('keys', 'readwrite');
  const stored = await tx.store.get(KEY_ID);
  if (!stored) await tx.store.add(fresh, KEY_ID);
  await tx.done;
  return stored ?? fresh;
}

function isQuotaError(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { name?: string; inner?: unknown; cause?: unknown };
  return e.name === 'QuotaExceededError' || isQuotaError(e.inner) || isQuotaError(e.cause);
}

function checkId(id: unknown): asserts id is string {
  if (typeof id !== 'string' || id.length === 0) {
    throw validationFailed([{ field: 'id', code: 'NotBlank', message: 'must not be empty' }], 'A vault id is needed.');
  }
}

const summaryOf = ({ id, style, scope, updatedAt, expiresAt, entities }: VaultSummary): VaultSummary => ({
  id,
  style,
  scope,
  updatedAt,
  expiresAt,
  entities,
});

/** Whether a stored summary says the vault has expired (read before any decryption). */
const summaryExpired = (record: VaultSummary, now: Date): boolean =>
  record.expiresAt !== null && Date.parse(record.expiresAt) <= now.getTime();

/** Opens (and creates) the vault store in the IndexedDB database `name`. */
export async function openVaultStore(name = 'local-anonymizer-vaults'): Promise<VaultStore> {
  const db = await openVaultDb(name);
  let key: Promise<CryptoKey> | undefined;
  const keyOf = () => (key ??= databaseKey(db));
  const idBytes = (id: string) => new TextEncoder().encode(id);

  async function decrypt(record: VaultRecord): Promise<Vault> {
    let plain: ArrayBuffer;
    try {
      plain = await globalThis.crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: record.iv as Uint8Array<ArrayBuffer>, additionalData: idBytes(record.id) },
        await keyOf(),
        record.data as Uint8Array<ArrayBuffer>,
      );
    } catch {
      throw unprocessable('The vault could not be opened: its record is damaged or its key is gone.');
    }
    return parseVault(JSON.parse(new TextDecoder().decode(plain)));
  }

  const store: VaultStore = {
    async get(id) {
      checkId(id);
      const record = await db.get('vaults', id);
      if (!record) return null;
      const now = new Date();
      if (summaryExpired(record, now)) {
        await db.delete('vaults', id);
        return null;
      }
      const vault = await decrypt(record);
      if (!isExpired(vault, now)) return vault;
      await db.delete('vaults', id);
      return null;
    },

    async put(id, vault) {
      checkId(id);
      const checked = parseVault(vault);
      const iv = globalThis.crypto.getRandomValues(new Uint8Array(IV_BYTES));
      const plain = new TextEncoder().encode(JSON.stringify(checked));
      const data = new Uint8Array(
        await globalThis.crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: idBytes(id) }, await keyOf(), plain),
      );
      const { style, scope, updatedAt, expiresAt } = checked;
      try {
        await db.put('vaults', { id, style, scope, updatedAt, expiresAt, entities: checked.entities.length, iv, data });
      } catch (err) {
        if (isQuotaError(err)) throw storageLimitExceeded();
        throw err;
      }
    },

    async delete(id) {
      checkId(id);
      await db.delete('vaults', id);
    },

    async clear() {
      await db.clear('vaults');
    },

    async list() {
      const now = new Date();
      const records = await db.getAll('vaults');
      const expired = records.filter((r) => summaryExpired(r, now));
      if (expired.length > 0) {
        const tx = db.transaction('vaults', 'readwrite');
        await Promise.all([...expired.map((r) => tx.store.delete(r.id)), tx.done]);
      }
      return records.filter((r) => !summaryExpired(r, now)).map(summaryOf);
    },

    async exportFile(id, passphrase) {
      const vault = await store.get(id);
      if (!vault) throw notFound('No vault has this id.');
      return new Blob([await sealVault(vault, passphrase)], { type: 'application/json' });
    },

    async importFile(file, passphrase, id) {
      const vault = await openVault(await file.text(), passphrase);
      if (isExpired(vault)) throw unprocessable('The vault in the file has expired.');
      const target = id ?? globalThis.crypto.randomUUID();
      await store.put(target, vault);
      return target;
    },

    close() {
      db.close();
    },
  };
  return store;
}
