// DOC fixtures: test/fixtures/doc/*.doc, made by LibreOffice from our own synthetic text (tools/doc/fixtures.ts);
// helpers to look into an output the way a reader or a forensic tool would.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import CFB from 'cfb';
import type { ExternalUploadConfig } from '../../../../src/spec/types.js';

/** Canaries: unique strings that must never survive anywhere in an output. */
export const CANARY = {
  name: 'ZQXNAME1',
  mail: 'zq@canary.test',
  /** Document author (summary information) and comment author: metadata, never detected, always removed. */
  author: 'ZQXAUTHOR',
  initials: 'ZQXI',
  reviewer: 'ZQXREVIEWER',
  title: 'ZQXTITLE',
  subject: 'ZQXSUBJECT',
} as const;

/** Rules and the blacklist only: the canary name as PER, e-mail addresses by rule. */
export const CANARY_CONFIG: ExternalUploadConfig = {
  textAnonymization: {
    blacklist: [{ value: CANARY.name, labelName: 'PER' }],
    labelsConfig: [{ name: 'PER' }, { name: 'MAIL' }, { name: 'TEL' }],
  },
  imageAnonymization: { labelsConfig: [] },
};

export const FIXTURES = join(import.meta.dirname, '..', '..', '..', 'fixtures', 'doc');

export function fixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(join(FIXTURES, name)));
}

/** Every stream of a Compound File at any depth, by path. */
export function streamsOf(bytes: Uint8Array): Map<string, Uint8Array> {
  const cfb = CFB.read(bytes, { type: 'buffer' });
  const out = new Map<string, Uint8Array>();
  cfb.FileIndex.forEach((e, i) => {
    if (e.type === 2) out.set(cfb.FullPaths[i]!, Uint8Array.from(e.content ?? []));
  });
  return out;
}

/**
 * The streams (and the raw file) in which `s` occurs, case-insensitively, as 8-bit text or UTF-16LE at either alignment;
 * bytes that are no Compound File are searched as they are.
 */
export function whereFound(bytes: Uint8Array, s: string): string[] {
  const needle = s.toLowerCase();
  const readings = (b: Uint8Array) => {
    const buf = Buffer.from(b);
    return [buf.toString('latin1'), buf.toString('utf16le'), buf.subarray(1).toString('utf16le')].map((t) => t.toLowerCase());
  };
  const isCfb = Buffer.from(bytes.subarray(0, 4)).toString('hex') === 'd0cf11e0';
  const places = [['file', bytes] as const, ...(isCfb ? streamsOf(bytes) : [])];
  return places.filter(([, b]) => readings(b).some((t) => t.includes(needle))).map(([name]) => name);
}

/** Whether `soffice` runs here; tests that need it skip (with a printed reason) where it does not. */
export function hasLibreOffice(): boolean {
  try {
    execFileSync('soffice', ['--version'], { stdio: 'ignore', timeout: 30_000 });
    return true;
  } catch {
    process.stdout.write('skipping LibreOffice checks: soffice is not installed\n');
    return false;
  }
}

/**
 * LibreOffice's plain-text export of each document, converted in one soffice call (it starts slowly); a document it
 * cannot open has no text (undefined).
 */
export function libreOfficeText(docs: Record<string, Uint8Array>): Record<string, string | undefined> {
  const dir = mkdtempSync(join(tmpdir(), 'doc-text-'));
  try {
    const files = Object.entries(docs).map(([name, bytes]) => {
      writeFileSync(join(dir, `${name}.doc`), bytes);
      return join(dir, `${name}.doc`);
    });
    execFileSync(
      'soffice',
      [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--convert-to', 'txt:Text', '--outdir', join(dir, 'txt'), ...files],
      {
        stdio: 'ignore',
        timeout: 60_000,
      },
    );
    return Object.fromEntries(
      Object.keys(docs).map((name) => {
        try {
          return [name, readFileSync(join(dir, 'txt', `${name}.txt`), 'utf8')];
        } catch {
          return [name, undefined];
        }
      }),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
