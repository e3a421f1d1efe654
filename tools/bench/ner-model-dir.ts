/**
 * Node side of the NER benches: which model directory to bench, and the directory layout transformers.js expects
 * (config.json, tokenizer.json, tokenizer_config.json, onnx/model.onnx) built from it in os.tmpdir().
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { peerConfig, peerTokenizerConfig } from './ner-common.js';

export const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const fixturesDir = join(projectRoot, 'tools', 'bench', 'fixtures');
const SHIPPED = join(projectRoot, 'models', 'ner');
const FALLBACK = join(projectRoot, 'test', 'fixtures', 'models', 'tiny-ner');
const FILES = ['config.json', 'tokenizer.json', 'model.onnx'] as const;

/** `--name value` from argv. */
export function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

export function argNumber(name: string, fallback: number): number {
  const v = Number.parseInt(argValue(name) ?? '', 10);
  return v > 0 ? v : fallback;
}

function complete(dir: string): boolean {
  return FILES.every((f) => existsSync(join(dir, f)));
}

/** The model under test: `--model DIR`, else models/ner, else the tiny fixture model (with a printed note). */
export function benchModelDir(log: (line: string) => void): { dir: string; fallback: boolean } {
  const given = argValue('--model');
  if (given !== undefined) {
    const dir = resolve(given);
    if (!complete(dir)) throw new Error(`--model ${given}: needs ${FILES.join(', ')}`);
    return { dir, fallback: false };
  }
  if (complete(SHIPPED)) return { dir: SHIPPED, fallback: false };
  log(`note: ${relative(projectRoot, SHIPPED)}/ has no model yet; benching the fixture ${relative(projectRoot, FALLBACK)}/ instead`);
  log(`      (a 10 kB toy: its numbers say little about the shipped model; pass --model DIR for another one)`);
  return { dir: FALLBACK, fallback: true };
}

/**
 * Subwords per piece for the transformers.js peer: the model's maximum input without its special tokens, what its
 * pipeline takes without truncating (it has no windowing of its own). Ours runs its own windows, which may be smaller.
 */
export function peerPieceTokens(dir: string): number {
  const config = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as { max_position_embeddings?: number };
  return (config.max_position_embeddings ?? 512) - 2;
}

/** Size of the model's files and its tag count, for the header. */
export function describeModel(dir: string): string {
  const bytes = FILES.reduce((n, f) => n + statSync(join(dir, f)).size, 0);
  const config = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as { id2label?: object; model_type?: string };
  return `${relative(projectRoot, dir) || dir}: ${(statSync(join(dir, 'model.onnx')).size / 1e6).toFixed(2)} MB model.onnx, ${(bytes / 1e6).toFixed(2)} MB in all, ${Object.keys(config.id2label ?? {}).length} tags, model_type ${config.model_type ?? '-'}`;
}

/**
 * A temp directory `<tmp>/<name>/` in transformers.js's layout, pointing at the model's files: symlinks where
 * possible (copies otherwise); config.json is rewritten only if it lacks model_type, tokenizer_config.json is made
 * from tokenizer.json's special tokens unless the model has one. Returns the parent (transformers.js's
 * `localModelPath`), the model name under it, and a cleanup.
 */
export function peerModelLayout(dir: string, name = 'bench-model'): { root: string; name: string; notes: string[]; cleanup: () => void } {
  const root = mkdtempSync(join(tmpdir(), 'ner-bench-peer-'));
  const target = join(root, name);
  mkdirSync(join(target, 'onnx'), { recursive: true });
  const notes: string[] = [];
  const link = (from: string, to: string) => {
    try {
      symlinkSync(from, to);
    } catch {
      copyFileSync(from, to);
    }
  };
  const config = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as unknown;
  const { config: cfg, patched } = peerConfig(config);
  if (patched) {
    writeFileSync(join(target, 'config.json'), JSON.stringify(cfg));
    notes.push('config.json without model_type: given model_type "bert" for transformers.js');
  } else link(join(dir, 'config.json'), join(target, 'config.json'));
  link(join(dir, 'tokenizer.json'), join(target, 'tokenizer.json'));
  if (existsSync(join(dir, 'tokenizer_config.json'))) link(join(dir, 'tokenizer_config.json'), join(target, 'tokenizer_config.json'));
  else {
    const tc = peerTokenizerConfig(JSON.parse(readFileSync(join(dir, 'tokenizer.json'), 'utf8')), config);
    writeFileSync(join(target, 'tokenizer_config.json'), JSON.stringify(tc));
    notes.push(`tokenizer_config.json made from tokenizer.json: ${JSON.stringify(tc)}`);
  }
  link(join(dir, 'model.onnx'), join(target, 'onnx', 'model.onnx'));
  return { root, name, notes, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

export function readFixture(name: string): string {
  return readFileSync(join(fixturesDir, `${name}.txt`), 'utf8');
}
