import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { frontDecode, NAMES } from '../../../../src/detection/lexicons/front-coding.js';
import { readLexicons } from '../../../../src/detection/lexicons/load.js';
import type { LexiconManifest } from '../../../../src/detection/lexicons/manifest.js';
import { LEXICON_ENCODINGS, LEXICON_IDS, lexiconFileName } from '../../../../src/detection/lexicons/manifest.js';
import { parseSurrogateLists } from '../../../../src/detection/lexicons/surrogate-lists.js';
import { AnonymizerError } from '../../../../src/errors/problem.js';
import { nodeShippedDir } from '../../../../src/platform/node/assets.js';
import { nodeLexicons } from '../../../../src/platform/node/lexicons.js';

const DIR = nodeShippedDir('lexicons');
const manifest = (): LexiconManifest => JSON.parse(readFileSync(join(DIR, 'manifest.json'), 'utf8')) as LexiconManifest;
const readFromDisk = async (path: string) => new Uint8Array(readFileSync(join(DIR, path)));

describe('the shipped word lists (lexicons/)', () => {
  it('are named in the manifest with their size, licence, source and builder, and nothing else is in the folder', () => {
    const m = manifest();
    expect(m.lexicons.map((e) => e.id).sort()).toEqual([...LEXICON_IDS].sort());
    for (const e of m.lexicons) {
      expect(statSync(join(DIR, e.path)).size, e.id).toBe(e.bytes);
      expect(e.encoding, e.id).toBe(LEXICON_ENCODINGS[e.id]);
      expect(e.license.length, e.id).toBeGreaterThanOrEqual(3);
      expect(e.source.length, e.id).toBeGreaterThan(20);
      expect(statSync(join(DIR, '..', e.builder)).isFile(), e.builder).toBe(true);
    }
    expect(readdirSync(DIR).sort()).toEqual(['manifest.json', 'README.md', ...m.lexicons.map((e) => e.path)].sort());
  });

  it('load in Node, each checked against its hash', async () => {
    const texts = await nodeLexicons();
    expect(Object.keys(texts).sort()).toEqual([...LEXICON_IDS].sort());
    expect(frontDecode(texts['first-names'].trimEnd(), NAMES)).toContain('Grzegorz');
    expect(frontDecode(texts.places.trimEnd(), NAMES)).toContain('Wuppertal');
    expect(parseSurrogateLists(texts.surrogates).de.towns).toContain('Lingen');
  });

  it('name each file <id>.txt, or <id>.json for a JSON list (the browser and assetsBaseUrl fetch them by that name)', () => {
    for (const e of manifest().lexicons) expect(e.path, e.id).toBe(lexiconFileName(e.id));
    expect(lexiconFileName('surrogates')).toBe('surrogates.json');
    expect(lexiconFileName('places')).toBe('places.txt');
  });

  it('hold the surrogate lists as plain ASCII, every list present, no entry twice', () => {
    const text = readFileSync(join(DIR, 'surrogates.json'), 'utf8');
    expect(/^[\x0a\x20-\x7e]*$/u.test(text)).toBe(true);
    const lists = parseSurrogateLists(text);
    for (const locale of ['de', 'en'] as const) {
      for (const [key, list] of Object.entries(lists[locale])) {
        expect(new Set(list).size, `${locale}.${key}`).toBe(list.length);
        expect(list.length, `${locale}.${key}`).toBeGreaterThan(5);
      }
    }
    expect(() => parseSurrogateLists('{"de": {}}')).toThrow('de.givenFemale is missing');
  });

  it('fail closed with a 500 when a file does not match its hash, naming the list and not its content', async () => {
    const changed = async (path: string) => {
      const bytes = await readFromDisk(path);
      return path === 'places.txt' ? new TextEncoder().encode(`\u000eNowhere${new TextDecoder().decode(bytes)}`) : bytes;
    };
    const err = await readLexicons(manifest(), changed).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AnonymizerError);
    expect((err as AnonymizerError).problem).toMatchObject({ status: 500, detail: 'The word list places does not match its sha256.' });
  });

  it('refuse a manifest that lacks a list, its hash or its encoding', async () => {
    const m = manifest();
    await expect(readLexicons({ lexicons: m.lexicons.filter((e) => e.id !== 'german-nouns') }, readFromDisk)).rejects.toThrow(
      'lacks a well-formed entry for german-nouns',
    );
    const noHash = m.lexicons.map((e) => (e.id === 'places' ? { ...e, sha256: 'abc' } : e));
    await expect(readLexicons({ lexicons: noHash }, readFromDisk)).rejects.toThrow('lacks a well-formed entry for places');
    const otherCoding = m.lexicons.map((e) => (e.id === 'places' ? { ...e, encoding: 'front-coded' as const } : e));
    await expect(readLexicons({ lexicons: otherCoding }, readFromDisk)).rejects.toThrow('lacks a well-formed entry for places');
  });
});

describe('the word-list store', () => {
  /** The store's module afresh: nothing provided, nothing loaded. */
  async function freshStore() {
    vi.resetModules();
    return import('../../../../src/detection/lexicons/store.js');
  }

  it('answers no rule before the lists are loaded, and rejects a load nobody provided', async () => {
    const store = await freshStore();
    expect(() => store.firstNames()).toThrow('not loaded yet');
    await expect(store.ensureLexicons()).rejects.toThrow('No word lists were provided');
  });

  it('loads once for every caller, and tries again after a failed load', async () => {
    const store = await freshStore();
    let calls = 0;
    let fail = true;
    store.provideLexicons(async () => {
      calls++;
      if (fail) throw new Error('offline');
      return nodeLexicons();
    });
    await expect(store.ensureLexicons()).rejects.toThrow('offline');
    fail = false;
    await Promise.all([store.ensureLexicons(), store.ensureLexicons()]);
    await store.ensureLexicons();
    expect(calls).toBe(2);
    expect(store.firstNames().has('Anna')).toBe(true);
    expect(store.commonWordsDe().has('praxis')).toBe(true);
    expect(store.compoundSurnames().has('Baumgarten')).toBe(true);
    expect(store.surrogateLists().en.givenFemale).toContain('Emily');
    expect(store.surrogateLists()).toBe(store.surrogateLists());
  });
});
