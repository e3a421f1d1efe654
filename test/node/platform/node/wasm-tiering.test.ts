import { describe, expect, it } from 'vitest';
import { WASM_TIERING_FLAG, wasmTieringFlag } from '../../../../src/platform/node/wasm-tiering.js';

describe('WebAssembly tiering budget of the Node platform', () => {
  it('is set when the process has no say of its own', () => {
    expect(wasmTieringFlag([], undefined)).toBe(WASM_TIERING_FLAG);
    expect(wasmTieringFlag(['--import', 'tsx', '--max-old-space-size=4096'], '--enable-source-maps')).toBe(WASM_TIERING_FLAG);
  });

  it('leaves a process started with its own tiering flags as it is (command line or NODE_OPTIONS)', () => {
    expect(wasmTieringFlag(['--liftoff-only'], undefined)).toBeNull();
    expect(wasmTieringFlag([], '--enable-source-maps --wasm-tiering-budget=5000')).toBeNull();
    expect(wasmTieringFlag(['--no-wasm-dynamic-tiering'], '')).toBeNull();
  });
});
