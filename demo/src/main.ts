// The demo page: six sections behind hash links (#text, #chat, #documents, #projects, #models, #security), each
// mounted when first shown; the document service, pdf.js and the chat round trip load only when a section needs them.
import { recordViolations } from './csp.ts';
import { byId, fill, h, problemOf, problemView } from './dom.ts';
import { state, subscribe } from './state.ts';
import { mountTextPlayground, pageAnonymizer } from './text-playground.ts';

recordViolations();

const VIEWS = ['text', 'chat', 'documents', 'projects', 'models', 'security'] as const;
type View = (typeof VIEWS)[number];
const mounted = new Set<View>();

/** Shows a problem at the top of the page: nothing fails only in the console. */
function pageProblem(err: unknown, context: string): void {
  const box = byId('page-problems');
  const item = h(
    'div',
    { class: 'alert' },
    problemView(problemOf(err), context),
    h('button', { type: 'button', class: 'icon', 'aria-label': 'Dismiss', onClick: () => item.remove() }, '×'),
  );
  box.append(item);
}

async function mount(view: View, root: HTMLElement): Promise<void> {
  switch (view) {
    case 'text':
      mountTextPlayground(root);
      return;
    case 'chat':
      return (await import('./round-trip.ts')).mountRoundTrip(root, pageAnonymizer());
    case 'documents':
      return (await import('./inbox.ts')).mountInbox(root);
    case 'projects':
      return (await import('./projects.ts')).mountProjects(root);
    case 'models':
      return (await import('./models.ts')).mountModels(root);
    case 'security':
      return (await import('./about.ts')).mountAbout(root);
  }
}

function show(): void {
  const hash = location.hash.slice(1);
  const view: View = (VIEWS as readonly string[]).includes(hash) ? (hash as View) : 'text';
  for (const v of VIEWS) {
    byId(`view-${v}`).hidden = v !== view;
    const link = document.querySelector(`nav.tabs a[href="#${v}"]`);
    if (v === view) link?.setAttribute('aria-current', 'page');
    else link?.removeAttribute('aria-current');
  }
  const root = byId(`view-${view}-body`);
  // Security and models describe the moment: rendered again on each visit.
  if (!mounted.has(view) || view === 'security') {
    mounted.add(view);
    mount(view, root).catch((err: unknown) => {
      mounted.delete(view);
      fill(root, problemView(problemOf(err), 'This section could not be shown'));
    });
  }
}

/** The header's facts: threads (cross-origin isolation), offline readiness. */
function environment(): void {
  const threads = globalThis.crossOriginIsolated ? 'multi-threaded' : 'single-threaded';
  const pills = byId('env');
  const offline = h('li', { id: 'env-offline', class: 'pill' }, 'offline cache: not yet');
  fill(
    pills,
    h('li', { class: 'pill ok', title: 'No request leaves this origin' }, 'on this device'),
    h(
      'li',
      {
        class: 'pill',
        title: globalThis.crossOriginIsolated
          ? 'Cross-origin isolated (COOP/COEP): the model workers use several threads'
          : 'Not cross-origin isolated (no COOP/COEP headers): the model workers use one thread, with the same results',
      },
      threads,
    ),
    offline,
  );
  const setOffline = (ready: boolean, text: string) => {
    offline.textContent = text;
    offline.classList.toggle('ok', ready);
    if (ready) document.documentElement.dataset.offlineReady = 'true';
  };
  // Vite's dev server (import.meta.hot) serves no sw.js: the offline cache is a build feature.
  if (import.meta.hot || !('serviceWorker' in navigator)) {
    setOffline(false, 'offline cache: off');
    return;
  }
  let registered = false;
  const register = () => {
    if (registered) return;
    registered = true;
    setOffline(false, 'offline cache: filling …');
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then((registration) => {
        // A failed install (a file could not be cached) makes the worker redundant: say so instead of waiting forever.
        registration.installing?.addEventListener('statechange', (e) => {
          if ((e.target as ServiceWorker).state === 'redundant' && !navigator.serviceWorker.controller) {
            setOffline(false, 'offline cache: failed (reload to retry)');
          }
        });
        return navigator.serviceWorker.ready;
      })
      .then(() => {
        if (navigator.serviceWorker.controller) setOffline(true, 'works offline');
        else navigator.serviceWorker.addEventListener('controllerchange', () => setOffline(true, 'works offline'), { once: true });
      })
      .catch(() => setOffline(false, 'offline cache: unavailable'));
  };
  if (navigator.serviceWorker.controller) {
    // Installed on an earlier visit: check for a new build at once. A new build takes over the cache; this page's
    // code is the old one, so it asks for a reload (its later sections would be missing from the new cache).
    navigator.serviceWorker.addEventListener(
      'controllerchange',
      () => {
        fill(offline, h('button', { type: 'button', class: 'link', onClick: () => location.reload() }, 'new version: reload'));
        offline.classList.remove('ok');
      },
      { once: true },
    );
    register();
    return;
  }
  // First visit: fill the cache after the first text result, so it does not compete with it. Without a text result
  // after 15 s, at once, unless the text model is still starting: on a loaded machine its cold start takes longer,
  // and a precache of 33 MB begun beside it doubled what the first result fetched (docs/measurements.md).
  const unsubscribe = subscribe(() => {
    if (state.ner.status === 'ready' || state.ner.status === 'failed') {
      unsubscribe();
      setTimeout(register, 500);
    }
  });
  setTimeout(() => {
    if (state.ner.status !== 'loading') register();
  }, 15_000);
}

window.addEventListener('error', (e) => {
  if (/ResizeObserver loop/.test(e.message)) return;
  pageProblem(e.error ?? e.message, 'Unexpected error');
});
window.addEventListener('unhandledrejection', (e) => pageProblem(e.reason, 'Unexpected error'));

try {
  byId('boot').remove();
  environment();
  window.addEventListener('hashchange', show);
  show();
  // The text playground runs first (a sample is anonymized at once) even when the page opens on another section.
  if (!mounted.has('text')) {
    mounted.add('text');
    mountTextPlayground(byId('view-text-body'));
  }
} catch (err) {
  pageProblem(err, 'The page could not start');
}
