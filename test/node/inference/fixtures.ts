import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { NerModelFiles } from '../../../src/inference/model-source.js';
import { createTokenizer } from '../../../src/inference/tokenizer.js';

/** The tiny models of test/fixtures/models (made by make-tiny-ner.py). */
export const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures', 'models');
export const TINY = join(FIXTURES, 'tiny-ner');
export const TINY_BERT = join(FIXTURES, 'tiny-ner-bert');
export const TINY_GAZ = join(FIXTURES, 'tiny-ner-gaz');

export function dirUrl(dir: string): string {
  return `${pathToFileURL(dir).href}/`;
}

export function modelFiles(dir: string): NerModelFiles & { config: Uint8Array; tokenizer: Uint8Array; model: Uint8Array } {
  const read = (name: string) => new Uint8Array(readFileSync(join(dir, name)));
  return { config: read('config.json'), tokenizer: read('tokenizer.json'), model: read('model.onnx') };
}

export function tokenizerOf(dir: string) {
  return createTokenizer(JSON.parse(readFileSync(join(dir, 'tokenizer.json'), 'utf8')));
}

/** The manifest's recorded hash of one fixture file. */
export function fixtureSha(path: string): string {
  const manifest = JSON.parse(readFileSync(join(FIXTURES, 'manifest.json'), 'utf8')) as {
    models: Array<{ files: Array<{ path: string; sha256: string }> }>;
  };
  return manifest.models.flatMap((m) => m.files).find((f) => f.path === path)!.sha256;
}
