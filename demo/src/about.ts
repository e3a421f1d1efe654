// 5. Security and privacy: the page's Content-Security-Policy and why each source is there, what it blocked, which
// origins it contacted, where data is stored, and a button that removes all of it.
import { violations } from './csp.ts';
import { announce, fill, formatBytes, h, problemOf, problemView } from './dom.ts';

const WHY: Record<string, string> = {
  'default-src': 'Anything not named below: this origin only.',
  'script-src':
    "Scripts from this origin only. 'wasm-unsafe-eval' lets WebAssembly compile (ONNX Runtime, tesseract, pdf.js decoders); no eval of JavaScript.",
  'worker-src': 'Workers from this origin only: the text model, the jobs, faces, OCR, pdf.js and the offline cache.',
  'connect-src': 'fetch() only to this origin: models, OCR language data, pdf.js data.',
  'img-src': 'Images from this origin and blob: (your documents, shown from memory).',
  'style-src': 'This stylesheet only: no inline styles, no web fonts.',
  'font-src': 'No font is downloaded; system fonts only.',
  'object-src': 'No plugins.',
  'base-uri': 'No <base> element can redirect relative URLs.',
  'form-action': 'No form submits anywhere.',
  'frame-ancestors': 'Nobody may frame this page (sent as a header only).',
};

async function deleteEverything(button: HTMLButtonElement, out: HTMLElement): Promise<void> {
  button.disabled = true;
  try {
    const { documentService } = await import('./service.ts');
    await (await documentService()).close();
    // The documents' database and the chat round trip's vaults (round-trip/vault-keeper.ts).
    for (const name of ['local-anonymizer', 'local-anonymizer-vaults']) {
      await new Promise<void>((resolve, reject) => {
        const req = indexedDB.deleteDatabase(name);
        req.onsuccess = () => resolve();
        req.onerror = () => reject(req.error ?? new Error('IndexedDB could not be deleted'));
        req.onblocked = () => resolve();
      });
    }
    for (const key of await caches.keys()) await caches.delete(key);
    for (const reg of (await navigator.serviceWorker?.getRegistrations()) ?? []) await reg.unregister();
    localStorage.clear();
    announce('Everything deleted; reloading');
    location.reload();
  } catch (err) {
    button.disabled = false;
    fill(out, problemView(problemOf(err), 'Not everything could be deleted'));
  }
}

export async function mountAbout(root: HTMLElement): Promise<void> {
  const meta = document.querySelector<HTMLMetaElement>('meta[http-equiv="Content-Security-Policy"]')?.content ?? '';
  const directives = meta
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean)
    .map((d) => {
      const [name, ...values] = d.split(/\s+/);
      return { name: name!, values: values.join(' ') };
    });
  const origins = new Set(performance.getEntriesByType('resource').map((e) => new URL(e.name).origin));
  origins.add(location.origin);
  const estimate = await navigator.storage?.estimate?.().catch(() => undefined);
  const out = h('div');
  const del = h(
    'button',
    { type: 'button', class: 'danger', onClick: () => void deleteEverything(del, out) },
    'Delete everything this page stored',
  );

  fill(
    root,
    h(
      'section',
      { class: 'card', 'aria-labelledby': 'csp-h' },
      h('h3', { id: 'csp-h' }, 'Content-Security-Policy'),
      meta
        ? h(
            'div',
            { class: 'table-wrap' },
            h(
              'table',
              { class: 'data' },
              h(
                'tbody',
                null,
                directives.map((d) =>
                  h(
                    'tr',
                    null,
                    h('th', { scope: 'row', class: 'nowrap' }, h('code', null, d.name)),
                    h('td', { class: 'nowrap' }, h('code', null, d.values)),
                    h('td', { class: 'muted' }, WHY[d.name] ?? ''),
                  ),
                ),
              ),
            ),
          )
        : h('p', { class: 'muted' }, 'No policy in the page (a development server); tools/demo/serve.mjs sends it as a header.'),
      h(
        'p',
        { id: 'csp-report' },
        violations.length === 0
          ? h('span', { class: 'badge ok' }, 'nothing blocked')
          : h('span', { class: 'badge bad' }, `${violations.length} blocked`),
        ' ',
        violations.length === 0
          ? 'This page has not tried to load anything the policy forbids.'
          : violations.map((v) => `${v.directive}: ${v.blocked}`).join(', '),
      ),
    ),
    h(
      'section',
      { class: 'card', 'aria-labelledby': 'privacy-h' },
      h('h3', { id: 'privacy-h' }, 'Where your data goes'),
      h(
        'ul',
        { class: 'plain' },
        h(
          'li',
          null,
          'Origins this page contacted: ',
          [...origins].map((o) => h('code', null, o)),
          ' — no analytics, no fonts, no CDNs.',
        ),
        h('li', null, 'Text is anonymized in memory and never stored.'),
        h('li', null, 'Documents, results and PII records live in this browser’s IndexedDB (database “local-anonymizer”) until deleted.'),
        h(
          'li',
          null,
          'The chat round trip’s vault (every original of the conversation) is stored encrypted in IndexedDB (database “local-anonymizer-vaults”) until cleared.',
        ),
        h('li', null, 'The text model and the page’s files are cached by the browser so the page works offline.'),
        estimate?.usage !== undefined ? h('li', null, `Storage used by this origin: ${formatBytes(estimate.usage)}.`) : null,
      ),
      h('div', { class: 'row gap wrap' }, del),
      out,
    ),
  );
}
