import wasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.wasm?url';
import mjsUrl from 'onnxruntime-web/ort-wasm-simd-threaded.mjs?url';
import gpuWasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url';
import gpuMjsUrl from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.mjs?url';
import type { SessionFactory } from '../../inference/session.js';
import { createOrtSessionFactory } from '../../inference/session.js';

interface GpuNavigator {
  gpu?: { requestAdapter(): Promise<unknown> };
}

/** Whether this browser offers a WebGPU adapter (`navigator.gpu` exists but has no adapter with `--disable-gpu`). */
export async function hasWebGpuAdapter(nav: GpuNavigator = globalThis.navigator as GpuNavigator): Promise<boolean> {
  try {
    return (await nav?.gpu?.requestAdapter()) != null;
  } catch {
    return false;
  }
}

/**
 * Browser worker: onnxruntime-web's WebGPU build when an adapter exists (its WASM provider as the fallback), else
 * the WASM-only build. Both load their WASM from explicit same-origin files bundled by Vite (`?url`): never a CDN.
 * Two threads only when cross-origin isolated (SharedArrayBuffer), else one.
 */
export async function browserSessionFactory(): Promise<SessionFactory> {
  const threads = globalThis.crossOriginIsolated ? 2 : 1;
  if (await hasWebGpuAdapter()) {
    const ort = await import('onnxruntime-web/webgpu');
    ort.env.wasm.wasmPaths = { wasm: gpuWasmUrl, mjs: gpuMjsUrl };
    ort.env.wasm.numThreads = threads;
    return createOrtSessionFactory(ort, { executionProviders: ['webgpu', 'wasm'] });
  }
  const ort = await import('onnxruntime-web/wasm');
  ort.env.wasm.wasmPaths = { wasm: wasmUrl, mjs: mjsUrl };
  ort.env.wasm.numThreads = threads;
  return createOrtSessionFactory(ort, { executionProviders: ['wasm'] });
}
