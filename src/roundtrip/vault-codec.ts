import * as v from 'valibot';
import { base64Of, bytesOfBase64 } from '../bytes/base64.js';
import { AnonymizerError, unprocessable, validationFailed } from '../errors/problem.js';
import { TEXT_LABELS } from '../spec/types.js';
import { parseOrThrow } from '../validation/schemas.js';
import type { Vault } from './vault.js';
import { PLACEHOLDER_STYLES, VAULT_SCOPES } from './vault.js';

/*
 * A vault as text: checked on the way in (a file may be old, edited or damaged), written either plain (no passphrase)
 * or sealed in a passphrase envelope (PBKDF2-SHA-256 → AES-256-GCM, the header authenticated). Pure: WebCrypto through
 * `globalThis.crypto.subtle`, which Node ≥ 20, browsers and workers have. No error says anything of the vault's
 * content: field names only, never a value (a value is an original or what stood for it).
 */

/** `format` of every vault file, plain or sealed. */
export const VAULT_FORMAT = 'local-anonymizer-vault';
/** PBKDF2 iterations of a new envelope (OWASP's 2023 figure for PBKDF2-HMAC-SHA-256). */
export const VAULT_KDF_ITERATIONS = 600_000;
/** The iterations an envelope may name: below is too weak to have been written by us, above is a denial of service. */
const MIN_ITERATIONS = 100_000;
const MAX_ITERATIONS = 10_000_000;
const SALT_BYTES = 16;
const IV_BYTES = 12;
/** AES-GCM's tag: the least ciphertext there is. */
const TAG_BYTES = 16;

/** Where the passphrase comes from in Node; named in the 422 for a sealed file opened without one. */
export const VAULT_KEY_ENV = 'LOCAL_ANONYMIZER_VAULT_KEY';

const WRONG_PASSPHRASE = 'The vault could not be opened: wrong passphrase or damaged file.';

// --- The vault's shape -----------------------------------------------------------------------------------------------

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;
const instant = v.pipe(
  v.string(),
  v.check((s) => ISO_INSTANT.test(s) && !Number.isNaN(Date.parse(s)), 'must be an ISO 8601 instant'),
);
const nonEmpty = v.pipe(v.string(), v.minLength(1, 'must not be empty'));
const integer = v.pipe(v.number(), v.integer('must be an integer'), v.safeInteger('must be an integer'));

const VaultFormSchema = v.object({ original: nonEmpty, replacement: nonEmpty });

const VaultEntitySchema = v.object({
  label: v.picklist(TEXT_LABELS, 'must be a known text label'),
  number: v.pipe(integer, v.minValue(1)),
  placeholder: nonEmpty,
  original: nonEmpty,
  forms: v.array(VaultFormSchema),
});

/** `Vault` (src/roundtrip/vault.ts) as valibot sees it; unknown keys are dropped. */
export const VaultSchema = v.object({
  version: v.literal(1, 'must be 1'),
  style: v.picklist(PLACEHOLDER_STYLES, `must be one of ${PLACEHOLDER_STYLES.join(', ')}`),
  scope: v.picklist(VAULT_SCOPES, `must be one of ${VAULT_SCOPES.join(', ')}`),
  dateShiftDays: integer,
  createdAt: instant,
  updatedAt: instant,
  expiresAt: v.nullable(instant),
  entities: v.array(VaultEntitySchema),
});

/** `parseOrThrow`'s 422 again, with a detail that says what was read. */
function invalid(err: unknown, detail: string): never {
  if (err instanceof AnonymizerError && err.problem.errors) throw validationFailed(err.problem.errors, detail);
  throw err;
}

function parseVaultAt(json: unknown, prefix: string): Vault {
  try {
    return parseOrThrow(VaultSchema, json, prefix);
  } catch (err) {
    invalid(err, 'The vault is invalid.');
  }
}

/**
 * A vault read from JSON, checked: anything else is a 422 `VALIDATION_FAILED` whose `errors[]` name the fields (never
 * their values). Unknown keys are dropped.
 */
export function parseVault(json: unknown): Vault {
  return parseVaultAt(json, '');
}

// --- Files -----------------------------------------------------------------------------------------------------------

const bytesOf = (n: number, atLeast = false) =>
  v.pipe(
    v.string(),
    v.check(
      (s) => {
        const bytes = bytesOfBase64(s);
        return bytes !== null && (atLeast ? bytes.length >= n : bytes.length === n);
      },
      `must be base64 of ${atLeast ? 'at least ' : ''}${n} bytes`,
    ),
  );

const FileHeadSchema = v.object({
  format: v.literal(VAULT_FORMAT, `must be ${VAULT_FORMAT}`),
  version: v.literal(1, 'must be 1'),
});

const EnvelopeSchema = v.object({
  format: v.literal(VAULT_FORMAT, `must be ${VAULT_FORMAT}`),
  version: v.literal(1, 'must be 1'),
  kdf: v.object({
    name: v.literal('PBKDF2', 'must be PBKDF2'),
    hash: v.literal('SHA-256', 'must be SHA-256'),
    iterations: v.pipe(integer, v.minValue(MIN_ITERATIONS), v.maxValue(MAX_ITERATIONS)),
    salt: bytesOf(SALT_BYTES),
  }),
  cipher: v.object({ name: v.literal('AES-GCM', 'must be AES-GCM'), iv: bytesOf(IV_BYTES) }),
  data: bytesOf(TAG_BYTES, true),
});
type Envelope = v.InferOutput<typeof EnvelopeSchema>;

/** The plain file of a vault: what is written when no passphrase is given. */
export function plainVaultText(vault: Vault): string {
  return JSON.stringify({ format: VAULT_FORMAT, version: 1, vault: parseVault(vault) });
}

/** The header every envelope authenticates: its fields in one fixed order, whatever order the file had them in. */
function additionalData(head: Omit<Envelope, 'data'>): Uint8Array<ArrayBuffer> {
  const { format, version, kdf, cipher } = head;
  const canonical = {
    format,
    version,
    kdf: { name: kdf.name, hash: kdf.hash, iterations: kdf.iterations, salt: kdf.salt },
    cipher: { name: cipher.name, iv: cipher.iv },
  };
  return new TextEncoder().encode(JSON.stringify(canonical));
}

async function passphraseKey(passphrase: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<CryptoKey> {
  const subtle = globalThis.crypto.subtle;
  // NFC: the same passphrase typed on two systems is the same bytes.
  const base = await subtle.importKey('raw', new TextEncoder().encode(passphrase.normalize('NFC')), 'PBKDF2', false, ['deriveKey']);
  return subtle.deriveKey({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, base, { name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ]);
}

function checkPassphrase(passphrase: string): void {
  if (typeof passphrase !== 'string' || passphrase.length === 0) {
    throw validationFailed([{ field: 'passphrase', code: 'NotBlank', message: 'must not be empty' }], 'A passphrase is needed.');
  }
}

/**
 * The vault sealed under a passphrase: a fresh 16-byte salt and 12-byte IV per call, PBKDF2-SHA-256 with
 * `VAULT_KDF_ITERATIONS`, AES-256-GCM over the vault's JSON with the header as additional data.
 */
export async function sealVault(vault: Vault, passphrase: string): Promise<string> {
  checkPassphrase(passphrase);
  const plain = new TextEncoder().encode(JSON.stringify(parseVault(vault)));
  const salt = globalThis.crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const head = {
    format: VAULT_FORMAT,
    version: 1,
    kdf: { name: 'PBKDF2', hash: 'SHA-256', iterations: VAULT_KDF_ITERATIONS, salt: base64Of(salt) },
    cipher: { name: 'AES-GCM', iv: base64Of(iv) },
  } as const;
  const key = await passphraseKey(passphrase, salt, VAULT_KDF_ITERATIONS);
  const data = await globalThis.crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: additionalData(head) }, key, plain);
  return JSON.stringify({ ...head, data: base64Of(new Uint8Array(data)) });
}

/**
 * A vault from a file's text: a plain file, or an envelope opened with `passphrase`. 422 for a file that is not a
 * vault (`VALIDATION_FAILED` naming the field), for an envelope without a passphrase, and for a wrong passphrase or a
 * damaged envelope (one message for both: which it was is not told).
 */
export async function openVault(text: string, passphrase?: string): Promise<Vault> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw unprocessable('The vault file is not JSON.');
  }
  try {
    parseOrThrow(FileHeadSchema, json);
  } catch (err) {
    invalid(err, 'The vault file is invalid.');
  }
  const file = json as Record<string, unknown>;
  if (!('data' in file)) return parseVaultAt(file['vault'], 'vault');
  let envelope: Envelope;
  try {
    envelope = parseOrThrow(EnvelopeSchema, json);
  } catch (err) {
    invalid(err, 'The vault file is invalid.');
  }
  if (passphrase === undefined || passphrase === '') {
    throw unprocessable(`The vault is encrypted: a passphrase is needed to open it (in Node: the environment variable ${VAULT_KEY_ENV}).`);
  }
  const salt = bytesOfBase64(envelope.kdf.salt)!;
  const iv = bytesOfBase64(envelope.cipher.iv)!;
  const data = bytesOfBase64(envelope.data)!;
  let plain: ArrayBuffer;
  try {
    const key = await passphraseKey(passphrase, salt, envelope.kdf.iterations);
    plain = await globalThis.crypto.subtle.decrypt({ name: 'AES-GCM', iv, additionalData: additionalData(envelope) }, key, data);
  } catch {
    throw unprocessable(WRONG_PASSPHRASE);
  }
  let inner: unknown;
  try {
    inner = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plain));
  } catch {
    throw unprocessable(WRONG_PASSPHRASE);
  }
  return parseVaultAt(inner, 'vault');
}
