// The offline demo page (demo/) → dist/demo: static files for any static file server (tools/demo/serve.mjs for
// `npm start`). Same-origin assets only: /vendor/tessdata and /vendor/pdfjs (vite.assets.ts), the repository's models/
// at /models/, a generated /files.json (every file with its size, for the page's Models section) and /sw.js (the
// offline cache, precaching the build).
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type { Plugin } from 'vite';
import { defineConfig } from 'vite';
import { localAssets, vendorUrlsAtRunTime } from './vite.assets.ts';
import { CSP } from './tools/demo/serve.mjs';

const ROOT = import.meta.dirname;
const MODELS = join(ROOT, 'models');
const DIST = join(ROOT, 'dist', 'demo');

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

const MIME: Record<string, string> = { json: 'application/json', md: 'text/markdown; charset=utf-8' };

/**
 * The repository's models/ folder at /models/: the manifest (the Models section reads it) and each model file that the
 * engine's bundle does not already carry. The engine names its files by `new URL(…, import.meta.url)` and Vite
 * emits them under /assets/; a weight the bundle lacks (an engine that finds its models at /models/) is copied, so
 * the demo works either way without shipping the same 3.5 MB twice.
 */
function modelsFolder(): Plugin {
  const files = new Map(walk(MODELS).map((path) => [`models/${relative(MODELS, path).split(sep).join('/')}`, path]));
  return {
    name: 'demo-models',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = files.get((req.url ?? '').split('?')[0]!.slice(1));
        if (!path) return next();
        res.setHeader('Content-Type', MIME[path.split('.').pop()!] ?? 'application/octet-stream');
        res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
        res.end(readFileSync(path));
      });
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const digest = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');
        const bundled = new Set(
          Object.values(bundle)
            .filter((f) => f.type === 'asset')
            .map((f) => digest(f.source)),
        );
        for (const [fileName, path] of files) {
          const source = readFileSync(path);
          const weight = /\.(onnx|json)$/.test(fileName) && fileName !== 'models/manifest.json';
          if (weight && bundled.has(digest(source))) continue;
          this.emitFile({ type: 'asset', fileName, source });
        }
      },
    },
  };
}

/**
 * After the build: `files.json` (every file of dist/demo with its size) and `sw.js` from `demo/sw.js` with the
 * precache list and a version (the hash of the list) filled in.
 */
function offlineManifest(): Plugin {
  let OUT = DIST;
  return {
    name: 'demo-offline-manifest',
    apply: 'build',
    configResolved(config) {
      OUT = resolve(config.root, config.build.outDir);
    },
    writeBundle: {
      order: 'post',
      handler() {
        const files = walk(OUT)
          .map((path) => ({ path: '/' + relative(OUT, path).split(sep).join('/'), bytes: statSync(path).size }))
          .filter((f) => f.path !== '/files.json' && f.path !== '/sw.js')
          .sort((a, b) => a.path.localeCompare(b.path));
        const version = createHash('sha256')
          .update(JSON.stringify(files))
          .update(files.map((f) => (f.path.startsWith('/assets/') ? '' : readFileSync(join(OUT, f.path)).toString('base64'))).join())
          .digest('hex')
          .slice(0, 16);
        writeFileSync(join(OUT, 'files.json'), JSON.stringify({ version, files }, null, 1) + '\n');
        // The WebGPU build of onnxruntime (asyncify) is fetched only where WebGPU is present: cached when used, not upfront.
        const precache = ['/', '/files.json', ...files.map((f) => f.path).filter((p) => p !== '/index.html' && !/asyncify/.test(p))];
        let sw = readFileSync(join(ROOT, 'demo', 'sw.js'), 'utf8');
        for (const [placeholder, value] of [
          ["'__VERSION__'", JSON.stringify(version)],
          ["['__PRECACHE__']", JSON.stringify(precache)],
        ] as const) {
          if (!sw.includes(placeholder)) throw new Error(`demo/sw.js lacks the placeholder ${placeholder}`);
          sw = sw.replace(placeholder, value);
        }
        writeFileSync(join(OUT, 'sw.js'), sw);
      },
    },
  };
}

/** The policy as a meta tag too (a page saved and served elsewhere keeps it); frame-ancestors works only as a header. */
function cspMeta(): Plugin {
  const policy = CSP.split('; ')
    .filter((d) => !d.startsWith('frame-ancestors'))
    .join('; ');
  return {
    name: 'demo-csp-meta',
    // Build only: Vite's dev server injects styles as <style> elements, which style-src 'self' forbids.
    apply: 'build',
    transformIndexHtml: () => [
      { tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: policy }, injectTo: 'head-prepend' },
    ],
  };
}

const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

export default defineConfig({
  root: join(ROOT, 'demo'),
  base: '/',
  publicDir: false,
  plugins: [cspMeta(), localAssets(), vendorUrlsAtRunTime(), modelsFolder(), offlineManifest()],
  worker: { format: 'es', plugins: () => [vendorUrlsAtRunTime()] },
  server: { host: '127.0.0.1', headers: isolation, fs: { allow: [ROOT] } },
  preview: { host: '127.0.0.1', headers: { ...isolation, 'Content-Security-Policy': CSP } },
  // onnxruntime-web ships ready ESM bundles that locate their .wasm themselves; pre-bundling would move them.
  optimizeDeps: { exclude: ['onnxruntime-web'] },
  build: {
    outDir: DIST,
    emptyOutDir: true,
    target: 'es2022',
    // Nothing inlined as data: URLs: every file stays a file (cacheable, visible in files.json).
    assetsInlineLimit: 0,
    // The engine's runtimes (pdf.js worker, tesseract core) are single large files by nature.
    chunkSizeWarningLimit: 4096,
    reportCompressedSize: false,
  },
});
