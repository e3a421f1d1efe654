import type { SessionFactory } from '../../inference/session.js';
import { createOrtSessionFactory } from '../../inference/session.js';
import { limitWasmTierUp } from './wasm-tiering.js';

/**
 * Node: `onnxruntime-web` resolves to its `node` build, which loads its WASM from disk next to it (no wasmPaths,
 * nothing fetched). Imported lazily so that creating an engine stays cheap.
 */
export async function nodeSessionFactory(): Promise<SessionFactory> {
  limitWasmTierUp();
  const ort = await import('onnxruntime-web');
  return createOrtSessionFactory(ort, { executionProviders: ['wasm'] });
}
