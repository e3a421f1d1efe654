import { defineConfig } from 'vite';

// All the configuration local-anonymizer needs: module workers (its workers import code), and ORT left unbundled in
// dev so that its `new URL('….wasm', import.meta.url)` keeps pointing at its own file.
export default defineConfig({
  worker: { format: 'es' },
  optimizeDeps: { exclude: ['onnxruntime-web'] },
});
