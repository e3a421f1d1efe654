// Lint: the layers of docs/architecture.md as rules. A folder imports only folders of lower layers; no file cycles;
// Node built-ins only where Node is the platform; the core imports no I/O library; around src/, tools, tests and the
// demo have no cycles and tools never import tests. Formatting is Prettier's.
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

/** Bottom to top. A folder may import its own layer's folder and the layers below, never a sibling or a layer above. */
const LAYERS = [
  ['spec', 'bytes', 'util'],
  ['errors', 'text', 'dates'],
  ['validation', 'detection', 'replacement'],
  ['inference', 'entities', 'roundtrip'],
  ['documents'],
  ['engine', 'store'],
  ['jobs', 'sessions'],
  ['service'],
  ['http'],
  ['platform/node', 'platform/browser'],
  ['cli'],
];
const CORE = ['spec', 'bytes', 'errors', 'text', 'dates', 'validation', 'detection', 'replacement'];
const IO_LIBRARIES = [
  'idb',
  'onnxruntime-web',
  'onnxruntime-web/*',
  'pdfjs-dist',
  'pdfjs-dist/*',
  'pdf-lib',
  'tesseract.js',
  'fake-indexeddb',
  'fake-indexeddb/*',
  '@napi-rs/*',
];

const dir = (folder) => `./src/${folder}`;
/** The top: the package's entry points and the worker entry points, which nothing in the layers imports. */
const TOP = ['./src/index.ts', './src/node.ts', './src/browser.ts', './workers'];
const zones = LAYERS.flatMap((layer, i) =>
  layer.map((folder) => ({
    target: dir(folder),
    from: [...[...LAYERS.slice(i + 1).flat(), ...layer.filter((f) => f !== folder)].map(dir), ...TOP],
    message: `src/${folder} is in layer ${i + 1}: it imports only lower layers (docs/architecture.md).`,
  })),
);

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'artifacts/**',
      '.eval/**',
      '.train/**',
      'coverage/**',
      'test/fixtures/**',
      'test/browser/fixtures/**',
    ],
  },
  {
    files: ['src/**/*.ts', 'workers/**/*.ts'],
    extends: [tseslint.configs.base],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      // Without these the plugin does not parse the imported .ts files, and cycles through them go unseen.
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones }],
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*'], message: 'Node built-ins live in src/platform/node (or the CLI).' }] },
      ],
    },
  },
  {
    files: ['src/platform/node/**/*.ts', 'src/cli/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The ring around src/: tools, tests and the demo have no import cycles, and tools never import tests (what both
    // use lives in tools/: tests may import tools).
    files: ['tools/**/*.ts', 'tools/**/*.mjs', 'test/**/*.ts', 'demo/**/*.ts'],
    extends: [tseslint.configs.base],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      'import-x/extensions': ['.ts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['tools/**/*.ts', 'tools/**/*.mjs'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/test/**'], message: 'Tools never import tests: shared helpers live in tools/.' }] },
      ],
    },
  },
  {
    files: CORE.map((f) => `src/${f}/**/*.ts`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', ...IO_LIBRARIES],
              message: 'The core (spec, errors, text, dates, validation, detection, replacement) does no I/O.',
            },
          ],
        },
      ],
    },
  },
  prettier,
);
