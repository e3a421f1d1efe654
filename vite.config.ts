import { defineConfig } from 'vitest/config';
import { playwright } from '@vitest/browser-playwright';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';
import { localAssets } from './vite.assets.ts';
import { setOffline } from './test/browser/commands.ts';

/**
 * Per test and per hook. On a 2-core machine shared with other work, a CLI test's child process (tsx, the whole
 * source) took 7-10 s instead of 1.7 s, and 17 tests hit the former 30 s (docs/measurements.md): the limit is there to
 * end a hang, so it is sized for a loaded machine, not a quiet one.
 */
const LOADED_TIMEOUT = 120_000;

export default defineConfig({
  // Same-origin OCR language data (/vendor/tessdata/*), see vite.assets.ts.
  plugins: [localAssets()],
  server: {
    // The browser tests read sample images from the shared corpus beside the project (commands.readFile).
    fs: { allow: ['.', '../shared/corpus'] },
    // Cross-origin isolation gives workers SharedArrayBuffer (ORT threads).
    headers: {
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
      // workers/service.worker.ts serves /external/v1/ for the whole origin.
      'Service-Worker-Allowed': '/',
    },
  },
  worker: { format: 'es' },
  // Pre-bundled at server start (found late, in workers, they would make Vite reload a running test); onnxruntime-web
  // ships ready ESM bundles and is served as is.
  optimizeDeps: {
    include: ['comlink', '@huggingface/tokenizers', 'tesseract.js', 'idb', 'pdfjs-dist', 'pdf-lib', 'fflate'],
    exclude: ['onnxruntime-web'],
  },
  test: {
    // The JSON report lets .ci/run print its own 'N passed, N failed' line.
    reporters: ['default', 'json'],
    outputFile: { json: 'artifacts/vitest.json' },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/node/**/*.test.ts'],
          setupFiles: ['test/node/setup.ts'],
          testTimeout: LOADED_TIMEOUT,
          hookTimeout: LOADED_TIMEOUT,
          // One line when ../shared is missing (the corpus tests then skip).
          globalSetup: ['test/helpers/shared-folder.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          testTimeout: LOADED_TIMEOUT,
          hookTimeout: LOADED_TIMEOUT,
          globalSetup: ['test/helpers/shared-folder.ts'],
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            provider: playwright({
              launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
            }),
            instances: [{ browser: 'chromium' }],
            commands: { setOffline },
          },
        },
      },
    ],
  },
});
