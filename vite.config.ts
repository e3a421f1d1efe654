import { defineConfig } from 'vitest/config';
import { playwright } from '@vitest/browser-playwright';
import { localAssets } from './vite.assets.ts';

/** Debian's chromium, started the way this closed network needs (no background connections, no sandbox as root). */
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

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
    },
  },
  worker: { format: 'es' },
  // Pre-bundled at server start (found late, in workers, they would make Vite reload a running test); onnxruntime-web
  // ships ready ESM bundles and is served as is.
  optimizeDeps: { include: ['comlink', '@huggingface/tokenizers', 'tesseract.js'], exclude: ['onnxruntime-web'] },
  test: {
    // The JSON report lets .ci/run print its own 'N passed, N failed' line.
    reporters: ['default', 'json'],
    outputFile: { json: 'artifacts/vitest.json' },
    projects: [
      {
        extends: true,
        test: { name: 'node', environment: 'node', include: ['test/node/**/*.test.ts'], testTimeout: 30_000 },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          testTimeout: 30_000,
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            provider: playwright({
              launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
