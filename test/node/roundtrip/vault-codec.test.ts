import { describe, expect, it } from 'vitest';
import { bytesOfBase64 } from '../../../src/bytes/base64.js';
import type { FieldError } from '../../../src/spec/types.js';
import type { Vault } from '../../../src/roundtrip/vault.js';
import { emptyVault } from '../../../src/roundtrip/vault.js';
import { openVault, parseVault, plainVaultText, sealVault, VAULT_KDF_ITERATIONS } from '../../../src/roundtrip/vault-codec.js';
import { expectProblem } from '../helpers/expect-problem.js';
import { annaAsJulia } from '../../helpers/vaults.js';

/** What must never appear in a problem: every original and every surrogate of the vault. */
const SECRETS = ['Anna Schmidt', 'Schmidt', 'Julia Becker', 'Becker', 'Kanzlei Vogel GmbH', 'Firma Nord AG'];

function vaultOf(): Vault {
  const vault = emptyVault('surrogates', { dateShiftDays: -12, now: new Date('2025-03-01T10:00:00.000Z'), ttlMs: 86_400_000 });
  vault.entities.push(annaAsJulia(), { label: 'ORG', number: 1, placeholder: 'Firma Nord AG', original: 'Kanzlei Vogel GmbH', forms: [] });
  return vault;
}

const WRONG = {
  title: 'Unprocessable Entity',
  status: 422,
  detail: 'The vault could not be opened: wrong passphrase or damaged file.',
};

function expectNoSecrets(value: unknown): void {
  const text = JSON.stringify(value);
  for (const secret of SECRETS) expect(text).not.toContain(secret);
}

async function errorsOf(action: Promise<unknown> | (() => unknown)): Promise<FieldError[]> {
  const problem = await expectProblem(action, { status: 422, problemCode: 'VALIDATION_FAILED', title: 'Unprocessable Entity' });
  expectNoSecrets(problem);
  return problem.errors ?? [];
}

/** A sealed file's JSON, changed by `edit`, as text again. */
function edited(sealed: string, edit: (file: Record<string, any>) => void): string {
  const file = JSON.parse(sealed) as Record<string, any>;
  edit(file);
  return JSON.stringify(file);
}

function flipped(base64: string, at: number): string {
  const bytes = bytesOfBase64(base64)!;
  bytes[at] = bytes[at]! ^ 1;
  return Buffer.from(bytes).toString('base64');
}

describe('the vault as a plain file', () => {
  it('round-trips, with or without a passphrase given', async () => {
    const vault = vaultOf();
    const text = plainVaultText(vault);
    expect(JSON.parse(text)).toEqual({ format: 'local-anonymizer-vault', version: 1, vault });
    expect(await openVault(text)).toEqual(vault);
    expect(await openVault(text, 'any passphrase')).toEqual(vault);
  });

  it('names the field of a bad vault inside the file, never its value', async () => {
    const text = JSON.stringify({ format: 'local-anonymizer-vault', version: 1, vault: { ...vaultOf(), style: 'Anna Schmidt' } });
    expect(await errorsOf(openVault(text))).toEqual([
      { field: 'vault.style', code: 'InvalidValue', message: 'must be one of labels, surrogates' },
    ]);
  });

  it('refuses text that is not a vault file', async () => {
    await expectProblem(openVault('{"format":'), { status: 422, detail: 'The vault file is not JSON.' });
    expect(await errorsOf(openVault(JSON.stringify({ format: 'other', version: 1, vault: vaultOf() })))).toEqual([
      { field: 'format', code: 'InvalidValue', message: 'must be local-anonymizer-vault' },
    ]);
    expect(await errorsOf(openVault(JSON.stringify({ format: 'local-anonymizer-vault', version: 2, vault: vaultOf() })))).toEqual([
      { field: 'version', code: 'InvalidValue', message: 'must be 1' },
    ]);
    expect(await errorsOf(openVault(JSON.stringify({ format: 'local-anonymizer-vault', version: 1 })))).toEqual([
      { field: 'vault', code: 'NotNull', message: 'must not be null' },
    ]);
  });
});

describe('the vault sealed under a passphrase', () => {
  it('round-trips in the documented envelope, the original nowhere in it', async () => {
    const vault = vaultOf();
    const sealed = await sealVault(vault, 'correct horse battery staple');
    const file = JSON.parse(sealed) as Record<string, any>;
    expect(Object.keys(file)).toEqual(['format', 'version', 'kdf', 'cipher', 'data']);
    expect(file).toMatchObject({
      format: 'local-anonymizer-vault',
      version: 1,
      kdf: { name: 'PBKDF2', hash: 'SHA-256', iterations: 600_000 },
      cipher: { name: 'AES-GCM' },
    });
    expect(VAULT_KDF_ITERATIONS).toBe(600_000);
    expect(bytesOfBase64(file['kdf'].salt)).toHaveLength(16);
    expect(bytesOfBase64(file['cipher'].iv)).toHaveLength(12);
    // AES-GCM: as long as the vault's JSON, plus the 16-byte tag.
    expect(bytesOfBase64(file['data'])).toHaveLength(new TextEncoder().encode(JSON.stringify(vault)).length + 16);
    expectNoSecrets(sealed);
    expect(await openVault(sealed, 'correct horse battery staple')).toEqual(vault);
  });

  it('takes a fresh salt and IV for every seal', async () => {
    const [a, b] = await Promise.all([sealVault(vaultOf(), 'pass'), sealVault(vaultOf(), 'pass')]);
    const [fa, fb] = [JSON.parse(a!), JSON.parse(b!)];
    expect(fa.kdf.salt).not.toBe(fb.kdf.salt);
    expect(fa.cipher.iv).not.toBe(fb.cipher.iv);
    expect(fa.data).not.toBe(fb.data);
  });

  it('does not open under a wrong passphrase, and says nothing of the content', async () => {
    const sealed = await sealVault(vaultOf(), 'right');
    let caught: unknown;
    try {
      await openVault(sealed, 'wrong');
    } catch (err) {
      caught = err;
    }
    expect((caught as { problem: unknown }).problem).toEqual(WRONG);
    expect((caught as Error).message).toBe(WRONG.detail);
    expectNoSecrets({
      problem: (caught as { problem: unknown }).problem,
      message: (caught as Error).message,
      stack: (caught as Error).stack,
    });
  });

  it('asks for a passphrase when none is given', async () => {
    const sealed = await sealVault(vaultOf(), 'right');
    for (const passphrase of [undefined, '']) {
      const problem = await expectProblem(openVault(sealed, passphrase), { status: 422, title: 'Unprocessable Entity' });
      expect(problem).toEqual({
        title: 'Unprocessable Entity',
        status: 422,
        detail: 'The vault is encrypted: a passphrase is needed to open it (in Node: the environment variable LOCAL_ANONYMIZER_VAULT_KEY).',
      });
    }
    expect(await errorsOf(sealVault(vaultOf(), ''))).toEqual([{ field: 'passphrase', code: 'NotBlank', message: 'must not be empty' }]);
  });

  it('refuses a tampered ciphertext or header with the one 422', async () => {
    const sealed = await sealVault(vaultOf(), 'right');
    const tampered = [
      edited(sealed, (f) => (f['data'] = flipped(f['data'], 3))),
      edited(sealed, (f) => (f['data'] = flipped(f['data'], bytesOfBase64(f['data'])!.length - 1))), // the tag
      edited(sealed, (f) => (f['cipher'].iv = flipped(f['cipher'].iv, 0))),
      edited(sealed, (f) => (f['kdf'].salt = flipped(f['kdf'].salt, 15))),
      edited(sealed, (f) => (f['kdf'].iterations = 600_001)),
    ];
    for (const text of tampered) {
      const problem = await expectProblem(openVault(text, 'right'), { status: 422 });
      expect(problem).toEqual(WRONG);
    }
  });

  it('reads the header in any key order (the authenticated header is canonical)', async () => {
    const sealed = await sealVault(vaultOf(), 'right');
    const reordered = edited(sealed, (f) => {
      const { kdf, cipher, data } = f;
      for (const key of Object.keys(f)) delete f[key];
      Object.assign(f, { data, cipher: { iv: cipher.iv, name: cipher.name }, kdf: { salt: kdf.salt, ...kdf }, version: 1 });
      f['format'] = 'local-anonymizer-vault';
    });
    expect(await openVault(reordered, 'right')).toEqual(vaultOf());
  });

  it('names the field of a malformed envelope', async () => {
    const sealed = await sealVault(vaultOf(), 'right');
    const cases: [(f: Record<string, any>) => void, FieldError][] = [
      [(f) => (f['kdf'].name = 'scrypt'), { field: 'kdf.name', code: 'InvalidValue', message: 'must be PBKDF2' }],
      [(f) => (f['kdf'].iterations = 1e9), { field: 'kdf.iterations', code: 'Max', message: 'must be at most 10000000' }],
      [(f) => (f['kdf'].iterations = 1000), { field: 'kdf.iterations', code: 'Min', message: 'must be at least 100000' }],
      [(f) => (f['kdf'].salt = 'AAAA'), { field: 'kdf.salt', code: 'InvalidValue', message: 'must be base64 of 16 bytes' }],
      [(f) => (f['cipher'].iv = '*not base64*'), { field: 'cipher.iv', code: 'InvalidValue', message: 'must be base64 of 12 bytes' }],
      [(f) => (f['data'] = 5), { field: 'data', code: 'InvalidType', message: 'must be of type string' }],
    ];
    for (const [edit, error] of cases) expect(await errorsOf(openVault(edited(sealed, edit), 'right'))).toEqual([error]);
  });
});

describe('parseVault', () => {
  it('accepts a vault and drops unknown keys', () => {
    const vault = vaultOf();
    expect(parseVault({ ...vault, extra: 'Anna Schmidt' })).toEqual(vault);
    const empty = emptyVault('labels', { scope: 'project' });
    expect(parseVault(empty)).toEqual(empty);
  });

  const bad: [string, (v: Record<string, any>) => void, FieldError][] = [
    ['an unknown version', (v) => (v['version'] = 2), { field: 'version', code: 'InvalidValue', message: 'must be 1' }],
    [
      'a bad style',
      (v) => (v['style'] = 'Anna Schmidt'),
      { field: 'style', code: 'InvalidValue', message: 'must be one of labels, surrogates' },
    ],
    [
      'a bad scope',
      (v) => (v['scope'] = 'forever'),
      { field: 'scope', code: 'InvalidValue', message: 'must be one of conversation, project, none' },
    ],
    [
      'a fractional date shift',
      (v) => (v['dateShiftDays'] = 1.5),
      { field: 'dateShiftDays', code: 'InvalidType', message: 'must be an integer' },
    ],
    [
      'a date shift as text',
      (v) => (v['dateShiftDays'] = '3'),
      { field: 'dateShiftDays', code: 'InvalidType', message: 'must be of type number' },
    ],
    [
      'a bad instant',
      (v) => (v['createdAt'] = 'Anna Schmidt'),
      { field: 'createdAt', code: 'InvalidValue', message: 'must be an ISO 8601 instant' },
    ],
    [
      'an impossible instant',
      (v) => (v['updatedAt'] = '2025-13-40T99:00:00Z'),
      { field: 'updatedAt', code: 'InvalidValue', message: 'must be an ISO 8601 instant' },
    ],
    ['a missing expiry', (v) => delete v['expiresAt'], { field: 'expiresAt', code: 'NotNull', message: 'must not be null' }],
    ['entities not a list', (v) => (v['entities'] = {}), { field: 'entities', code: 'InvalidType', message: 'must be of type Array' }],
    [
      'a bad label',
      (v) => (v['entities'][0].label = 'NAME'),
      { field: 'entities[0].label', code: 'InvalidValue', message: 'must be a known text label' },
    ],
    ['a number of 0', (v) => (v['entities'][1].number = 0), { field: 'entities[1].number', code: 'Min', message: 'must be at least 1' }],
    [
      'a number as text',
      (v) => (v['entities'][0].number = 'one'),
      { field: 'entities[0].number', code: 'InvalidType', message: 'must be of type number' },
    ],
    [
      'an empty placeholder',
      (v) => (v['entities'][0].placeholder = ''),
      { field: 'entities[0].placeholder', code: 'NotBlank', message: 'must not be empty' },
    ],
    [
      'an original not text',
      (v) => (v['entities'][0].original = 7),
      { field: 'entities[0].original', code: 'InvalidType', message: 'must be of type string' },
    ],
    [
      'a form without replacement',
      (v) => delete v['entities'][0].forms[1].replacement,
      { field: 'entities[0].forms[1].replacement', code: 'NotNull', message: 'must not be null' },
    ],
  ];

  it.each(bad)('refuses %s with a 422 naming the field', async (_, edit, error) => {
    const vault = JSON.parse(JSON.stringify(vaultOf())) as Record<string, any>;
    edit(vault);
    const problem = await expectProblem(() => parseVault(vault), {
      status: 422,
      problemCode: 'VALIDATION_FAILED',
      detail: 'The vault is invalid.',
    });
    expect(problem.errors).toEqual([error]);
    expectNoSecrets(problem);
    expect(JSON.stringify(problem)).not.toContain('forever');
  });

  it('refuses what is not an object', async () => {
    expect(await errorsOf(() => parseVault(null))).toEqual([{ field: '$', code: 'NotNull', message: 'must not be null' }]);
    expect(await errorsOf(() => parseVault('Anna Schmidt'))).toEqual([
      { field: '$', code: 'InvalidType', message: 'must be of type Object' },
    ]);
  });
});
