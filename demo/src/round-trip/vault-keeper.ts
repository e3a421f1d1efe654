// Where the chat's vault is kept between visits: the one place the page touches storage for it. The encrypted
// IndexedDB store (src/platform/browser/vault-store.ts: AES-256-GCM under a non-extractable key of the same
// database); where IndexedDB is not available (a private window of some browsers), memory only, said so on the page.
// A vault leaves the page only as a file sealed under a passphrase (src/roundtrip/vault-codec.ts).
import { openVaultStore } from '../../../src/platform/browser/vault-store.ts';
import type { VaultStore } from '../../../src/platform/browser/vault-store.ts';
import { openVault, sealVault } from '../../../src/roundtrip/vault-codec.ts';
import type { Vault } from '../../../src/roundtrip/vault.ts';

/** The id of the demo's one conversation in the store. */
export const CHAT_VAULT_ID = 'demo-chat';
/** The store's database (its default name): the Security section deletes it with everything else. */
export const VAULT_DATABASE = 'local-anonymizer-vaults';

export interface VaultKeeper {
  /** Where the vault is kept, in words. */
  readonly where: string;
  readonly persistent: boolean;
  load(): Promise<Vault | null>;
  save(vault: Vault): Promise<void>;
  remove(): Promise<void>;
  /** The vault sealed under `passphrase`, as a file to save. */
  exportFile(vault: Vault, passphrase: string): Promise<Blob>;
  /** The vault of a file `exportFile` wrote (kept in place of the current one). */
  importFile(file: Blob, passphrase: string): Promise<Vault>;
}

function storeKeeper(store: VaultStore): VaultKeeper {
  return {
    where: 'Kept in this browser, encrypted (IndexedDB, AES-256-GCM under a key no script can read)',
    persistent: true,
    load: () => store.get(CHAT_VAULT_ID),
    save: (vault) => store.put(CHAT_VAULT_ID, vault),
    remove: () => store.delete(CHAT_VAULT_ID),
    async exportFile(vault, passphrase) {
      await store.put(CHAT_VAULT_ID, vault);
      return store.exportFile(CHAT_VAULT_ID, passphrase);
    },
    async importFile(file, passphrase) {
      await store.importFile(file, passphrase, CHAT_VAULT_ID);
      const vault = await store.get(CHAT_VAULT_ID);
      if (!vault) throw new Error('The imported vault could not be read back.');
      return vault;
    },
  };
}

function memoryKeeper(): VaultKeeper {
  return {
    where: 'Kept in memory only (this browser offers no IndexedDB here): gone on reload',
    persistent: false,
    load: () => Promise.resolve(null),
    save: () => Promise.resolve(),
    remove: () => Promise.resolve(),
    exportFile: async (vault, passphrase) => new Blob([await sealVault(vault, passphrase)], { type: 'application/json' }),
    importFile: async (file, passphrase) => openVault(await file.text(), passphrase),
  };
}

/** The encrypted store, or memory where IndexedDB is unavailable. */
export async function openVaultKeeper(): Promise<VaultKeeper> {
  try {
    return storeKeeper(await openVaultStore(VAULT_DATABASE));
  } catch {
    return memoryKeeper();
  }
}
