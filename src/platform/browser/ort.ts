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
 * Browser worker: onnxruntime-web's WASM-only build; its WebGPU build (with the WASM provider as the fallback) only
 * when WebGPU is asked for and an adapter exists. Each bundle names its one .wasm file by `new URL(…,
 * import.meta.url)`, so the app's bundler copies it beside the app and only the build in use is fetched: never a CDN.
 * Two threads only when cross-origin isolated (SharedArrayBuffer), else one.
 */
export async function browserSessionFactory(
  options: { webgpu: boolean },
  nav: GpuNavigator = globalThis.navigator as GpuNavigator,
): Promise<SessionFactory> {
  const threads = globalThis.crossOriginIsolated ? 2 : 1;
  if (options.webgpu && (await hasWebGpuAdapter(nav))) {
    const ort = await import('onnxruntime-web/webgpu');
    ort.env.wasm.numThreads = threads;
    return createOrtSessionFactory(ort, { executionProviders: ['webgpu', 'wasm'] });
  }
  const ort = await import('onnxruntime-web/wasm');
  ort.env.wasm.numThreads = threads;
  return createOrtSessionFactory(ort, { executionProviders: ['wasm'] });
}
