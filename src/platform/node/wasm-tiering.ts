import { setFlagsFromString } from 'node:v8';

/**
 * V8 tiers a WebAssembly function up from its baseline code to optimised code once it has run for a budget of about
 * 1.8 MB of code. onnxruntime's 14 MB module runs thousands of functions past that budget while a session is created
 * and warmed up, and their optimised code stays: ~300 MB RSS for a 2.4 MB model, where a budget of 10⁹ keeps ~140 MB
 * at the same steady speed (the hot kernels still tier up; docs/measurements.md). tesseract's module gains the same.
 */
export const WASM_TIERING_FLAG = '--wasm-tiering-budget=1000000000';

/** The flag to set, or null when the process was started with its own say on WebAssembly tiering. */
export function wasmTieringFlag(execArgv: readonly string[], nodeOptions: string | undefined): string | null {
  const own = [...execArgv, ...(nodeOptions ?? '').split(/\s+/)];
  return own.some((a) => /^--(?:wasm-tiering-budget|liftoff-only|no-liftoff|wasm-dynamic-tiering|no-wasm-dynamic-tiering)\b/.test(a))
    ? null
    : WASM_TIERING_FLAG;
}

let applied = false;

/**
 * Sets the tiering budget for this process before a model or OCR module is compiled (a module compiled earlier keeps
 * its tiering). Once per process; a process started with its own WebAssembly tiering flags keeps them.
 */
export function limitWasmTierUp(): void {
  if (applied) return;
  applied = true;
  const flag = wasmTieringFlag(process.execArgv, process.env['NODE_OPTIONS']);
  if (flag) setFlagsFromString(flag);
}
