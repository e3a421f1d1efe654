// 4. Models: what /models/manifest.json lists, where each file is served from, its size, whether it is loaded or
// cached; and every other file the engine may load (runtimes, OCR data, pdf.js), from the build's files.json.
import { fill, formatBytes, h, problemOf, problemView } from './dom.ts';
import { state, subscribe } from './state.ts';

interface ManifestFile {
  path: string;
  sha256: string;
  bytes: number;
}
interface ManifestModel {
  id: string;
  task: string;
  files: ManifestFile[];
  license?: string;
  source?: string;
}
interface BuildFiles {
  version: string;
  files: Array<{ path: string; bytes: number }>;
}

/** The engine's model cache (inference/model-source.ts MODEL_CACHE): the text model is kept there after its first load. */
const MODEL_CACHE = 'local-anonymizer-models-v1';

const GROUPS: Array<{ name: string; when: string; test: (p: string) => boolean }> = [
  { name: 'Text model (NER)', when: 'first text with PER, LOC or ORG', test: (p) => p.startsWith('/models/ner/') },
  { name: 'Face models (BlazeFace)', when: 'first image', test: (p) => /face_detection|^\/models\/face\//.test(p) },
  {
    name: 'ONNX Runtime (WebAssembly)',
    when: 'first model run; the WebGPU build only when asked for (ner.webgpu) where WebGPU is present',
    test: (p) => /\/ort[-.]/.test(p),
  },
  { name: 'Tesseract OCR + deu/eng data', when: 'first image', test: (p) => /tesseract|\/worker\.min|tessdata/.test(p) },
  { name: 'pdf.js + fonts, CMaps, decoders', when: 'first PDF', test: (p) => /pdf\.worker|\/vendor\/pdfjs\/|\/pdf-|pdfjs/.test(p) },
  { name: 'Page, engine and workers', when: 'page load (workers on first use)', test: () => true },
];

async function json<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return (await res.json()) as T;
}

async function cachedModelFiles(): Promise<Set<string>> {
  try {
    if (!(await caches.has(MODEL_CACHE))) return new Set();
    const cache = await caches.open(MODEL_CACHE);
    return new Set((await cache.keys()).map((r) => new URL(r.url).pathname));
  } catch {
    return new Set();
  }
}

function nerState(): HTMLElement {
  const ner = state.ner;
  switch (ner.status) {
    case 'idle':
      return h('span', { class: 'badge' }, 'not loaded yet');
    case 'loading':
      return h(
        'span',
        null,
        h('span', { class: 'badge busy' }, 'loading'),
        ' ',
        h('progress', { max: ner.total || 1, value: ner.loaded, 'aria-label': 'Text model download' }),
        ner.total > 0 ? ` ${formatBytes(ner.loaded)} of ${formatBytes(ner.total)}` : '',
      );
    case 'ready':
      return h(
        'span',
        null,
        h('span', { class: 'badge ok' }, 'loaded'),
        ner.firstResultMs !== undefined ? ` first result ${(ner.firstResultMs / 1000).toFixed(1)} s after page start` : '',
      );
    case 'failed':
      return h('span', null, h('span', { class: 'badge bad' }, 'failed'), ' ', ner.problem?.detail ?? '');
  }
}

function faceState(): HTMLElement {
  const n = state.documents.images;
  return n
    ? h('span', null, h('span', { class: 'badge ok' }, 'loaded'), ` in the jobs worker (${n} ${n === 1 ? 'image' : 'images'} so far)`)
    : h('span', { class: 'badge' }, 'loads with the first image');
}

export async function mountModels(root: HTMLElement): Promise<void> {
  fill(root, h('p', { class: 'muted card' }, 'Reading /models/manifest.json …'));
  let manifest: { models: ManifestModel[] };
  let build: BuildFiles | null;
  try {
    [manifest, build] = await Promise.all([
      json<{ models: ManifestModel[] }>('/models/manifest.json'),
      json<BuildFiles>('/files.json').catch(() => null),
    ]);
  } catch (err) {
    fill(root, problemView(problemOf(err), 'The model list could not be read'));
    return;
  }
  const served = build?.files ?? [];
  /** Where a manifest file is served from: the bundler's copy in /assets/ when there is one, else /models/. */
  const whereFrom = (path: string): string => {
    const base = path
      .split('/')
      .pop()!
      .replace(/\.[^.]+$/, '');
    const bundled = served.find((f) => f.path.startsWith('/assets/') && f.path.split('/').pop()!.startsWith(`${base}-`));
    return bundled?.path ?? `/models/${path}`;
  };

  const modelsBox = h('div');
  const renderModels = async () => {
    const cached = await cachedModelFiles();
    fill(
      modelsBox,
      [...manifest.models]
        .sort((a, b) => Number(b.task === 'token-classification') - Number(a.task === 'token-classification'))
        .map((m) => {
          const total = m.files.reduce((a, f) => a + f.bytes, 0);
          const isNer = m.task === 'token-classification';
          return h(
            'article',
            { class: 'card model', 'aria-labelledby': `model-${m.id}` },
            h(
              'div',
              { class: 'row between wrap' },
              h('h3', { id: `model-${m.id}` }, m.id, h('span', { class: 'muted' }, ` · ${m.task}`)),
              isNer ? nerState() : faceState(),
            ),
            h(
              'p',
              { class: 'small' },
              h('strong', null, formatBytes(total)),
              ` in ${m.files.length} files · runs in ${isNer ? 'a worker of this page (text) and of the jobs worker (documents)' : 'the jobs worker'}`,
            ),
            h(
              'div',
              { class: 'table-wrap' },
              h(
                'table',
                { class: 'data compact' },
                h(
                  'thead',
                  null,
                  h(
                    'tr',
                    null,
                    ['File', 'Served from (this origin)', 'Size', 'SHA-256'].map((c) => h('th', { scope: 'col' }, c)),
                  ),
                ),
                h(
                  'tbody',
                  null,
                  m.files.map((f) => {
                    const from = whereFrom(f.path);
                    return h(
                      'tr',
                      null,
                      h('td', null, f.path),
                      h(
                        'td',
                        { class: 'wrap-anywhere' },
                        h('code', null, from),
                        cached.has(from) ? [' ', h('span', { class: 'badge ok' }, 'cached')] : null,
                      ),
                      h('td', { class: 'num' }, formatBytes(f.bytes)),
                      h('td', null, h('code', { class: 'hash', title: f.sha256 }, `${f.sha256.slice(0, 12)}…`)),
                    );
                  }),
                ),
              ),
            ),
            m.license ? h('p', { class: 'muted small' }, 'License: ', m.license) : null,
            m.source ? h('p', { class: 'muted small' }, 'Source: ', m.source) : null,
          );
        }),
    );
  };

  const groups = GROUPS.map((g) => ({ ...g, files: [] as Array<{ path: string; bytes: number }> }));
  for (const f of served) groups.find((g) => g.test(f.path))!.files.push(f);
  const total = served.reduce((a, f) => a + f.bytes, 0);
  const runtime = h(
    'section',
    { class: 'card', 'aria-labelledby': 'runtime-h' },
    h('h3', { id: 'runtime-h' }, 'Everything this page can load'),
    h(
      'p',
      { class: 'muted small' },
      'All of it from this origin, each part only when it is first needed. The offline cache (a Service Worker) keeps a copy once the first text is done.',
    ),
    build
      ? h(
          'div',
          { class: 'table-wrap' },
          h(
            'table',
            { class: 'data' },
            h(
              'thead',
              null,
              h(
                'tr',
                null,
                ['Part', 'Loaded on', 'Files', 'Size'].map((c) => h('th', { scope: 'col' }, c)),
              ),
            ),
            h(
              'tbody',
              null,
              groups.map((g) =>
                h(
                  'tr',
                  null,
                  h(
                    'td',
                    null,
                    h(
                      'details',
                      null,
                      h('summary', null, g.name),
                      h(
                        'ul',
                        { class: 'files' },
                        [...g.files]
                          .sort((a, b) => b.bytes - a.bytes)
                          .slice(0, 12)
                          .map((f) => h('li', null, h('code', null, f.path), ` ${formatBytes(f.bytes)}`)),
                        g.files.length > 12 ? h('li', { class: 'muted' }, `and ${g.files.length - 12} more`) : null,
                      ),
                    ),
                  ),
                  h('td', { class: 'muted' }, g.when),
                  h('td', { class: 'num' }, String(g.files.length)),
                  h('td', { class: 'num' }, formatBytes(g.files.reduce((a, f) => a + f.bytes, 0))),
                ),
              ),
            ),
            h(
              'tfoot',
              null,
              h(
                'tr',
                null,
                h('th', { scope: 'row', colspan: 2 }, 'Total'),
                h('td', { class: 'num' }, String(served.length)),
                h('td', { class: 'num' }, formatBytes(total)),
              ),
            ),
          ),
        )
      : h('p', { class: 'muted' }, 'files.json is missing (a development server): sizes of the runtimes are not known.'),
  );

  fill(root, modelsBox, runtime);
  await renderModels();
  let pending = false;
  subscribe(() => {
    if (pending || !root.isConnected) return;
    pending = true;
    setTimeout(() => {
      pending = false;
      void renderModels();
    }, 250);
  });
}
